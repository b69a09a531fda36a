import { and, eq, lt, sql } from 'drizzle-orm'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import type { AppContext } from '../../appContext'
import { rowsOf } from '../../db/database'
import { jobs, lifePayOrders, paymentAttempts } from '../../db/schema'
import { AttemptStatus } from '../money/paymentAttempts'
import { ORDER_EXPIRY_SWEEP_JOB } from './jobKinds'
import { transitionOrdersFrom } from './orderStateMachine'
import { closeUnpaidOrder } from './orders'
import { orderTransaction } from './orderWrites'

// Unpaid orders are closed at their time by a sweep over the orders themselves (issue 38), not a job per order: the
// sweep reads the partial index of unpaid orders by expire time (life_pay_orders_unpaid_expiry_idx, migration 0022)
// and closes the due ones through the state machine. Until it runs, an order past its time is already closed to the
// app and to any payment (isOrderClosed reads expireTime); the sweep closes it at its providers and in its row.

/** How often the sweep runs: the longest an order past its time waits to be closed at its providers. */
export const ORDER_EXPIRY_SWEEP_MS = 30_000
/** Orders closed per statement (or looked at per page, for those with a payment open at a provider). */
export const ORDER_EXPIRY_BATCH = 200
/** The sweep's own finished jobs rows are kept this long (for the console's job list), then deleted. */
export const FINISHED_SWEEPS_KEPT_MS = 60 * 60_000

const UNPAID = { payStatus: LifePayStatus.Unpaid, lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation }

// Constants in the text, not parameters: the planner matches the partial index's predicate against them.
const unpaidDue = (alias: string, now: string) =>
  sql.raw(
    `${alias}.pay_status = ${UNPAID.payStatus} and ${alias}.life_pay_order_status = ${UNPAID.lifePayOrderStatus} ` +
      `and ${alias}.expire_time <= '${now}'::timestamptz`,
  )
const openAttempt = (alias: string) =>
  sql`exists (select 1 from ${paymentAttempts} a where a.order_no = ${sql.raw(alias)}.order_no and a.status = ${AttemptStatus.Open})`

export interface ExpirySweep {
  /** Closed in batches: no payment was ever opened for them at a provider. */
  closed: number
  /** Closed one by one after their open payments were closed at the providers (closeUnpaidOrder). */
  closedAtProviders: number
  /** Paid at the last moment: the payment found while closing was recorded instead. */
  paid: number
  /** Left for the next sweep: a provider could not be reached. */
  failed: number
}

/**
 * Closes every unpaid order whose time is up. Orders without an open payment are closed a batch per statement, each
 * row locked with SKIP LOCKED (another instance's sweep, or a payment notification holding it, is left alone: its
 * holder decides, the next sweep looks again) and only if the row did not change since it was read (a payment being
 * prepared in the meantime moves updated_time). Orders with an open payment go through closeUnpaidOrder: closed at
 * the provider first, and recorded as paid when the payer paid at the last moment.
 */
export async function expireDueOrders(ctx: AppContext): Promise<ExpirySweep> {
  const now = ctx.clock.now().toISOString()
  const sweep: ExpirySweep = { closed: 0, closedAtProviders: 0, paid: 0, failed: 0 }
  for (;;) {
    const moved = await orderTransaction(ctx, (tx) =>
      transitionOrdersFrom(
        tx,
        UNPAID,
        'close',
        {
          input: sql`select d.order_no, d.updated_time from ${lifePayOrders} d
            where ${unpaidDue('d', now)} and not ${openAttempt('d')}
            order by d.expire_time limit ${ORDER_EXPIRY_BATCH}`,
          set: sql`updated_time = ${now}::timestamptz`,
          onlyIf: sql`o.expire_time <= ${now}::timestamptz and o.updated_time = i.updated_time`,
          skipLocked: true,
        },
        ctx,
      ),
    )
    sweep.closed += moved.length
    if (moved.length < ORDER_EXPIRY_BATCH) break
  }
  // Page by page in expire order, so an order whose provider cannot be reached never holds up the ones after it.
  let after: { expireTime: string; orderNo: string } | null = null
  for (;;) {
    const page: { order_no: string; expire_time: Date | string }[] = rowsOf(
      await ctx.db.execute(sql`select d.order_no, d.expire_time from ${lifePayOrders} d
        where ${unpaidDue('d', now)} and ${openAttempt('d')}
          ${after ? sql`and (d.expire_time, d.order_no) > (${after.expireTime}::timestamptz, ${after.orderNo})` : sql``}
        order by d.expire_time, d.order_no limit ${ORDER_EXPIRY_BATCH}`),
    )
    for (const { order_no: orderNo } of page) {
      try {
        const outcome = await closeUnpaidOrder(ctx, orderNo)
        if (outcome === 'closed') sweep.closedAtProviders++
        else if (outcome === 'paid') sweep.paid++
      } catch (error) {
        sweep.failed++
        ctx.log.error({ err: error, orderNo }, 'unpaid order not closed: tried again at the next sweep')
      }
    }
    if (page.length < ORDER_EXPIRY_BATCH) break
    const last = page[page.length - 1]
    after = { expireTime: new Date(last.expire_time).toISOString(), orderNo: last.order_no }
  }
  return sweep
}

const slotOf = (time: Date) => Math.floor(time.getTime() / ORDER_EXPIRY_SWEEP_MS)

/**
 * The sweep of one slot of ORDER_EXPIRY_SWEEP_MS: one job per slot whatever the number of instances (its dedupe
 * key), due at the slot's start.
 */
async function enqueueSweep(ctx: AppContext, slot: number): Promise<void> {
  await ctx.jobs.enqueue(
    ctx.db,
    ORDER_EXPIRY_SWEEP_JOB,
    {},
    { runAt: new Date(slot * ORDER_EXPIRY_SWEEP_MS), dedupeKey: `${ORDER_EXPIRY_SWEEP_JOB}:${slot}` },
  )
}

/** Each sweep queues the next slot's, even when it failed, so the chain goes on as long as one instance runs jobs. */
export function defineOrderExpiry(ctx: AppContext): void {
  const next = () => enqueueSweep(ctx, slotOf(ctx.clock.now()) + 1)
  ctx.jobs.define({
    kind: ORDER_EXPIRY_SWEEP_JOB,
    async handle(_payload, { log }) {
      try {
        const sweep = await expireDueOrders(ctx)
        if (sweep.closed + sweep.closedAtProviders + sweep.paid + sweep.failed > 0)
          log.info(sweep, 'order expiry sweep')
        // One run every 30 s would leave 2,880 finished rows a day: the jobs table stays the size of the work in it.
        await ctx.db
          .delete(jobs)
          .where(
            and(
              eq(jobs.kind, ORDER_EXPIRY_SWEEP_JOB),
              eq(jobs.status, 'done'),
              lt(jobs.finishedTime, new Date(ctx.clock.now().getTime() - FINISHED_SWEEPS_KEPT_MS)),
            ),
          )
      } finally {
        await next()
      }
    },
    onExhausted: next,
  })
}

/** Queues the current slot's sweep (due at once): at every start, a no-op when another instance already did. */
export async function scheduleOrderExpiry(ctx: AppContext): Promise<void> {
  await enqueueSweep(ctx, slotOf(ctx.clock.now()))
}
