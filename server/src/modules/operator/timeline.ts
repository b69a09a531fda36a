import { asc, eq } from 'drizzle-orm'
import type { OrderTimeline, TimelineEvent } from '@contract/operator'
import { label, type Locale } from '@domain/locale'
import { LifePayOrderStatus, type LifePayStatus } from '@domain/lifePayStatus'
import { lifePayOrderTypeLabels, type LifePayOrderType } from '@domain/lifePayOrderType'
import { lifePayTypeLabels, type LifePayType } from '@domain/lifePayType'
import { discountTenths, formatFen } from '@domain/price'
import { refundApplyReasonText } from '@domain/refundApplyReason'
import { refundOutcomeLabels, type RefundOutcome } from '@domain/refundOutcome'
import { supplierFailureReason, supplierReasonText } from '@domain/supplierResult'
import { remarkForUser } from '@domain/systemRemark'
import type { AppContext } from '../../appContext'
import { lifePayOrders, providerNotifications } from '../../db/schema'
import { errors } from '../../http/errors'
import { ppmToPercent } from '../lifePay/catalog'
import { attemptsOfOrders } from '../lifePay/rechargeAttempts'
import { WXPAY_REFUND_PATH } from '../lifePay/payNotifyRoutes'
import { isDelivered } from '../lifePay/rechargeOwed'
import { SUPPLIER_NOTIFY_PATH } from '../lifePay/supplierNotifyRoutes'
import type { OperatorActor } from '../operatorAccounts/roles'
import { accountFor } from './phoneMasking'

// GET /api/operator/orders/:orderNo/timeline: what happened to an order, oldest first. The state changes come from
// the order's own timestamps (creation, payment, finish, refund application, refund, the provider's refund result),
// the supplier's side from the recharge attempts, and the payment and refund notifications as received
// (provider_notifications, refused ones included). Operator actions beyond the refund decision come with the audit
// trail of operator accounts.

type NotificationKind = 'payment' | 'refund' | 'supplier'

/** Which notification a delivery to `route` was. */
const notificationKindOf = (route: string): NotificationKind =>
  route === WXPAY_REFUND_PATH ? 'refund' : route === SUPPLIER_NOTIFY_PATH ? 'supplier' : 'payment'

interface Words {
  created: (what: string, account: string, pay: string, rate: string, channel: string | null) => string
  paid: (pay: string, by: string | null, transaction: string | null) => string
  notification: (kind: string, provider: string, outcome: string, reason: string | null) => string
  attempt: (attemptNo: number) => string
  result: (attemptNo: number, outcome: string, supplierOrderNo: string | null, reason: string | null) => string
  delivered: string
  failed: (reason: string | null) => string
  refundApplied: (reason: string) => string
  refunded: (pay: string, refundNo: string | null, remark: string | null) => string
  refundRejected: (reason: string) => string
  refundStatus: (status: string, returnedRemark: string | null) => string
  notificationKinds: Record<NotificationKind, string>
  /** Who posted (the notification log's `provider`: the pay type's provider or the supplier). */
  providers: Record<string, string>
  notificationOutcomes: Record<string, string>
  /** The reasons the notify routes record for a refusal (anything else, an error's words, as recorded). */
  notificationReasons: Record<string, string>
  attemptOutcomes: Record<string, string>
}

const also = (text: string | null | undefined, wrap: (value: string) => string) => (text ? wrap(text) : '')

