import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import ElectricAccountForm from '../components/ElectricAccountForm'
import EditAccountView from '../components/EditAccountView'
import { accountMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** editElectricUserAccount, adding; with `?id=` updating that account. */
function EditElectricUserAccount() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.editElectricUserAccount'>
      <LoginRequired messages={accountMessages}>
        <EditAccountView
          type={LifePayOrderType.Electric}
          id={params.id}
          form={(initial) => <ElectricAccountForm key={initial?.id ?? 'new'} initial={initial} />}
        />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(EditElectricUserAccount)
