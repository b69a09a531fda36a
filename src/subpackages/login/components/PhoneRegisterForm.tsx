import { View } from '@tarojs/components'
import { VerificationCodeBusinessType } from '../../../domain/verificationCodePurpose'
import { useMessages } from '../../../i18n/messages'
import { checkCode, checkConfirmation, checkNewPassword, checkPhone } from '../fieldChecks'
import { useFormFields, type FieldCheck } from '../hooks/useFormFields'
import { useLoginSubmit } from '../hooks/useLoginSubmit'
import { registerWithPhoneCode } from '../loginActions'
import type { LoginContext } from '../loginLinks'
import { loginMessages } from '../messages'
import FormField from './FormField'
import LoginFormActions from './LoginFormActions'
import PhoneCodeFields from './PhoneCodeFields'
import './loginForm.scss'

type Field = 'phone' | 'code' | 'password' | 'confirmation'

const CHECKS: Record<Field, FieldCheck<Field>> = { phone: checkPhone, code: checkCode, password: checkNewPassword, confirmation: checkConfirmation }

/** Phone + code + password (twice), consent required → PhoneMesssageCodeRegister → full login. */
export default function PhoneRegisterForm({ context }: { context: LoginContext }) {
  const m = useMessages(loginMessages)
  const { values, errorOf, setValue, validate, validateFilled, validateAll } = useFormFields<Field>(
    { phone: '', code: '', password: '', confirmation: '' },
    CHECKS,
  )
  const login = useLoginSubmit({
    validateAll,
    call: () => registerWithPhoneCode(values.phone, values.code, values.password),
    successText: m('registerSucceeded'),
    redirect: context.redirect,
  })

  return (
    <View className='lp-register-form'>
      <View className='lp-login-card'>
        <PhoneCodeFields
          phone={values.phone}
          code={values.code}
          businessType={VerificationCodeBusinessType.PhoneCodeRegister}
          errorOf={errorOf}
          setValue={setValue}
          validatePhone={() => validate('phone')}
          onPhoneBlur={() => validateFilled('phone')}
        />
        <FormField
          name='password'
          label={m('passwordLabel')}
          password
          maxlength={32}
          value={values.password}
          placeholder={m('newPasswordPlaceholder')}
          error={errorOf('password')}
          onInput={(value) => setValue('password', value)}
          onBlur={() => validateFilled('password')}
        />
        <FormField
          name='confirmation'
          label={m('confirmPasswordLabel')}
          password
          maxlength={32}
          value={values.confirmation}
          placeholder={m('confirmPasswordPlaceholder')}
          error={errorOf('confirmation')}
          onInput={(value) => setValue('confirmation', value)}
          onBlur={() => validateFilled('confirmation')}
        />
      </View>
      <LoginFormActions login={login} text={m('registerAndLogin')} busyText={m('registering')} />
    </View>
  )
}
