import { declinedRefundOf } from '@domain/declinedRefund'
import { OrderDisplayStatus, orderDisplayStatusLabels } from '@domain/orderDisplayStatus'
import { label, type Locale } from '@domain/locale'
import { LifePayOrderStatus, lifePayOrderStatusLabels } from '@domain/lifePayStatus'
import type { LifePayOrderListOutput } from '@contract/operator'

type Order = Pick<LifePayOrderListOutput, 'lifePayOrderStatus' | 'supplierResult'>

/** The order status in words; a declined refund says whether the top-up had arrived, not "refund failed". */
export function orderStatusText(order: Order, locale: Locale): string {
  const declined = declinedRefundOf(order)
  return declined
    ? label(orderDisplayStatusLabels, declined, locale)
    : label(lifePayOrderStatusLabels, order.lifePayOrderStatus, locale)
}

/** The status tag's colour: waiting for review, delivered, failed; a declined refund by what became of the top-up. */
export function orderStatusColor(order: Order): string | undefined {
  switch (order.lifePayOrderStatus) {
    case LifePayOrderStatus.RefundPendingReview:
      return 'orange'
    case LifePayOrderStatus.Completed:
      return 'green'
    case LifePayOrderStatus.Failed:
      return 'red'
    case LifePayOrderStatus.RefundFailed:
      return declinedRefundOf(order) === OrderDisplayStatus.DeliveredRefundDeclined ? 'green' : 'blue'
    default:
      return undefined
  }
}