// The operator's language (Accept-Language, as every message of the API): the console reads these as they are. Codes
// and the server's own English (outcomes, providers, refusal reasons, the sandbox supplier's words) are put in words;
// a real supplier's reason and the operators' and users' own words are quoted as they were given.
const timelineWords: Record<Locale, Words> = {
  'zh-CN': {
    created: (what, account, pay, rate, channel) =>
      `${what}，充值账号 ${account}，应付 ${pay}（${discountTenths(Number(rate))}折）${also(channel, (c) => `，渠道 ${c}`)}`,
    paid: (pay, by, transaction) =>
      `已支付 ${pay}${also(by, (b) => `（${b}）`)}${also(transaction, (t) => `，交易号 ${t}`)}`,
    notification: (kind, provider, outcome, reason) =>
      `${kind}（${provider}）：${outcome}${also(reason, (r) => `（${r}）`)}`,
    attempt: (attemptNo) => `第 ${attemptNo} 次提交渠道充值`,
    result: (attemptNo, outcome, supplierOrderNo, reason) =>
      `第 ${attemptNo} 次：${outcome}${also(supplierOrderNo, (n) => `，渠道订单 ${n}`)}${also(reason, (r) => `（渠道说明：${r}）`)}`,
    delivered: '已到账',
    failed: (reason) => `充值失败${also(reason, (r) => `：${r}`)}`,
    refundApplied: (reason) => `申请退款：${reason}`,
    refunded: (pay, refundNo, remark) =>
      `已退款 ${pay}${also(refundNo, (n) => `，退款单号 ${n}`)}${also(remark, (r) => `（${r}）`)}`,
    refundRejected: (reason) => `退款被驳回：${reason}`,
    refundStatus: (status, returnedRemark) =>
      `支付渠道退款结果：${status}${also(returnedRemark, (r) => `（已通过其他方式退回：${r}）`)}`,
    notificationKinds: { payment: '支付通知', refund: '退款通知', supplier: '渠道充值回调' },
    providers: {
      sandbox: '沙箱',
      wechatpay: '微信支付',
      alipay: '支付宝',
      supplier: '充值渠道',
      none: '未开通的支付方式',
    },
    notificationOutcomes: { recorded: '已处理', duplicate: '重复通知，已忽略', refused: '已拒绝' },
    notificationReasons: {
      'signature, timestamp or content not genuine': '签名、时间戳或内容校验未通过',
      'pay type not offered on this server': '本服务未开通该支付方式',
      'WeChat Pay not configured': '未配置微信支付',
      'no such order': '没有这个订单',
      'signature, merchant or fields not valid': '签名、商户号或字段校验未通过',
    },
    attemptOutcomes: {
      submitting: '已提交，结果未知',
      unavailable: '渠道未受理',
      accepted: '渠道已受理',
      succeeded: '充值成功',
      failed: '充值失败',
    },
  },
  'en-US': {
    created: (what, account, pay, rate, channel) =>
      `${what} for ${account}, to pay ${pay} (${rate}% of face value)${also(channel, (c) => `, channel ${c}`)}`,
    paid: (pay, by, transaction) =>
      `Paid ${pay}${also(by, (b) => ` by ${b}`)}${also(transaction, (t) => `, transaction ${t}`)}`,
    notification: (kind, provider, outcome, reason) =>
      `${kind} (${provider}): ${outcome}${also(reason, (r) => ` (${r})`)}`,
    attempt: (attemptNo) => `Recharge attempt ${attemptNo} put to the supplier`,
    result: (attemptNo, outcome, supplierOrderNo, reason) =>
      `Attempt ${attemptNo}: ${outcome}${also(supplierOrderNo, (n) => `, supplier order ${n}`)}${also(reason, (r) => ` (supplier: ${r})`)}`,
    delivered: 'Delivered',
    failed: (reason) => `Recharge failed${also(reason, (r) => `: ${r}`)}`,
    refundApplied: (reason) => `Refund applied for: ${reason}`,
    refunded: (pay, refundNo, remark) =>
      `Refunded ${pay}${also(refundNo, (n) => `, refund ${n}`)}${also(remark, (r) => ` (${r})`)}`,
    refundRejected: (reason) => `Refund rejected: ${reason}`,
    refundStatus: (status, returnedRemark) =>
      `Payment provider's refund result: ${status}${also(returnedRemark, (r) => ` (returned another way: ${r})`)}`,
    notificationKinds: {
      payment: 'Payment notification',
      refund: 'Refund notification',
      supplier: 'Supplier callback',
    },
    providers: {
      sandbox: 'Sandbox',
      wechatpay: 'WeChat Pay',
      alipay: 'Alipay',
      supplier: 'Supplier',
      none: 'pay type not offered',
    },
    notificationOutcomes: { recorded: 'processed', duplicate: 'duplicate, ignored', refused: 'refused' },
    notificationReasons: {},
    attemptOutcomes: {
      submitting: 'submitted, result unknown',
      unavailable: 'not accepted by the supplier',
      accepted: 'accepted by the supplier',
      succeeded: 'succeeded',
      failed: 'failed',
    },
  },
}

/** A notification's recorded reason in words: a refund's result, a known refusal, or as recorded. */
function notificationReason(words: Words, reason: string | null, locale: Locale): string | null {
  if (!reason) return null
  if (reason in refundOutcomeLabels[locale]) return label(refundOutcomeLabels, reason as RefundOutcome, locale)
  return words.notificationReasons[reason] ?? reason
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
  const yuan = (fen: number) => formatFen(fen)

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
      words.notification(
        words.notificationKinds[notificationKindOf(notification.route)],
        words.providers[notification.provider] ?? notification.provider,
        words.notificationOutcomes[notification.outcome] ?? notification.outcome,
        notificationReason(words, notification.reason, locale),
      ),
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
      words.result(
        attempt.attemptNo,
        words.attemptOutcomes[attempt.outcome] ?? attempt.outcome,
        attempt.supplierOrderNo,
        attempt.reason === null ? null : supplierReasonText(attempt.reason, locale),
      ),
    )
  }
  const delivered = isDelivered(order)
  const failureReason = supplierFailureReason(order.supplierResult)
  // A failed recharge sets no finish time on the order: it failed when the supplier's last answer came.
  const lastAnswer = (attempts.get(order.id) ?? []).filter((attempt) => attempt.finishTime).at(-1)?.finishTime ?? null
  const failedAt = order.supplierResult?.startsWith('failed') ? lastAnswer : null
  add(
    order.finishTime ?? failedAt,
    delivered ? 'delivered' : 'failed',
    delivered
      ? words.delivered
      : words.failed(failureReason === null ? null : supplierReasonText(failureReason, locale)),
  )
  add(
    order.refundApplyTime,
    'refundApplied',
    words.refundApplied(refundApplyReasonText(order.refundApplyRemark, order.refundApplyReason, locale)),
  )
  const checkRemark = order.refundCheckRemark === null ? null : remarkForUser(order.refundCheckRemark, locale)
  add(order.refundTime, 'refunded', words.refunded(yuan(order.payAmountFen), order.refundNo, checkRemark))
  // A rejection is timed by the review (refundCheckTime); orders rejected before that column existed rest in it, so
  // their last change is the rejection.
  if (order.lifePayOrderStatus === LifePayOrderStatus.RefundFailed) {
    add(order.refundCheckTime ?? order.updatedTime, 'refundRejected', words.refundRejected(checkRemark ?? ''))
  }
  if (order.refundStatus) {
    add(
      order.refundStatusTime,
      'refundStatus',
      words.refundStatus(
        label(refundOutcomeLabels, order.refundStatus as RefundOutcome, locale),
        order.refundReturnedRemark,
      ),
    )
  }
  // Stable: events at the same instant keep the order they were added in, which follows the order's life.
  events.sort((a, b) => a.time.localeCompare(b.time))
  return {
    orderNo,
    payStatus: order.payStatus as LifePayStatus,
    lifePayOrderStatus: order.lifePayOrderStatus as LifePayOrderStatus,
    events,
  }
}
