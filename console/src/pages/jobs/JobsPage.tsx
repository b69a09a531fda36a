import { PageHeader } from '../../components/PageHeader'

export default function JobsPage() {
  return <PageHeader title='JobsPage' />
}
