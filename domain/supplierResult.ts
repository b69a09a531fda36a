import type { Locale } from './locale'

// The supplier's last word on an order (`supplierResult`), kept even when the order has moved on: 'success',
// 'failed: <its reason>', or null before it answered.

export const SUPPLIER_RESULT_DELIVERED = 'success'

/** The supplier reported the top-up delivered: refunding it needs an operator's explicit word (docs/api.md). */
export const supplierReportedDelivered = (supplierResult: string | null | undefined): boolean =>
  supplierResult === SUPPLIER_RESULT_DELIVERED

/** `failed: <its reason>` → the reason; null for any other result. */
export function supplierFailureReason(supplierResult: string | null | undefined): string | null {
  if (!supplierResult?.startsWith('failed')) return null
  return supplierResult.replace(/^failed:?\s*/, '')
}

// The words our own sandbox supplier says (so they can be said in the reader's language); a real supplier's words
// are shown as it sent them.
export const SANDBOX_SUPPLIER_FAILED_REASON = 'Sandbox account: the supplier could not recharge this account'
export const sandboxSupplierUnavailableReason = (submission: number): string =>
  `sandbox supplier unavailable (submission ${submission})`
const SANDBOX_UNAVAILABLE = /^sandbox supplier unavailable \(submission (\d+)\)$/
/** What is recorded when a supplier gives no reason (our fulfilment's, the signed supplier's). */
const NO_REASON: readonly string[] = ['', 'unknown', 'the supplier gave no reason']

const reasonWords: Record<Locale, { failed: string; unavailable: (submission: string) => string; none: string }> = {
  'zh-CN': {
    failed: '沙箱账户：渠道无法为该账户充值',
    unavailable: (submission) => `沙箱渠道暂不可用（第 ${submission} 次提交）`,
    none: '渠道未说明原因',
  },
  'en-US': {
    failed: 'Sandbox account: the supplier could not recharge this account',
    unavailable: (submission) => `Sandbox supplier unavailable (submission ${submission})`,
    none: 'the supplier gave no reason',
  },
}

/** A supplier's reason as `locale` reads it: the sandbox's own and a missing one in words, any other as sent. */
export function supplierReasonText(reason: string, locale: Locale): string {
  const words = reasonWords[locale]
  const text = reason.trim()
  if (NO_REASON.includes(text)) return words.none
  if (text === SANDBOX_SUPPLIER_FAILED_REASON) return words.failed
  const unavailable = SANDBOX_UNAVAILABLE.exec(text)
  return unavailable ? words.unavailable(unavailable[1]) : text
}
