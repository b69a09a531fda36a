import assert from 'node:assert/strict'
import { after, afterEach, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { type LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import type { TokenResult, WxMiniAppUserLoginResult } from '@contract/account'
import type { NotificationTemplate, OrderNotification } from '@contract/notifications'
import { jobs, notificationSubscriptions, userNotifications, users } from '../src/db/schema'
import { sendUserNotification } from '../src/modules/notifications/userNotifications'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type NotificationProvider,
  type OutgoingNotification,
} from '../src/providers/notification'
import { SANDBOX_FAILING_SUFFIX } from '../src/providers/sandboxAccounts'
import { applyForRefund, createPhoneOrder, orderDetail, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 20 (docs/notifications.md): every order change the user subscribed to is told once per channel, from a job,
// at most once whatever the retries, and never at the order's expense.

const SUPPLIER_DELAY = 1500
const { Paid, RechargeSucceeded, RechargeFailedRefunded, RefundApproved, RefundRejected, TopUpReminder } =
  LifePayNotificationEvent

let t: TestApp
let alice: Caller & { userId: string }
let bob: Caller
const operator = () => ({ headers: { 'x-operator-token': t.config.operatorToken } })
let sandboxProviders: Record<LifePayNotificationChannel, NotificationProvider>

before(async () => {
  t = await createTestApp()
  const registered = await t.register('13700000001')
  alice = { token: registered.accessToken, userId: registered.userId }
  bob = { token: (await t.register('13700000002')).accessToken }
  // Alice logged in from WeChat once: her openId is where WeChat messages go.
  await t.database.db.update(users).set({ wxOpenId: 'o_alice_wechat' }).where(eq(users.id, alice.userId))
  sandboxProviders = { ...t.app.ctx.providers.notifications }
})
afterEach(() => {
  Object.assign(t.app.ctx.providers.notifications, sandboxProviders)
})
after(() => t.close())

interface Received {
  channel: string
  event: string
  orderNo: string | null
  recipient: string
  params: Record<string, string>
}

const received = (orderNo: string) => t.data(t.get<Received[]>(`/api/dev/notifications?orderNo=${orderNo}`))

async function templates(channel: 'wechat' | 'alipay'): Promise<Record<string, string>> {
  const list = await t.data(t.get<NotificationTemplate[]>(`/api/LifePay/GetNotificationTemplates?channel=${channel}`))
  return Object.fromEntries(list.map((template) => [template.event, template.templateId]))
}

/** What the WeChat prompt answered, per event, sent as the app sends it. */
async function answerWechat(
  orderNo: string,
  decisions: Partial<Record<LifePayNotificationEvent, string>>,
  who = alice,
) {
  const ids = await templates('wechat')
  const answers = Object.entries(decisions).map(([event, decision]) => ({ templateId: ids[event], decision }))
  return t.post('/api/LifePay/SetLifePayOrderNotifications', { orderNo, channel: 'wechat', answers }, who)
}

async function paidAndDelivered(account?: string) {
  const { orderNo } = await createPhoneOrder(t, alice, account ? { phone: account } : {})
  return orderNo
}

async function payAndSettle(orderNo: string, deliveries: 1 | 2 = 1) {
  await payInSandbox(t, alice, orderNo, deliveries)
  await t.app.jobs.drain()
  t.clock.advance(SUPPLIER_DELAY)
  await t.app.jobs.drain()
}

const eventsOf = (messages: Received[]) => messages.map((message) => `${message.channel}:${message.event}`).sort()

async function outboxOf(orderNo: string) {
  return t.database.db.select().from(userNotifications).where(eq(userNotifications.orderNo, orderNo))
}

describe('templates and answers', () => {
  test('the templates per host are the configured ones, for the order events and reminders', async () => {
    const wechat = await templates('wechat')
    assert.deepEqual(
      Object.keys(wechat).sort(),
      [Paid, RechargeFailedRefunded, RechargeSucceeded, RefundApproved, RefundRejected, TopUpReminder].sort(),
    )
    assert.equal(wechat[Paid], t.config.notificationTemplates.wechat.paid)
    const bad = await t.get('/api/LifePay/GetNotificationTemplates?channel=sms')
    assert.equal(bad.body.success, false)
  })

  test('an unknown template, answers for SMS, or nothing to answer: a bad request, nothing recorded', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const unknown = await t.post(
      '/api/LifePay/SetLifePayOrderNotifications',
      { orderNo, channel: 'wechat', answers: [{ templateId: 'not-ours', decision: 'accept' }] },
      alice,
    )
    assert.deepEqual([unknown.status, unknown.body.success, unknown.body.error], [400, false, 'BAD_REQUEST'])
    assert.ok(unknown.body.msg)
    // The reminder's template is listed for the reminder pages, never taken as an answer about an order.
    const reminderTemplate = t.config.notificationTemplates.wechat[TopUpReminder]!
    const forReminder = await t.post(
      '/api/LifePay/SetLifePayOrderNotifications',
      { orderNo, channel: 'wechat', answers: [{ templateId: reminderTemplate, decision: 'accept' }] },
      alice,
    )
    assert.equal(forReminder.body.error, 'BAD_REQUEST')
    const smsAnswers = await t.post(
      '/api/LifePay/SetLifePayOrderNotifications',
      { orderNo, channel: 'sms', answers: [{ templateId: 'x', decision: 'accept' }] },
      alice,
    )
    assert.equal(smsAnswers.body.error, 'BAD_REQUEST')
    const empty = await t.post('/api/LifePay/SetLifePayOrderNotifications', { orderNo, channel: 'wechat' }, alice)
    assert.equal(empty.body.error, 'BAD_REQUEST')
    const wrongDecision = await answerWechat(orderNo, { [Paid]: 'maybe' })
    assert.equal(wrongDecision.body.success, false)
    const rows = await t.database.db
      .select()
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.orderNo, orderNo))
    assert.equal(rows.length, 0)
  })

  test("another user's order is refused as not found; nothing is recorded for it", async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const answer = await answerWechat(orderNo, { [Paid]: 'accept' }, bob as typeof alice)
    assert.deepEqual([answer.body.success, answer.body.error], [false, 'ORDER_NOT_FOUND'])
    const anonymous = await answerWechat(orderNo, { [Paid]: 'accept' }, {} as typeof alice)
    assert.equal(anonymous.status, 401)
    const rows = await t.database.db
      .select()
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.orderNo, orderNo))
    assert.equal(rows.length, 0)
  })

  test('a repeated answer adds no grant: one per template and order, the latest answer counting', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(answerWechat(orderNo, { [Paid]: 'accept', [RechargeSucceeded]: 'reject' }))
    await t.data(answerWechat(orderNo, { [Paid]: 'accept', [RechargeSucceeded]: 'accept' }))
    await Promise.all([answerWechat(orderNo, { [Paid]: 'accept' }), answerWechat(orderNo, { [Paid]: 'accept' })])
    const rows = await t.database.db
      .select()
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.orderNo, orderNo))
    assert.deepEqual(rows.map((row) => `${row.event}:${row.decision}`).sort(), [
      `${Paid}:accept`,
      `${RechargeSucceeded}:accept`,
    ])
    const detail = await orderDetail(t, alice, orderNo)
    assert.deepEqual(detail.notifications, [
      { event: Paid, channel: 'wechat', status: 'subscribed' },
      { event: RechargeSucceeded, channel: 'wechat', status: 'subscribed' },
    ])
  })
})

