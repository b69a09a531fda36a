import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { LifePayOrderStatus } from '../../../../src/domain/lifePayStatus'
import { errors } from '../../http/errors'
import { canTransition } from '../../../../src/domain/orderTransitions'
import { transitionOrder } from './orderStateMachine'
import { lockOrder } from './orders'
import { orderTransaction } from './orderWrites'
import type { OrderRow } from './orderView'

type PayBackEvent = 'refundAutomatically' | 'approveRefund'

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
  const refundNo = `${order.orderNo}R`
  await ctx.providers.payment.refund({
    orderNo,
    refundNo,
    amountFen: order.payAmountFen,
    transactionId: order.transactionId,
  })
  return orderTransaction(ctx, async (tx) => {
    const locked = await lockOrder(tx, orderNo)
    if (!locked || !canTransition(locked, event)) return null
    const now = ctx.clock.now()
    return transitionOrder(
      tx,
      locked,
      event,
      { refundNo, refundTime: now, updatedTime: now, ...(remark !== undefined ? { refundCheckRemark: remark } : {}) },
      ctx.log,
    )
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

/** Operator approves: the money goes back (order 50, pay 40). */
export async function approveRefund(ctx: AppContext, orderNo: string, remark?: string): Promise<OrderRow> {
  const refunded = await payBackOrder(ctx, orderNo, 'approveRefund', remark)
  if (!refunded) throw errors.refundNotPendingReview()
  return refunded
}

/** Operator rejects with a reason: refund failed (order 60), the order is paid again (pay 20). */
export async function rejectRefund(ctx: AppContext, orderNo: string, reason: string): Promise<OrderRow> {
  return orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderNo)
    if (!order || !canTransition(order, 'rejectRefund')) throw errors.refundNotPendingReview()
    return transitionOrder(
      tx,
      order,
      'rejectRefund',
      { refundCheckRemark: reason.trim(), updatedTime: ctx.clock.now() },
      ctx.log,
    )
  })
}
