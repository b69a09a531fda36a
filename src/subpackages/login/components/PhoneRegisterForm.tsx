import { View } from '@tarojs/components'
import { useState } from 'react'
import { showToast } from '../../../components/toastStore'
import { VerificationCodeBusinessType } from '../../../domain/verificationCodePurpose'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { checkCode, checkConfirmation, checkNewPassword, checkPhone } from '../fieldChecks'
import { fieldErrorText } from '../fieldErrors'
import { useFormFields, type FieldCheck } from '../hooks/useFormFields'
import { leaveLogin, registerWithPhoneCode } from '../loginActions'
import type { LoginContext } from '../loginLinks'
import { loginMessages } from '../messages'
import FormField from './FormField'
import PhoneCodeFields from './PhoneCodeFields'
import PolicyConsent from './PolicyConsent'
import SubmitButton from './SubmitButton'
import './loginForm.scss'

type Field = 'phone' | 'code' | 'password' | 'confirmation'

const CHECKS: Record<Field, FieldCheck<Field>> = { phone: checkPhone, code: checkCode, password: checkNewPassword, confirmation: checkConfirmation }

/** Phone + code + password (twice), consent required → PhoneMesssageCodeRegister → full login. */
export default function PhoneRegisterForm({ context }: { context: LoginContext }) {
  const m = useMessages(loginMessages)
  const locale = useLocaleStore((s) => s.locale)
  const { values, errors, setValue, validate, validateFilled, validateAll } = useFormFields<Field>(
    { phone: '', code: '', password: '', confirmation: '' },
    CHECKS,
  )
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
      await registerWithPhoneCode(values.phone, values.code, values.password)
      showToast('success', m('registerSucceeded'))
      await leaveLogin(context.redirect)
    } catch {
      // The request layer has shown the server's reason (this call is not a silent login call).
    } finally {
      setBusy(false)
    }
  }

  const errorOf = (field: Field) => (errors[field] ? fieldErrorText(errors[field], locale) : undefined)
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
      <View className='lp-login-actions'>
        <PolicyConsent checked={agreed} onChange={setAgreed} />
        <SubmitButton text={m('registerAndLogin')} busyText={m('registering')} busy={busy} onClick={() => void submit()} />
      </View>
    </View>
  )
}
