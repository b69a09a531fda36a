import { sql } from 'drizzle-orm'
import { Gauge } from 'prom-client'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import type { AppContext } from '../../appContext'
import { rowsOf } from '../../db/database'
import type { Metrics } from './metrics'

// The money's state as on-call needs it, read from the database at scrape time: the same figures on every instance
// (alert on max()). Each read is served by a partial or a time index, so a scrape costs the same at 10 million orders
// as at 10; they are read once per SNAPSHOT_MS whatever the number of scrapes.

const SNAPSHOT_MS = 5_000
/** Deliveries whose latency is summarised: those paid in the last hour. */
const LATENCY_WINDOW_S = 3_600

/** The order states that still need something to happen, as a user would name them. */
const UNSETTLED = ['unpaid', 'recharging', 'refundReview', 'refunding', 'refundInProgress'] as const
type Unsettled = (typeof UNSETTLED)[number]

interface Snapshot {
  orders: Record<Unsettled, number>
  oldestUndeliveredS: number
  paidToDelivered: { p50: number; p95: number; count: number }
  jobsDue: Map<string, number>
  oldestDueJobS: number
  jobsFailed: number
  orphans: { refunding: number; notReturned: number }
  reconciliationOpen: number
}

const n = (value: unknown) => Number(value ?? 0)

