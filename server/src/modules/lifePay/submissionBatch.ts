import { inArray, sql } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { lifePayOrders } from '../../db/schema'
import type { BatchJob, BatchOutcome } from '../../jobs/jobQueue'
import { mapLimited } from '../../jobs/mapLimited'
import { SupplierUnavailableError } from '../../providers/supplier'
import { RECHARGE_QUERY_JOB } from './jobKinds'
import type { OrderRow } from './orderView'
import { acceptSubmissions, orderTransaction } from './orderWrites'
import { refuseSubmission, startOrResumeAttempts, type RechargeAttemptRow } from './rechargeAttempts'
import { mayStartAttempt } from './rechargeOwed'
import { rechargeRequestOf } from './rechargeRequest'

// The recharge submissions of many paid orders at once (issue 21: a batch of `recharge.submit` jobs), by the single
// path's rules (fulfilment.ts: claimAttempt, the supplier's call, acceptSubmission), with a handful of statements for
// the whole batch: the orders locked in one, their attempts and first supplier queries in one, the acceptances in one.

type Attempt = Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'>

/** The orders, row-locked in the caller's transaction, in id order (two batches lock their common orders alike). */
async function lockOrders(tx: Executor, orderNos: string[]): Promise<OrderRow[]> {
  return tx
    .select()
    .from(lifePayOrders)
    .where(inArray(lifePayOrders.orderNo, orderNos))
    .orderBy(lifePayOrders.id)
    .for('update')
}

/**
 * claimAttempt for every order of the batch, in one transaction: the attempt each makes, by order number. The job of
 * an order with nothing to submit ends in it, as claimAttempt's does.
 */
async function claimAttempts(
  ctx: AppContext,
  batch: BatchJob<{ orderNo: string }>[],
  runAt: Date,
): Promise<Map<string, { order: OrderRow; attempt: Attempt }>> {
  const claimed = await orderTransaction(ctx, async (tx) => {
    const orders = await lockOrders(
      tx,
      batch.map((job) => job.payload.orderNo),
    )
    const attempts = await startOrResumeAttempts(
      tx,
      orders.map((order) => ({ orderId: order.id, orderNo: order.orderNo, mayStart: mayStartAttempt(order) })),
      ctx.clock.now(),
      // Round 0 of each attempt's question, as claimAttempt queues it (the same dedupe key).
      (attempt) =>
        ctx.jobs.enqueueFrom(
          RECHARGE_QUERY_JOB,
          attempt,
          sql`jsonb_build_object('orderNo', order_no, 'attemptNo', attempt_no, 'round', 0)`,
          { runAt, dedupeKey: sql`${`${RECHARGE_QUERY_JOB}:`}::text || order_no || ':' || attempt_no || ':0'` },
        ),
    )
    const started = new Map(
      orders.flatMap((order) => {
        const attempt = attempts.get(order.id)
        return attempt ? [[order.orderNo, { order, attempt }] as const] : []
      }),
    )
    await ctx.jobs.doneIn(
      tx,
      batch.filter((job) => !started.has(job.payload.orderNo)).map((job) => job.job),
    )
    return started
  })
  if (claimed.size > 0) ctx.jobs.enqueued({ runAt })
  return claimed
}

/**
 * How many of a batch's submissions are with the supplier at once: a batch is one worker slot, not a batch's worth of
 * the supplier's connections; and a batch of RECHARGE_BATCH_SIZE (50) whose every call times out (10 s) ends within
 * the job lease (60 s).
 */
export const SUBMISSIONS_AT_ONCE = 10

/**
 * The `recharge.submit` jobs of a batch. An order named twice in it runs its second job alone (after the batch, as
 * two jobs claimed one after the other would). Each order with nothing to submit is done; each submission the
 * supplier refuses or does not answer fails its own job (retried), as the single path does; the accepted ones are
 * recorded together.
 */
export async function submitBatch(
  ctx: AppContext,
  jobs: BatchJob<{ orderNo: string }>[],
  /** When round 0 of each attempt's supplier query runs (fulfilment.ts queryTiming). */
  queryRunAt: Date,
): Promise<BatchOutcome[]> {
  const firsts = jobs.filter((job, n) => jobs.findIndex((other) => other.payload.orderNo === job.payload.orderNo) === n)
  const claimed = await claimAttempts(ctx, firsts, queryRunAt)
  const outcomes = new Map<BatchJob<{ orderNo: string }>, BatchOutcome>(jobs.map((job) => [job, 'alone']))
  for (const job of firsts) outcomes.set(job, 'done')
  const accepted: { order: OrderRow; attempt: Attempt; supplierOrderNo: string }[] = []
  const acceptedJobs: BatchJob<{ orderNo: string }>[] = []
  await mapLimited(firsts, SUBMISSIONS_AT_ONCE, async (job) => {
    const found = claimed.get(job.payload.orderNo)
    if (!found) return
    const { order, attempt } = found
    try {
      const { supplierOrderNo } = await ctx.providers.supplier.submit(rechargeRequestOf(order))
      accepted.push({ order, attempt, supplierOrderNo })
      acceptedJobs.push(job)
    } catch (error) {
      // As the single path: refused, the supplier does not have it; anything else leaves the attempt in flight.
      if (error instanceof SupplierUnavailableError) {
        await refuseSubmission(ctx.db, attempt, error.message, ctx.clock.now()).catch(() => undefined)
      }
      outcomes.set(job, { error })
    }
  })
  try {
    await acceptSubmissions(ctx, accepted)
  } catch (error) {
    // Not recorded: each job is retried, resubmitting the same order number (the supplier dedupes on it).
    for (const job of acceptedJobs) outcomes.set(job, { error })
  }
  return jobs.map((job) => outcomes.get(job)!)
}
