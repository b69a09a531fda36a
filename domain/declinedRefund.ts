import { LifePayOrderStatus } from './lifePayStatus'
import { OrderDisplayStatus } from './orderDisplayStatus'
import { supplierReportedDelivered } from './supplierResult'

// A refund an operator declined leaves the order in the SPEC's "refund failed" (60), which reads as if money were
// lost. Nothing was: either the top-up had arrived (the order is settled, delivered) or the recharge was still owed
// and resumes. The console and the export say which in the words the app uses (orderDisplayStatusLabels).

export type DeclinedRefund = OrderDisplayStatus.DeliveredRefundDeclined | OrderDisplayStatus.RefundDeclined

/** Which declined refund the order is, from its status and the supplier's last word; null when none was declined. */
export function declinedRefundOf(order: {
  lifePayOrderStatus: LifePayOrderStatus
  /** Absent from a back end that does not answer it (production): then no delivery is known. */
  supplierResult?: string | null
}): DeclinedRefund | null {
  if (order.lifePayOrderStatus !== LifePayOrderStatus.RefundFailed) return null
  return supplierReportedDelivered(order.supplierResult)
    ? OrderDisplayStatus.DeliveredRefundDeclined
    : OrderDisplayStatus.RefundDeclined
}
