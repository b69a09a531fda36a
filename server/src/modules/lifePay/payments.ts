import { sql } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { PaymentNotification } from '../../providers/payment'
import { paymentAttempts } from '../../db/schema'
import { canTransition, initialOrderState, isClosedOrderState } from '@domain/orderTransitions'
import { GroupCommit } from '../../jobs/groupCommit'
import { RECHARGE_SUBMIT_JOB } from './jobKinds'
import { transitionOrder, transitionOrdersFrom } from './orderStateMachine'
import { lockOrder } from './orderLock'
import { orderTransaction } from './orderWrites'
import { AttemptStatus, markAttemptPaid, orderNoOfOutTradeNo } from '../money/paymentAttempts'
import { OrphanReason, recordOrphanPayment, type PaymentSource } from '../money/orphanPayments'
import { PAYMENT_ATTEMPTS_CLOSE_JOB } from '../money/jobKinds'

// Where money a provider took meets our orders (docs/money.md): every payment — notified, found by a query, or read
// off a provider's bill — goes through handlePaymentNotification. It pays the order it was for when that order is
// waiting for exactly this amount; anything else is an orphan payment, recorded and refunded automatically. Either
// way it is written before the provider is acknowledged, so an unanswered provider delivers again, never in vain.

const providerOf = (ctx: AppContext, payment: PaymentNotification) => ctx.config.payTypes[payment.lifePayType] ?? 'none'

/**
 * The common case, for every notification arriving while the previous group is being written (GroupCommit, issue 21):
 * the first delivery for an order waiting for its payment, of the amount it asks. The transition takes each order's
 * row lock itself and, in the same statement, queues its recharge, marks the attempt paid, and — only when the order
 * has another attempt still open — queues that attempt's close. Per notification, whether its order moved; one that
 * did not (nothing written for it, or its order locked by another transaction) is decided under the lock as before,
 * and so is a second notification for an order already in the group.
 */
async function payWaitingOrders(ctx: AppContext, notifications: PaymentNotification[]): Promise<boolean[]> {
  const orderNos = notifications.map((notification) => orderNoOfOutTradeNo(notification.outTradeNo))
  const first = notifications.filter((_, n) => orderNos.indexOf(orderNos[n]) === n)
  const firstOrderNos = first.map((notification) => orderNoOfOutTradeNo(notification.outTradeNo))
  const now = ctx.clock.now()
  const submitKey = `${RECHARGE_SUBMIT_JOB}:`
  const closeKey = `${PAYMENT_ATTEMPTS_CLOSE_JOB}:`
  const providers = first.map((notification) => providerOf(ctx, notification))
  const moved = await orderTransaction(ctx, (tx) =>
    transitionOrdersFrom(
      tx,
      initialOrderState,
      'pay',
      {
        input: sql`select * from unnest(${sql.param(firstOrderNos)}::text[],
          ${sql.param(first.map((n) => n.outTradeNo))}::text[],
          ${sql.param(first.map((n) => n.transactionId))}::text[], ${sql.param(first.map((n) => n.amountFen))}::int[],
          ${sql.param(first.map((n) => n.paidAt.toISOString()))}::timestamptz[], ${sql.param(first.map((n) => n.lifePayType))}::int[],
          ${sql.param(providers)}::text[])
          as i(order_no, out_trade_no, transaction_id, amount_fen, pay_time, life_pay_type, provider)`,
        set: sql`transaction_id = i.transaction_id, out_trade_no = i.out_trade_no, pay_time = i.pay_time,
          life_pay_type = i.life_pay_type, updated_time = ${now}::timestamptz`,
        onlyIf: sql`o.pay_amount_fen = i.amount_fen and o.transaction_id is distinct from i.transaction_id`,
        // An order someone holds locked (e.g. preparing its payment with the provider) would hold up the group and
        // every group after it: it is left out, and its notification waits for that one order on the path below.
        skipLocked: true,
        alongside: [
          ctx.jobs.enqueueFrom(RECHARGE_SUBMIT_JOB, sql`updated`, sql`jsonb_build_object('orderNo', order_no)`, {
            dedupeKey: sql`${submitKey}::text || order_no`,
          }),
          sql`insert into ${paymentAttempts} (life_pay_type, out_trade_no, order_id, order_no, provider, amount_fen, status,
              transaction_id, creation_time, paid_time)
            select u.life_pay_type, u.out_trade_no, u.id, u.order_no, i.provider, u.pay_amount_fen, ${AttemptStatus.Paid},
              u.transaction_id, u.pay_time, u.pay_time
            from updated u join i on i.order_no = u.order_no
            on conflict (life_pay_type, out_trade_no) do update
              set status = excluded.status, transaction_id = excluded.transaction_id, paid_time = excluded.paid_time`,
          ctx.jobs.enqueueFrom(
            PAYMENT_ATTEMPTS_CLOSE_JOB,
            sql`updated u where exists (select 1 from ${paymentAttempts} a where a.order_id = u.id
              and a.status = ${AttemptStatus.Open}
              and not (a.life_pay_type = u.life_pay_type and a.out_trade_no = u.out_trade_no))`,
            sql`jsonb_build_object('orderNo', u.order_no)`,
            { dedupeKey: sql`${closeKey}::text || u.order_no` },
          ),
        ],
      },
      ctx,
    ),
  )
  const paid = new Set(moved.map((order) => order.orderNo))
  return notifications.map(
    (notification) => first.includes(notification) && paid.has(orderNoOfOutTradeNo(notification.outTradeNo)),
  )
}

