import PageFrame from '../../../components/PageFrame'
import PolicyView from '../components/PolicyView'
import { privacyPolicy } from '../policies/privacyPolicy'

export default function PrivacyPolicy() {
  return (
    <PageFrame titleKey='page.privacyPolicy' scrollable>
      <PolicyView document={privacyPolicy} />
    </PageFrame>
  )
}
