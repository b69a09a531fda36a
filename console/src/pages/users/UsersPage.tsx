import { PageHeader } from '../../components/PageHeader'

export default function UsersPage() {
  return <PageHeader title='UsersPage' />
}
