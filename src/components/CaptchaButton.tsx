import { View } from '@tarojs/components'
import type { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { useMessages } from '../i18n/messages'
import { useSendPhoneCode } from '../hooks/useSendPhoneCode'
import { isChunkLoadFailure } from '../platform/chunkLoad'
import { useCaptchaCountdown } from './captchaCountdown'
import { captchaButtonMessages } from './captchaButtonMessages'
import { showToast } from './toastStore'
import './CaptchaButton.scss'

interface CaptchaButtonProps {
  phoneNumber: string
  /** What the code is for (SPEC §9), e.g. LifePayPhoneCodeLogin for the phone-code login. */
  businessType: VerificationCodeBusinessType
  /** Validates the phone field and shows why at the field; false makes sending fail with 'send failed'. */
  validatePhone: () => boolean
  /** SPEC §3: 60 by default. */
  countDown?: number
  onSent?: () => void
  onSendFailed?: (error: Error) => void
}

/** SPEC §4: 'get verification code' → sending → '{n} seconds to resend' each second → idle; a failure stops it. */
export default function CaptchaButton({
  phoneNumber,
  businessType,
  validatePhone,
  countDown,
  onSent,
  onSendFailed,
}: CaptchaButtonProps) {
  const m = useMessages(captchaButtonMessages)
  const { state, remaining, send } = useCaptchaCountdown(phoneNumber, countDown)
  const sendCode = useSendPhoneCode(businessType)

  const onClick = () => {
    send(async () => {
      // The field shows why; the send itself fails with the SPEC's words.
      if (!validatePhone()) throw new Error(captchaButtonMessages['en-US'].sendFailed)
      await sendCode(phoneNumber)
    }).then(
      () => {
        showToast('success', m('sent'))
        onSent?.()
      },
      // Server refusals were already shown by the request layer; a call whose code did not load made no request.
      (error: Error) => {
        if (isChunkLoadFailure(error)) showToast('error', m('sendFailed'))
        onSendFailed?.(error)
      },
    )
  }

  const text = state === 'sending' ? m('sending') : state === 'counting' ? m('counting', { n: remaining }) : m('idle')
  return (
    <View
      className={`lp-captcha lp-captcha--${state}`}
      role='button'
      tabIndex={0}
      aria-disabled={state !== 'idle'}
      aria-busy={state === 'sending'}
      onClick={onClick}
    >
      {text}
    </View>
  )
}
