import type { Labels } from './locale'
import type { OrderEvent } from './orderTransitions'

// Issue 20: what the user is told, and how. Shared by the app (what to ask the host to subscribe to, what the order
// detail lists) and the server (which order change notifies, through which channel).

/** A change the user hears about: an order's (paid … refund rejected) or a top-up reminder falling due. */
export enum LifePayNotificationEvent {
  Paid = 'paid',
  RechargeSucceeded = 'rechargeSucceeded',
  RechargeFailedRefunded = 'rechargeFailedRefunded',
  RefundApproved = 'refundApproved',
  RefundRejected = 'refundRejected',
  TopUpReminder = 'topUpReminder',
}

/**
 * How it reaches the user: a WeChat subscribe message, an Alipay subscribe message (both one-time grants the user gave
 * in the host's own prompt), or an SMS for H5 users who opted in.
 */
export enum LifePayNotificationChannel {
  Wechat = 'wechat',
  Alipay = 'alipay',
  Sms = 'sms',
}

export const lifePayNotificationChannelValues: readonly LifePayNotificationChannel[] = [
  LifePayNotificationChannel.Wechat,
  LifePayNotificationChannel.Alipay,
  LifePayNotificationChannel.Sms,
]

/** The order events the user is told about, by the order-state event that causes them (domain/orderTransitions). */
const eventByOrderEvent: Partial<Record<OrderEvent, LifePayNotificationEvent>> = {
  pay: LifePayNotificationEvent.Paid,
  completeRecharge: LifePayNotificationEvent.RechargeSucceeded,
  refundAutomatically: LifePayNotificationEvent.RechargeFailedRefunded,
  approveRefund: LifePayNotificationEvent.RefundApproved,
  rejectRefund: LifePayNotificationEvent.RefundRejected,
}

/** The notification an order transition causes, if any. */
export function notificationEventFor(orderEvent: OrderEvent): LifePayNotificationEvent | null {
  return eventByOrderEvent[orderEvent] ?? null
}

export const lifePayNotificationEventLabels: Labels<LifePayNotificationEvent> = {
  'zh-CN': {
    [LifePayNotificationEvent.Paid]: '支付成功',
    [LifePayNotificationEvent.RechargeSucceeded]: '充值到账',
    [LifePayNotificationEvent.RechargeFailedRefunded]: '充值失败已退款',
    [LifePayNotificationEvent.RefundApproved]: '退款已通过',
    [LifePayNotificationEvent.RefundRejected]: '退款未通过',
    [LifePayNotificationEvent.TopUpReminder]: '充值提醒',
  },
  'en-US': {
    [LifePayNotificationEvent.Paid]: 'Payment received',
    [LifePayNotificationEvent.RechargeSucceeded]: 'Top-up delivered',
    [LifePayNotificationEvent.RechargeFailedRefunded]: 'Top-up failed, refunded',
    [LifePayNotificationEvent.RefundApproved]: 'Refund approved',
    [LifePayNotificationEvent.RefundRejected]: 'Refund declined',
    [LifePayNotificationEvent.TopUpReminder]: 'Top-up reminder',
  },
}

/**
 * What every notification carries (outbox `params`), in words the channels can use as they are: each adapter maps
 * these onto its template's fields (WeChat `thing`/`amount`/`time`…, Alipay keywords, SMS template variables).
 */
export interface LifePayNotificationParams {
  /** Order notifications: our order number. */
  orderNo?: string
  /** The order type's name in zh-CN, e.g. 话费充值. */
  orderType?: string
  /** The account, masked as the order detail shows it (138****8000). */
  account?: string
  /** Yuan with two decimals, e.g. "49.25". */
  amount?: string
  /** When it happened, Asia/Shanghai "YYYY-MM-DD HH:mm". */
  time?: string
  /** A refusal's or failure's reason, as the user may read it. */
  reason?: string
  /** Reminders: the day of the month or the threshold, in words. */
  remindWhen?: string
  /** The app page the message opens (mini-program path with query). */
  page?: string
}
