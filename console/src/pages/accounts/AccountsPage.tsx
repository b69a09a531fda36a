import { PageHeader } from '../../components/PageHeader'

export default function AccountsPage() {
  return <PageHeader title='AccountsPage' />
}