const waitingPayments = new WeakMap<AppContext, GroupCommit<PaymentNotification, boolean>>()

function payWaitingOrder(ctx: AppContext, notification: PaymentNotification): Promise<boolean> {
  let group = waitingPayments.get(ctx)
  if (!group) waitingPayments.set(ctx, (group = new GroupCommit((batch) => payWaitingOrders(ctx, batch))))
  return group.add(notification)
}

/** Why a payment cannot be the payment of `order` as it stands, or null when it can. */
function orphanReasonFor(
  order: { payStatus: number; lifePayOrderStatus: number; payAmountFen: number },
  payment: PaymentNotification,
): OrphanReason | null {
  if (canTransition(order, 'pay')) return payment.amountFen === order.payAmountFen ? null : OrphanReason.AmountDiffers
  return isClosedOrderState(order) ? OrphanReason.OrderClosed : OrphanReason.OrderAlreadyPaid
}

/**
 * A payment the provider took (a verified notification, its answer to a query, a line of its bill). Recorded exactly
 * once however often it arrives: under the order's row lock, it pays the order it was for — moved to paid, its
 * recharge queued, in the same transaction — when that order waits for exactly this amount; anything else (a second
 * payment, a closed or unknown order, another amount) is an orphan payment, recorded and refunded automatically, the
 * order untouched. Only after this commits does the provider get its acknowledgement.
 */
export async function handlePaymentNotification(
  ctx: AppContext,
  notification: PaymentNotification,
  source: PaymentSource = 'notification',
): Promise<'recorded' | 'duplicate' | 'orphan'> {
  const paid = await payWaitingOrder(ctx, notification).catch((error: unknown) => {
    // Nothing of the group was written: this notification takes the path below, under its order's lock.
    ctx.log.warn({ err: error, outTradeNo: notification.outTradeNo }, 'payment group not written, paying alone')
    return false
  })
  if (paid) {
    ctx.jobs.kick()
    return 'recorded'
  }
  const orderNo = orderNoOfOutTradeNo(notification.outTradeNo)
  const outcome = await orderTransaction(ctx, async (tx): Promise<'recorded' | 'duplicate' | 'orphan'> => {
    const order = await lockOrder(tx, orderNo)
    if (!order) {
      const recorded = await recordOrphanPayment(ctx, tx, notification, {
        orderNo: null,
        reason: OrphanReason.OrderUnknown,
        source,
      })
      return recorded === 'duplicate' ? 'duplicate' : 'orphan'
    }
    if (order.transactionId === notification.transactionId) return 'duplicate'
    const reason = orphanReasonFor(order, notification)
    await markAttemptPaid(tx, order, notification, providerOf(ctx, notification))
    if (reason) {
      const recorded = await recordOrphanPayment(ctx, tx, notification, { orderNo: order.orderNo, reason, source })
      return recorded === 'duplicate' ? 'duplicate' : 'orphan'
    }
    const now = ctx.clock.now()
    await transitionOrder(
      tx,
      order,
      'pay',
      {
        transactionId: notification.transactionId,
        outTradeNo: notification.outTradeNo,
        payTime: notification.paidAt,
        lifePayType: notification.lifePayType,
        updatedTime: now,
      },
      ctx,
    )
    await ctx.jobs.enqueue(
      tx,
      RECHARGE_SUBMIT_JOB,
      { orderNo: order.orderNo },
      { dedupeKey: `${RECHARGE_SUBMIT_JOB}:${order.orderNo}` },
    )
    await ctx.jobs.enqueue(
      tx,
      PAYMENT_ATTEMPTS_CLOSE_JOB,
      { orderNo: order.orderNo },
      { dedupeKey: `${PAYMENT_ATTEMPTS_CLOSE_JOB}:${order.orderNo}` },
    )
    if (source !== 'notification') {
      ctx.log.warn({ orderNo, outTradeNo: notification.outTradeNo, source }, 'payment found without its notification')
    }
    return 'recorded'
  })
  ctx.jobs.kick()
  return outcome
}
