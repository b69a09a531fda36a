import { OrderDisplayStatus, orderDisplayStatusOf } from '@domain/orderDisplayStatus'
import { canPayOrder, hasRefund, isOrderClosed } from '@domain/orderTransitions'
import type { LifePayOrderDetail } from '@contract/lifePay'

/** The display status, with an unpaid order past its closing time shown closed before the server has closed it. */
export function orderStatusAt(order: LifePayOrderDetail, nowMs: number): OrderDisplayStatus {
  return isOrderClosed(order, nowMs) ? OrderDisplayStatus.Closed : orderDisplayStatusOf(order)
}

/** A receipt exists once the top-up arrived, whatever became of a refund asked for later. */
export function hasReceipt(order: LifePayOrderDetail, nowMs: number): boolean {
  const status = orderStatusAt(order, nowMs)
  return status === OrderDisplayStatus.RechargeSucceeded || status === OrderDisplayStatus.DeliveredRefundDeclined
}

/** What the user can do with the order now. */
export interface OrderActionSet {
  pay: boolean
  applyRefund: boolean
  refundProgress: boolean
  topUpAgain: boolean
  /** Issue 20, item 5: a receipt exists once the top-up succeeded. */
  receipt: boolean
}

/** The user's events the transition table allows from the order's state, and the links that follow from it. */
export function orderActions(order: LifePayOrderDetail, nowMs: number): OrderActionSet {
  const pay = canPayOrder(order, nowMs)
  return {
    pay,
    // The server's answer, which it derives from the same table (canApplyRefund of domain/orderTransitions).
    applyRefund: order.canApplyRefund,
    refundProgress: hasRefund(order),
    topUpAgain: !pay,
    receipt: hasReceipt(order, nowMs),
  }
}
