import { randomBytes, randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type {
  AddTopUpReminderInput,
  CancelledTopUpReminder,
  ReminderSubscriptionAnswer,
  TopUpReminder,
} from '@contract/reminders'
import type { LifePayNotificationChannel } from '@domain/lifePayNotification'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { maskLifePayAccount } from '@domain/mask'
import { decimal2 } from '@domain/validators'
import { fenToYuan, toFen } from '@domain/price'
import {
  isReminderConsentText,
  MAX_REMINDERS_PER_USER,
  nextReminderRun,
  REMINDER_DAY_MAX,
  REMINDER_DAY_MIN,
  REMINDER_THRESHOLD_MAX_FEN,
  REMINDER_THRESHOLD_MIN_FEN,
  ReminderKind,
} from '@domain/reminderSchedule'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { topUpReminders, userAccounts, users } from '../../db/schema'
import { errors } from '../../http/errors'
import { checkField, invalidField } from '../../http/validation'
import { isUuid } from '@domain/uuid'
import { needsGrant, recordSubscription, unspentGrants } from './reminderGrants'
import { enqueueReminderRun } from './reminderRuns'

// Top-up reminders (issue 20 part 4, docs/reminders.md): set on a saved account with explicit consent,
// listed, cancelled in one tap (also by the message's token, without login). Nothing here ever charges.

type ReminderRow = typeof topUpReminders.$inferSelect

function toTopUpReminder(row: ReminderRow, remark: string | null, grants: number): TopUpReminder {
  return {
    id: row.id,
    userAccountId: row.userAccountId,
    lifePayOrderType: row.lifePayOrderType as LifePayOrderType,
    account: row.account,
    remark: remark ?? '',
    kind: row.kind as ReminderKind,
    dayOfMonth: row.dayOfMonth,
    threshold: row.thresholdFen === null ? null : fenToYuan(row.thresholdFen),
    channel: row.channel as LifePayNotificationChannel,
    status: row.status as TopUpReminder['status'],
    nextRunTime: row.nextRunTime?.toISOString() ?? null,
    needsSubscription: row.status === 'active' && needsGrant(row.channel) && grants === 0,
    consentTime: row.consentTime.toISOString(),
    creationTime: row.creationTime.toISOString(),
  }
}

async function reminderView(executor: Executor, userId: string, id: string): Promise<TopUpReminder> {
  const [found] = await executor
    .select({ reminder: topUpReminders, remark: userAccounts.remark, grants: unspentGrants })
    .from(topUpReminders)
    .leftJoin(userAccounts, eq(userAccounts.id, topUpReminders.userAccountId))
    .where(and(eq(topUpReminders.id, id), eq(topUpReminders.userId, userId)))
  if (!found) throw errors.reminderNotFound()
  return toTopUpReminder(found.reminder, found.remark, found.grants)
}

/** The when-fields of a new reminder, validated: a day 1–31, or a threshold for an account with a balance lookup. */
function scheduleFields(input: AddTopUpReminderInput, type: LifePayOrderType) {
  if (input.kind === ReminderKind.MonthlyDay) {
    const day = input.dayOfMonth
    if (day === undefined || !Number.isInteger(day) || day < REMINDER_DAY_MIN || day > REMINDER_DAY_MAX) {
      throw invalidField('dayOfMonth', {
        'zh-CN': `请选择每月${REMINDER_DAY_MIN}–${REMINDER_DAY_MAX}日中的一天`,
        'en-US': `choose a day from ${REMINDER_DAY_MIN} to ${REMINDER_DAY_MAX}`,
      })
    }
    return { dayOfMonth: day, thresholdFen: null }
  }
  // Only the utilities' suppliers report a balance; a phone's carrier does not.
  if (type === LifePayOrderType.Phone) {
    throw invalidField('kind', {
      'zh-CN': '手机号暂不支持余额提醒，请选择每月提醒',
      'en-US': 'balance reminders are not available for phone numbers: choose a monthly reminder',
    })
  }
  checkField('threshold', input.threshold, [decimal2])
  const fen = input.threshold === undefined ? NaN : toFen(Math.max(0, input.threshold))
  if (!(fen >= REMINDER_THRESHOLD_MIN_FEN && fen <= REMINDER_THRESHOLD_MAX_FEN)) {
    const [min, max] = [fenToYuan(REMINDER_THRESHOLD_MIN_FEN), fenToYuan(REMINDER_THRESHOLD_MAX_FEN)]
    throw invalidField('threshold', {
      'zh-CN': `请输入${min}–${max}元之间的金额`,
      'en-US': `enter an amount from ¥${min} to ¥${max}`,
    })
  }
  return { dayOfMonth: null, thresholdFen: fen }
}

/** POST /api/LifePay/AddTopUpReminder */
export async function addTopUpReminder(
  ctx: AppContext,
  userId: string,
  input: AddTopUpReminderInput,
): Promise<TopUpReminder> {
  if (input.consent !== true || !isReminderConsentText(input.consentText)) throw errors.reminderConsentRequired()
  if (!isUuid(input.userAccountId)) throw errors.accountNotFound()
  const id = await ctx.db.transaction(async (tx) => {
    // One add at a time per user, so the cap and the one-per-account rule hold under concurrent taps.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [account] = await tx
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, input.userAccountId), eq(userAccounts.userId, userId)))
    if (!account) throw errors.accountNotFound()
    const fields = scheduleFields(input, account.lifePayType as LifePayOrderType)
    const active = and(eq(topUpReminders.userId, userId), eq(topUpReminders.status, 'active'))
    const [{ total }] = await tx.select({ total: count() }).from(topUpReminders).where(active)
    if (Number(total) >= MAX_REMINDERS_PER_USER) throw errors.reminderLimit(MAX_REMINDERS_PER_USER)
    const [same] = await tx
      .select({ id: topUpReminders.id })
      .from(topUpReminders)
      .where(
        and(
          active,
          eq(topUpReminders.lifePayOrderType, account.lifePayType),
          eq(topUpReminders.account, account.content),
          eq(topUpReminders.kind, input.kind),
        ),
      )
    if (same) throw errors.reminderExists()

    const now = ctx.clock.now()
    const nextRunTime = nextReminderRun(input.kind, fields.dayOfMonth, now)
    const [created] = await tx
      .insert(topUpReminders)
      .values({
        id: randomUUID(),
        userId,
        userAccountId: account.id,
        lifePayOrderType: account.lifePayType,
        account: account.content,
        kind: input.kind,
        ...fields,
        channel: input.channel,
        consentTime: now,
        consentText: input.consentText,
        status: 'active',
        nextRunTime,
        cancelToken: randomBytes(24).toString('base64url'),
        creationTime: now,
        updatedTime: now,
      })
      .returning()
    if (input.subscription && needsGrant(input.channel)) await recordSubscription(ctx, tx, created, input.subscription)
    await enqueueReminderRun(ctx, tx, created.id, nextRunTime)
    return created.id
  })
  ctx.jobs.kick()
  return reminderView(ctx.db, userId, id)
}

