import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import {
  orderNotificationEvents,
  notificationMayStillCome,
  orderNotificationStatusOf,
  smsOptInEvents,
  smsOptInEventSets,
  type SubscribeChannel,
  type SubscribeDecision,
} from '@domain/orderNotifications'
import type {
  NotificationTemplate,
  OrderNotification,
  SetLifePayOrderNotificationsInput,
} from '@contract/notifications'
import type { AppContext } from '../../appContext'
import type { Db, Executor } from '../../db/database'
import { notificationSubscriptions, userNotifications } from '../../db/schema'
import { errors } from '../../http/errors'
import { lockUserOrder } from '../lifePay/orders'
import type { OrderDetailRow } from '../lifePay/orderView'

// Issue 20: the user's answers for an order (a host's subscribe prompt, the H5 SMS opt-in), kept as
// notification_subscriptions rows; orderNotifications.ts spends them when the event happens.

/** GET /api/LifePay/GetNotificationTemplates: the host template per order event and for reminders, as configured. */
export function notificationTemplates(ctx: AppContext, channel: SubscribeChannel): NotificationTemplate[] {
  const configured = ctx.config.notificationTemplates[channel]
  return [...orderNotificationEvents, LifePayNotificationEvent.TopUpReminder].flatMap((event) => {
    const templateId = configured[event]
    return templateId ? [{ event: event as NotificationTemplate['event'], templateId }] : []
  })
}

/** The order event a host template stands for, or a bad request naming the template. */
function eventOfTemplate(ctx: AppContext, channel: SubscribeChannel, templateId: string): LifePayNotificationEvent {
  const found = notificationTemplates(ctx, channel).find(
    (template) => template.templateId === templateId && orderNotificationEvents.includes(template.event),
  )
  if (!found) throw errors.badRequest(`templateId ${templateId} is not a ${channel} notification template`)
  return found.event
}

/**
 * Records one answer: the latest answer counts while the event has not happened; once it has (the grant spent),
 * a repeated answer changes nothing. So there is at most one grant per order, channel and event.
 */
async function recordAnswer(
  ctx: AppContext,
  tx: Executor,
  key: { userId: string; orderNo: string; channel: LifePayNotificationChannel; event: LifePayNotificationEvent },
  decision: SubscribeDecision,
  templateId: string | null,
): Promise<void> {
  const same = and(
    eq(notificationSubscriptions.userId, key.userId),
    eq(notificationSubscriptions.orderNo, key.orderNo),
    eq(notificationSubscriptions.channel, key.channel),
    eq(notificationSubscriptions.event, key.event),
  )
  const [existing] = await tx.select().from(notificationSubscriptions).where(same).limit(1)
  if (existing?.spentTime) return
  if (existing) {
    await tx
      .update(notificationSubscriptions)
      .set({ decision, templateId })
      .where(eq(notificationSubscriptions.id, existing.id))
    return
  }
  await tx.insert(notificationSubscriptions).values({
    id: randomUUID(),
    ...key,
    templateId,
    decision,
    creationTime: ctx.clock.now(),
  })
}

/** POST /api/LifePay/SetLifePayOrderNotifications */
export async function setOrderNotifications(
  ctx: AppContext,
  userId: string,
  input: SetLifePayOrderNotificationsInput,
): Promise<void> {
  const { orderNo, channel } = input
  let answers: { event: LifePayNotificationEvent; decision: SubscribeDecision; templateId: string | null }[]
  if (channel === LifePayNotificationChannel.Sms) {
    if (input.optIn === undefined || input.answers) throw errors.badRequest('sms takes optIn, not answers')
    const events = input.events ?? smsOptInEvents
    const allowed = smsOptInEventSets.some(
      (set) => set.length === events.length && set.every((event) => events.includes(event)),
    )
    if (!allowed) throw errors.badRequest('sms covers the recharge outcome or the refund outcome')
    answers = events.map((event) => ({
      event,
      decision: input.optIn ? 'accept' : 'reject',
      templateId: null,
    }))
  } else {
    if (!input.answers || input.answers.length === 0 || input.optIn !== undefined || input.events)
      throw errors.badRequest(`${channel} takes answers, not optIn`)
    answers = input.answers.map((answer) => ({
      event: eventOfTemplate(ctx, channel, answer.templateId),
      decision: answer.decision,
      templateId: answer.templateId,
    }))
  }
  await ctx.db.transaction(async (tx) => {
    // Only the order's owner; the order's row lock also serialises two answers for it (one grant each, not two).
    await lockUserOrder(tx, userId, orderNo)
    for (const answer of answers)
      await recordAnswer(ctx, tx, { userId, orderNo, channel, event: answer.event }, answer.decision, answer.templateId)
  })
}

/**
 * What the order detail lists: each accepted subscription with what became of it. One whose event has not happened
 * is listed only while that event may still come (notificationMayStillCome).
 */
export async function orderNotificationsOf(
  db: Db,
  userId: string,
  order: Pick<OrderDetailRow, 'orderNo' | 'payStatus' | 'lifePayOrderStatus' | 'finishTime'>,
): Promise<OrderNotification[]> {
  const rows = await db
    .select({
      event: notificationSubscriptions.event,
      channel: notificationSubscriptions.channel,
      spentTime: notificationSubscriptions.spentTime,
      status: userNotifications.status,
    })
    .from(notificationSubscriptions)
    .leftJoin(
      userNotifications,
      and(
        eq(userNotifications.orderNo, notificationSubscriptions.orderNo),
        eq(userNotifications.event, notificationSubscriptions.event),
        eq(userNotifications.channel, notificationSubscriptions.channel),
      ),
    )
    .where(
      and(
        eq(notificationSubscriptions.userId, userId),
        eq(notificationSubscriptions.orderNo, order.orderNo),
        eq(notificationSubscriptions.decision, 'accept'),
      ),
    )
    .orderBy(asc(notificationSubscriptions.creationTime), asc(notificationSubscriptions.event))
  const eventOrder = (event: string) => orderNotificationEvents.indexOf(event as LifePayNotificationEvent)
  return rows
    .filter((row) => row.spentTime !== null || notificationMayStillCome(row.event as LifePayNotificationEvent, order))
    .sort((a, b) => eventOrder(a.event) - eventOrder(b.event))
    .map((row): OrderNotification => ({
      event: row.event as OrderNotification['event'],
      channel: row.channel as OrderNotification['channel'],
      status: orderNotificationStatusOf(row.status),
    }))
}
