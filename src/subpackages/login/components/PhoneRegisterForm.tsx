import { View } from '@tarojs/components'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { useMessages } from '../../../i18n/messages'
import { checkCode, checkConfirmation, checkNewPassword, checkPhone } from '../fieldChecks'
import { useFormFields, type FieldCheck } from '../hooks/useFormFields'
import { useLoginSubmit } from '../hooks/useLoginSubmit'
import { registerWithPhoneCode } from '../loginActions'
import type { LoginContext } from '../loginContext'
import { loginMessages } from '../messages'
import LoginFormActions from './LoginFormActions'
import PasswordField from './PasswordField'
import PhoneCodeFields from './PhoneCodeFields'
import './loginForm.scss'

type Field = 'phone' | 'code' | 'password' | 'confirmation'

const CHECKS: Record<Field, FieldCheck<Field>> = {
  phone: checkPhone,
  code: checkCode,
  password: checkNewPassword,
  confirmation: checkConfirmation,
}

/** Phone + code + password (twice), consent required → PhoneMesssageCodeRegister → full login. */
export default function PhoneRegisterForm({ context }: { context: LoginContext }) {
  const m = useMessages(loginMessages)
  const form = useFormFields<Field>({ phone: '', code: '', password: '', confirmation: '' }, CHECKS)
  const { values, errorOf, setValue, validate, validateFilled, validateAll } = form
  const login = useLoginSubmit({
    validateAll,
    call: () => registerWithPhoneCode(values.phone, values.code, values.password, context.uId),
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
        <PasswordField
          form={form}
          field='password'
          label={m('passwordLabel')}
          placeholder={m('newPasswordPlaceholder')}
          checkOnBlur
        />
        <PasswordField
          form={form}
          field='confirmation'
          label={m('confirmPasswordLabel')}
          placeholder={m('confirmPasswordPlaceholder')}
          checkOnBlur
        />
      </View>
      <LoginFormActions login={login} text={m('registerAndLogin')} busyText={m('registering')} />
    </View>
  )
}
