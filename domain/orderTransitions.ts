import { LifePayOrderStatus as Order, LifePayStatus as Pay } from './lifePayStatus'

// The order state model (team brief): the one table that says which (payStatus, lifePayOrderStatus) pair may follow
// which. The server's state machine moves orders by it; the app's order actions and canApplyRefund read it.

export interface OrderState {
  payStatus: Pay
  lifePayOrderStatus: Order
}

export type OrderEvent =
  | 'pay'
  | 'close'
  | 'completeRecharge'
  | 'failRecharge'
  | 'refundAutomatically'
  | 'applyRefund'
  | 'approveRefund'
  | 'rejectRefund'

const state = (payStatus: Pay, lifePayOrderStatus: Order): OrderState => ({ payStatus, lifePayOrderStatus })

export const initialOrderState = state(Pay.Unpaid, Order.PendingConfirmation)

export interface OrderTransition {
  event: OrderEvent
  from: OrderState
  to: OrderState
}

// In lifecycle order: reachableOrderStates lists the states in the order the table first reaches them.
export const orderTransitions: readonly OrderTransition[] = [
  // Unpaid for 30 minutes: closed, never payable again.
  { event: 'close', from: state(Pay.Unpaid, Order.PendingConfirmation), to: state(Pay.Unpaid, Order.Failed) },
  // Payment notification: the recharge with the supplier starts.
  { event: 'pay', from: state(Pay.Unpaid, Order.PendingConfirmation), to: state(Pay.Paid, Order.PendingConfirmation) },
  { event: 'completeRecharge', from: state(Pay.Paid, Order.PendingConfirmation), to: state(Pay.Paid, Order.Completed) },
  // The supplier failed: the automatic refund follows.
  {
    event: 'failRecharge',
    from: state(Pay.Paid, Order.PendingConfirmation),
    to: state(Pay.PendingRefund, Order.Failed),
  },
  // Only once the recharge is overdue (canApplyRefund): a user cannot race a recharge that is still on time.
  {
    event: 'applyRefund',
    from: state(Pay.Paid, Order.PendingConfirmation),
    to: state(Pay.PendingRefund, Order.RefundPendingReview),
  },
  {
    event: 'applyRefund',
    from: state(Pay.Paid, Order.Completed),
    to: state(Pay.PendingRefund, Order.RefundPendingReview),
  },
  {
    event: 'refundAutomatically',
    from: state(Pay.PendingRefund, Order.Failed),
    to: state(Pay.Refunded, Order.Refunded),
  },
  {
    event: 'approveRefund',
    from: state(Pay.PendingRefund, Order.RefundPendingReview),
    to: state(Pay.Refunded, Order.Refunded),
  },
  {
    event: 'rejectRefund',
    from: state(Pay.PendingRefund, Order.RefundPendingReview),
    to: state(Pay.Paid, Order.RefundFailed),
  },
  // The supplier's word settles an application it overtakes: delivered closes it, failed pays back at once.
  {
    event: 'completeRecharge',
    from: state(Pay.PendingRefund, Order.RefundPendingReview),
    to: state(Pay.Paid, Order.Completed),
  },
  {
    event: 'failRecharge',
    from: state(Pay.PendingRefund, Order.RefundPendingReview),
    to: state(Pay.PendingRefund, Order.Failed),
  },
  // A rejected application does not cancel a recharge still owed: it resumes, and its result settles the order.
  { event: 'completeRecharge', from: state(Pay.Paid, Order.RefundFailed), to: state(Pay.Paid, Order.Completed) },
  { event: 'failRecharge', from: state(Pay.Paid, Order.RefundFailed), to: state(Pay.PendingRefund, Order.Failed) },
]
// Money that arrives for a closed order, a second payment of a paid one, or another amount is not the order's: it
// never moves the order, it is an orphan payment refunded automatically (server/src/modules/money/orphanPayments.ts).