describe('each event notifies the subscribed channels once', () => {
  test('paid and recharge succeeded over WeChat: one message each, with the order’s words, listed on the order', async () => {
    const orderNo = await paidAndDelivered()
    await t.data(
      answerWechat(orderNo, { [Paid]: 'accept', [RechargeSucceeded]: 'accept', [RechargeFailedRefunded]: 'accept' }),
    )
    // The payment notification arrives twice: paid once, told once.
    await payAndSettle(orderNo, 2)
    assert.deepEqual(await stateOf(t, alice, orderNo), [20, 30, 100])
    const messages = await received(orderNo)
    assert.deepEqual(eventsOf(messages), [`wechat:${Paid}`, `wechat:${RechargeSucceeded}`])
    const delivered = messages.find((message) => message.event === RechargeSucceeded)!
    assert.equal(delivered.recipient, 'o_alice_wechat')
    assert.equal(delivered.params.account, '138****5678')
    assert.equal(delivered.params.amount, '98.50')
    assert.match(delivered.params.time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    assert.equal(delivered.params.page, `subpackages/order/order/order?orderNo=${orderNo}`)
    assert.equal(delivered.params.templateId, undefined, 'the template travels beside the params, not in them')
    // Delivered: the failure's grant can no longer be used and is not listed.
    const detail = await orderDetail(t, alice, orderNo)
    assert.deepEqual(detail.notifications, [
      { event: Paid, channel: 'wechat', status: 'sent' },
      { event: RechargeSucceeded, channel: 'wechat', status: 'sent' },
    ])
    // Running the send jobs again sends nothing more.
    for (const row of await outboxOf(orderNo)) await sendUserNotification(t.app.ctx, row.id)
    assert.equal((await received(orderNo)).length, 2)
  })

  test('recharge failed and refunded over WeChat, with the reason', async () => {
    const orderNo = await paidAndDelivered(`1381234${SANDBOX_FAILING_SUFFIX}`)
    await t.data(answerWechat(orderNo, { [RechargeSucceeded]: 'accept', [RechargeFailedRefunded]: 'accept' }))
    await payAndSettle(orderNo)
    await t.app.jobs.drain()
    assert.deepEqual((await stateOf(t, alice, orderNo)).slice(0, 2), [40, 50])
    const messages = await received(orderNo)
    assert.deepEqual(eventsOf(messages), [`wechat:${RechargeFailedRefunded}`])
    assert.ok(messages[0].params.reason)
  })

  test('refund approved and refund rejected, asked at the refund application', async () => {
    const outcomes: [string, LifePayNotificationEvent][] = [
      ['approve', RefundApproved],
      ['reject', RefundRejected],
    ]
    for (const [action, event] of outcomes) {
      const orderNo = await paidAndDelivered()
      await payAndSettle(orderNo)
      await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '充错了' }))
      await t.data(answerWechat(orderNo, { [RefundApproved]: 'accept', [RefundRejected]: 'accept' }))
      assert.deepEqual(
        (await orderDetail(t, alice, orderNo)).notifications?.map((n) => n.status),
        ['subscribed', 'subscribed'],
      )
      const body = action === 'approve' ? { acknowledgeDelivered: true } : { reason: '已充值到账，无法退款' }
      await t.data(t.post(`/api/admin/refunds/${orderNo}/${action}`, body, operator()))
      await t.app.jobs.drain()
      const messages = await received(orderNo)
      assert.deepEqual(eventsOf(messages), [`wechat:${event}`])
      if (event === RefundRejected) assert.equal(messages[0].params.reason, '已充值到账，无法退款')
      assert.deepEqual((await orderDetail(t, alice, orderNo)).notifications, [
        { event, channel: 'wechat', status: 'sent' },
      ])
    }
  })

  test('no answer, or a rejection: nothing is sent and the order detail lists nothing', async () => {
    const silent = await paidAndDelivered()
    await payAndSettle(silent)
    const rejected = await paidAndDelivered()
    await t.data(answerWechat(rejected, { [Paid]: 'reject', [RechargeSucceeded]: 'ban' }))
    await payAndSettle(rejected)
    for (const orderNo of [silent, rejected]) {
      assert.deepEqual(await stateOf(t, alice, orderNo), [20, 30, 100])
      assert.deepEqual(await received(orderNo), [])
      assert.deepEqual(await outboxOf(orderNo), [])
      assert.deepEqual((await orderDetail(t, alice, orderNo)).notifications, [])
    }
  })

  test('H5 SMS opt-in: the recharge result by SMS to the user’s own number; opting out again sends nothing', async () => {
    const orderNo = await paidAndDelivered()
    await t.data(t.post('/api/LifePay/SetLifePayOrderNotifications', { orderNo, channel: 'sms', optIn: true }, alice))
    await payAndSettle(orderNo)
    const messages = await received(orderNo)
    assert.deepEqual(eventsOf(messages), [`sms:${RechargeSucceeded}`])
    assert.equal(messages[0].recipient, '13700000001')
    const detail = await orderDetail(t, alice, orderNo)
    assert.deepEqual(detail.notifications as OrderNotification[], [
      { event: RechargeSucceeded, channel: 'sms', status: 'sent' },
    ])

    const changedMind = await paidAndDelivered()
    await t.data(
      t.post('/api/LifePay/SetLifePayOrderNotifications', { orderNo: changedMind, channel: 'sms', optIn: true }, alice),
    )
    await t.data(
      t.post(
        '/api/LifePay/SetLifePayOrderNotifications',
        { orderNo: changedMind, channel: 'sms', optIn: false },
        alice,
      ),
    )
    await payAndSettle(changedMind)
    assert.deepEqual(await received(changedMind), [])
  })

  test('H5 SMS opt-in at the refund form: the review’s outcome by SMS (issue 37, item 20); only the sets it offers', async () => {
    const orderNo = await paidAndDelivered()
    await payAndSettle(orderNo)
    await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '充错了' }))
    const optIn = (events: unknown) =>
      t.post('/api/LifePay/SetLifePayOrderNotifications', { orderNo, channel: 'sms', optIn: true, events }, alice)
    assert.equal((await optIn([RefundApproved, Paid])).body.error, 'BAD_REQUEST')
    assert.equal((await optIn([Paid])).body.error, 'BAD_REQUEST')
    await t.data(optIn([RefundRejected, RefundApproved]))
    assert.deepEqual(
      (await orderDetail(t, alice, orderNo)).notifications?.map((n) => `${n.channel}:${n.status}`),
      ['sms:subscribed', 'sms:subscribed'],
    )
    await t.data(t.post(`/api/admin/refunds/${orderNo}/reject`, { reason: '已充值到账，无法退款' }, operator()))
    await t.app.jobs.drain()
    const messages = await received(orderNo)
    assert.deepEqual(eventsOf(messages), [`sms:${RefundRejected}`])
    assert.equal(messages[0].recipient, '13700000001')
    // The host channels take their prompt's answers, not an SMS event list.
    const wechat = await t.post(
      '/api/LifePay/SetLifePayOrderNotifications',
      { orderNo, channel: 'wechat', answers: [{ templateId: 'x', decision: 'accept' }], events: [RefundApproved] },
      alice,
    )
    assert.equal(wechat.body.error, 'BAD_REQUEST')
  })

  test('Alipay messages go to the Alipay id the user logged in with; WeChat then has no address', async () => {
    const host = { 'x-lifepay-host': 'alipay' }
    const login = await t.data(
      t.get<WxMiniAppUserLoginResult>('/api/Account/WxMiniAppUserLogin?code=alipay-notify-1', { headers: host }),
    )
    const encrypted = await t.data(
      t.post<{ encryptedData: string; iv: string }>('/api/dev/wx/phone-auth', {
        openId: login.openId,
        phoneNumber: '13700000003',
      }),
    )
    const tokens = await t.data(
      t.post<TokenResult>(
        '/api/Account/WxMiniAppPhoneAuthLogin',
        { openId: login.openId, sessionKey: login.sessionKey, ...encrypted },
        { headers: host },
      ),
    )
    const carol = { token: tokens.accessToken }
    const { orderNo } = await createPhoneOrder(t, carol)
    const ids = await templates('alipay')
    await t.data(
      t.post(
        '/api/LifePay/SetLifePayOrderNotifications',
        { orderNo, channel: 'alipay', answers: [{ templateId: ids[RechargeSucceeded], decision: 'accept' }] },
        carol,
      ),
    )
    // A WeChat grant on the same order (a stale app, say) finds no WeChat address: skipped, never sent to Alipay's id.
    await t.data(answerWechat(orderNo, { [RechargeSucceeded]: 'accept' }, carol as typeof alice))
    await payInSandbox(t, carol, orderNo)
    await t.app.jobs.drain()
    t.clock.advance(SUPPLIER_DELAY)
    await t.app.jobs.drain()
    const messages = await received(orderNo)
    assert.deepEqual(eventsOf(messages), [`alipay:${RechargeSucceeded}`])
    assert.equal(messages[0].recipient, login.openId)
    const detail = await orderDetail(t, carol, orderNo)
    assert.deepEqual(detail.notifications?.map((n) => `${n.channel}:${n.status}`).sort(), [
      'alipay:sent',
      'wechat:notSent',
    ])
  })
})

