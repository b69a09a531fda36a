import { withQueryClient } from '../../../withQueryClient'
import EditAccountPage from '../components/EditAccountPage'
import { phoneAccount } from '../kinds/phoneAccount'

function EditPhoneUserAccount() {
  return <EditAccountPage kind={phoneAccount} />
}

export default withQueryClient(EditPhoneUserAccount)
