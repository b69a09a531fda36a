import { eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Tx } from '../../db/database'
import { lifePayOrders, orphanPayments } from '../../db/schema'
import { orderNoOfOutTradeNo } from '../money/paymentAttempts'
import { settleOrphanRefund } from '../money/refundConfirmation'
import { errors } from '../../http/errors'
import type { RefundNotification } from '../../providers/payment'
import { lockOrder } from './orderLock'
import type { OrderRow } from './orderView'
import { orderTransaction, updateOrderColumns } from './orderWrites'
import { refundNoOf } from './refunds'

/** Refund outcomes where the money did NOT go back: the operator returns it another way (docs/deploy.md). */
export const REFUND_NOT_RETURNED = ['abnormal', 'closed'] as const

/**
 * A verified refund notification: the refund's final state recorded on its order, once. The order counted as
 * refunded when the provider accepted the refund; an abnormal or closed refund leaves it so (no recharge may start
 * again) but marked, listed for the operator (GET /api/admin/refunds/not-returned) and flagged by reconciliation.
 */
export async function handleRefundNotification(
  ctx: AppContext,
  notification: RefundNotification,
): Promise<'recorded' | 'duplicate'> {
  // An orphan payment's refund (its own refund number, never an order's).
  const [orphan] = await ctx.db.select().from(orphanPayments).where(eq(orphanPayments.refundNo, notification.refundNo))
  if (orphan) {
    if (notification.outTradeNo !== orphan.outTradeNo || notification.amountFen !== orphan.amountFen) {
      ctx.log.error({ refundNo: notification.refundNo }, 'orphan refund notification mismatch')
      throw errors.paymentNotificationInvalid()
    }
    const returned = notification.status === 'succeeded'
    const settled = await settleOrphanRefund(
      ctx,
      ctx.db,
      orphan.id,
      returned ? 'succeeded' : 'failed',
      returned ? null : `WeChat Pay: refund ${notification.status}`,
    )
    return settled ? 'recorded' : 'duplicate'
  }
  return orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderNoOfOutTradeNo(notification.outTradeNo))
    if (!order) throw errors.orderNotFound()
    // Our refund number for this order (set by the approval, or the automatic refund's own), the payment it
    // returns, and the whole amount.
    const refundNo = order.refundNo ?? refundNoOf(order.orderNo)
    if (
      notification.refundNo !== refundNo ||
      notification.outTradeNo !== (order.outTradeNo ?? order.orderNo) ||
      notification.amountFen !== order.payAmountFen
    ) {
      ctx.log.error({ orderNo: order.orderNo, refundNo: notification.refundNo }, 'refund notification mismatch')
      throw errors.paymentNotificationInvalid()
    }
    // Already recorded — or already settled by the operator, whose word a late redelivery must not undo.
    if (order.refundStatus === notification.status || order.refundStatus === 'returnedManually') return 'duplicate'
    if (notification.status !== 'succeeded') {
      ctx.log.error({ orderNo: order.orderNo, status: notification.status }, 'refund did not return the money')
    }
    await updateOrderColumns(tx, order, {
      refundStatus: notification.status,
      refundStatusTime: notification.at,
      updatedTime: ctx.clock.now(),
    })
    return 'recorded'
  })
}

/**
 * Operator: the money a failed refund kept has been returned another way (WeChat's abnormal refund to another
 * account, a transfer), with how — the order leaves the not-returned list and counts as money returned. In the
 * caller's transaction, where its audit row is written.
 */
export async function markRefundReturned(ctx: AppContext, tx: Tx, orderNo: string, remark: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderNo)
  if (!order) throw errors.orderNotFound()
  if (!(REFUND_NOT_RETURNED as readonly (string | null)[]).includes(order.refundStatus)) {
    throw errors.badRequest('this order has no refund that ended abnormal or closed')
  }
  const now = ctx.clock.now()
  const changes = {
    refundStatus: 'returnedManually',
    refundStatusTime: now,
    refundReturnedRemark: remark.trim(),
    updatedTime: now,
  }
  await updateOrderColumns(tx, order, changes)
  return { ...order, ...changes }
}

/** Operator: refunds the provider reported abnormal or closed, whose money is still with us, oldest first. */
export async function refundsNotReturned(ctx: AppContext): Promise<OrderRow[]> {
  return ctx.db
    .select()
    .from(lifePayOrders)
    .where(inArray(lifePayOrders.refundStatus, [...REFUND_NOT_RETURNED]))
    .orderBy(lifePayOrders.refundStatusTime)
}
