import { PageHeader } from '../../components/PageHeader'

export default function RatesPage() {
  return <PageHeader title='RatesPage' />
}
