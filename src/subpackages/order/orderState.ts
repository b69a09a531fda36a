import { OrderDisplayStatus, orderDisplayStatusOf } from '../../domain/orderDisplayStatus'
import type { LifePayOrderDetail } from '../../../types/api/lifePay'

/** The display status, with an unpaid order past its closing time shown closed before the server has closed it. */
export function orderStatusAt(order: LifePayOrderDetail, nowMs: number): OrderDisplayStatus {
  const status = orderDisplayStatusOf(order.payStatus, order.lifePayOrderStatus)
  if (status === OrderDisplayStatus.Unpaid && order.expireTime && Date.parse(order.expireTime) <= nowMs) {
    return OrderDisplayStatus.Closed
  }
  return status
}

/** What the user can do with the order now. */
export interface OrderActionSet {
  pay: boolean
  applyRefund: boolean
  refundProgress: boolean
  topUpAgain: boolean
}

/** `status` as orderStatusAt gives it. */
export function orderActions(order: LifePayOrderDetail, status: OrderDisplayStatus): OrderActionSet {
  const refundStarted =
    status === OrderDisplayStatus.Refunding ||
    status === OrderDisplayStatus.RefundPendingReview ||
    status === OrderDisplayStatus.Refunded ||
    status === OrderDisplayStatus.RefundFailed
  return {
    pay: status === OrderDisplayStatus.Unpaid,
    applyRefund: order.canApplyRefund,
    refundProgress: refundStarted,
    topUpAgain: status !== OrderDisplayStatus.Unpaid,
  }
}
