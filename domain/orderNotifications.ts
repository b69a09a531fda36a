import type { Labels } from './locale'
import { LifePayOrderStatus, LifePayStatus } from './lifePayStatus'
import { LifePayNotificationChannel, LifePayNotificationEvent, notificationEventFor } from './lifePayNotification'
import { orderTransitions, sameOrderState, type OrderState } from './orderTransitions'

// Issue 20: which notifications a user is asked about for an order, and what the order detail says about each. Shared
// by the app (what to ask the host for, the order detail's section) and the server (which answers it accepts).

/** The order events a user may subscribe to (reminders have their own consent). */
export const orderNotificationEvents: readonly LifePayNotificationEvent[] = [
  LifePayNotificationEvent.Paid,
  LifePayNotificationEvent.RechargeSucceeded,
  LifePayNotificationEvent.RechargeFailedRefunded,
  LifePayNotificationEvent.RefundApproved,
  LifePayNotificationEvent.RefundRejected,
]

/**
 * Asked at the pay tap (WeChat and Alipay allow three templates per request): the recharge's outcome either way,
 * which the user otherwise learns only by reopening the app, and the payment itself. The refund outcomes are asked
 * when a refund is applied for, the only time they can happen.
 */
export const payTimeNotificationEvents: readonly LifePayNotificationEvent[] = [
  LifePayNotificationEvent.RechargeSucceeded,
  LifePayNotificationEvent.RechargeFailedRefunded,
  LifePayNotificationEvent.Paid,
]

export const refundNotificationEvents: readonly LifePayNotificationEvent[] = [
  LifePayNotificationEvent.RefundApproved,
  LifePayNotificationEvent.RefundRejected,
]

/** The H5 SMS opt-in ("短信通知我充值结果"): the recharge's outcome only, never a message the user did not ask for. */
export const smsOptInEvents: readonly LifePayNotificationEvent[] = [
  LifePayNotificationEvent.RechargeSucceeded,
  LifePayNotificationEvent.RechargeFailedRefunded,
]

/**
 * What one SMS opt-in may cover, each asked where it can happen: the recharge's outcome at the pay tap, the refund
 * review's in the refund form (issue 37, item 20: the mini-programs ask the host there).
 */
export const smsOptInEventSets: readonly (readonly LifePayNotificationEvent[])[] = [
  smsOptInEvents,
  refundNotificationEvents,
]

/** The hosts' subscribe-message channels (SMS is an opt-in, not a host grant). */
export type SubscribeChannel = LifePayNotificationChannel.Wechat | LifePayNotificationChannel.Alipay

export const subscribeChannelValues: readonly SubscribeChannel[] = [
  LifePayNotificationChannel.Wechat,
  LifePayNotificationChannel.Alipay,
]

/** A host's answer per template: WeChat's accept/reject/ban/filter (Alipay answers accept or reject). */
export type SubscribeDecision = 'accept' | 'reject' | 'ban' | 'filter'

export const subscribeDecisionValues: readonly SubscribeDecision[] = ['accept', 'reject', 'ban', 'filter']

/** What the order detail says of one subscription: no vendor ids, no raw errors. */
export enum OrderNotificationStatus {
  /** Accepted; the event has not happened (yet). */
  Subscribed = 'subscribed',
  /** The event happened; the message is on its way. */
  Sending = 'sending',
  Sent = 'sent',
  /** Not sent: the vendor refused, or there is no address for it. */
  NotSent = 'notSent',
  /** Interrupted during the vendor's call: it may have arrived, and is never sent twice. */
  Unknown = 'unknown',
}

/** The notification events the transition table can still cause from `from` (domain/orderTransitions). */
function eventsReachableFrom(from: OrderState): Set<LifePayNotificationEvent> {
  const events = new Set<LifePayNotificationEvent>()
  const seen: OrderState[] = [from]
  for (let i = 0; i < seen.length; i++) {
    for (const transition of orderTransitions) {
      if (!sameOrderState(transition.from, seen[i])) continue
      const event = notificationEventFor(transition.event)
      if (event) events.add(event)
      if (!seen.some((state) => sameOrderState(state, transition.to))) seen.push(transition.to)
    }
  }
  return events
}

/**
 * Whether a subscription whose event has not happened is still worth listing: the order's outcome is still to come (a
 * recharge, a refund review or a refund pending) and the transition table can still lead to the event. So a delivered
 * order does not show "failed, refunded · subscribed" forever, nor a rejected refund "refund approved · subscribed".
 */
export function notificationMayStillCome(
  event: LifePayNotificationEvent,
  order: OrderState & { finishTime?: string | Date | null },
): boolean {
  const { payStatus, lifePayOrderStatus } = order
  const awaitsOutcome =
    payStatus === LifePayStatus.PendingRefund ||
    lifePayOrderStatus === LifePayOrderStatus.PendingConfirmation ||
    lifePayOrderStatus === LifePayOrderStatus.RefundPendingReview ||
    // A rejected application resumes a recharge still owed; one already delivered is settled.
    (lifePayOrderStatus === LifePayOrderStatus.RefundFailed && !order.finishTime)
  return awaitsOutcome && eventsReachableFrom(order).has(event)
}

export const orderNotificationStatusValues: readonly OrderNotificationStatus[] = Object.values(OrderNotificationStatus)

/** The outbox row's status (server user_notifications.status) as the user reads it; no row yet is Subscribed. */
export function orderNotificationStatusOf(outboxStatus: string | null): OrderNotificationStatus {
  switch (outboxStatus) {
    case null:
      return OrderNotificationStatus.Subscribed
    case 'pending':
    case 'sending':
      return OrderNotificationStatus.Sending
    case 'sent':
      return OrderNotificationStatus.Sent
    case 'unknown':
      return OrderNotificationStatus.Unknown
    default:
      return OrderNotificationStatus.NotSent
  }
}

export const orderNotificationStatusLabels: Labels<OrderNotificationStatus> = {
  'zh-CN': {
    [OrderNotificationStatus.Subscribed]: '已订阅',
    [OrderNotificationStatus.Sending]: '发送中',
    [OrderNotificationStatus.Sent]: '已发送',
    [OrderNotificationStatus.NotSent]: '未能发送',
    [OrderNotificationStatus.Unknown]: '发送结果未知',
  },
  'en-US': {
    [OrderNotificationStatus.Subscribed]: 'Subscribed',
    [OrderNotificationStatus.Sending]: 'Sending',
    [OrderNotificationStatus.Sent]: 'Sent',
    [OrderNotificationStatus.NotSent]: 'Not sent',
    [OrderNotificationStatus.Unknown]: 'Delivery unknown',
  },
}

export const lifePayNotificationChannelLabels: Labels<LifePayNotificationChannel> = {
  'zh-CN': {
    [LifePayNotificationChannel.Wechat]: '微信',
    [LifePayNotificationChannel.Alipay]: '支付宝',
    [LifePayNotificationChannel.Sms]: '短信',
  },
  'en-US': {
    [LifePayNotificationChannel.Wechat]: 'WeChat',
    [LifePayNotificationChannel.Alipay]: 'Alipay',
    [LifePayNotificationChannel.Sms]: 'SMS',
  },
}
