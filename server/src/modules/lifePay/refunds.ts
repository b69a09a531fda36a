import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { LifePayOrderStatus } from '../../../../src/domain/lifePayStatus'
import { ApiError } from '../../http/apiError'
import { errors } from '../../http/errors'
import { canTransition } from '../../../../src/domain/orderTransitions'
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
 * Pays an order back through the payment provider, then records it (pay 40 / order 50). The provider call is
 * idempotent on the refund number, so a retry after a crash pays back once. Null when the order is not in a
 * state this event refunds from.
 */
export async function payBackOrder(
  ctx: AppContext,
  orderNo: string,
  event: PayBackEvent,
  remark?: string,
): Promise<OrderRow | null> {
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
        ...(remark !== undefined ? { refundCheckRemark: remark } : {}),
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
  /** The voucher image the reviewer attached (already checked to be in our bucket's voucher folder). */
  voucherUrl?: string
  /** The operator has seen that the supplier reported the top-up delivered, and refunds anyway. */
  acknowledgeDelivered?: boolean
}

/**
 * Operator approves: the money goes back (order 50, pay 40). Refused while the supplier may still deliver (an
 * attempt in flight), and for a top-up the supplier reported delivered unless the operator says so. The approval is
 * claimed under the order's lock (its refund number set) before the provider is called, so a rejection cannot slip
 * in between and resume a recharge for an order whose money is already on its way back.
 */
export async function approveRefund(
  ctx: AppContext,
  orderNo: string,
  options: ApproveRefundOptions = {},
): Promise<OrderRow> {
  await orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderNo)
    if (!order || !canTransition(order, 'approveRefund')) throw errors.refundNotPendingReview()
    if (await attemptInFlight(tx, order.id)) throw errors.rechargeResultPending()
    if (isDelivered(order) && !options.acknowledgeDelivered) throw errors.rechargeDelivered()
    await updateOrderColumns(tx, order, {
      refundNo: order.refundNo ?? refundNoOf(orderNo),
      refundCheckTime: ctx.clock.now(),
      ...(options.voucherUrl !== undefined ? { refundCredentialsImgUrl: options.voucherUrl } : {}),
    })
  })
  const refunded = await payBackOrder(ctx, orderNo, 'approveRefund', options.remark).catch((error: unknown) => {
    if (error instanceof ApiError) throw error
    // The provider did not pay back (unreachable, past its deadline, an error answer): the approval stays claimed,
    // and approving again asks with the same refund number, which pays back once.
    ctx.log.error({ err: error, orderNo }, 'payment provider failed to refund an approved order')
    throw errors.providerUnavailable()
  })
  if (!refunded) throw errors.refundNotPendingReview()
  return refunded
}

/**
 * Operator rejects with a reason: refund failed (order 60), the order is paid again (pay 20), and a recharge still
 * owed resumes: its result settles the order (delivered, or refunded automatically).
 */
export async function rejectRefund(ctx: AppContext, orderNo: string, reason: string): Promise<OrderRow> {
  return orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderNo)
    // An approval already claimed the refund: the money is on its way back.
    if (!order || !canTransition(order, 'rejectRefund') || order.refundNo) throw errors.refundNotPendingReview()
    const rejected = await transitionOrder(
      tx,
      order,
      'rejectRefund',
      { refundCheckRemark: reason.trim(), refundCheckTime: ctx.clock.now(), updatedTime: ctx.clock.now() },
      ctx,
    )
    await resumeRecharge(ctx, tx, rejected)
    return rejected
  })
}
