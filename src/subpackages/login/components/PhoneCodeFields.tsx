import CaptchaButton from '../../../components/CaptchaButton'
import type { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { useMessages } from '../../../i18n/messages'
import { loginMessages } from '../messages'
import FormField from './FormField'

interface PhoneCodeFieldsProps {
  phone: string
  code: string
  /** The purpose the code is sent for (SPEC §9). */
  businessType: VerificationCodeBusinessType
  errorOf: (field: 'phone' | 'code') => string | undefined
  setValue: (field: 'phone' | 'code', value: string) => void
  /** Checks the phone field, showing why it fails; the captcha sends nothing when it does. */
  validatePhone: () => boolean
  onPhoneBlur: () => void
}

/** The phone number and message-code fields with the captcha button, as the code login and register forms ask them. */
export default function PhoneCodeFields({
  phone,
  code,
  businessType,
  errorOf,
  setValue,
  validatePhone,
  onPhoneBlur,
}: PhoneCodeFieldsProps) {
  const m = useMessages(loginMessages)
  return (
    <>
      <FormField
        name='phone'
        label={m('phoneLabel')}
        type='digits'
        maxlength={11}
        value={phone}
        placeholder={m('phonePlaceholder')}
        error={errorOf('phone')}
        onInput={(value) => setValue('phone', value)}
        onBlur={onPhoneBlur}
      />
      <FormField
        name='code'
        label={m('codeLabel')}
        type='digits'
        maxlength={6}
        value={code}
        placeholder={m('codePlaceholder')}
        error={errorOf('code')}
        onInput={(value) => setValue('code', value)}
        suffix={<CaptchaButton phoneNumber={phone} businessType={businessType} validatePhone={validatePhone} />}
      />
    </>
  )
}
