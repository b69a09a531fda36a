import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import type { CancelledTopUpReminder, TopUpReminder } from '@contract/reminders'
import { reminderConsentText } from '@domain/reminderSchedule'
import { jobs, notificationSubscriptions, topUpReminders, userNotifications } from '../src/db/schema'
import { runReminder } from '../src/modules/reminders/reminderRuns'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

const CONSENT = reminderConsentText['zh-CN'].consent
const balances = new Map<string, number | null>()

let t: TestApp
let alice: Caller
let bob: Caller
let phoneCount = 0
before(async () => {
  t = await createTestApp({ balanceLookup: async ({ account }) => balances.get(account) ?? null })
  alice = { token: (await t.register(PHONES.alice)).accessToken }
  bob = { token: (await t.register(PHONES.bob)).accessToken }
})
after(() => t.close())

const PHONES = { alice: '13500000001', bob: '13500000002' }

/** Moves the test clock to an instant (forwards or back), logging the users in again: their tokens were for then. */
async function moveTo(iso: string): Promise<void> {
  t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime())
  for (const [caller, loginName] of [
    [alice, PHONES.alice],
    [bob, PHONES.bob],
  ] as const) {
    const tokens = await t.data(
      t.post<{ accessToken: string }>('/api/Account/PasswordLogin', { loginName, password: 'Passw0rd!' }),
    )
    caller.token = tokens.accessToken
  }
}

const saveAccount = (caller: Caller, account: Record<string, unknown>) =>
  t.data(t.post<string>('/api/LifePay/AddUpdateUserAccount', account, caller))
const newPhoneAccount = (caller: Caller) =>
  saveAccount(caller, { lifePayType: 10, content: `1390000${String(++phoneCount).padStart(4, '0')}` })
const newGasAccount = (caller: Caller, content: string) =>
  saveAccount(caller, { lifePayType: 30, content, gasOrgType: 'gang_hua' })

const add = (caller: Caller, input: Record<string, unknown>) =>
  t.post<TopUpReminder>(
    '/api/LifePay/AddTopUpReminder',
    { kind: 'monthlyDay', dayOfMonth: 15, channel: 'sms', consent: true, consentText: CONSENT, ...input },
    caller,
  )
const list = (caller: Caller) => t.data(t.post<TopUpReminder[]>('/api/LifePay/GetTopUpReminderList', {}, caller))
const cancel = (caller: Caller, id: string) => t.post<null>('/api/LifePay/CancelTopUpReminder', { id }, caller)
const outbox = (reminderId: string) =>
  t.database.db
    .select()
    .from(userNotifications)
    .where(eq(userNotifications.reminderId, reminderId))
    .orderBy(userNotifications.id)
const reminderRow = async (id: string) =>
  (await t.database.db.select().from(topUpReminders).where(eq(topUpReminders.id, id)))[0]

/** Runs the reminder's due job (and what it enqueues) with the clock at its due time. */
async function runDue(id: string): Promise<void> {
  const row = await reminderRow(id)
  assert.ok(row.nextRunTime, 'the reminder has a next run')
  await moveTo(row.nextRunTime.toISOString())
  await t.app.jobs.drain()
}

