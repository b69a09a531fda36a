import { View } from '@tarojs/components'
import type { LoginSubmit } from '../hooks/useLoginSubmit'
import PolicyConsent from './PolicyConsent'
import SubmitButton from './SubmitButton'
import './loginForm.scss'

/** Under every login form: the policy consent and the one button. */
export default function LoginFormActions({
  login,
  text,
  busyText,
}: {
  login: LoginSubmit
  text: string
  busyText: string
}) {
  return (
    <View className='lp-login-actions'>
      <PolicyConsent checked={login.agreed} onChange={login.setAgreed} />
      <SubmitButton text={text} busyText={busyText} busy={login.busy} onClick={() => void login.submit()} />
    </View>
  )
}
