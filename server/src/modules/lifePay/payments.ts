import { sql } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { errors } from '../../http/errors'
import type { PaymentNotification } from '../../providers/payment'
import { RECHARGE_SUBMIT_JOB, REFUND_AUTO_JOB } from './jobKinds'
import { canTransition, initialOrderState } from '../../../../src/domain/orderTransitions'
import { GroupCommit } from '../../jobs/groupCommit'
import { transitionOrder, transitionOrdersFrom } from './orderStateMachine'
import { lockOrder } from './orders'
import { orderTransaction } from './orderWrites'
import { SystemRemark, systemRemarkText } from '../../../../src/domain/systemRemark'

export const PAID_AFTER_CLOSE_REMARK = systemRemarkText(SystemRemark.PaidAfterClose)

/**
 * The common case, for every notification arriving while the previous group is being written (GroupCommit, issue 21):
 * the first delivery for an order waiting for its payment, of the amount it asks. The transition takes each order's
 * row lock itself and queues its recharge in the same statement, one statement and one transaction for the group.
 * Per notification, whether its order moved; one that did not (nothing written for it, or its order locked by
 * another transaction) is decided under the lock as before, and so is a second notification for an order already in
 * the group.
 */
async function payWaitingOrders(ctx: AppContext, notifications: PaymentNotification[]): Promise<boolean[]> {
  const first = notifications.filter(
    (notification, n) => notifications.findIndex((other) => other.orderNo === notification.orderNo) === n,
  )
  const now = ctx.clock.now()
  const submitKey = `${RECHARGE_SUBMIT_JOB}:`
  const moved = await orderTransaction(ctx, (tx) =>
    transitionOrdersFrom(
      tx,
      initialOrderState,
      'pay',
      {
        input: sql`select * from unnest(${sql.param(first.map((n) => n.orderNo))}::text[],
          ${sql.param(first.map((n) => n.transactionId))}::text[], ${sql.param(first.map((n) => n.amountFen))}::int[],
          ${sql.param(first.map((n) => n.paidAt.toISOString()))}::timestamptz[], ${sql.param(first.map((n) => n.lifePayType))}::int[])
          as i(order_no, transaction_id, amount_fen, pay_time, life_pay_type)`,
        set: sql`transaction_id = i.transaction_id, pay_time = i.pay_time, life_pay_type = i.life_pay_type,
          updated_time = ${now}::timestamptz`,
        onlyIf: sql`o.pay_amount_fen = i.amount_fen and o.transaction_id is distinct from i.transaction_id`,
        // An order someone holds locked (e.g. preparing its payment with the provider) would hold up the group and
        // every group after it: it is left out, and its notification waits for that one order on the path below.
        skipLocked: true,
        alongside: ctx.jobs.enqueueFrom(
          RECHARGE_SUBMIT_JOB,
          sql`updated`,
          sql`jsonb_build_object('orderNo', order_no)`,
          { dedupeKey: sql`${submitKey}::text || order_no` },
        ),
      },
      ctx,
    ),
  )
  const paid = new Set(moved.map((order) => order.orderNo))
  return notifications.map((notification) => first.includes(notification) && paid.has(notification.orderNo))
}

const waitingPayments = new WeakMap<AppContext, GroupCommit<PaymentNotification, boolean>>()

function payWaitingOrder(ctx: AppContext, notification: PaymentNotification): Promise<boolean> {
  let group = waitingPayments.get(ctx)
  if (!group) waitingPayments.set(ctx, (group = new GroupCommit((batch) => payWaitingOrders(ctx, batch))))
  return group.add(notification)
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
  const paid = await payWaitingOrder(ctx, notification).catch((error: unknown) => {
    // Nothing of the group was written: this notification takes the path below, under its order's lock.
    ctx.log.warn({ err: error, orderNo: notification.orderNo }, 'payment group not written, paying alone')
    return false
  })
  if (paid) {
    ctx.jobs.kick()
    return 'recorded'
  }
  const outcome = await orderTransaction(ctx, async (tx): Promise<'recorded' | 'duplicate'> => {
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
