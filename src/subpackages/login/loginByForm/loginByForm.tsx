import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import PageFrame from '../../../components/PageFrame'
import { useMessages } from '../../../i18n/messages'
import LoginHeader from '../components/LoginHeader'
import LoginLinks from '../components/LoginLinks'
import LoginTabs from '../components/LoginTabs'
import PasswordLoginForm from '../components/PasswordLoginForm'
import PhoneCodeLoginForm from '../components/PhoneCodeLoginForm'
import { loginContextFrom, loginPageUrl } from '../loginContext'
import { loginMessages } from '../messages'
// Calls the server (without react-query): the request layer, wired to the app's UI.
import '../../../appHttp'

type Way = 'password' | 'code'

/** Password login and phone-code login, switchable (`tab=code` opens the second). */
export default function LoginByForm() {
  const { params } = useRouter()
  const context = loginContextFrom(params)
  const m = useMessages(loginMessages)
  const [way, setWay] = useState<Way>(params.tab === 'code' ? 'code' : 'password')
  return (
    <PageFrame titleKey='page.loginByForm' scrollable>
      {/* A password logs in an account that exists: a referral, which only a new account records, does not apply. */}
      <LoginHeader referral={context.uId !== '' && way === 'code'} />
      <LoginTabs<Way>
        tabs={[
          { key: 'password', title: m('passwordLogin') },
          { key: 'code', title: m('codeLogin') },
        ]}
        active={way}
        onChange={setWay}
      />
      {way === 'password' ? <PasswordLoginForm context={context} /> : <PhoneCodeLoginForm context={context} />}
      <LoginLinks
        title={m('noAccount')}
        links={[{ text: m('goRegister'), url: loginPageUrl('registerForm', context), replace: true }]}
      />
    </PageFrame>
  )
}
