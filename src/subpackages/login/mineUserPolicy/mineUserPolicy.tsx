import PageFrame from '../../../components/PageFrame'
import PolicyView from '../components/PolicyView'
import { userAgreement } from '../policies/userAgreement'

export default function MineUserPolicy() {
  return (
    <PageFrame titleKey='page.mineUserPolicy' scrollable>
      <PolicyView document={userAgreement} />
    </PageFrame>
  )
}
