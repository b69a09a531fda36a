import type { AppContext } from '../../appContext'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/database'
import { lifePayOrders } from '../../db/schema'
import { JobPriority, type JobContext, type JobRow } from '../../jobs/jobQueue'
import { SupplierUnavailableError, type RechargeResult } from '../../providers/supplier'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { canTransition } from '@domain/orderTransitions'
import { SystemRemark, systemRemarkText } from '@domain/systemRemark'
import { RECHARGE_QUERY_JOB, RECHARGE_SUBMIT_JOB, REFUND_APPROVED_JOB, REFUND_AUTO_JOB } from './jobKinds'
import { transitionOrder, transitionOrderFrom, transitionOrdersFrom } from './orderStateMachine'
import { lockOrder } from './orderLock'
import type { OrderRow } from './orderView'
import { acceptSubmission, orderTransaction, updateOrderColumns } from './orderWrites'
import {
  attemptInFlight,
  recordRechargeResult,
  recordRechargeResults,
  refuseSubmission,
  startOrResumeAttempt,
  type RechargeAttemptRow,
} from './rechargeAttempts'
import { isDelivered, mayStartAttempt } from './rechargeOwed'
import { rechargeRequestOf } from './rechargeRequest'
import { submitBatch } from './submissionBatch'
import { supplierAnswerMismatch } from './supplierAnswerCheck'
import { payBackOrder } from './refunds'

// Delivery and refund follow one rule (docs/api.md § Refunds and deliveries): for every paid order exactly one of
// "delivered" or "money returned" happens. The supplier's word settles the order whatever else is going on; no new
// attempt starts while a refund application waits for review; no refund is approved while an attempt is in flight.

interface OrderJob {
  orderNo: string
}

interface QueryJob {
  orderNo: string
  /** The attempt asked about: once it is settled (its callback came) there is nothing to ask. */
  attemptNo: number
  /** How many times it was asked already: the back-off doubles each round. */
  round: number
}

/** Paid, the recharge with the supplier under way: where a success completes the order without more to decide. */
const AWAITING_RECHARGE = { payStatus: LifePayStatus.Paid, lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation }

/** At most this many submissions (or supplier results) go together (JobDefinition.batch). */
export const RECHARGE_BATCH_SIZE = 50

/** Past this age an attempt the supplier still will not settle is left to the operator (reconciliation flags it). */
export const RECHARGE_QUERY_GIVE_UP_MS = 3 * 24 * 60 * 60_000

// The user reads these in their language (domain/systemRemark.ts); the supplier's own words stay with the
// operator (supplierResult, recharge attempts).
export const SUPPLIER_UNAVAILABLE_REMARK = systemRemarkText(SystemRemark.SupplierUnavailable)
export const RECHARGE_FAILED_REMARK = systemRemarkText(SystemRemark.RechargeFailed)
export const DELIVERED_DURING_REVIEW_REMARK = systemRemarkText(SystemRemark.DeliveredDuringReview)

/** Fails a locked order's recharge and enqueues its refund, in the caller's transaction. */
async function failRechargeLocked(ctx: AppContext, tx: Tx, order: OrderRow, remark: string): Promise<void> {
  const now = ctx.clock.now()
  await transitionOrder(tx, order, 'failRecharge', { refundCheckRemark: remark, updatedTime: now }, ctx)
  await ctx.jobs.enqueue(
    tx,
    REFUND_AUTO_JOB,
    { orderNo: order.orderNo },
    { dedupeKey: `${REFUND_AUTO_JOB}:${order.orderNo}` },
  )
}

/**
 * The supplier's result (its callback). Delivered: the order completes, closing a refund application it overtook.
 * Failed: the money goes back automatically, whatever application is pending. Either way the attempt records it.
 * Believed only for the order's own submission (supplierAnswerCheck.ts): otherwise nothing changes and the answer is
 * why — also for an order we do not have. Null when recorded (or already recorded).
 */