describe('reminders: add, list, cancel', () => {
  test('a monthly SMS reminder is listed with its next time, the consent stored with its time', async () => {
    await moveTo('2026-03-10T02:00:00Z')
    const accountId = await newPhoneAccount(alice)
    const reminder = await t.data(add(alice, { userAccountId: accountId, dayOfMonth: 15 }))
    assert.equal(reminder.nextRunTime, '2026-03-15T01:00:00.000Z') // 09:00 in Shanghai
    assert.equal(reminder.needsSubscription, false)
    assert.deepEqual(
      (await list(alice)).map((r) => [r.id, r.kind, r.dayOfMonth, r.status]),
      [[reminder.id, 'monthlyDay', 15, 'active']],
    )
    const row = await reminderRow(reminder.id)
    assert.equal(row.consentText, CONSENT)
    assert.equal(row.consentTime.toISOString(), '2026-03-10T02:00:00.000Z')
    assert.deepEqual(await list(bob), [])
    await t.data(cancel(alice, reminder.id))
    assert.deepEqual(await list(alice), [])
    // The tap may be repeated: still a success.
    await t.data(cancel(alice, reminder.id))
  })

  test('bad input is refused with the reason, never a 500', async () => {
    const accountId = await newPhoneAccount(alice)
    const refusal = async (input: Record<string, unknown>) => {
      const { status, body } = await add(alice, { userAccountId: accountId, ...input })
      assert.equal(status, 200)
      assert.equal(body.success, false)
      return [body.error, body.msg]
    }
    assert.deepEqual(await refusal({ consent: false }), ['REMINDER_CONSENT_REQUIRED', '请先阅读并勾选同意接收充值提醒'])
    assert.deepEqual((await refusal({ consentText: 'I agree' }))[0], 'REMINDER_CONSENT_REQUIRED')
    assert.equal((await refusal({ dayOfMonth: 0 }))[0], 'VALIDATION_FAILED')
    assert.equal((await refusal({ dayOfMonth: 32 }))[0], 'VALIDATION_FAILED')
    assert.equal((await refusal({ dayOfMonth: undefined }))[0], 'VALIDATION_FAILED')
    assert.equal((await refusal({ kind: 'lowBalance', threshold: 50 }))[0], 'VALIDATION_FAILED') // a phone has no balance
    assert.equal((await refusal({ kind: 'sometimes' }))[0], 'VALIDATION_FAILED')
    assert.equal((await refusal({ channel: 'pigeon' }))[0], 'VALIDATION_FAILED')
    assert.equal((await refusal({ userAccountId: 'nope' }))[0], 'ACCOUNT_NOT_FOUND')
    const gasId = await newGasAccount(alice, 'GZ20000001')
    for (const threshold of [0.5, 5000.01, 12.345]) {
      const { body } = await add(alice, { userAccountId: gasId, kind: 'lowBalance', threshold })
      assert.equal(body.error, 'VALIDATION_FAILED', `threshold ${threshold}`)
    }
  })

  test('another user’s account or reminder answers as not found', async () => {
    const accountId = await newPhoneAccount(alice)
    assert.equal((await add(bob, { userAccountId: accountId })).body.error, 'ACCOUNT_NOT_FOUND')
    const reminder = await t.data(add(alice, { userAccountId: accountId }))
    assert.equal((await cancel(bob, reminder.id)).body.error, 'REMINDER_NOT_FOUND')
    assert.equal(
      (await list(alice)).some((r) => r.id === reminder.id),
      true,
    )
    await t.data(cancel(alice, reminder.id))
  })

  test('one active reminder per account and kind; at most 10 per user', async () => {
    const carol = { token: (await t.register('13500000003')).accessToken }
    const first = await newPhoneAccount(carol)
    await t.data(add(carol, { userAccountId: first }))
    assert.equal((await add(carol, { userAccountId: first, dayOfMonth: 20 })).body.error, 'REMINDER_EXISTS')
    for (let i = 1; i < 10; i++) await t.data(add(carol, { userAccountId: await newPhoneAccount(carol) }))
    const eleventh = await add(carol, { userAccountId: await newPhoneAccount(carol) })
    assert.deepEqual([eleventh.body.error, eleventh.body.msg], ['REMINDER_LIMIT', '最多可设置10个充值提醒'])
    // A cancelled one frees its place.
    await t.data(cancel(carol, (await list(carol))[0].id))
    await t.data(add(carol, { userAccountId: await newPhoneAccount(carol) }))
  })
})

