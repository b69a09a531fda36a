import { Type, type Static } from '@sinclair/typebox'
import { lifePayNotificationChannelValues } from '@domain/lifePayNotification'
import { lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import { reminderKindValues } from '@domain/reminderSchedule'
import { DateTime, Nullable, OneOf, Yuan } from './schema'

// Issue 20 § reminders (docs/reminders.md): top-up reminders on a day of the month or below a balance
// threshold, opt-in with the consent text stored, cancelled in one tap; they never charge anything.

const kind = OneOf(reminderKindValues, {
  description: 'monthlyDay: on a day of the month; lowBalance: below a threshold',
})
const channel = OneOf(lifePayNotificationChannelValues, {
  description: 'wechat / alipay: subscribe message (one grant per message); sms: H5 users',
})
const reminderId = Type.String({ minLength: 1, maxLength: 64 })

/** What the host answered to the subscribe request (WeChat `accept|reject|ban|filter`; Alipay mapped onto them). */
export const ReminderSubscriptionAnswer = Type.Object({
  templateId: Type.String({ minLength: 1, maxLength: 128 }),
  decision: OneOf(['accept', 'reject', 'ban', 'filter'] as const),
})
export type ReminderSubscriptionAnswer = Static<typeof ReminderSubscriptionAnswer>

/** One of the user's reminders, as the reminders list shows it. */
export const TopUpReminder = Type.Object({
  id: Type.String({ format: 'uuid' }),
  userAccountId: Nullable(Type.String({ format: 'uuid' })),
  lifePayOrderType: OneOf(lifePayOrderTypeValues, { description: '10 phone, 20 electricity, 30 gas' }),
  account: Type.String({ description: 'The phone number or utility account' }),
  /** The saved account's remark, when it still exists. */
  remark: Type.String(),
  kind,
  dayOfMonth: Nullable(Type.Integer({ description: '1–31; later than a month’s last day means its last day' })),
  threshold: Nullable(Yuan('Low-balance threshold')),
  channel,
  status: OneOf(['active', 'cancelled'] as const),
  nextRunTime: Nullable(DateTime({ description: 'Next reminder (monthly) or balance check (low balance)' })),
  /** A WeChat/Alipay reminder with no unspent grant: kept, but nothing is sent until the user subscribes again. */
  needsSubscription: Type.Boolean(),
  consentTime: DateTime(),
  creationTime: DateTime(),
})
export type TopUpReminder = Static<typeof TopUpReminder>

/** POST /api/LifePay/AddTopUpReminder — a reminder for one saved account; returns it. */
export const AddTopUpReminderInput = Type.Object({
  userAccountId: Type.String({ minLength: 1, maxLength: 64 }),
  kind,
  dayOfMonth: Type.Optional(Type.Integer({ description: 'monthlyDay: 1–31' })),
  threshold: Type.Optional(Yuan('lowBalance: remind when the balance falls below this')),
  channel,
  /** The user ticked the (unticked) consent box. */
  consent: Type.Boolean(),
  /** The consent text the user saw (domain/reminderSchedule.ts), stored with the time. */
  consentText: Type.String({ maxLength: 500 }),
  /** WeChat / Alipay: the host's answer to the subscribe request made on the save tap. */
  subscription: Type.Optional(ReminderSubscriptionAnswer),
})
export type AddTopUpReminderInput = Static<typeof AddTopUpReminderInput>

/** POST /api/LifePay/CancelTopUpReminder, POST /api/LifePay/SubscribeTopUpReminder */
export const TopUpReminderIdInput = Type.Object({ id: reminderId })
export type TopUpReminderIdInput = Static<typeof TopUpReminderIdInput>

/** POST /api/LifePay/SubscribeTopUpReminder — another grant for a WeChat / Alipay reminder ("re-subscribe"). */
export const SubscribeTopUpReminderInput = Type.Object({ id: reminderId, subscription: ReminderSubscriptionAnswer })
export type SubscribeTopUpReminderInput = Static<typeof SubscribeTopUpReminderInput>

/** POST /api/LifePay/CancelTopUpReminderByToken — the link in a reminder message; no login. */
export const CancelTopUpReminderByTokenInput = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) })
export type CancelTopUpReminderByTokenInput = Static<typeof CancelTopUpReminderByTokenInput>

/** What the token cancel page says was cancelled (the account masked: whoever holds the link reads it). */
export const CancelledTopUpReminder = Type.Object({
  lifePayOrderType: OneOf(lifePayOrderTypeValues),
  maskedAccount: Type.String(),
  kind,
})
export type CancelledTopUpReminder = Static<typeof CancelledTopUpReminder>
