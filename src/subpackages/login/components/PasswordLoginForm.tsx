import { View } from '@tarojs/components'
import { useMessages } from '../../../i18n/messages'
import { checkFilled, checkPhone } from '../fieldChecks'
import { useFormFields } from '../hooks/useFormFields'
import { useLoginSubmit } from '../hooks/useLoginSubmit'
import { loginWithPassword } from '../loginActions'
import type { LoginContext } from '../loginContext'
import { loginMessages } from '../messages'
import FormField from './FormField'
import LoginFormActions from './LoginFormActions'
import PasswordField from './PasswordField'
import './loginForm.scss'

// The login name is the phone number the account was registered with.
const CHECKS = { loginName: checkPhone, password: checkFilled }

/** loginName (the phone number) + password → PasswordLogin → full login. */
export default function PasswordLoginForm({ context }: { context: LoginContext }) {
  const m = useMessages(loginMessages)
  const form = useFormFields({ loginName: '', password: '' }, CHECKS)
  const { values, errorOf, setValue, validateAll } = form
  const login = useLoginSubmit({
    validateAll,
    call: () => loginWithPassword(values.loginName.trim(), values.password),
    successText: m('loginSucceeded'),
    failureText: m('loginFailed'),
    redirect: context.redirect,
  })

  return (
    <View className='lp-password-form'>
      <View className='lp-login-card'>
        <FormField
          name='loginName'
          label={m('phoneLabel')}
          type='digits'
          maxlength={11}
          value={values.loginName}
          placeholder={m('phonePlaceholder')}
          error={errorOf('loginName')}
          onInput={(value) => setValue('loginName', value)}
        />
        <PasswordField form={form} field='password' label={m('passwordLabel')} placeholder={m('passwordPlaceholder')} />
      </View>
      <LoginFormActions login={login} text={m('login')} busyText={m('loggingIn')} />
    </View>
  )
}
