import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { useMessages } from '../../../i18n/messages'
import LoginHeader from '../components/LoginHeader'
import LoginLinks from '../components/LoginLinks'
import PhoneRegisterForm from '../components/PhoneRegisterForm'
import { loginContextFrom, loginPageUrl } from '../loginContext'
import { loginMessages } from '../messages'
// Calls the server (without react-query): the request layer, wired to the app's UI.
import '../../../appHttp'

export default function RegisterForm() {
  const { params } = useRouter()
  const context = loginContextFrom(params)
  const m = useMessages(loginMessages)
  return (
    <PageFrame titleKey='page.registerForm' scrollable>
      <LoginHeader referral={context.uId !== ''} />
      <PhoneRegisterForm context={context} />
      <LoginLinks
        title={m('haveAccount')}
        links={[{ text: m('goLogin'), url: loginPageUrl('loginByForm', context, { tab: 'password' }), replace: true }]}
      />
    </PageFrame>
  )
}
