import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import PhoneAccountForm from '../components/PhoneAccountForm'
import EditAccountView from '../components/EditAccountView'
import LoginRequired from '../components/LoginRequired'

/** editPhoneUserAccount, adding; with `?id=` updating that account. */
export default function EditPhoneUserAccount() {
  const { params } = useRouter()
  return (
    <PageFrame titleKey='page.editPhoneUserAccount'>
      <LoginRequired>
        <EditAccountView
          type={LifePayOrderType.Phone}
          id={params.id}
          form={(initial) => <PhoneAccountForm key={initial?.id ?? 'new'} initial={initial} />}
        />
      </LoginRequired>
    </PageFrame>
  )
}
