import { asc, eq } from 'drizzle-orm'
import type { OrderTimeline, TimelineEvent } from '../../../../types/api/operator'
import { label, type Locale } from '../../../../src/domain/locale'
import { LifePayOrderStatus, type LifePayStatus } from '../../../../src/domain/lifePayStatus'
import { lifePayOrderTypeLabels, type LifePayOrderType } from '../../../../src/domain/lifePayOrderType'
import { lifePayTypeLabels, type LifePayType } from '../../../../src/domain/lifePayType'
import { fenToYuan } from '../../../../src/domain/price'
import { refundApplyReasonText } from '../../../../src/domain/refundApplyReason'
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

interface Words {
  created: (what: string, account: string, pay: string, rate: string, channel: string | null) => string
  paid: (pay: string, by: string | null, transaction: string | null) => string
  attempt: (attemptNo: number) => string
  result: (attemptNo: number, outcome: string, supplierOrderNo: string | null, reason: string | null) => string
  delivered: string
  failed: (result: string | null) => string
  refundApplied: (reason: string) => string
  refunded: (pay: string, refundNo: string | null, remark: string | null) => string
  refundRejected: (reason: string) => string
  refundStatus: (status: string, returnedRemark: string | null) => string
}

const also = (text: string | null | undefined, wrap: (value: string) => string) => (text ? wrap(text) : '')

// The operator's language (Accept-Language, as every message of the API): the console reads these as they are.
const timelineWords: Record<Locale, Words> = {
  'zh-CN': {
    created: (what, account, pay, rate, channel) =>
      `${what}，充值账号 ${account}，应付 ${pay}（折扣 ${rate}%）${also(channel, (c) => `，渠道 ${c}`)}`,
    paid: (pay, by, transaction) =>
      `已支付 ${pay}${also(by, (b) => `（${b}）`)}${also(transaction, (t) => `，交易号 ${t}`)}`,
    attempt: (attemptNo) => `第 ${attemptNo} 次提交渠道充值`,
    result: (attemptNo, outcome, supplierOrderNo, reason) =>
      `第 ${attemptNo} 次：${outcome}${also(supplierOrderNo, (n) => `，渠道订单 ${n}`)}${also(reason, (r) => `（${r}）`)}`,
    delivered: '已到账',
    failed: (result) => `充值失败${also(result, (r) => `：${r}`)}`,
    refundApplied: (reason) => `申请退款：${reason}`,
    refunded: (pay, refundNo, remark) =>
      `已退款 ${pay}${also(refundNo, (n) => `，退款单号 ${n}`)}${also(remark, (r) => `（${r}）`)}`,
    refundRejected: (reason) => `退款被驳回：${reason}`,
    refundStatus: (status, returnedRemark) =>
      `支付渠道退款状态：${status}${also(returnedRemark, (r) => `（已通过其他方式退回：${r}）`)}`,
  },
  'en-US': {
    created: (what, account, pay, rate, channel) =>
      `${what} for ${account}, to pay ${pay} (${rate} %)${also(channel, (c) => `, channel ${c}`)}`,
    paid: (pay, by, transaction) =>
      `Paid ${pay}${also(by, (b) => ` by ${b}`)}${also(transaction, (t) => `, transaction ${t}`)}`,
    attempt: (attemptNo) => `Recharge attempt ${attemptNo} put to the supplier`,
    result: (attemptNo, outcome, supplierOrderNo, reason) =>
      `Attempt ${attemptNo}: ${outcome}${also(supplierOrderNo, (n) => `, supplier order ${n}`)}${also(reason, (r) => ` (${r})`)}`,
    delivered: 'Delivered',
    failed: (result) => `Recharge failed${also(result, (r) => `: ${r}`)}`,
    refundApplied: (reason) => `Refund applied for: ${reason}`,
    refunded: (pay, refundNo, remark) =>
      `Refunded ${pay}${also(refundNo, (n) => `, refund ${n}`)}${also(remark, (r) => ` (${r})`)}`,
    refundRejected: (reason) => `Refund rejected: ${reason}`,
    refundStatus: (status, returnedRemark) =>
      `Payment provider: refund ${status}${also(returnedRemark, (r) => ` (returned another way: ${r})`)}`,
  },
}

/** What happened to the order, as `actor` may read it (the number topped up masked for a viewer). */
export async function orderTimeline(
  ctx: AppContext,
  orderNo: string,
  actor: OperatorActor,
  locale: Locale,
): Promise<OrderTimeline> {
  const words = timelineWords[locale]
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
    words.created(
      `${label(lifePayOrderTypeLabels, order.lifePayOrderType as LifePayOrderType, locale)} ${yuan(order.parValueFen)}`,
      accountFor(actor, order.lifePayOrderType, order.account),
      yuan(order.payAmountFen),
      String(ppmToPercent(order.ratePpm)),
      order.channelId,
    ),
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
    words.paid(
      yuan(order.payAmountFen),
      order.lifePayType ? label(lifePayTypeLabels, order.lifePayType as LifePayType, locale) : null,
      order.transactionId,
    ),
  )
  for (const attempt of attempts.get(order.id) ?? []) {
    add(attempt.startTime, 'supplierAttempt', words.attempt(attempt.attemptNo))
    add(
      attempt.finishTime,
      'supplierResult',
      words.result(attempt.attemptNo, attempt.outcome, attempt.supplierOrderNo, attempt.reason),
    )
  }
  const delivered = isDelivered(order)
  // A failed recharge sets no finish time on the order: it failed when the supplier's last answer came.
  const lastAnswer = (attempts.get(order.id) ?? []).filter((attempt) => attempt.finishTime).at(-1)?.finishTime ?? null
  const failedAt = order.supplierResult?.startsWith('failed') ? lastAnswer : null
  add(
    order.finishTime ?? failedAt,
    delivered ? 'delivered' : 'failed',
    delivered ? words.delivered : words.failed(order.supplierResult),
  )
  add(
    order.refundApplyTime,
    'refundApplied',
    words.refundApplied(refundApplyReasonText(order.refundApplyRemark, order.refundApplyReason, locale)),
  )
  add(order.refundTime, 'refunded', words.refunded(yuan(order.payAmountFen), order.refundNo, order.refundCheckRemark))
  // A rejection is timed by the review (refundCheckTime); orders rejected before that column existed rest in it, so
  // their last change is the rejection.
  if (order.lifePayOrderStatus === LifePayOrderStatus.RefundFailed) {
    add(
      order.refundCheckTime ?? order.updatedTime,
      'refundRejected',
      words.refundRejected(order.refundCheckRemark ?? ''),
    )
  }
  add(order.refundStatusTime, 'refundStatus', words.refundStatus(order.refundStatus ?? '', order.refundReturnedRemark))
  // Stable: events at the same instant keep the order they were added in, which follows the order's life.
  events.sort((a, b) => a.time.localeCompare(b.time))
  return {
    orderNo,
    payStatus: order.payStatus as LifePayStatus,
    lifePayOrderStatus: order.lifePayOrderStatus as LifePayOrderStatus,
    events,
  }
}
