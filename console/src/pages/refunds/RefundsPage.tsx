import { PageHeader } from '../../components/PageHeader'

export default function RefundsPage() {
  return <PageHeader title='RefundsPage' />
}
