import { useRouter } from '@tarojs/taro'
import LoginRequired from '../../../components/LoginRequired'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import PhoneAccountForm from '../components/PhoneAccountForm'
import EditAccountView from '../components/EditAccountView'
import { accountMessages } from '../messages'
import { withQueryClient } from '../../../withQueryClient'

/** editPhoneUserAccount, adding; with `?id=` updating that account. */
function EditPhoneUserAccount() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.editPhoneUserAccount'>
      <LoginRequired messages={accountMessages}>
        <EditAccountView
          type={LifePayOrderType.Phone}
          id={params.id}
          form={(initial) => <PhoneAccountForm key={initial?.id ?? 'new'} initial={initial} />}
        />
      </LoginRequired>
    </PageFrame>
  )
}

export default withQueryClient(EditPhoneUserAccount)
