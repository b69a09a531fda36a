import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { showToast } from '../../../components/toastStore'
import { VerificationCodeBusinessType } from '../../../domain/verificationCodePurpose'
import { useLocaleStore } from '../../../i18n/i18n'
import { useMessages } from '../../../i18n/messages'
import { checkCode, checkPhone } from '../fieldChecks'
import { fieldErrorText } from '../fieldErrors'
import { useFormFields } from '../hooks/useFormFields'
import { leaveLogin, loginWithPhoneCode } from '../loginActions'
import { loginErrorText } from '../loginErrorText'
import type { LoginContext } from '../loginLinks'
import { loginMessages } from '../messages'
import PhoneCodeFields from './PhoneCodeFields'
import PolicyConsent from './PolicyConsent'
import SubmitButton from './SubmitButton'
import './loginForm.scss'

const CHECKS = { phone: checkPhone, code: checkCode }

/** Phone + message code → LifePayPhoneMesssageCodeLogin → virtual login (SPEC §4). */
export default function PhoneCodeLoginForm({ context }: { context: LoginContext }) {
  const m = useMessages(loginMessages)
  const locale = useLocaleStore((s) => s.locale)
  const { values, errors, setValue, validate, validateFilled, validateAll } = useFormFields({ phone: '', code: '' }, CHECKS)
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
      await loginWithPhoneCode(values.phone, values.code)
      showToast('success', m('loginSucceeded'))
      await leaveLogin(context.redirect)
    } catch (error) {
      showToast('error', loginErrorText(error, m('loginFailed')))
    } finally {
      setBusy(false)
    }
  }

  const errorOf = (field: 'phone' | 'code') => (errors[field] ? fieldErrorText(errors[field], locale) : undefined)
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
      <View className='lp-login-actions'>
        <PolicyConsent checked={agreed} onChange={setAgreed} />
        <SubmitButton text={m('login')} busyText={m('loggingIn')} busy={busy} onClick={() => void submit()} />
      </View>
    </View>
  )
}
