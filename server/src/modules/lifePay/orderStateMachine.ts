import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { LifePayOrderStatus as Order, LifePayStatus as Pay } from '../../../../src/domain/lifePayStatus'
import type { Executor } from '../../db/database'
import { lifePayOrders } from '../../db/schema'
import { orderWritten } from './orderWrites'

// The order state model (team brief): the one place that says which (payStatus, lifePayOrderStatus) pair may
// follow which. Every change of an order's state goes through transitionOrder.

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
  | 'payAfterClose'

const state = (payStatus: Pay, lifePayOrderStatus: Order): OrderState => ({ payStatus, lifePayOrderStatus })

export const initialOrderState = state(Pay.Unpaid, Order.PendingConfirmation)

export interface OrderTransition {
  event: OrderEvent
  from: OrderState
  to: OrderState
}

export const orderTransitions: readonly OrderTransition[] = [
  // Payment notification: the recharge with the supplier starts.
  { event: 'pay', from: state(Pay.Unpaid, Order.PendingConfirmation), to: state(Pay.Paid, Order.PendingConfirmation) },
  // Unpaid for 30 minutes: closed, never payable again.
  { event: 'close', from: state(Pay.Unpaid, Order.PendingConfirmation), to: state(Pay.Unpaid, Order.Failed) },
  { event: 'completeRecharge', from: state(Pay.Paid, Order.PendingConfirmation), to: state(Pay.Paid, Order.Completed) },
  // The supplier failed: the automatic refund follows.
  {
    event: 'failRecharge',
    from: state(Pay.Paid, Order.PendingConfirmation),
    to: state(Pay.PendingRefund, Order.Failed),
  },
  {
    event: 'refundAutomatically',
    from: state(Pay.PendingRefund, Order.Failed),
    to: state(Pay.Refunded, Order.Refunded),
  },
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
    event: 'approveRefund',
    from: state(Pay.PendingRefund, Order.RefundPendingReview),
    to: state(Pay.Refunded, Order.Refunded),
  },
  {
    event: 'rejectRefund',
    from: state(Pay.PendingRefund, Order.RefundPendingReview),
    to: state(Pay.Paid, Order.RefundFailed),
  },
  // Money that arrives for a closed order (payment raced the close) is never kept: refunded automatically.
  { event: 'payAfterClose', from: state(Pay.Unpaid, Order.Failed), to: state(Pay.PendingRefund, Order.Failed) },
]

const sameState = (a: OrderState, b: OrderState) =>
  a.payStatus === b.payStatus && a.lifePayOrderStatus === b.lifePayOrderStatus

/** The state `event` leads to from `from`, or null when the model does not allow it. */
export function nextOrderState(from: OrderState, event: OrderEvent): OrderState | null {
  return orderTransitions.find((t) => t.event === event && sameState(t.from, from))?.to ?? null
}

export function canTransition(from: OrderState, event: OrderEvent): boolean {
  return nextOrderState(from, event) !== null
}

export class ForbiddenTransitionError extends Error {
  constructor(
    readonly orderNo: string,
    readonly from: OrderState,
    readonly event: OrderEvent,
  ) {
    super(`Order ${orderNo}: ${event} is not allowed from pay ${from.payStatus} / order ${from.lifePayOrderStatus}`)
    this.name = 'ForbiddenTransitionError'
  }
}

type OrderRow = typeof lifePayOrders.$inferSelect
type OrderChanges = Partial<
  Omit<typeof lifePayOrders.$inferInsert, 'id' | 'orderNo' | 'payStatus' | 'lifePayOrderStatus'>
>

/**
 * Moves a row-locked order (SELECT … FOR UPDATE in the caller's orderTransaction) by `event`, with the columns that
 * change with it. A transition outside the table is refused, logged, and thrown as ForbiddenTransitionError.
 */
export async function transitionOrder(
  tx: Executor,
  order: OrderRow,
  event: OrderEvent,
  changes: OrderChanges,
  log: FastifyBaseLogger,
): Promise<OrderRow> {
  const from: OrderState = { payStatus: order.payStatus, lifePayOrderStatus: order.lifePayOrderStatus }
  const to = nextOrderState(from, event)
  if (!to) {
    log.warn({ orderNo: order.orderNo, event, from }, 'order transition refused')
    throw new ForbiddenTransitionError(order.orderNo, from, event)
  }
  orderWritten(tx, order.userId)
  const [updated] = await tx
    .update(lifePayOrders)
    .set({ ...changes, ...to })
    .where(
      and(
        eq(lifePayOrders.id, order.id),
        eq(lifePayOrders.payStatus, from.payStatus),
        eq(lifePayOrders.lifePayOrderStatus, from.lifePayOrderStatus),
      ),
    )
    .returning()
  // The row lock makes this impossible; a caller that forgot the lock fails loudly instead of writing over a change.
  if (!updated) throw new ForbiddenTransitionError(order.orderNo, from, event)
  log.info({ orderNo: order.orderNo, event, from, to }, 'order transition')
  return updated
}