describe('reminders: scheduling', () => {
  test('the 31st falls on February’s and April’s last day, and runs on across the year’s end', async () => {
    await moveTo('2026-01-30T12:00:00Z') // 20:00 on the 30th in Shanghai
    const accountId = await newPhoneAccount(alice)
    const reminder = await t.data(add(alice, { userAccountId: accountId, dayOfMonth: 31 }))
    const runs: string[] = [reminder.nextRunTime!]
    for (let i = 0; i < 3; i++) {
      await runDue(reminder.id)
      runs.push((await reminderRow(reminder.id)).nextRunTime!.toISOString())
    }
    assert.deepEqual(runs, [
      '2026-01-31T01:00:00.000Z',
      '2026-02-28T01:00:00.000Z',
      '2026-03-31T01:00:00.000Z',
      '2026-04-30T01:00:00.000Z',
    ])
    const sent = await outbox(reminder.id)
    assert.deepEqual(
      sent.map((n) => n.dedupeKey),
      ['2026-01', '2026-02', '2026-03'].map((period) => `topUpReminder:${reminder.id}:${period}`),
    )
    assert.equal((sent[0].params as Record<string, string>).remindWhen, '每月31日')
    assert.match((sent[0].params as Record<string, string>).cancelPage, /cancelReminder\?token=/)
    await t.data(cancel(alice, reminder.id))

    await moveTo('2026-12-20T00:00:00Z')
    const yearEnd = await t.data(add(alice, { userAccountId: accountId, dayOfMonth: 5 }))
    assert.equal(yearEnd.nextRunTime, '2027-01-05T01:00:00.000Z')
    await t.data(cancel(alice, yearEnd.id))
  })

  test('the day is Shanghai’s: 23:30 UTC on the 14th is already the 15th, 07:30, so today’s 09:00 is next', async () => {
    await moveTo('2026-05-14T23:30:00Z')
    const accountId = await newPhoneAccount(alice)
    const reminder = await t.data(add(alice, { userAccountId: accountId, dayOfMonth: 15 }))
    assert.equal(reminder.nextRunTime, '2026-05-15T01:00:00.000Z')
    await moveTo('2026-05-15T01:30:00Z') // 09:30 on the 15th: this month's has passed
    const later = await t.data(add(alice, { userAccountId: await newPhoneAccount(alice), dayOfMonth: 15 }))
    assert.equal(later.nextRunTime, '2026-06-15T01:00:00.000Z')
    await t.data(cancel(alice, reminder.id))
    await t.data(cancel(alice, later.id))
  })

  test('exactly one reminder per period under a retried job and two workers at once', async () => {
    await moveTo('2026-06-01T00:00:00Z')
    const reminder = await t.data(add(alice, { userAccountId: await newPhoneAccount(alice), dayOfMonth: 3 }))
    const payload = { id: reminder.id, due: reminder.nextRunTime! }
    await moveTo(reminder.nextRunTime!)
    const lookup = async () => null
    // Two workers hold the same run at once (a lease that ran out), then the job is retried.
    await Promise.all([runReminder(t.app.ctx, lookup, payload), runReminder(t.app.ctx, lookup, payload)])
    await runReminder(t.app.ctx, lookup, payload)
    await t.app.jobs.drain()
    assert.equal((await outbox(reminder.id)).length, 1)
    assert.equal((await reminderRow(reminder.id)).nextRunTime?.toISOString(), '2026-07-03T01:00:00.000Z')
    await t.data(cancel(alice, reminder.id))
  })

  test('a run that fails every attempt skips its period and the schedule goes on', async () => {
    await moveTo('2026-06-20T00:00:00Z')
    const reminder = await t.data(add(alice, { userAccountId: await newPhoneAccount(alice), dayOfMonth: 21 }))
    // The outbox refuses this reminder's messages, as a database fault would: every attempt of the run fails.
    await t.database.db.execute(
      sql.raw(`create function fail_reminder_outbox() returns trigger language plpgsql
        as $$ begin raise exception 'outbox unavailable'; end $$`),
    )
    await t.database.db.execute(
      sql.raw(`create trigger fail_reminder_outbox before insert on user_notifications for each row
        when (new.reminder_id = '${reminder.id}') execute function fail_reminder_outbox()`),
    )
    const runJob = async () =>
      (
        await t.database.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'reminder.run'), sql`${jobs.payload}->>'id' = ${reminder.id}`))
          .orderBy(jobs.id)
      )[0]
    try {
      await moveTo(reminder.nextRunTime!)
      // Each retry waits out its back-off on the test clock until the job has used its attempts.
      for (let job = await runJob(); job.status === 'pending'; job = await runJob()) {
        if (job.runAt > t.clock.now()) t.clock.advance(job.runAt.getTime() - t.clock.now().getTime())
        await t.app.jobs.drain()
      }
      const failed = await runJob()
      assert.deepEqual([failed.status, failed.attempts], ['failed', failed.maxAttempts])
      assert.match(failed.lastError ?? '', /insert into "user_notifications"/)
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_reminder_outbox on user_notifications'))
      await t.database.db.execute(sql.raw('drop function fail_reminder_outbox()'))
    }
    assert.deepEqual(await outbox(reminder.id), [])
    const row = await reminderRow(reminder.id)
    assert.deepEqual([row.status, row.nextRunTime?.toISOString()], ['active', '2026-07-21T01:00:00.000Z'])
    // The next month's run goes out as usual.
    await runDue(reminder.id)
    assert.deepEqual(
      (await outbox(reminder.id)).map((n) => n.dedupeKey),
      [`topUpReminder:${reminder.id}:2026-07`],
    )
    await t.data(cancel(alice, reminder.id))
  })

  test('the sandbox’s “due now” sends it as at its time; the old time’s job then does nothing', async () => {
    await moveTo('2026-07-10T00:00:00Z')
    const reminder = await t.data(add(alice, { userAccountId: await newPhoneAccount(alice), dayOfMonth: 20 }))
    const due = await t.data(t.post<{ due: string }>('/api/dev/reminders/due', { id: reminder.id }))
    assert.equal(due.due, '2026-07-10T00:00:00.000Z')
    await t.app.jobs.drain()
    assert.deepEqual(
      (await outbox(reminder.id)).map((n) => n.dedupeKey),
      [`topUpReminder:${reminder.id}:2026-07`],
    )
    assert.equal((await reminderRow(reminder.id)).nextRunTime?.toISOString(), '2026-07-20T01:00:00.000Z')
    // The run for the 20th is July's too: the period already has its reminder.
    await runDue(reminder.id)
    assert.equal((await outbox(reminder.id)).length, 1)
    await t.data(cancel(alice, reminder.id))
    for (const id of [reminder.id, 'nope']) {
      assert.equal((await t.post('/api/dev/reminders/due', { id })).body.error, 'REMINDER_NOT_FOUND')
    }
  })

  test('a cancel stops the next run at once', async () => {
    await moveTo('2026-07-01T00:00:00Z')
    const reminder = await t.data(add(alice, { userAccountId: await newPhoneAccount(alice), dayOfMonth: 2 }))
    await t.data(cancel(alice, reminder.id))
    await moveTo('2026-07-02T02:00:00Z')
    await t.app.jobs.drain()
    assert.deepEqual(await outbox(reminder.id), [])
    const row = await reminderRow(reminder.id)
    assert.deepEqual([row.status, row.nextRunTime], ['cancelled', null])
  })

  test('deleting the saved account cancels its reminders', async () => {
    await moveTo('2026-08-01T00:00:00Z')
    const accountId = await newPhoneAccount(alice)
    const reminder = await t.data(add(alice, { userAccountId: accountId, dayOfMonth: 2 }))
    await t.data(t.post(`/api/LifePay/DeleteUserAccount?id=${accountId}`, {}, alice))
    assert.equal(
      (await list(alice)).some((r) => r.id === reminder.id),
      false,
    )
    await moveTo('2026-08-02T02:00:00Z')
    await t.app.jobs.drain()
    assert.deepEqual(await outbox(reminder.id), [])
  })

  test('the message’s token cancels without login and says what it cancelled', async () => {
    const reminder = await t.data(add(alice, { userAccountId: await newPhoneAccount(alice), dayOfMonth: 9 }))
    const { cancelToken } = await reminderRow(reminder.id)
    const answer = await t.data(
      t.post<CancelledTopUpReminder>('/api/LifePay/CancelTopUpReminderByToken', { token: cancelToken }),
    )
    assert.equal(answer.lifePayOrderType, 10)
    assert.match(answer.maskedAccount, /^139\*{4}\d{4}$/)
    assert.equal(
      (await list(alice)).some((r) => r.id === reminder.id),
      false,
    )
    // The link opened twice still says it is cancelled; an unknown token is refused.
    await t.data(t.post('/api/LifePay/CancelTopUpReminderByToken', { token: cancelToken }))
    const unknown = await t.post('/api/LifePay/CancelTopUpReminderByToken', { token: 'nope' })
    assert.equal(unknown.body.error, 'REMINDER_NOT_FOUND')
  })
})

