import { and, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Dashboard, DashboardDay, DashboardPeriod } from '@contract/operator'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { fenToYuan } from '@domain/price'
import type { AppContext } from '../../appContext'
import { lifePayOrders, rechargeAttempts } from '../../db/schema'
import { shanghaiDate, shanghaiDay } from '../money/shanghaiDay'

// GET /api/operator/dashboard: how the business is doing, by Asia/Shanghai calendar days as reconciliation counts
// them. Each figure is counted by when its event happened: orders by creation, payments by pay time, deliveries by
// finish time, supplier answers by the attempt's finish time.

const DAY_MS = 24 * 60 * 60 * 1000
const SERIES_DAYS = 30

const o = lifePayOrders
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`
const within = (column: AnyColumn, from: Date, to: Date) => sql`${column} >= ${at(from)} and ${column} < ${at(to)}`
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)

/** An outcome is known: delivered, failed, or refunded. Pending, under review and rejected refunds are not. */
const OUTCOMES = [LifePayOrderStatus.Completed, LifePayOrderStatus.Failed, LifePayOrderStatus.Refunded]

async function period(ctx: AppContext, from: Date, to: Date): Promise<DashboardPeriod> {
  const paid = within(o.payTime, from, to)
  const delivered = sql`${o.lifePayOrderStatus} = ${LifePayOrderStatus.Completed} and ${within(o.finishTime, from, to)}`
  const [orders] = await ctx.db
    .select({
      orders: countWhere(within(o.creationTime, from, to)),
      paidOrders: countWhere(paid),
      paidFen: sql<number>`coalesce(sum(${o.payAmountFen}) filter (where ${paid}), 0)`.mapWith(Number),
      known: countWhere(sql`${paid} and ${o.lifePayOrderStatus} in (${sql.join(OUTCOMES, sql`, `)})`),
      succeeded: countWhere(sql`${paid} and ${o.lifePayOrderStatus} = ${LifePayOrderStatus.Completed}`),
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from
        ${o.finishTime} - ${o.payTime})) filter (where ${delivered})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
    })
    .from(o)
    .where(or(gte(o.creationTime, from), gte(o.payTime, from), gte(o.finishTime, from)))
  const [attempts] = await ctx.db
    .select({
      answered: countWhere(sql`true`),
      failed: countWhere(sql`${rechargeAttempts.outcome} = 'failed'`),
    })
    .from(rechargeAttempts)
    .where(
      and(
        inArray(rechargeAttempts.outcome, ['succeeded', 'failed']),
        gte(rechargeAttempts.finishTime, from),
        lt(rechargeAttempts.finishTime, to),
      ),
    )
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    orders: orders.orders,
    paidOrders: orders.paidOrders,
    amountPaid: fenToYuan(orders.paidFen),
    successRate: orders.known > 0 ? orders.succeeded / orders.known : null,
    medianSecondsToDelivery: orders.medianSeconds,
    supplierFailureRate: attempts.answered > 0 ? attempts.failed / attempts.answered : null,
  }
}

/** The Asia/Shanghai date of a timestamp column, in SQL. */
const dateOf = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD')`

async function series(ctx: AppContext, from: Date, to: Date): Promise<DashboardDay[]> {
  const byDate = async (column: typeof o.payTime | typeof o.creationTime, extra: SQL | undefined, sumPaid: boolean) =>
    ctx.db
      .select({
        date: dateOf(column),
        count: sql<number>`count(*)`.mapWith(Number),
        fen: sumPaid
          ? sql<number>`coalesce(sum(${o.payAmountFen}), 0)`.mapWith(Number)
          : sql<number>`0`.mapWith(Number),
      })
      .from(o)
      .where(and(gte(column, from), lt(column, to), extra))
      .groupBy(dateOf(column))
  const [created, paid, completed] = await Promise.all([
    byDate(o.creationTime, undefined, false),
    byDate(o.payTime, undefined, true),
    byDate(o.finishTime, sql`${o.lifePayOrderStatus} = ${LifePayOrderStatus.Completed}`, false),
  ])
  const find = (rows: typeof created, date: string) => rows.find((row) => row.date === date)
  return Array.from({ length: SERIES_DAYS }, (_, n) => {
    const date = shanghaiDate(new Date(from.getTime() + n * DAY_MS))
    return {
      date,
      orders: find(created, date)?.count ?? 0,
      paidOrders: find(paid, date)?.count ?? 0,
      amountPaid: fenToYuan(find(paid, date)?.fen ?? 0),
      completedOrders: find(completed, date)?.count ?? 0,
    }
  })
}

export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const now = ctx.clock.now()
  const today = shanghaiDay(shanghaiDate(now))
  const monthStart = shanghaiDay(`${shanghaiDate(now).slice(0, 7)}-01`)
  if (!today || !monthStart) throw new Error('dashboard: no Asia/Shanghai day for now')
  const seriesFrom = new Date(today.from.getTime() - (SERIES_DAYS - 1) * DAY_MS)
  const [todayFigures, monthFigures, last30Days, refundsWaiting, jobs] = await Promise.all([
    period(ctx, today.from, today.to),
    period(ctx, monthStart.from, today.to),
    series(ctx, seriesFrom, today.to),
    ctx.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(o)
      .where(sql`${o.lifePayOrderStatus} = ${LifePayOrderStatus.RefundPendingReview}`),
    ctx.jobs.counts(),
  ])
  return {
    generatedAt: now.toISOString(),
    today: todayFigures,
    thisMonth: monthFigures,
    refundsWaiting: refundsWaiting[0].count,
    failedJobs: jobs.failed ?? 0,
    last30Days,
  }
}
