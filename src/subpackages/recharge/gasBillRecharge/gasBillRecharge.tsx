import { withQueryClient } from '../../../withQueryClient'
import RechargeFormPage from '../components/RechargeFormPage'
import { gasRecharge } from '../kinds/gasRecharge'

function GasBillRecharge() {
  return <RechargeFormPage kind={gasRecharge} />
}

export default withQueryClient(GasBillRecharge)
