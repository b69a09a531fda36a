import { LifePayOrderStatus } from './lifePayStatus'
import type { Labels } from './locale'
import { supplierReportedDelivered } from './supplierResult'

// A refund an operator declined leaves the order in the SPEC's "refund failed" (60), which reads as if money were
// lost. Nothing was: either the top-up had arrived (the order is settled, delivered) or the recharge was still owed
// and resumes. What the operator is told is which. (Issue 37, item 2; the app's side tells its users the same.)

export type DeclinedRefund = 'delivered' | 'recharging'

/** Which declined refund the order is, from its status and the supplier's last word; null when none was declined. */
export function declinedRefundOf(order: {
  lifePayOrderStatus: LifePayOrderStatus
  supplierResult: string | null
}): DeclinedRefund | null {
  if (order.lifePayOrderStatus !== LifePayOrderStatus.RefundFailed) return null
  return supplierReportedDelivered(order.supplierResult) ? 'delivered' : 'recharging'
}

export const declinedRefundLabels: Labels<DeclinedRefund> = {
  'zh-CN': { delivered: '退款未通过，已到账', recharging: '退款未通过，充值中' },
  'en-US': { delivered: 'Refund declined, delivered', recharging: 'Refund declined, recharging' },
}
