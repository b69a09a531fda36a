import type { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'

/**
 * Sends a verification code by SMS (SendPhoneMessageCode); the request layer shows a refusal. The call loads at the
 * first tap (import()): the login pages that render the button call nothing when they open.
 */
export function useSendPhoneCode(businessType: VerificationCodeBusinessType) {
  return async (phoneNumber: string) => {
    const { sendPhoneMessageCode } = await import('../services/api/account')
    return sendPhoneMessageCode({ phoneNumber, businessType })
  }
}
