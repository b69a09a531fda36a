import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { lifePayOrders, orphanPayments } from '../../db/schema'
import { JobPriority } from '../../jobs/jobQueue'
import { paymentFor } from '../lifePay/paymentFor'
import { orderTransaction, updateOrderColumns } from '../lifePay/orderWrites'
import { lockOrder } from '../lifePay/orderLock'

// A refund is money on its way back until the provider says it arrived (docs/money.md § Refunds): the order shows
// "refund in progress" (refundStatus `processing`) meanwhile. WeChat Pay answers a refund with PROCESSING and tells
// the outcome later (its refund notification, and its refund query); Alipay's refund query answers at once. Each
// refund is asked about until it is final: at once, then after growing pauses for three days, after which it is
// left to the operator (the day's reconciliation lists it).

export const REFUND_CONFIRM_JOB = 'refund.confirm'

/** The pauses before each check of a refund still processing: 1 min up to 6 h, about three days in all. */
const CHECK_DELAYS_MS = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000]
const MAX_ROUNDS = CHECK_DELAYS_MS.length + 10

export interface RefundCheck {
  target: 'order' | 'orphan'
  /** The order number, or the orphan payment's id. */
  ref: string
  round?: number
}

/** Queues the check of a refund just asked for, in the caller's transaction. */
export async function queueRefundCheck(ctx: AppContext, tx: Executor, check: RefundCheck): Promise<void> {
  const round = check.round ?? 0
  const delay = CHECK_DELAYS_MS[Math.min(round, CHECK_DELAYS_MS.length - 1)]
  await ctx.jobs.enqueue(
    tx,
    REFUND_CONFIRM_JOB,
    { ...check, round },
    {
      runAt: new Date(ctx.clock.now().getTime() + delay),
      dedupeKey: `${REFUND_CONFIRM_JOB}:${check.target}:${check.ref}:${round}`,
    },
  )
}

/** What is refunded, by whom, and whether it still waits for the provider's word. */
async function refundOf(ctx: AppContext, { target, ref }: RefundCheck) {
  if (target === 'order') {
    const [order] = await ctx.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, ref))
    if (!order?.refundNo || order.refundStatus !== 'processing') return null
    return { lifePayType: order.lifePayType, refundNo: order.refundNo, outTradeNo: order.outTradeNo ?? order.orderNo }
  }
  const [orphan] = await ctx.db.select().from(orphanPayments).where(eq(orphanPayments.id, ref))
  if (!orphan || orphan.status !== 'refunding' || !orphan.refundTime) return null
  return { lifePayType: orphan.lifePayType, refundNo: orphan.refundNo, outTradeNo: orphan.outTradeNo }
}

/** The provider's final word on an order's refund, recorded once (a later redelivery changes nothing). */
export async function settleOrderRefund(
  ctx: AppContext,
  orderNo: string,
  status: 'succeeded' | 'abnormal' | 'closed',
  at: Date,
): Promise<'recorded' | 'duplicate'> {
  return orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderNo)
    // Already final — or settled by the operator, whose word a late answer must not undo.
    if (!order || (order.refundStatus !== 'processing' && order.refundStatus !== null)) return 'duplicate'
    if (status !== 'succeeded') ctx.log.error({ orderNo, status }, 'refund did not return the money')
    await updateOrderColumns(tx, order, { refundStatus: status, refundStatusTime: at, updatedTime: ctx.clock.now() })
    return 'recorded'
  })
}

/** The provider's final word on an orphan's refund (its refund query, or WeChat Pay's refund notification). */
export async function settleOrphanRefund(
  ctx: AppContext,
  executor: Executor,
  id: string,
  outcome: 'succeeded' | 'failed',
  remark: string | null = null,
): Promise<boolean> {
  const now = ctx.clock.now()
  const settled = await executor
    .update(orphanPayments)
    .set({
      status: outcome === 'succeeded' ? 'returned' : 'notReturned',
      refundRemark: remark,
      updatedTime: now,
    })
    .where(and(eq(orphanPayments.id, id), eq(orphanPayments.status, 'refunding')))
    .returning({ id: orphanPayments.id })
  if (settled.length > 0 && outcome === 'failed') {
    ctx.log.error({ orphanId: id, remark }, 'orphan payment refund did not return the money')
  }
  return settled.length > 0
}

async function checkRefund(ctx: AppContext, check: RefundCheck): Promise<void> {
  const refund = await refundOf(ctx, check)
  if (!refund) return
  const answer = await paymentFor(ctx, refund.lifePayType).queryRefund(refund.refundNo, refund.outTradeNo)
  const settled = answer.status === 'succeeded' || answer.status === 'failed'
  if (settled && check.target === 'order') {
    const at = answer.status === 'succeeded' ? (answer.refundedAt ?? ctx.clock.now()) : ctx.clock.now()
    await settleOrderRefund(ctx, check.ref, answer.status === 'succeeded' ? 'succeeded' : 'closed', at)
    return
  }
  if (settled) {
    await settleOrphanRefund(ctx, ctx.db, check.ref, answer.status === 'succeeded' ? 'succeeded' : 'failed')
    return
  }
  const round = (check.round ?? 0) + 1
  if (round >= MAX_ROUNDS) {
    ctx.log.error({ ...check, answer: answer.status }, 'refund still not confirmed: left to the operator')
    return
  }
  await queueRefundCheck(ctx, ctx.db, { ...check, round })
}

export function defineRefundConfirmation(ctx: AppContext): void {
  ctx.jobs.define<RefundCheck>({
    kind: REFUND_CONFIRM_JOB,
    priority: JobPriority.paidOrder,
    handle: (check) => checkRefund(ctx, check),
  })
}
