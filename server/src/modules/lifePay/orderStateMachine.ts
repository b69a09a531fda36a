import { and, eq } from 'drizzle-orm'
import { nextOrderState, type OrderEvent, type OrderState } from '../../../../src/domain/orderTransitions'
import type { Executor } from '../../db/database'
import { lifePayOrders } from '../../db/schema'
import { type NotifyContext, notifyOrderTransition } from '../notifications/orderNotifications'
import { orderWritten } from './orderWrites'

// Every change of an order's state goes through transitionOrder, by the transition table of
// src/domain/orderTransitions; the one place every transition passes is where the user's notifications are decided
// (issue 20), so no caller can forget them.

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
 * change with it. A transition outside the table is refused, logged, and thrown as ForbiddenTransitionError. The
 * notifications it causes are enqueued in the same transaction (modules/notifications/orderNotifications.ts).
 */
export async function transitionOrder(
  tx: Executor,
  order: OrderRow,
  event: OrderEvent,
  changes: OrderChanges,
  ctx: NotifyContext,
): Promise<OrderRow> {
  const { log } = ctx
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
  await notifyOrderTransition(ctx, tx, updated, event)
  return updated
}
