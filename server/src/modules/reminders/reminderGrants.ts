import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { ReminderSubscriptionAnswer } from '@contract/reminders'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { notificationSubscriptions, topUpReminders } from '../../db/schema'
import { errors } from '../../http/errors'

// WeChat and Alipay subscribe messages are one-time grants: the user's "allow" in the host's prompt pays for one
// message. A reminder keeps its grants in notification_subscriptions (reminderId); each reminder sent spends one.

/** The host answers that grant a message: one accepted answer pays for one reminder. */
export const GRANTING_DECISION = 'accept'

/** Channels whose messages need a one-time grant per message. */
export function needsGrant(channel: string): boolean {
  return channel === LifePayNotificationChannel.Wechat || channel === LifePayNotificationChannel.Alipay
}

/** A subquery: the reminder's accepted, unspent grants. */
export const unspentGrants = sql<number>`(select count(*) from ${notificationSubscriptions}
  where ${notificationSubscriptions.reminderId} = ${topUpReminders.id}
    and ${notificationSubscriptions.decision} = ${GRANTING_DECISION}
    and ${notificationSubscriptions.spentTime} is null)`.mapWith(Number)

/** Records the host's answer to a subscribe request for this reminder (one accepted answer = one message). */
export async function recordSubscription(
  ctx: Pick<AppContext, 'clock' | 'config'>,
  tx: Executor,
  reminder: Pick<typeof topUpReminders.$inferSelect, 'id' | 'userId' | 'channel'>,
  answer: ReminderSubscriptionAnswer,
): Promise<void> {
  // Only this host's reminder template: the id is sent to WeChat / Alipay as it is stored.
  const channel = reminder.channel as LifePayNotificationChannel
  const expected =
    channel === LifePayNotificationChannel.Wechat || channel === LifePayNotificationChannel.Alipay
      ? ctx.config.notificationTemplates[channel][LifePayNotificationEvent.TopUpReminder]
      : undefined
  if (!expected || answer.templateId !== expected)
    throw errors.badRequest(`templateId ${answer.templateId} is not the ${reminder.channel} reminder template`)
  await tx.insert(notificationSubscriptions).values({
    id: randomUUID(),
    userId: reminder.userId,
    reminderId: reminder.id,
    channel: reminder.channel,
    event: LifePayNotificationEvent.TopUpReminder,
    templateId: answer.templateId,
    decision: answer.decision,
    creationTime: ctx.clock.now(),
  })
}

/** The oldest accepted, unspent grant of a reminder, marked spent; null when none is left. */
export async function spendGrant(
  ctx: Pick<AppContext, 'clock'>,
  tx: Executor,
  reminderId: string,
): Promise<{ templateId: string | null } | null> {
  const [grant] = await tx
    .select({ id: notificationSubscriptions.id, templateId: notificationSubscriptions.templateId })
    .from(notificationSubscriptions)
    .where(
      and(
        eq(notificationSubscriptions.reminderId, reminderId),
        eq(notificationSubscriptions.decision, GRANTING_DECISION),
        isNull(notificationSubscriptions.spentTime),
      ),
    )
    .orderBy(notificationSubscriptions.creationTime)
    .limit(1)
    .for('update')
  if (!grant) return null
  await tx
    .update(notificationSubscriptions)
    .set({ spentTime: ctx.clock.now() })
    .where(eq(notificationSubscriptions.id, grant.id))
  return { templateId: grant.templateId }
}