export async function handleRechargeResult(
  ctx: AppContext,
  result: RechargeResult,
  /** From an order query: applies only while this attempt is still in flight (a callback may have settled it). */
  only?: { attemptNo: number },
): Promise<string | null> {
  const supplierResult = result.success ? 'success' : `failed: ${result.reason ?? 'unknown'}`
  const band = ctx.config.supplierCostBand
  return orderTransaction(ctx, async (tx) => {
    const now = ctx.clock.now()
    // The common case (issue 21): a callback's success for an order waiting on its recharge. The transition takes the
    // row lock itself; the attempt is recorded by the statement after it, which reads the attempts as the lock's
    // previous holder left them. Anything else takes the lock first and decides below.
    if (result.success && !only) {
      const moved = await transitionOrderFrom(
        tx,
        result.orderNo,
        AWAITING_RECHARGE,
        'completeRecharge',
        { finishTime: now, supplierResult, supplierOrderNo: result.supplierOrderNo, updatedTime: now },
        ctx,
        { onlyIf: and(sql`${lifePayOrders.supplierResult} is distinct from 'success'`, believedIn(result, band)) },
      )
      if (moved) {
        await recordRechargeResult(tx, moved.id, result, now)
        return null
      }
    }
    const order = await lockOrder(tx, result.orderNo)
    if (!order) return 'no such order'
    const mismatch = supplierAnswerMismatch(order, result, band)
    if (mismatch) return mismatch
    if (only && (await attemptInFlight(tx, order.id))?.attemptNo !== only.attemptNo) return null
    await recordRechargeResult(tx, order.id, result, now)
    // A second word after delivery (a duplicate callback) changes nothing: delivered stays delivered.
    const settles = !isDelivered(order)
    if (settles && result.success && canTransition(order, 'completeRecharge')) {
      const closesApplication = order.lifePayOrderStatus === LifePayOrderStatus.RefundPendingReview
      await transitionOrder(
        tx,
        order,
        'completeRecharge',
        {
          finishTime: now,
          supplierResult,
          supplierOrderNo: result.supplierOrderNo,
          updatedTime: now,
          ...(closesApplication ? { refundCheckRemark: DELIVERED_DURING_REVIEW_REMARK } : {}),
        },
        ctx,
      )
      return null
    }
    if (settles && !result.success && canTransition(order, 'failRecharge')) {
      await failRechargeLocked(ctx, tx, order, RECHARGE_FAILED_REMARK)
    }
    // Whatever state the order is in, the operator sees the supplier's word.
    await updateOrderColumns(tx, order, { supplierResult, supplierOrderNo: result.supplierOrderNo })
    return null
  })
}

/**
 * supplierAnswerMismatch's rules as the fast path's condition on the order row: one that fails them is left to the
 * locked path, which names why.
 */
function believedIn(result: RechargeResult, band: { minPercent: number; maxPercent: number }): SQL {
  const conditions = [
    sql`(${lifePayOrders.supplierOrderNo} is null or ${lifePayOrders.supplierOrderNo} = ${result.supplierOrderNo})`,
  ]
  if (result.account != null) conditions.push(sql`${lifePayOrders.account} = ${result.account}`)
  if (result.costFen != null) {
    conditions.push(
      sql`${result.costFen * 100}::bigint between ${lifePayOrders.parValueFen}::bigint * ${band.minPercent} and ${lifePayOrders.parValueFen}::bigint * ${band.maxPercent}`,
    )
  }
  return and(...conditions) as SQL
}

/**
 * The supplier's results of many orders at once (issue 21: a batch of its callbacks), per result `done` or `alone`.
 * The common case only, in one transaction for the batch: a success for an order waiting on its recharge completes
 * it (the transition takes the row locks itself) and settles its attempt. Anything else — a failure, an order not
 * waiting (a refund application, already delivered), a second result for an order of the batch — is `alone`:
 * handleRechargeResult decides it under its order's lock, as if the batch had not been.
 */
