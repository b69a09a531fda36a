import { withQueryClient } from '../../../withQueryClient'
import RechargeFormPage from '../components/RechargeFormPage'
import { electricRecharge } from '../kinds/electricRecharge'

function ElectricBillRecharge() {
  return <RechargeFormPage kind={electricRecharge} />
}

export default withQueryClient(ElectricBillRecharge)