describe('at most once under retries, never at the order’s expense', () => {
  /** A WeChat provider that answers as scripted, recording each call (what the vendor would have received). */
  function scripted(answers: ('ok' | 'unavailable' | 'refused' | 'crash')[]) {
    const calls: OutgoingNotification[] = []
    const provider: NotificationProvider = {
      sandbox: false,
      async send(message) {
        calls.push(message)
        const answer = answers[Math.min(calls.length - 1, answers.length - 1)]
        if (answer === 'unavailable') throw new NotificationUnavailableError('busy, try later')
        if (answer === 'refused') throw new NotificationRefusedError('the user withdrew the grant', '43101')
        if (answer === 'crash') throw new Error('connection reset after the request was written')
        return { messageId: `msg-${calls.length}` }
      },
    }
    t.app.ctx.providers.notifications.wechat = provider
    return calls
  }

  async function subscribedAndDelivered() {
    const orderNo = await paidAndDelivered()
    await t.data(answerWechat(orderNo, { [RechargeSucceeded]: 'accept' }))
    await payAndSettle(orderNo)
    return orderNo
  }

  /** Lets the job queue's back-off pass and runs what is due, a few times over. */
  async function retryDueJobs() {
    for (let round = 0; round < 6; round++) {
      t.clock.advance(10 * 60_000)
      await t.app.jobs.drain()
    }
    // An hour went by: Alice logs in again for what follows.
    const tokens = await t.data(
      t.post<TokenResult>('/api/Account/PasswordLogin', { loginName: '13700000001', password: 'Passw0rd!' }),
    )
    alice.token = tokens.accessToken
  }

  test('unavailable, then accepted: one message, sent', async () => {
    const calls = scripted(['unavailable', 'unavailable', 'ok'])
    const orderNo = await subscribedAndDelivered()
    await retryDueJobs()
    assert.equal(calls.length, 3)
    const [row] = await outboxOf(orderNo)
    assert.deepEqual([row.status, row.attempts, row.providerMessageId], ['sent', 3, 'msg-3'])
  })

  test('a call that may have gone out (an error after the request) ends unknown and is never repeated', async () => {
    const calls = scripted(['crash', 'ok'])
    const orderNo = await subscribedAndDelivered()
    await retryDueJobs()
    const [row] = await outboxOf(orderNo)
    await sendUserNotification(t.app.ctx, row.id)
    assert.equal(calls.length, 1)
    assert.equal((await outboxOf(orderNo))[0].status, 'unknown')
    assert.deepEqual((await orderDetail(t, alice, orderNo)).notifications?.[0].status, 'unknown')
  })

  test('a worker that died mid-call (row left sending): the retry marks it unknown and sends nothing', async () => {
    const calls = scripted(['unavailable', 'ok'])
    const orderNo = await subscribedAndDelivered()
    // The first try found the vendor busy; the next one claims the row (sending, committed before the call) and its
    // worker dies there: that is the state its job's retry finds.
    const [row] = await outboxOf(orderNo)
    assert.equal(row.status, 'pending')
    await t.database.db.update(userNotifications).set({ status: 'sending' }).where(eq(userNotifications.id, row.id))
    await retryDueJobs()
    assert.equal((await outboxOf(orderNo))[0].status, 'unknown')
    assert.equal(calls.length, 1)
  })

  test('refused by the vendor: failed, not retried', async () => {
    const calls = scripted(['refused', 'ok'])
    const orderNo = await subscribedAndDelivered()
    await retryDueJobs()
    assert.equal(calls.length, 1)
    const [row] = await outboxOf(orderNo)
    assert.equal(row.status, 'failed')
    assert.deepEqual((await orderDetail(t, alice, orderNo)).notifications?.[0].status, 'notSent')
  })

  test('the vendor down throughout: the order is still paid and delivered; the notification ends failed', async () => {
    const calls = scripted(['unavailable'])
    const orderNo = await subscribedAndDelivered()
    assert.deepEqual(await stateOf(t, alice, orderNo), [20, 30, 100])
    await retryDueJobs()
    const [row] = await outboxOf(orderNo)
    assert.equal(row.status, 'failed')
    assert.equal(calls.length, 5)
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `notification.send:${row.id}`))
    assert.equal(job.status, 'failed')
    assert.deepEqual(await stateOf(t, alice, orderNo), [20, 30, 100])
  })
})
