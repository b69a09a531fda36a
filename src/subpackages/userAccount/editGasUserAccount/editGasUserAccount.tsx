import { withQueryClient } from '../../../withQueryClient'
import EditAccountPage from '../components/EditAccountPage'
import { gasAccount } from '../kinds/gasAccount'

function EditGasUserAccount() {
  return <EditAccountPage kind={gasAccount} />
}

export default withQueryClient(EditGasUserAccount)