/** Events that pay money back or ask to: an order one of them reached has a refund to follow. */
export const refundEvents: readonly OrderEvent[] = [
  'failRecharge',
  'applyRefund',
  'refundAutomatically',
  'approveRefund',
  'rejectRefund',
]

export const sameOrderState = (a: OrderState, b: OrderState): boolean =>
  a.payStatus === b.payStatus && a.lifePayOrderStatus === b.lifePayOrderStatus

/** Every state the table reaches from the initial one, in lifecycle order. */
export const reachableOrderStates: readonly OrderState[] = orderTransitions.reduce<OrderState[]>(
  (states, { to }) => (states.some((known) => sameOrderState(known, to)) ? states : [...states, to]),
  [initialOrderState],
)

/** The state `event` leads to from `from`, or null when the model does not allow it. */
export function nextOrderState(from: OrderState, event: OrderEvent): OrderState | null {
  const transition = orderTransitions.find((t) => t.event === event && sameOrderState(t.from, from))
  return transition ? transition.to : null
}

export function canTransition(from: OrderState, event: OrderEvent): boolean {
  return nextOrderState(from, event) !== null
}

/**
 * A recharge still pending this long after payment is overdue, and its user may ask for the money back (the order
 * page says so); the promised delivery times themselves are deliveryTime.ts's.
 */
export const RECHARGE_REFUNDABLE_AFTER_MINUTES = 30

/** An order with the time it was paid: an ISO string in the API, a Date in the server's rows. */
export interface PaidOrder extends OrderState {
  payTime?: string | Date | null
}

const timeOf = (value: string | Date): number => (typeof value === 'string' ? Date.parse(value) : value.getTime())

/** A recharge still pending past the delivery time. */
export function isRechargeOverdue(order: PaidOrder, now: Date | number): boolean {
  if (order.payStatus !== Pay.Paid || order.lifePayOrderStatus !== Order.PendingConfirmation) return false
  if (!order.payTime) return false
  const nowMs = typeof now === 'number' ? now : now.getTime()
  return nowMs - timeOf(order.payTime) >= RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000
}

/**
 * Whether the user may apply for a refund: the table has an applyRefund out of this state, and a recharge still
 * under way is overdue. Before that the supplier may still deliver, and a refund granted meanwhile would pay twice.
 */
export function canApplyRefund(order: PaidOrder, now: Date | number): boolean {
  if (!canTransition(order, 'applyRefund')) return false
  return order.lifePayOrderStatus !== Order.PendingConfirmation || isRechargeOverdue(order, now)
}

/** Whether a refund has started (or ended) for the order: its state is one a refund event leads to. */
export function hasRefund(order: OrderState): boolean {
  return orderTransitions.some(({ event, to }) => refundEvents.includes(event) && sameOrderState(to, order))
}

/** An order with the time an unpaid one closes: an ISO string in the API, a Date in the server's rows. */
export interface ExpiringOrder extends OrderState {
  expireTime?: string | Date | null
}

const closedOrderStates = orderTransitions.filter((t) => t.event === 'close').map((t) => t.to)

/** The state alone says closed: the close event led there. */
export function isClosedOrderState(order: OrderState): boolean {
  return closedOrderStates.some((closed) => sameOrderState(closed, order))
}

/**
 * Closed: the state says so (the close event led there), or the order could still be closed and its expireTime has
 * come (at expireTime itself it is closed), before the server's closing job has run. Never payable again.
 */
export function isOrderClosed(order: ExpiringOrder, now: Date | number): boolean {
  if (isClosedOrderState(order)) return true
  if (!order.expireTime || !canTransition(order, 'close')) return false
  const expiresAt = typeof order.expireTime === 'string' ? Date.parse(order.expireTime) : order.expireTime.getTime()
  return expiresAt <= (typeof now === 'number' ? now : now.getTime())
}

/** Whether the user can pay the order now: the table allows pay and it has not closed. */
export function canPayOrder(order: ExpiringOrder, now: Date | number): boolean {
  return canTransition(order, 'pay') && !isOrderClosed(order, now)
}
