import { useRouter } from '@tarojs/taro'
import PageFrame from '../../../components/PageFrame'
import { useMessages } from '../../../i18n/messages'
import LoginHeader from '../components/LoginHeader'
import LoginLinks from '../components/LoginLinks'
import PhoneCodeLoginForm from '../components/PhoneCodeLoginForm'
import PlatformLogin from '../components/PlatformLogin'
import { loginContextFrom, loginPageUrl } from '../loginContext'
import { loginMessages } from '../messages'
// Calls the server (without react-query): the request layer, wired to the app's UI.
import '../../../appHttp'

/** The login page: the host's login in mini-programs, the phone-code form in H5 (which has no WeChat identity). */
export default function Authorization() {
  const { params } = useRouter()
  const context = loginContextFrom(params)
  const m = useMessages(loginMessages)
  const host = process.env.TARO_ENV
  const mini = host === 'weapp' || host === 'alipay'
  const passwordLogin = { text: m('passwordLogin'), url: loginPageUrl('loginByForm', context, { tab: 'password' }) }
  const register = { text: m('goRegister'), url: loginPageUrl('registerForm', context) }
  return (
    <PageFrame titleKey='page.authorization' scrollable>
      <LoginHeader referral={context.uId !== ''} />
      {mini ? <PlatformLogin host={host} context={context} /> : <PhoneCodeLoginForm context={context} />}
      <LoginLinks
        title={mini ? m('otherWays') : undefined}
        links={
          mini
            ? [
                { text: m('codeLogin'), url: loginPageUrl('loginByForm', context, { tab: 'code' }) },
                passwordLogin,
                register,
              ]
            : [passwordLogin, register]
        }
      />
    </PageFrame>
  )
}