export async function handleRechargeResults(ctx: AppContext, results: RechargeResult[]): Promise<('done' | 'alone')[]> {
  const firsts = results.filter(
    (result, n) => result.success && results.findIndex((other) => other.orderNo === result.orderNo) === n,
  )
  if (firsts.length === 0) return results.map(() => 'alone')
  const moved = await orderTransaction(ctx, async (tx) => {
    const now = ctx.clock.now()
    const completed = await transitionOrdersFrom(
      tx,
      AWAITING_RECHARGE,
      'completeRecharge',
      {
        input: sql`select * from unnest(${sql.param(firsts.map((r) => r.orderNo))}::text[],
          ${sql.param(firsts.map((r) => r.supplierOrderNo))}::text[]) as i(order_no, supplier_order_no)`,
        set: sql`finish_time = ${now}::timestamptz, supplier_result = 'success', supplier_order_no = i.supplier_order_no,
          updated_time = ${now}::timestamptz`,
        // A result for another supplier order than the one accepted is left alone: handleRechargeResult refuses it.
        onlyIf: sql`o.supplier_result is distinct from 'success' and (o.supplier_order_no is null or o.supplier_order_no = i.supplier_order_no)`,
      },
      ctx,
    )
    const byOrderNo = new Map(firsts.map((result) => [result.orderNo, result]))
    await recordRechargeResults(
      tx,
      completed.map((order) => ({ ...byOrderNo.get(order.orderNo)!, orderId: order.id })),
      now,
    )
    return new Set(completed.map((order) => order.orderNo))
  })
  return results.map((result) => (firsts.includes(result) && moved.has(result.orderNo) ? 'done' : 'alone'))
}

/**
 * Marks the attempt this run makes (or finishes one a crashed run left `submitting`: the supplier dedupes on our
 * order number), or null when there is nothing to submit: delivered, refunded, an application under review, or the
 * supplier already holds it. The supplier is asked about the attempt later in the same transaction, before it is
 * called: whatever the call's fate (accepted, timed out, the process gone), the question is already queued, and a
 * refused attempt's question finds nothing in flight and ends. With nothing to submit the job ends under the order's
 * lock, so a rejection after it sees the chain ended and resumes it (rechargeOwed.ts resumeRecharge).
 */
async function claimAttempt(
  ctx: AppContext,
  orderNo: string,
  job: Pick<JobRow, 'id'>,
): Promise<{ order: OrderRow; attempt: Pick<RechargeAttemptRow, 'orderId' | 'attemptNo'> } | null> {
  return orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderNo)
    if (!order) {
      await ctx.jobs.doneIn(tx, [job])
      return null
    }
    // Round 0 of its question, queued in the attempt's own statement (issue 21: one statement instead of three).
    const { runAt, dedupePrefix } = queryTiming(ctx, orderNo, 0)
    const attempt = await startOrResumeAttempt(tx, order.id, mayStartAttempt(order), ctx.clock.now(), (chosen) =>
      ctx.jobs.enqueueFrom(
        RECHARGE_QUERY_JOB,
        chosen,
        sql`jsonb_build_object('orderNo', ${orderNo}::text, 'attemptNo', attempt_no, 'round', 0)`,
        { runAt, dedupeKey: sql`${dedupePrefix} || attempt_no || ':0'` },
      ),
    )
    if (!attempt) {
      await ctx.jobs.doneIn(tx, [job])
      return null
    }
    ctx.jobs.enqueued({ runAt })
    return { order, attempt }
  })
}

/** When round `round` of the question about an attempt of `orderNo` runs; its dedupe key up to the attempt's number. */
function queryTiming(ctx: AppContext, orderNo: string, round: number) {
  const { supplierQueryAfterMs: after, supplierQueryMaxIntervalMs: cap } = ctx.config
  const delay = Math.min(cap, after * 2 ** round)
  return { runAt: new Date(ctx.clock.now().getTime() + delay), dedupePrefix: `${RECHARGE_QUERY_JOB}:${orderNo}:` }
}

/**
 * Asks the supplier about this attempt later, in case its callback never comes; in the caller's transaction. One job
 * per attempt and round, so a retried submission does not ask twice.
 */
async function scheduleQuery(ctx: AppContext, executor: Executor, job: QueryJob): Promise<void> {
  const { runAt, dedupePrefix } = queryTiming(ctx, job.orderNo, job.round)
  await ctx.jobs.enqueue(executor, RECHARGE_QUERY_JOB, job, {
    runAt,
    dedupeKey: `${dedupePrefix}${job.attemptNo}:${job.round}`,
  })
}

/**
 * The callback-lost case: the supplier's own record settles the attempt when it has a final word; processing,
 * unknown (its error, an unsigned answer) or not found ask again later, never refund.
 */
