import { eq } from 'drizzle-orm'
import { LifePayNotificationChannel, type LifePayNotificationEvent } from '@domain/lifePayNotification'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { userNotifications, users } from '../../db/schema'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type OutgoingNotification,
} from '../../providers/notification'

// The notification outbox (issue 20, docs/notifications.md): a notification is decided in the transaction of the change
// that causes it and sent afterwards by a job, so the order never waits on a vendor and a rolled-back change tells
// nobody. At most once per event: the outbox row is unique per dedupe key, and a send that may have gone out is never
// repeated (a retry finds the row no longer pending).

export const NOTIFICATION_SEND_JOB = 'notification.send'

export interface UserNotificationInput {
  userId: string
  event: LifePayNotificationEvent
  channel: LifePayNotificationChannel
  orderNo?: string | null
  reminderId?: string | null
  /** One notification ever per key, e.g. `rechargeSucceeded:<orderNo>:wechat`. */
  dedupeKey: string
  /** What the message says, fixed now so a retry sends the same words. */
  params: Record<string, string>
  /** The host template the user granted (WeChat / Alipay). */
  templateId?: string | null
  runAt?: Date
}

type NotificationRow = typeof userNotifications.$inferSelect

/**
 * Adds a notification to the outbox in the caller's transaction; false when one with this key already exists. The
 * caller kicks the job queue after its commit.
 */
export async function enqueueUserNotification(
  ctx: Pick<AppContext, 'jobs' | 'clock'>,
  tx: Executor,
  input: UserNotificationInput,
): Promise<boolean> {
  const [row] = await tx
    .insert(userNotifications)
    .values({
      userId: input.userId,
      event: input.event,
      channel: input.channel,
      orderNo: input.orderNo ?? null,
      reminderId: input.reminderId ?? null,
      dedupeKey: input.dedupeKey,
      status: 'pending',
      params: { ...input.params, ...(input.templateId ? { templateId: input.templateId } : {}) },
      creationTime: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: userNotifications.dedupeKey })
    .returning({ id: userNotifications.id })
  if (!row) return false
  await ctx.jobs.enqueue(
    tx,
    NOTIFICATION_SEND_JOB,
    { id: row.id },
    { dedupeKey: `${NOTIFICATION_SEND_JOB}:${row.id}`, runAt: input.runAt },
  )
  return true
}

/** The address the channel sends to, from the user's own record (never from the client). */
async function recipientFor(tx: Executor, row: NotificationRow): Promise<string | null> {
  const [user] = await tx
    .select({ phoneNumber: users.phoneNumber, wxOpenId: users.wxOpenId, alipayUserId: users.alipayUserId })
    .from(users)
    .where(eq(users.id, row.userId))
  if (!user) return null
  switch (row.channel) {
    case LifePayNotificationChannel.Sms:
      return user.phoneNumber
    case LifePayNotificationChannel.Wechat:
      // wxOpenId is the last mini-program login's id: when that was Alipay's, there is no WeChat address.
      return user.wxOpenId !== user.alipayUserId ? user.wxOpenId : null
    case LifePayNotificationChannel.Alipay:
      return user.alipayUserId
    default:
      return null
  }
}

type Claim = { kind: 'send'; message: OutgoingNotification } | { kind: 'done' }

/** Moves a pending row to `sending` (committed before the vendor is called) or settles it without a call. */
async function claimNotification(ctx: AppContext, id: number): Promise<Claim> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(userNotifications).where(eq(userNotifications.id, id)).for('update')
    if (!row) return { kind: 'done' }
    if (row.status === 'sending') {
      // A worker died (or lost its lease) mid-call: the message may be out. Never repeat it.
      await tx
        .update(userNotifications)
        .set({ status: 'unknown', lastError: 'interrupted while sending' })
        .where(eq(userNotifications.id, id))
      return { kind: 'done' }
    }
    if (row.status !== 'pending') return { kind: 'done' }
    const recipient = await recipientFor(tx, row)
    if (!recipient) {
      await tx
        .update(userNotifications)
        .set({ status: 'skipped', lastError: `no ${row.channel} address for this user` })
        .where(eq(userNotifications.id, id))
      return { kind: 'done' }
    }
    await tx
      .update(userNotifications)
      .set({ status: 'sending', attempts: row.attempts + 1 })
      .where(eq(userNotifications.id, id))
    const { templateId = null, ...params } = row.params as Record<string, string>
    return {
      kind: 'send',
      message: {
        id: row.id,
        userId: row.userId,
        channel: row.channel as LifePayNotificationChannel,
        event: row.event as LifePayNotificationEvent,
        orderNo: row.orderNo,
        recipient,
        templateId,
        params,
      },
    }
  })
}

/** The send job: one outbox row, one vendor call at most. */
export async function sendUserNotification(ctx: AppContext, id: number): Promise<void> {
  const claim = await claimNotification(ctx, id)
  if (claim.kind === 'done') return
  const { message } = claim
  const settle = (changes: Partial<NotificationRow>) =>
    ctx.db.update(userNotifications).set(changes).where(eq(userNotifications.id, id))
  try {
    const { messageId } = await ctx.providers.notifications[message.channel].send(message)
    await settle({ status: 'sent', providerMessageId: messageId, sentTime: ctx.clock.now(), lastError: null })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    if (error instanceof NotificationUnavailableError) {
      // Nothing went out: back to pending, and the job's back-off tries again.
      await settle({ status: 'pending', lastError: reason })
      throw error
    }
    await settle({ status: error instanceof NotificationRefusedError ? 'failed' : 'unknown', lastError: reason })
    ctx.log.warn({ notificationId: id, channel: message.channel, err: error }, 'notification not sent')
  }
}

export function defineNotificationJobs(ctx: AppContext): void {
  ctx.jobs.define<{ id: number }>({
    kind: NOTIFICATION_SEND_JOB,
    async handle({ id }) {
      await sendUserNotification(ctx, id)
    },
    // An unavailable vendor is retried a few times; a notification hours late is worse than none.
    maxAttempts: 5,
    async onExhausted({ id }, _context, error) {
      await ctx.db
        .update(userNotifications)
        .set({ status: 'failed', lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(userNotifications.id, id))
    },
  })
}
