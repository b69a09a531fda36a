import { View } from '@tarojs/components'
import { useState } from 'react'
import { showToast } from '../../../components/toastStore'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { checkFilled, checkPhone } from '../fieldChecks'
import { fieldErrorText } from '../fieldErrors'
import { useFormFields } from '../hooks/useFormFields'
import { leaveLogin, loginWithPassword } from '../loginActions'
import { loginErrorText } from '../loginErrorText'
import type { LoginContext } from '../loginLinks'
import { loginMessages } from '../messages'
import FormField from './FormField'
import PolicyConsent from './PolicyConsent'
import SubmitButton from './SubmitButton'
import './loginForm.scss'

// The login name is the phone number the account was registered with.
const CHECKS = { loginName: checkPhone, password: checkFilled }

/** loginName (the phone number) + password → PasswordLogin → full login. */
export default function PasswordLoginForm({ context }: { context: LoginContext }) {
  const m = useMessages(loginMessages)
  const locale = useLocaleStore((s) => s.locale)
  const { values, errors, setValue, validateAll } = useFormFields({ loginName: '', password: '' }, CHECKS)
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    if (!validateAll()) return
    if (!agreed) {
      showToast('warning', m('consentRequired'))
      return
    }
    setBusy(true)
    try {
      await loginWithPassword(values.loginName.trim(), values.password)
      showToast('success', m('loginSucceeded'))
      await leaveLogin(context.redirect)
    } catch (error) {
      showToast('error', loginErrorText(error, m('loginFailed')))
    } finally {
      setBusy(false)
    }
  }

  const errorOf = (field: 'loginName' | 'password') =>
    errors[field] ? fieldErrorText(errors[field], locale) : undefined
  return (
    <View className='lp-password-form'>
      <View className='lp-login-card'>
        <FormField
          name='loginName'
          label={m('phoneLabel')}
          type='number'
          maxlength={11}
          value={values.loginName}
          placeholder={m('phonePlaceholder')}
          error={errorOf('loginName')}
          onInput={(value) => setValue('loginName', value)}
        />
        <FormField
          name='password'
          label={m('passwordLabel')}
          password
          maxlength={32}
          value={values.password}
          placeholder={m('passwordPlaceholder')}
          error={errorOf('password')}
          onInput={(value) => setValue('password', value)}
        />
      </View>
      <View className='lp-login-actions'>
        <PolicyConsent checked={agreed} onChange={setAgreed} />
        <SubmitButton text={m('login')} busyText={m('loggingIn')} busy={busy} onClick={() => void submit()} />
      </View>
    </View>
  )
}