async function queryRecharge(ctx: AppContext, job: QueryJob, context: JobContext): Promise<void> {
  const [order] = await ctx.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, job.orderNo))
  const attempt = order && (await attemptInFlight(ctx.db, order.id))
  if (!attempt || attempt.attemptNo !== job.attemptNo) return
  const answer = await ctx.providers.supplier.query(job.orderNo)
  if (answer.status === 'succeeded' || answer.status === 'failed') {
    const { supplierOrderNo, reason, account, costFen } = answer
    const success = answer.status === 'succeeded'
    const refused = await handleRechargeResult(
      ctx,
      { orderNo: job.orderNo, supplierOrderNo, success, reason, account, costFen },
      job,
    )
    if (refused === null) return
    // Not the order's submission (another supplier order, account or charge): never settled on it, asked again.
    context.log.error({ orderNo: job.orderNo, answer: answer.status, refused }, 'supplier query answer not believed')
  }
  if (ctx.clock.now().getTime() - attempt.startTime.getTime() >= RECHARGE_QUERY_GIVE_UP_MS) {
    context.log.error(
      { orderNo: job.orderNo, answer: answer.status },
      'supplier still has no result: left to the operator',
    )
    return
  }
  context.log.info({ orderNo: job.orderNo, answer: answer.status, round: job.round }, 'no recharge result yet')
  await scheduleQuery(ctx, ctx.db, { ...job, round: job.round + 1 })
}

/** The order lifecycle's background work, as durable jobs. */
export function defineOrderJobs(ctx: AppContext): void {
  ctx.jobs.define<OrderJob>({
    kind: RECHARGE_SUBMIT_JOB,
    priority: JobPriority.paidOrder,
    batch: {
      size: RECHARGE_BATCH_SIZE,
      handle: (jobs) => submitBatch(ctx, jobs, queryTiming(ctx, '', 0).runAt),
    },
    async handle({ orderNo }, { job }) {
      const claimed = await claimAttempt(ctx, orderNo, job)
      if (!claimed) return
      const { order, attempt } = claimed
      let supplierOrderNo: string
      try {
        ;({ supplierOrderNo } = await ctx.providers.supplier.submit(rechargeRequestOf(order)))
      } catch (error) {
        // Refused: the supplier does not have it. Anything else (a timeout) leaves the attempt in flight: the
        // supplier may have taken it, and the retry resubmits the same order number to learn which (should every
        // retry go the same way, the query claimAttempt queued learns whether it took it).
        if (error instanceof SupplierUnavailableError) {
          await refuseSubmission(ctx.db, attempt, error.message, ctx.clock.now())
        }
        throw error
      }
      await acceptSubmission(ctx, order, attempt, supplierOrderNo)
    },
    // The supplier never took it: the user gets the money back rather than waiting forever. An attempt whose fate
    // is unknown (a timeout on the last try) is not refunded blindly: the failed job waits for the operator.
    async onExhausted({ orderNo }) {
      await orderTransaction(ctx, async (tx) => {
        const order = await lockOrder(tx, orderNo)
        if (!order || isDelivered(order) || !canTransition(order, 'failRecharge')) return
        if (await attemptInFlight(tx, order.id)) return
        await failRechargeLocked(ctx, tx, order, SUPPLIER_UNAVAILABLE_REMARK)
      })
    },
  })

  ctx.jobs.define<QueryJob>({
    kind: RECHARGE_QUERY_JOB,
    handle: (job, context) => queryRecharge(ctx, job, context),
  })

  ctx.jobs.define<OrderJob>({
    kind: REFUND_AUTO_JOB,
    priority: JobPriority.paidOrder,
    async handle({ orderNo }) {
      await payBackOrder(ctx, orderNo, 'refundAutomatically')
    },
  })

  // An approval's payback when its own call after the approval failed or never finished; nothing once refunded.
  ctx.jobs.define<OrderJob>({
    kind: REFUND_APPROVED_JOB,
    priority: JobPriority.paidOrder,
    async handle({ orderNo }) {
      await payBackOrder(ctx, orderNo, 'approveRefund')
    },
  })
}
