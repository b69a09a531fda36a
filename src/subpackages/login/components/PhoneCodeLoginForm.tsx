import { Text, View } from '@tarojs/components'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { useMessages } from '../../../i18n/messages'
import { checkCode, checkPhone } from '../fieldChecks'
import { useFormFields } from '../hooks/useFormFields'
import { useLoginSubmit } from '../hooks/useLoginSubmit'
import { loginWithPhoneCode } from '../loginActions'
import type { LoginContext } from '../loginContext'
import { loginMessages } from '../messages'
import LoginFormActions from './LoginFormActions'
import PhoneCodeFields from './PhoneCodeFields'
import './loginForm.scss'

const CHECKS = { phone: checkPhone, code: checkCode }

/** Phone + message code → LifePayPhoneMesssageCodeLogin → virtual login (SPEC §4). */
export default function PhoneCodeLoginForm({ context }: { context: LoginContext }) {
  const m = useMessages(loginMessages)
  const { values, errorOf, setValue, validate, validateFilled, validateAll } = useFormFields(
    { phone: '', code: '' },
    CHECKS,
  )
  const login = useLoginSubmit({
    validateAll,
    call: () => loginWithPhoneCode(values.phone, values.code, context.uId),
    successText: m('loginSucceeded'),
    failureText: m('loginFailed'),
    redirect: context.redirect,
  })

  return (
    <View className='lp-phone-code-form'>
      <View className='lp-login-card'>
        <PhoneCodeFields
          phone={values.phone}
          code={values.code}
          businessType={VerificationCodeBusinessType.LifePayPhoneCodeLogin}
          errorOf={errorOf}
          setValue={setValue}
          validatePhone={() => validate('phone')}
          onPhoneBlur={() => validateFilled('phone')}
        />
      </View>
      <Text className='lp-login-hint'>{m('codeLoginHint')}</Text>
      <LoginFormActions login={login} text={m('login')} busyText={m('loggingIn')} />
    </View>
  )
}