/** POST /api/LifePay/GetTopUpReminderList: the active reminders, newest first. */
export async function topUpReminderList(ctx: AppContext, userId: string): Promise<TopUpReminder[]> {
  const rows = await ctx.db
    .select({ reminder: topUpReminders, remark: userAccounts.remark, grants: unspentGrants })
    .from(topUpReminders)
    .leftJoin(userAccounts, eq(userAccounts.id, topUpReminders.userAccountId))
    .where(and(eq(topUpReminders.userId, userId), eq(topUpReminders.status, 'active')))
    .orderBy(desc(topUpReminders.creationTime), desc(topUpReminders.id))
  return rows.map((row) => toTopUpReminder(row.reminder, row.remark, row.grants))
}

/** The cancelled state; the run job finds it and stops (no further run is scheduled). */
function cancelled(ctx: Pick<AppContext, 'clock'>) {
  const now = ctx.clock.now()
  return { status: 'cancelled', cancelTime: now, nextRunTime: null, updatedTime: now }
}

/** POST /api/LifePay/CancelTopUpReminder: cancelling a cancelled reminder is a success (the tap may be repeated). */
export async function cancelTopUpReminder(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw errors.reminderNotFound()
  const [row] = await ctx.db
    .select({ status: topUpReminders.status })
    .from(topUpReminders)
    .where(and(eq(topUpReminders.id, id), eq(topUpReminders.userId, userId)))
  if (!row) throw errors.reminderNotFound()
  await ctx.db
    .update(topUpReminders)
    .set(cancelled(ctx))
    .where(and(eq(topUpReminders.id, id), eq(topUpReminders.status, 'active')))
}

/** POST /api/LifePay/CancelTopUpReminderByToken: the message's link; says what it cancelled, the account masked. */
export async function cancelTopUpReminderByToken(ctx: AppContext, token: string): Promise<CancelledTopUpReminder> {
  const [row] = await ctx.db.select().from(topUpReminders).where(eq(topUpReminders.cancelToken, token))
  if (!row) throw errors.reminderNotFound()
  await ctx.db
    .update(topUpReminders)
    .set(cancelled(ctx))
    .where(and(eq(topUpReminders.id, row.id), eq(topUpReminders.status, 'active')))
  const type = row.lifePayOrderType as LifePayOrderType
  return {
    lifePayOrderType: type,
    maskedAccount: maskLifePayAccount(type, row.account),
    kind: row.kind as ReminderKind,
  }
}

/** POST /api/LifePay/SubscribeTopUpReminder: another grant (the list's "re-subscribe"). */
export async function subscribeTopUpReminder(
  ctx: AppContext,
  userId: string,
  id: string,
  answer: ReminderSubscriptionAnswer,
): Promise<TopUpReminder> {
  if (!isUuid(id)) throw errors.reminderNotFound()
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(topUpReminders)
      .where(and(eq(topUpReminders.id, id), eq(topUpReminders.userId, userId), eq(topUpReminders.status, 'active')))
    if (!row) throw errors.reminderNotFound()
    if (needsGrant(row.channel)) await recordSubscription(ctx, tx, row, answer)
  })
  return reminderView(ctx.db, userId, id)
}

/** DeleteUserAccount's hook: a deleted saved account's reminders stop at once, in the deleting transaction. */
export async function cancelRemindersOfAccount(
  ctx: Pick<AppContext, 'clock'>,
  tx: Executor,
  userId: string,
  userAccountId: string,
): Promise<void> {
  await tx
    .update(topUpReminders)
    .set(cancelled(ctx))
    .where(
      and(
        eq(topUpReminders.userId, userId),
        eq(topUpReminders.userAccountId, userAccountId),
        eq(topUpReminders.status, 'active'),
      ),
    )
}
