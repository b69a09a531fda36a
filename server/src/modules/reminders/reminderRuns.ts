import { eq } from 'drizzle-orm'
import { label } from '@domain/locale'
import { LifePayNotificationEvent, type LifePayNotificationChannel } from '@domain/lifePayNotification'
import { LifePayOrderType, lifePayOrderTypeLabels } from '@domain/lifePayOrderType'
import { maskLifePayAccount } from '@domain/mask'
import { formatFen } from '@domain/price'
import { reminderCancelPage, reminderTopUpPage } from '@domain/reminderMessagePages'
import { nextReminderRun, reminderPeriod, reminderWhenText, ReminderKind } from '@domain/reminderSchedule'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { topUpReminders, userNotifications } from '../../db/schema'
import { enqueueUserNotification } from '../notifications/userNotifications'
import type { BalanceLookup } from './balanceLookup'
import { needsGrant, spendGrant } from './reminderGrants'

// The reminder's runs (docs/reminders.md): one durable job per due time, deduped by reminder and time.
// A run locks the reminder, does nothing unless it is still active and still due at exactly this time, sends at most
// one reminder for the period (the outbox key is per reminder and period), and schedules the next run — all in one
// transaction. So a retried job, a second instance, or a run after a cancel sends nothing more. A run that fails its
// last attempt still moves the reminder on to its next time (`skipFailedRun`): one bad day never ends a schedule.

export const REMINDER_RUN_JOB = 'reminder.run'

interface ReminderRunPayload {
  id: string
  /** The due time this job was scheduled for (ISO). */
  due: string
}

type ReminderRow = typeof topUpReminders.$inferSelect

export async function enqueueReminderRun(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  id: string,
  due: Date,
): Promise<void> {
  const payload: ReminderRunPayload = { id, due: due.toISOString() }
  await ctx.jobs.enqueue(tx, REMINDER_RUN_JOB, payload, {
    runAt: due,
    dedupeKey: `${REMINDER_RUN_JOB}:${id}:${payload.due}`,
  })
}

const isDue = (row: ReminderRow | undefined, due: string): row is ReminderRow =>
  row !== undefined && row.status === 'active' && row.nextRunTime?.toISOString() === due

function maskedAccount(row: ReminderRow): string {
  return maskLifePayAccount(row.lifePayOrderType as LifePayOrderType, row.account)
}

/**
 * Writes the period's reminder to the outbox: sent when a grant is left (or by SMS), else kept as `skipped`. True when
 * a message is on its way.
 */
async function remind(ctx: AppContext, tx: Executor, row: ReminderRow, period: string): Promise<boolean> {
  const type = row.lifePayOrderType as LifePayOrderType
  const threshold = row.thresholdFen === null ? null : formatFen(row.thresholdFen, '')
  const params: Record<string, string> = {
    orderType: label(lifePayOrderTypeLabels, type),
    account: maskedAccount(row),
    remindWhen: reminderWhenText(row.kind as ReminderKind, row.dayOfMonth, threshold, 'zh-CN'),
    // Without the leading slash: the hosts' send APIs refuse one (as the order messages' pages, orderNotifications.ts).
    page: reminderTopUpPage(type, row.userAccountId, type === LifePayOrderType.Phone ? row.account : undefined).replace(
      /^\//,
      '',
    ),
    cancelPage: reminderCancelPage(row.cancelToken).replace(/^\//, ''),
  }
  const channel = row.channel as LifePayNotificationChannel
  const dedupeKey = `${LifePayNotificationEvent.TopUpReminder}:${row.id}:${period}`
  const grant = needsGrant(channel) ? await spendGrant(ctx, tx, row.id) : { templateId: null }
  if (grant) {
    await enqueueUserNotification(ctx, tx, {
      userId: row.userId,
      event: LifePayNotificationEvent.TopUpReminder,
      channel,
      reminderId: row.id,
      dedupeKey,
      params,
      templateId: grant.templateId,
    })
    return true
  }
  // No grant left: the host would refuse the message. Recorded as skipped, and the list asks to subscribe again.
  await tx
    .insert(userNotifications)
    .values({
      userId: row.userId,
      event: LifePayNotificationEvent.TopUpReminder,
      channel,
      reminderId: row.id,
      dedupeKey,
      status: 'skipped',
      params,
      lastError: `no ${channel} subscription grant left for this reminder`,
      creationTime: ctx.clock.now(),
    })
    .onConflictDoNothing({ target: userNotifications.dedupeKey })
  return false
}

/**
 * What a low-balance check decides: remind once when the balance is found below the threshold, then stay quiet while
 * it stays low; `lastSentTime` marks "reminded for this low spell" and is cleared when the balance is seen back up.
 * An unknown balance decides nothing.
 */
function lowBalanceStep(row: ReminderRow, balanceFen: number | null): 'remind' | 'rearm' | 'none' {
  if (balanceFen === null || row.thresholdFen === null) return 'none'
  if (balanceFen >= row.thresholdFen) return row.lastSentTime ? 'rearm' : 'none'
  return row.lastSentTime ? 'none' : 'remind'
}

/** After a long stop the next run is the next one ahead of now: missed periods are not sent in a burst. */
const nextRunAfter = (row: ReminderRow, due: Date, now: Date): Date =>
  nextReminderRun(row.kind as ReminderKind, row.dayOfMonth, due > now ? due : now)

/**
 * A run whose every attempt failed (the database or outbox down all day, a row the run cannot handle) sent nothing
 * for its period; the reminder is moved on to its next due time so the schedule goes on. Still under the row lock and
 * the same due check as a run: a cancel, or a run that did get through, leaves nothing to move.
 */
export async function skipFailedRun(ctx: AppContext, payload: ReminderRunPayload): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(topUpReminders).where(eq(topUpReminders.id, payload.id)).for('update')
    if (!isDue(row, payload.due)) return
    const now = ctx.clock.now()
    const next = nextRunAfter(row, new Date(payload.due), now)
    await tx.update(topUpReminders).set({ nextRunTime: next, updatedTime: now }).where(eq(topUpReminders.id, row.id))
    await enqueueReminderRun(ctx, tx, row.id, next)
  })
}

