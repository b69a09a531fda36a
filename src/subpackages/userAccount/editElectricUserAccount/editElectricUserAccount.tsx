import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import ElectricAccountForm from '../components/ElectricAccountForm'
import EditAccountView from '../components/EditAccountView'
import LoginRequired from '../components/LoginRequired'

/** editElectricUserAccount, adding; with `?id=` updating that account. */
export default function EditElectricUserAccount() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.editElectricUserAccount'>
      <LoginRequired>
        <EditAccountView
          type={LifePayOrderType.Electric}
          id={params.id}
          form={(initial) => <ElectricAccountForm key={initial?.id ?? 'new'} initial={initial} />}
        />
      </LoginRequired>
    </PageFrame>
  )
}
