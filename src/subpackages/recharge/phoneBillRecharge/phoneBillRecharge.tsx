import { withQueryClient } from '../../../withQueryClient'
import RechargeFormPage from '../components/RechargeFormPage'
import { phoneRecharge } from '../kinds/phoneRecharge'

function PhoneBillRecharge() {
  return <RechargeFormPage kind={phoneRecharge} />
}

export default withQueryClient(PhoneBillRecharge)
