import { PageHeader } from '../../components/PageHeader'

export default function OrdersPage() {
  return <PageHeader title='OrdersPage' />
}
