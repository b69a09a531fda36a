import { asc, eq } from 'drizzle-orm'
import type { OrderTimeline, TimelineEvent } from '../../../../types/api/operator'
import { label } from '../../../../src/domain/locale'
import { LifePayOrderStatus, type LifePayStatus } from '../../../../src/domain/lifePayStatus'
import { lifePayOrderTypeLabels, type LifePayOrderType } from '../../../../src/domain/lifePayOrderType'
import { lifePayTypeLabels, type LifePayType } from '../../../../src/domain/lifePayType'
import { fenToYuan } from '../../../../src/domain/price'
import type { AppContext } from '../../appContext'
import { lifePayOrders, providerNotifications } from '../../db/schema'
import { errors } from '../../http/errors'
import { ppmToPercent } from '../lifePay/catalog'
import { attemptsOfOrders } from '../lifePay/rechargeAttempts'
import { isDelivered } from '../lifePay/rechargeOwed'
import type { OperatorActor } from '../operatorAccounts/roles'
import { accountFor } from './phoneMasking'

// GET /api/operator/orders/:orderNo/timeline: what happened to an order, oldest first. The state changes come from
// the order's own timestamps (creation, payment, finish, refund application, refund, the provider's refund result),
// the supplier's side from the recharge attempts, and the payment and refund notifications as received
// (provider_notifications, refused ones included). Operator actions beyond the refund decision come with the audit
// trail of operator accounts.

const en = 'en-US' as const

/** What happened to the order, as `actor` may read it (the number topped up masked for a viewer). */
export async function orderTimeline(ctx: AppContext, orderNo: string, actor: OperatorActor): Promise<OrderTimeline> {
  const [order] = await ctx.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
  if (!order) throw errors.orderNotFound()
  const [attempts, notifications] = await Promise.all([
    attemptsOfOrders(ctx.db, [order.id]),
    ctx.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.orderNo, orderNo))
      .orderBy(asc(providerNotifications.receivedTime), asc(providerNotifications.id)),
  ])
  const events: TimelineEvent[] = []
  const add = (time: Date | null, kind: TimelineEvent['kind'], detail: string) => {
    if (time) events.push({ time: time.toISOString(), kind, detail })
  }
  const yuan = (fen: number) => `¥${fenToYuan(fen)}`

  add(
    order.creationTime,
    'created',
    `${label(lifePayOrderTypeLabels, order.lifePayOrderType as LifePayOrderType, en)} ${yuan(order.parValueFen)} ` +
      `for ${accountFor(actor, order.lifePayOrderType, order.account)}, to pay ${yuan(order.payAmountFen)} (${ppmToPercent(order.ratePpm)} %)` +
      (order.channelId ? `, channel ${order.channelId}` : ''),
  )
  for (const notification of notifications) {
    add(
      notification.receivedTime,
      'notification',
      `${notification.provider} ${notification.route}: ${notification.outcome}` +
        (notification.reason ? ` (${notification.reason})` : ''),
    )
  }
  add(
    order.payTime,
    'paid',
    `Paid ${yuan(order.payAmountFen)}` +
      (order.lifePayType ? ` by ${label(lifePayTypeLabels, order.lifePayType as LifePayType, en)}` : '') +
      (order.transactionId ? `, transaction ${order.transactionId}` : ''),
  )
  for (const attempt of attempts.get(order.id) ?? []) {
    add(attempt.startTime, 'supplierAttempt', `Recharge attempt ${attempt.attemptNo} put to the supplier`)
    add(
      attempt.finishTime,
      'supplierResult',
      `Attempt ${attempt.attemptNo}: ${attempt.outcome}` +
        (attempt.supplierOrderNo ? `, supplier order ${attempt.supplierOrderNo}` : '') +
        (attempt.reason ? ` (${attempt.reason})` : ''),
    )
  }
  const delivered = isDelivered(order)
  // A failed recharge sets no finish time on the order: it failed when the supplier's last answer came.
  const lastAnswer = (attempts.get(order.id) ?? []).filter((attempt) => attempt.finishTime).at(-1)?.finishTime ?? null
  const failedAt = order.supplierResult?.startsWith('failed') ? lastAnswer : null
  add(
    order.finishTime ?? failedAt,
    delivered ? 'delivered' : 'failed',
    delivered ? 'Delivered' : `Recharge failed${order.supplierResult ? `: ${order.supplierResult}` : ''}`,
  )
  add(order.refundApplyTime, 'refundApplied', `Refund applied for: ${order.refundApplyRemark ?? ''}`)
  add(
    order.refundTime,
    'refunded',
    `Refunded ${yuan(order.payAmountFen)}` +
      (order.refundNo ? `, refund ${order.refundNo}` : '') +
      (order.refundCheckRemark ? ` (${order.refundCheckRemark})` : ''),
  )
  // A rejection is timed by the review (refundCheckTime); orders rejected before that column existed rest in it, so
  // their last change is the rejection.
  if (order.lifePayOrderStatus === LifePayOrderStatus.RefundFailed) {
    add(
      order.refundCheckTime ?? order.updatedTime,
      'refundRejected',
      `Refund rejected: ${order.refundCheckRemark ?? ''}`,
    )
  }
  add(
    order.refundStatusTime,
    'refundStatus',
    `Payment provider: refund ${order.refundStatus ?? ''}` +
      (order.refundReturnedRemark ? ` (returned another way: ${order.refundReturnedRemark})` : ''),
  )
  // Stable: events at the same instant keep the order they were added in, which follows the order's life.
  events.sort((a, b) => a.time.localeCompare(b.time))
  return {
    orderNo,
    payStatus: order.payStatus as LifePayStatus,
    lifePayOrderStatus: order.lifePayOrderStatus as LifePayOrderStatus,
    events,
  }
}