/**
 * The sandbox's stand-in for the clock (POST /api/dev/reminders/due, never in production): an active reminder falls
 * due now, and its run does the rest as at its real time. The job for the old time then finds it moved and does
 * nothing. Null when there is no active reminder by that id.
 */
export async function dueNow(ctx: AppContext, id: string): Promise<Date | null> {
  const due = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(topUpReminders).where(eq(topUpReminders.id, id)).for('update')
    if (row?.status !== 'active') return null
    const now = ctx.clock.now()
    await tx.update(topUpReminders).set({ nextRunTime: now, updatedTime: now }).where(eq(topUpReminders.id, id))
    await enqueueReminderRun(ctx, tx, id, now)
    return now
  })
  if (due) ctx.jobs.kick()
  return due
}

/** The run job: one reminder, one due time. */
export async function runReminder(ctx: AppContext, lookupBalance: BalanceLookup, payload: ReminderRunPayload) {
  const [before] = await ctx.db.select().from(topUpReminders).where(eq(topUpReminders.id, payload.id))
  if (!isDue(before, payload.due)) return
  // The supplier is asked outside the transaction: no row lock is held across a network call.
  let balanceFen: number | null = null
  if (before.kind === ReminderKind.LowBalance) {
    balanceFen = await lookupBalance({
      lifePayOrderType: before.lifePayOrderType as LifePayOrderType,
      account: before.account,
      userAccountId: before.userAccountId,
    }).catch((error: unknown) => {
      ctx.log.warn({ reminderId: before.id, err: error }, 'balance lookup failed; no decision today')
      return null
    })
  }
  const sent = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(topUpReminders).where(eq(topUpReminders.id, payload.id)).for('update')
    if (!isDue(row, payload.due)) return false
    const now = ctx.clock.now()
    const due = new Date(payload.due)
    const period = reminderPeriod(row.kind as ReminderKind, due)
    const step = row.kind === ReminderKind.LowBalance ? lowBalanceStep(row, balanceFen) : 'remind'
    // A reminder skipped for want of a grant is not "reminded for this low spell": once the user subscribes again,
    // the next check while the balance is still low reminds them.
    const sentNow = step === 'remind' && (await remind(ctx, tx, row, period))
    const next = nextRunAfter(row, due, now)
    const lastSentTime = sentNow ? now : step === 'rearm' ? null : row.lastSentTime
    await tx
      .update(topUpReminders)
      .set({ nextRunTime: next, lastSentTime, updatedTime: now })
      .where(eq(topUpReminders.id, row.id))
    await enqueueReminderRun(ctx, tx, row.id, next)
    return sentNow
  })
  if (sent) ctx.jobs.kick()
}

export function defineReminderJobs(ctx: AppContext, lookupBalance: BalanceLookup): void {
  ctx.jobs.define<ReminderRunPayload>({
    kind: REMINDER_RUN_JOB,
    handle: (payload) => runReminder(ctx, lookupBalance, payload),
    async onExhausted(payload, context) {
      context.log.error({ reminderId: payload.id, due: payload.due }, 'reminder run failed; skipped to the next time')
      await skipFailedRun(ctx, payload)
    },
  })
}
