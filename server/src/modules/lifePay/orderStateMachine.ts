import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import { nextOrderState, type OrderEvent, type OrderState } from '@domain/orderTransitions'
import { rowsOf, type Executor } from '../../db/database'
import { lifePayOrders } from '../../db/schema'
import { type NotifyContext, notifyOrderTransition, notifyOrderTransitions } from '../notifications/orderNotifications'
import { orderWritten } from './orderWrites'

// Every change of an order's state goes through transitionOrder, by the transition table of
// domain/orderTransitions; the one place every transition passes is where the user's notifications are decided
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

const orderColumns = Object.entries(getTableColumns(lifePayOrders))

/** A row of life_pay_orders as raw SQL returns it (column names), as drizzle's queries return it. */
function orderRowOf(raw: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = {}
  for (const [key, column] of orderColumns) {
    const value = raw[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as OrderRow
}

/**
 * `transitionOrderFrom` for many orders in one statement (issue 21: a batch of jobs). `input` is a `select` of one row
 * per order (its `order_no` and the values it moves with, e.g. `select * from unnest(…) as i(order_no, …)`), at most
 * one row per order; `set` the assignments besides the state, over the order `o` and its input row `i`; `onlyIf` a
 * condition over them. Each order moves from `from` by `event` (the same transition table), taking its row lock
 * itself, or not at all; the orders that moved are returned, their notifications enqueued in the same transaction.
 * `alongside` is one or more data-modifying CTEs over the moved rows (the CTE `updated`, and the input `i`). The same
 * reading rule as
 * transitionOrderFrom: the statement reads nothing but the locked rows and its input.
 * The rows are locked first, in id order (as every batch locks them: two batches over the same orders never deadlock).
 * `skipLocked`: an order another transaction holds locked is left out (returned as not moved) instead of waited for,
 * so one held order does not hold up the others of the statement (a group of payment notifications).
 */
export async function transitionOrdersFrom(
  tx: Executor,
  from: OrderState,
  event: OrderEvent,
  {
    input,
    set,
    onlyIf = sql`true`,
    alongside,
    skipLocked = false,
  }: { input: SQL; set: SQL; onlyIf?: SQL; alongside?: SQL | SQL[]; skipLocked?: boolean },
  ctx: NotifyContext,
): Promise<OrderRow[]> {
  const to = nextOrderState(from, event)
  if (!to) throw new ForbiddenTransitionError('(batch)', from, event)
  const inFrom = sql`o.pay_status = ${from.payStatus} and o.life_pay_order_status = ${from.lifePayOrderStatus}`
  const result = await tx.execute(sql`
    with i as (${input}),
    locked as materialized (
      select o.id from ${lifePayOrders} o join i on o.order_no = i.order_no
      where ${inFrom} and ${onlyIf}
      order by o.id
      for update of o${skipLocked ? sql` skip locked` : sql``}
    ),
    updated as (
      update ${lifePayOrders} o
      set pay_status = ${to.payStatus}, life_pay_order_status = ${to.lifePayOrderStatus}, ${set}
      from i, locked
      where o.id = locked.id and o.order_no = i.order_no and ${inFrom} and ${onlyIf}
      returning o.*
    )${sql.join([alongside ?? []].flat().map((statement, n) => sql`, ${sql.raw(`alongside_${n}`)} as (${statement})`))}
    select * from updated`)
  const moved = rowsOf<Record<string, unknown>>(result).map(orderRowOf)
  for (const order of moved) {
    orderWritten(tx, order.userId)
    ctx.log.info({ orderNo: order.orderNo, event, from, to }, 'order transition')
  }
  await notifyOrderTransitions(ctx, tx, moved, event)
  return moved
}
