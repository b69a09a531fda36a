import { withQueryClient } from '../../../withQueryClient'
import EditAccountPage from '../components/EditAccountPage'
import { electricAccount } from '../kinds/electricAccount'

function EditElectricUserAccount() {
  return <EditAccountPage kind={electricAccount} />
}

export default withQueryClient(EditElectricUserAccount)
