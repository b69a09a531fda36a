import { PageHeader } from '../../components/PageHeader'

export default function OrderDetailPage() {
  return <PageHeader title='OrderDetailPage' />
}
