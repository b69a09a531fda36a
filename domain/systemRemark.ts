import type { Labels, Locale } from './locale'

// The remarks the server writes itself on an order (refundCheckRemark): why money went back automatically, or why
// an application closed. The server stores the Chinese text (the SPEC's language, what an operator reads); the app
// shows each in the user's language. An operator's own words (a rejection reason) are shown as typed.

export enum SystemRemark {
  RechargeFailed = 'rechargeFailed',
  SupplierUnavailable = 'supplierUnavailable',
  PaidAfterClose = 'paidAfterClose',
  DeliveredDuringReview = 'deliveredDuringReview',
}

export const systemRemarkLabels: Labels<SystemRemark> = {
  'zh-CN': {
    [SystemRemark.RechargeFailed]: '充值失败，款项已原路退回',
    [SystemRemark.SupplierUnavailable]: '充值服务暂不可用，款项已原路退回',
    [SystemRemark.PaidAfterClose]: '订单超时关闭后才收到付款，款项已原路退回',
    [SystemRemark.DeliveredDuringReview]: '充值已到账，退款申请已关闭',
  },
  'en-US': {
    [SystemRemark.RechargeFailed]: 'The top-up failed; your money has been returned',
    [SystemRemark.SupplierUnavailable]: 'The top-up service was unavailable; your money has been returned',
    [SystemRemark.PaidAfterClose]: 'The payment arrived after the order had closed; your money has been returned',
    [SystemRemark.DeliveredDuringReview]: 'The top-up arrived, so the refund request was closed',
  },
}

/** The text the server stores for a remark of its own. */
export const systemRemarkText = (remark: SystemRemark): string => systemRemarkLabels['zh-CN'][remark]

// Remarks written before this catalogue (Chinese with an English gloss, some with the supplier's words appended).
const legacyPrefixes: readonly [string, SystemRemark][] = [
  ['充值失败，已自动退款', SystemRemark.RechargeFailed],
  ['充值供应商暂不可用，已自动退款', SystemRemark.SupplierUnavailable],
  ['订单关闭后才收到付款，已自动退款', SystemRemark.PaidAfterClose],
]

/** The server's own remark this text is, or null for an operator's words. */
export function systemRemarkOf(remark: string): SystemRemark | null {
  return (
    (Object.keys(systemRemarkLabels['zh-CN']) as SystemRemark[]).find((key) => systemRemarkText(key) === remark) ??
    legacyPrefixes.find(([prefix]) => remark.startsWith(prefix))?.[1] ??
    null
  )
}

/** A remark in the user's language when the server wrote it; anything else (an operator's words) as it is. */
export function remarkForUser(remark: string, locale: Locale): string {
  const known = systemRemarkOf(remark)
  return known ? systemRemarkLabels[locale][known] : remark
}
