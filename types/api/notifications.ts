import { Type, type Static } from '@sinclair/typebox'
import { LifePayNotificationEvent, lifePayNotificationChannelValues } from '@domain/lifePayNotification'
import {
  orderNotificationEvents,
  orderNotificationStatusValues,
  subscribeChannelValues,
  subscribeDecisionValues,
} from '@domain/orderNotifications'
import { OneOf } from './schema'

// Issue 20 (docs/notifications.md): what the user agreed to be told about an order, and what became of it.

const orderEvent = OneOf(orderNotificationEvents as LifePayNotificationEvent[])
const subscribeChannel = OneOf(subscribeChannelValues, { description: 'The host whose subscribe prompt asked' })

/** GET /api/LifePay/GetNotificationTemplates?channel= */
export const GetNotificationTemplatesInput = Type.Object({ channel: subscribeChannel })
export type GetNotificationTemplatesInput = Static<typeof GetNotificationTemplatesInput>

/** Templates are asked for orders (at the pay and refund taps) and for top-up reminders (when one is set). */
export const NotificationTemplate = Type.Object({
  event: OneOf([...orderNotificationEvents, LifePayNotificationEvent.TopUpReminder]),
  /** What requestSubscribeMessage takes (WeChat `tmplIds`, Alipay `entityIds`). */
  templateId: Type.String(),
})
export type NotificationTemplate = Static<typeof NotificationTemplate>

export const SubscribeAnswer = Type.Object({
  templateId: Type.String({ minLength: 1, maxLength: 128 }),
  decision: OneOf(subscribeDecisionValues),
})
export type SubscribeAnswer = Static<typeof SubscribeAnswer>

/**
 * POST /api/LifePay/SetLifePayOrderNotifications: the host prompt's answer per template (`channel` wechat|alipay with
 * `answers`), or the H5 SMS opt-in (`channel` sms with `optIn`, and `events`: the recharge's outcome by default, the
 * refund review's from the refund form). Repeating an answer changes nothing.
 */
export const SetLifePayOrderNotificationsInput = Type.Object({
  orderNo: Type.String({ minLength: 1, maxLength: 64 }),
  channel: OneOf(lifePayNotificationChannelValues),
  answers: Type.Optional(Type.Array(SubscribeAnswer, { maxItems: 5 })),
  optIn: Type.Optional(Type.Boolean()),
  events: Type.Optional(
    Type.Array(orderEvent, {
      minItems: 1,
      maxItems: 5,
      description: 'SMS only: what the opt-in covers (one of the sets smsOptInEventSets lists); default the recharge',
    }),
  ),
})
export type SetLifePayOrderNotificationsInput = Static<typeof SetLifePayOrderNotificationsInput>

/** One subscription of an order as its user sees it (GetUserLifePayOrderDetail `notifications`). */
export const OrderNotification = Type.Object({
  event: orderEvent,
  channel: OneOf(lifePayNotificationChannelValues),
  status: OneOf(orderNotificationStatusValues),
})
export type OrderNotification = Static<typeof OrderNotification>
