import { PageHeader } from '../../components/PageHeader'

export default function AuditPage() {
  return <PageHeader title='AuditPage' />
}
