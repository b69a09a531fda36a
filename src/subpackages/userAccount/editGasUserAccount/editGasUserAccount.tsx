import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import GasAccountForm from '../components/GasAccountForm'
import EditAccountView from '../components/EditAccountView'
import LoginRequired from '../components/LoginRequired'

/** editGasUserAccount (SPEC §2: this page scrolls), adding; with `?id=` updating that account. */
export default function EditGasUserAccount() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.editGasUserAccount' scrollable>
      <LoginRequired>
        <EditAccountView
          type={LifePayOrderType.Gas}
          id={params.id}
          form={(initial) => <GasAccountForm key={initial?.id ?? 'new'} initial={initial} />}
        />
      </LoginRequired>
    </PageFrame>
  )
}
