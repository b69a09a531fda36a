import { PageHeader } from '../../components/PageHeader'

export default function OperatorsPage() {
  return <PageHeader title='OperatorsPage' />
}
