import { and, eq, type SQL } from 'drizzle-orm'
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

/**
 * `transitionOrder` for an order not locked yet, from the state the caller expects it in (issue 21): the UPDATE takes
 * the row lock and applies only while the order is in `from` (and `onlyIf` holds), so lock and transition are one
 * statement. Null when it did not apply: the caller then locks the order and decides as usual. `alongside` is a
 * data-modifying CTE over the moved row (the CTE `updated`), e.g. the job it queues, written with it or not at all.
 * Statements after it in the transaction read what the lock's previous holder committed; this one does not (READ
 * COMMITTED reads other tables as of the statement's start), so `alongside` reads nothing but `updated`.
 */
export async function transitionOrderFrom(
  tx: Executor,
  orderNo: string,
  from: OrderState,
  event: OrderEvent,
  changes: OrderChanges,
  ctx: NotifyContext,
  { onlyIf, alongside }: { onlyIf?: SQL; alongside?: SQL } = {},
): Promise<OrderRow | null> {
  const to = nextOrderState(from, event)
  if (!to) throw new ForbiddenTransitionError(orderNo, from, event)
  const updated = tx.$with('updated').as(
    tx
      .update(lifePayOrders)
      .set({ ...changes, ...to })
      .where(
        and(
          eq(lifePayOrders.orderNo, orderNo),
          eq(lifePayOrders.payStatus, from.payStatus),
          eq(lifePayOrders.lifePayOrderStatus, from.lifePayOrderStatus),
          onlyIf,
        ),
      )
      .returning(),
  )
  const ctes = alongside ? [updated, tx.$with('alongside', {}).as(alongside)] : [updated]
  const [moved] = await tx
    .with(...ctes)
    .select()
    .from(updated)
  if (!moved) return null
  orderWritten(tx, moved.userId)
  ctx.log.info({ orderNo, event, from, to }, 'order transition')
  await notifyOrderTransition(ctx, tx, moved, event)
  return moved
}
