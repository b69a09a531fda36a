import { and, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Tx } from '../../db/database'
import { lifePayOrders } from '../../db/schema'
import { errors } from '../../http/errors'
import type { PaymentNotification } from '../../providers/payment'
import { RECHARGE_SUBMIT_JOB, REFUND_AUTO_JOB } from './jobKinds'
import { canTransition, initialOrderState } from '../../../../src/domain/orderTransitions'
import { transitionOrder, transitionOrderFrom } from './orderStateMachine'
import { lockOrder } from './orders'
import { orderTransaction } from './orderWrites'
import { SystemRemark, systemRemarkText } from '../../../../src/domain/systemRemark'

export const PAID_AFTER_CLOSE_REMARK = systemRemarkText(SystemRemark.PaidAfterClose)

/**
 * The common case in one statement (issue 21): the first delivery for an order waiting for its payment, of the amount
 * it asks. The transition takes the order's row lock itself and queues the recharge in the same statement; false
 * when it did not apply (nothing written), and the caller decides under the lock as before.
 */
async function payWaitingOrder(ctx: AppContext, tx: Tx, notification: PaymentNotification): Promise<boolean> {
  const now = ctx.clock.now()
  const submitKey = `${RECHARGE_SUBMIT_JOB}:`
  const moved = await transitionOrderFrom(
    tx,
    notification.orderNo,
    initialOrderState,
    'pay',
    {
      transactionId: notification.transactionId,
      payTime: notification.paidAt,
      lifePayType: notification.lifePayType,
      updatedTime: now,
    },
    ctx,
    {
      onlyIf: and(
        eq(lifePayOrders.payAmountFen, notification.amountFen),
        sql`${lifePayOrders.transactionId} is distinct from ${notification.transactionId}`,
      ),
      alongside: ctx.jobs.enqueueFrom(RECHARGE_SUBMIT_JOB, sql`updated`, sql`jsonb_build_object('orderNo', order_no)`, {
        dedupeKey: sql`${submitKey}::text || order_no`,
      }),
    },
  )
  return moved !== null
}

/**
 * A verified payment notification. Paid exactly once however often it arrives: under the order's row lock, the
 * first delivery moves it to paid and enqueues its recharge in the same transaction; later ones find it paid.
 * Only after this commits does the provider get its acknowledgement (and it redelivers until it does).
 */
export async function handlePaymentNotification(
  ctx: AppContext,
  notification: PaymentNotification,
): Promise<'recorded' | 'duplicate'> {
  const outcome = await orderTransaction(ctx, async (tx): Promise<'recorded' | 'duplicate'> => {
    if (await payWaitingOrder(ctx, tx, notification)) return 'recorded'
    // Anything else (a repeat, another amount, a closed or unknown order): the lock first, then the decision.
    const order = await lockOrder(tx, notification.orderNo)
    if (!order) throw errors.orderNotFound()
    if (notification.amountFen !== order.payAmountFen) {
      ctx.log.error(
        { orderNo: order.orderNo, notified: notification.amountFen, expected: order.payAmountFen },
        'payment amount mismatch',
      )
      throw errors.paymentNotificationInvalid()
    }
    if (order.transactionId === notification.transactionId) return 'duplicate'
    const now = ctx.clock.now()
    const paid = {
      transactionId: notification.transactionId,
      payTime: notification.paidAt,
      lifePayType: notification.lifePayType,
      updatedTime: now,
    }
    if (canTransition(order, 'pay')) {
      await transitionOrder(tx, order, 'pay', paid, ctx)
      await ctx.jobs.enqueue(
        tx,
        RECHARGE_SUBMIT_JOB,
        { orderNo: order.orderNo },
        { dedupeKey: `${RECHARGE_SUBMIT_JOB}:${order.orderNo}` },
      )
    } else if (canTransition(order, 'payAfterClose')) {
      await transitionOrder(tx, order, 'payAfterClose', { ...paid, refundCheckRemark: PAID_AFTER_CLOSE_REMARK }, ctx)
      await ctx.jobs.enqueue(
        tx,
        REFUND_AUTO_JOB,
        { orderNo: order.orderNo },
        { dedupeKey: `${REFUND_AUTO_JOB}:${order.orderNo}` },
      )
    } else {
      // A second, different payment of an order already paid: acknowledged and left to the operator (docs/server.md).
      ctx.log.error(
        { orderNo: order.orderNo, transactionId: notification.transactionId },
        'second payment for a paid order',
      )
    }
    return 'recorded'
  })
  ctx.jobs.kick()
  return outcome
}
