import PageFrame from '../../../components/PageFrame'
import PolicyView from '../components/PolicyView'
import { userAgreement } from '../policies/userAgreement'

export default function UserPolicy() {
  return (
    <PageFrame titleKey='page.userPolicy' scrollable>
      <PolicyView document={userAgreement} />
    </PageFrame>
  )
}
