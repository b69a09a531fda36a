import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Tx } from '../../db/database'
import { lifePayOrders } from '../../db/schema'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { ApiError } from '../../http/apiError'
import { errors } from '../../http/errors'
import { canTransition } from '@domain/orderTransitions'
import { REFUND_APPROVED_JOB } from './jobKinds'
import { transitionOrder } from './orderStateMachine'
import { lockOrder } from './orderLock'
import { orderTransaction, updateOrderColumns } from './orderWrites'
import { paymentFor } from './paymentFor'
import { queueRefundCheck } from '../money/refundConfirmation'
import { attemptInFlight } from './rechargeAttempts'
import { isDelivered, resumeRecharge } from './rechargeOwed'
import type { OrderRow } from './orderView'

type PayBackEvent = 'refundAutomatically' | 'approveRefund'

/** One refund number per order: the provider pays back once whatever the number of calls. */
export const refundNoOf = (orderNo: string) => `${orderNo}R`

/**
 * How long an approval's refund job waits before it pays back: the approval's own call, right after its transaction,
 * goes first; the job pays back only when that call failed or never finished (the process gone).
 */
export const APPROVED_REFUND_JOB_DELAY_MS = 60_000

/**
 * Pays an order back through the payment provider, then records it (pay 40 / order 50). The provider call is
 * idempotent on the refund number, so a retry after a crash pays back once. Null when the order is not in a
 * state this event refunds from.
 */
export async function payBackOrder(ctx: AppContext, orderNo: string, event: PayBackEvent): Promise<OrderRow | null> {
  const [order] = await ctx.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
  if (!order || !canTransition(order, event)) return null
  const refundNo = order.refundNo ?? refundNoOf(orderNo)
  // The provider that took the money pays it back (the notification recorded its pay type on the order).
  await paymentFor(ctx, order.lifePayType).refund({
    outTradeNo: order.outTradeNo ?? orderNo,
    refundNo,
    amountFen: order.payAmountFen,
    transactionId: order.transactionId,
  })
  return orderTransaction(ctx, async (tx) => {
    const locked = await lockOrder(tx, orderNo)
    if (!locked || !canTransition(locked, event)) return null
    const now = ctx.clock.now()
    // Refunded, and `processing` until the provider says the money arrived (docs/money.md § Refunds).
    const refunded = await transitionOrder(
      tx,
      locked,
      event,
      {
        refundNo,
        refundTime: now,
        refundStatus: 'processing',
        refundStatusTime: now,
        updatedTime: now,
      },
      ctx,
    )
    await queueRefundCheck(ctx, tx, { target: 'order', ref: orderNo })
    return refunded
  })
}

/** Operator: refunds waiting for review, oldest application first. */
export async function refundsPendingReview(ctx: AppContext): Promise<OrderRow[]> {
  return ctx.db
    .select()
    .from(lifePayOrders)
    .where(eq(lifePayOrders.lifePayOrderStatus, LifePayOrderStatus.RefundPendingReview))
    .orderBy(asc(lifePayOrders.refundApplyTime))
}

export interface ApproveRefundOptions {
  remark?: string
  /** The voucher image the reviewer attached (already checked: modules/operator/refundVoucher.ts). */
  voucherUrl?: string
  /** The operator has seen that the supplier reported the top-up delivered, and refunds anyway. */
  acknowledgeDelivered?: boolean
}

/**
 * The operator's approval, in the caller's transaction (where its audit row is written): refused while the supplier
 * may still deliver (an attempt in flight), and for a top-up the supplier reported delivered unless the operator
 * says so. The refund is claimed under the order's lock (its refund number, the review's words and voucher), so a
 * rejection cannot slip in and resume a recharge for an order whose money is on its way back, and its payback is
 * queued with it (REFUND_APPROVED_JOB): the decision and the money step it commits to are written together, the
 * provider is called after the commit (payBackApproved). Answers the order as claimed.
 */
export async function approveRefund(
  ctx: AppContext,
  tx: Tx,
  orderNo: string,
  options: ApproveRefundOptions = {},
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderNo)
  if (!order || !canTransition(order, 'approveRefund')) throw errors.refundNotPendingReview()
  if (await attemptInFlight(tx, order.id)) throw errors.rechargeResultPending()
  if (isDelivered(order) && !options.acknowledgeDelivered) throw errors.rechargeDelivered()
  const now = ctx.clock.now()
  const claim = {
    refundNo: order.refundNo ?? refundNoOf(orderNo),
    refundCheckTime: now,
    ...(options.remark !== undefined ? { refundCheckRemark: options.remark } : {}),
    ...(options.voucherUrl !== undefined ? { refundCredentialsImgUrl: options.voucherUrl } : {}),
  }
  await updateOrderColumns(tx, order, claim)
  await ctx.jobs.enqueue(
    tx,
    REFUND_APPROVED_JOB,
    { orderNo },
    {
      runAt: new Date(now.getTime() + APPROVED_REFUND_JOB_DELAY_MS),
      dedupeKey: `${REFUND_APPROVED_JOB}:${orderNo}`,
    },
  )
  return { ...order, ...claim }
}

/**
 * After an approval commits: the money goes back now (order 50, pay 40). The provider failing (unreachable, past its
 * deadline, an error answer) is answered as such; the approval stands, and its job pays back later with the same
 * refund number (so does approving again), which pays back once.
 */
export async function payBackApproved(ctx: AppContext, orderNo: string): Promise<OrderRow> {
  const refunded = await payBackOrder(ctx, orderNo, 'approveRefund').catch((error: unknown) => {
    if (error instanceof ApiError) throw error
    ctx.log.error({ err: error, orderNo }, 'payment provider failed to refund an approved order')
    throw errors.providerUnavailable()
  })
  if (!refunded) throw errors.refundNotPendingReview()
  return refunded
}

/**
 * Operator rejects with a reason, in the caller's transaction: refund failed (order 60), the order is paid again
 * (pay 20), and a recharge still owed resumes: its result settles the order (delivered, or refunded automatically).
 */
export async function rejectRefund(ctx: AppContext, tx: Tx, orderNo: string, reason: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderNo)
  // An approval already claimed the refund: the money is on its way back.
  if (!order || !canTransition(order, 'rejectRefund') || order.refundNo) throw errors.refundNotPendingReview()
  const now = ctx.clock.now()
  const rejected = await transitionOrder(
    tx,
    order,
    'rejectRefund',
    { refundCheckRemark: reason.trim(), refundCheckTime: now, updatedTime: now },
    ctx,
  )
  await resumeRecharge(ctx, tx, rejected)
  return rejected
}