async function readSnapshot(ctx: AppContext): Promise<Snapshot> {
  const now = ctx.clock.now()
  const { db } = ctx
  const O = LifePayOrderStatus
  const P = LifePayStatus
  // The predicate is the partial index life_pay_orders_unsettled_idx's, word for word, so the planner uses it.
  const orders = rowsOf<{ pay: number; order: number; processing: boolean; count: string }>(
    await db.execute(sql`
      SELECT pay_status AS pay, life_pay_order_status AS "order", refund_status = 'processing' AS processing,
             count(*) AS count
      FROM life_pay_orders
      WHERE life_pay_order_status IN (10, 40) OR pay_status = 30 OR refund_status = 'processing'
      GROUP BY 1, 2, 3`),
  )
  const counts: Record<Unsettled, number> = {
    unpaid: 0,
    recharging: 0,
    refundReview: 0,
    refunding: 0,
    refundInProgress: 0,
  }
  for (const row of orders) {
    const count = n(row.count)
    if (row.order === O.RefundPendingReview) counts.refundReview += count
    else if (row.pay === P.Unpaid && row.order === O.PendingConfirmation) counts.unpaid += count
    else if (row.order === O.PendingConfirmation) counts.recharging += count
    else if (row.pay === P.PendingRefund) counts.refunding += count
    else if (row.pay === P.Refunded && row.processing) counts.refundInProgress += count
  }
  const [undelivered] = rowsOf<{ oldest: Date | string | null }>(
    await db.execute(sql`
      SELECT min(pay_time) AS oldest FROM life_pay_orders
      WHERE (life_pay_order_status IN (10, 40) OR pay_status = 30 OR refund_status = 'processing')
        AND life_pay_order_status = ${O.PendingConfirmation} AND pay_status = ${P.Paid}`),
  )
  const since = new Date(now.getTime() - LATENCY_WINDOW_S * 1000)
  const [latency] = rowsOf<{ p50: number | null; p95: number | null; count: string }>(
    await db.execute(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finish_time - pay_time)) AS p50,
             percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM finish_time - pay_time)) AS p95,
             count(*) AS count
      FROM life_pay_orders
      WHERE pay_time >= ${since} AND life_pay_order_status = ${O.Completed} AND finish_time IS NOT NULL`),
  )
  const due = rowsOf<{ kind: string; count: string; oldest: Date | string | null }>(
    await db.execute(sql`
      SELECT kind, count(*) AS count, min(run_at) AS oldest FROM jobs
      WHERE status = 'pending' AND run_at <= ${now} GROUP BY kind`),
  )
  const [failed] = rowsOf<{ count: string }>(
    await db.execute(sql`SELECT count(*) AS count FROM jobs WHERE status = 'failed'`),
  )
  const orphans = rowsOf<{ status: string; count: string }>(
    await db.execute(sql`
      SELECT status, count(*) AS count FROM orphan_payments
      WHERE status IN ('refunding', 'notReturned') GROUP BY status`),
  )
  const [open] = rowsOf<{ count: string }>(
    await db.execute(sql`SELECT count(*) AS count FROM reconciliation_items WHERE status = 'open'`),
  )
  const ageS = (at: Date | string | null | undefined) =>
    at ? Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000) : 0
  const oldestDue = due.reduce<Date | null>((oldest, row) => {
    const at = row.oldest ? new Date(row.oldest) : null
    return at && (!oldest || at < oldest) ? at : oldest
  }, null)
  return {
    orders: counts,
    oldestUndeliveredS: ageS(undelivered?.oldest),
    paidToDelivered: { p50: n(latency?.p50), p95: n(latency?.p95), count: n(latency?.count) },
    jobsDue: new Map(due.map((row) => [row.kind, n(row.count)])),
    oldestDueJobS: ageS(oldestDue),
    jobsFailed: n(failed?.count),
    orphans: {
      refunding: n(orphans.find((row) => row.status === 'refunding')?.count),
      notReturned: n(orphans.find((row) => row.status === 'notReturned')?.count),
    },
    reconciliationOpen: n(open?.count),
  }
}

/** Registers the database's gauges on the registry; each scrape reads a snapshot at most SNAPSHOT_MS old. */
export function registerDatabaseGauges(ctx: AppContext, metrics: Metrics): void {
  let cached: { at: number; snapshot: Promise<Snapshot> } | null = null
  const snapshot = () => {
    const at = ctx.clock.now().getTime()
    if (!cached || at - cached.at > SNAPSHOT_MS) {
      const reading = readSnapshot(ctx)
      cached = { at, snapshot: reading }
      // A failed read is not kept: the next scrape asks again.
      reading.catch(() => {
        if (cached?.snapshot === reading) cached = null
      })
    }
    return cached.snapshot
  }
  const registers = [metrics.registry]
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    set: (gauge: Gauge<L>, snapshot: Snapshot) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        set(this, await snapshot())
      },
    })
  gauge('lifepay_orders_unsettled', 'Orders waiting for something to happen, by state', ['state'], (g, s) => {
    for (const state of UNSETTLED) g.set({ state }, s.orders[state])
  })
  gauge(
    'lifepay_orders_undelivered_oldest_seconds',
    'How long the oldest paid order has waited for its recharge (0: none waiting)',
    [],
    (g, s) => g.set(s.oldestUndeliveredS),
  )
  gauge(
    'lifepay_paid_to_delivered_seconds',
    'Paid to delivered, over the orders paid in the last hour and delivered (quantile 0.5 and 0.95)',
    ['quantile'],
    (g, s) => {
      g.set({ quantile: '0.5' }, s.paidToDelivered.p50)
      g.set({ quantile: '0.95' }, s.paidToDelivered.p95)
    },
  )
  gauge(
    'lifepay_paid_to_delivered_orders',
    'How many deliveries lifepay_paid_to_delivered_seconds summarises',
    [],
    (g, s) => g.set(s.paidToDelivered.count),
  )
  gauge('lifepay_jobs_due', 'Background jobs due and not yet taken, by kind', ['kind'], (g, s) => {
    g.reset()
    for (const [kind, count] of s.jobsDue) g.set({ kind }, count)
  })
  gauge('lifepay_jobs_oldest_due_seconds', 'How long the oldest due job has waited to be taken (0: none)', [], (g, s) =>
    g.set(s.oldestDueJobS),
  )
  gauge('lifepay_jobs_failed', 'Jobs that gave up (retry with npm run admin -- jobs retry)', [], (g, s) =>
    g.set(s.jobsFailed),
  )
  gauge(
    'lifepay_orphan_payments',
    'Payments for no order we could take them for, not yet returned (refunding) or not returnable (notReturned)',
    ['status'],
    (g, s) => {
      g.set({ status: 'refunding' }, s.orphans.refunding)
      g.set({ status: 'notReturned' }, s.orphans.notReturned)
    },
  )
  gauge(
    'lifepay_reconciliation_open_items',
    "Differences between our records and the providers' bills or the supplier's, not resolved",
    [],
    (g, s) => g.set(s.reconciliationOpen),
  )
}
