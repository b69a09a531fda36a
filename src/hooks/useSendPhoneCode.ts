import type { VerificationCodeBusinessType } from '../domain/verificationCodePurpose'
import { sendPhoneMessageCode } from '../services/api/account'

/** Sends a verification code by SMS (SendPhoneMessageCode); the request layer shows a refusal. */
export function useSendPhoneCode(businessType: VerificationCodeBusinessType) {
  return (phoneNumber: string) => sendPhoneMessageCode({ phoneNumber, businessType })
}
