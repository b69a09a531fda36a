import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import GasAccountForm from '../components/GasAccountForm'
import EditAccountView from '../components/EditAccountView'
import { accountMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** editGasUserAccount (SPEC §2: this page scrolls), adding; with `?id=` updating that account. */
function EditGasUserAccount() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.editGasUserAccount' scrollable>
      <LoginRequired messages={accountMessages}>
        <EditAccountView
          type={LifePayOrderType.Gas}
          id={params.id}
          form={(initial) => <GasAccountForm key={initial?.id ?? 'new'} initial={initial} />}
        />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(EditGasUserAccount)