describe('reminders: low balance and grants', () => {
  test('a low balance reminds once per fall below the threshold, not every day it stays low', async () => {
    await moveTo('2026-09-01T00:00:00Z')
    const account = 'GZ30000001'
    const reminder = await t.data(
      add(alice, { userAccountId: await newGasAccount(alice, account), kind: 'lowBalance', threshold: 100 }),
    )
    assert.equal(reminder.threshold, 100)
    assert.equal(reminder.nextRunTime, '2026-09-01T01:00:00.000Z') // checked daily at 09:00
    const day = async (balanceFen: number | null) => {
      balances.set(account, balanceFen)
      await runDue(reminder.id)
      return (await outbox(reminder.id)).length
    }
    assert.deepEqual(
      [await day(20_000), await day(5_000), await day(4_000), await day(null), await day(15_000), await day(8_000)],
      [0, 1, 1, 1, 1, 2],
    )
    const [first] = await outbox(reminder.id)
    assert.equal((first.params as Record<string, string>).remindWhen, '余额低于100.00元')
    await t.data(cancel(alice, reminder.id))
  })

  test('low balance without a grant: skipped, and once subscribed again the next low day reminds', async () => {
    await moveTo('2026-11-01T00:00:00Z')
    const account = 'GZ30000002'
    const reminder = await t.data(
      add(alice, {
        userAccountId: await newGasAccount(alice, account),
        kind: 'lowBalance',
        threshold: 100,
        channel: 'wechat',
      }),
    )
    const grantless = async () =>
      (await outbox(reminder.id)).map((row) => /no wechat subscription grant/.test(row.lastError ?? ''))
    balances.set(account, 5_000)
    await runDue(reminder.id)
    assert.deepEqual(await grantless(), [true])
    const templateId = t.config.notificationTemplates.wechat.topUpReminder!
    await t.data(
      t.post<TopUpReminder>(
        '/api/LifePay/SubscribeTopUpReminder',
        { id: reminder.id, subscription: { templateId, decision: 'accept' } },
        alice,
      ),
    )
    // Still low the next day: reminded now (this user has no WeChat openId, so the send job itself skips it later).
    await runDue(reminder.id)
    assert.deepEqual(await grantless(), [true, false])
    await t.data(cancel(alice, reminder.id))
  })

  test('a WeChat reminder spends a grant per message; with none left it is skipped and asks to subscribe again', async () => {
    await moveTo('2026-10-01T00:00:00Z')
    const templateId = t.config.notificationTemplates.wechat.topUpReminder!
    const subscription = { templateId, decision: 'accept' }
    // Only this host's reminder template is taken: the id is what goes to WeChat.
    const foreign = await add(alice, {
      userAccountId: await newPhoneAccount(alice),
      dayOfMonth: 5,
      channel: 'wechat',
      subscription: { templateId: 'someone-elses-template', decision: 'accept' },
    })
    assert.equal(foreign.body.error, 'BAD_REQUEST')
    const reminder = await t.data(
      add(alice, { userAccountId: await newPhoneAccount(alice), dayOfMonth: 5, channel: 'wechat', subscription }),
    )
    assert.equal(reminder.needsSubscription, false)
    await runDue(reminder.id)
    const byId = async () => (await list(alice)).find((r) => r.id === reminder.id)!
    assert.equal((await byId()).needsSubscription, true)
    await runDue(reminder.id)
    const [sent, skipped] = await outbox(reminder.id)
    assert.equal((sent.params as Record<string, string>).templateId, templateId)
    // The hosts refuse a page with a leading slash.
    assert.match((sent.params as Record<string, string>).page, /^subpackages\/recharge\//)
    assert.equal(skipped.status, 'skipped')
    assert.match(skipped.lastError ?? '', /no wechat subscription grant/)
    const spent = await t.database.db
      .select()
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.reminderId, reminder.id))
    assert.equal(spent.filter((grant) => grant.spentTime).length, 1)
    // Kept, and one tap re-subscribes.
    const again = await t.data(
      t.post<TopUpReminder>('/api/LifePay/SubscribeTopUpReminder', { id: reminder.id, subscription }, alice),
    )
    assert.equal(again.needsSubscription, false)
    // A refused prompt grants nothing.
    await runDue(reminder.id)
    const refused = await t.data(
      t.post<TopUpReminder>(
        '/api/LifePay/SubscribeTopUpReminder',
        { id: reminder.id, subscription: { ...subscription, decision: 'reject' } },
        alice,
      ),
    )
    assert.equal(refused.needsSubscription, true)
    await t.data(cancel(alice, reminder.id))
  })
})
