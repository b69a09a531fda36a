import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { TokenResult } from '@contract/account'
import type { Channel } from '@contract/admin'
import type { LifePayRate } from '@contract/lifePay'
import type { AuditPage } from '@contract/operators'
import type { UserListOutput } from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { users } from '../src/db/schema'
import { createPhoneOrder, orderRow } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Channels are server data and a user's prices follow the channel they signed up with (docs/api.md § Pricing): the
// channelId a request carries is recorded for attribution and never prices it. Demo data: `promo` (enabled, phone
// 97.5 %), `spring2026` (ended, phone 95 %); the default phone rate is 98.5 %.

let t: TestApp
let operator: Caller
let defaultUser: Caller
let promoUser: Caller
let promoUserId: string
before(async () => {
  t = await createTestApp()
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
  defaultUser = (await signUp('13500000003')).caller
  const promo = await signUp('13500000004', 'promo')
  promoUser = promo.caller
  promoUserId = promo.userId
})
after(() => t.close())

/** Registers as the app does: the launch's channelId rides on the sign-up request. */
async function signUp(phoneNumber: string, channelId?: string): Promise<{ caller: Caller; userId: string }> {
  const code = await t.smsCode(phoneNumber, VerificationCodeBusinessType.PhoneCodeRegister)
  const tokens = await t.data(
    t.post<TokenResult>('/api/Account/PhoneMesssageCodeRegister', {
      phoneNumber,
      code,
      password: 'Passw0rd!',
      ...(channelId !== undefined ? { channelId } : {}),
    }),
  )
  t.clock.advance(61_000)
  const [user] = await t.database.db.select().from(users).where(eq(users.phoneNumber, phoneNumber))
  return { caller: { token: tokens.accessToken }, userId: user.id }
}

async function phoneRate(channelId: string, caller?: Caller): Promise<number | undefined> {
  const url = `/api/LifePay/GetRate?channelId=${encodeURIComponent(channelId)}`
  return (await t.data(t.get<LifePayRate[]>(url, caller))).find((r) => r.rateType === 10)?.rate
}

/** A ¥100 phone order sent with a channel id: the price the server set, and what it recorded. */
async function orderFrom(caller: Caller, channelId: string) {
  const order = await createPhoneOrder(t, caller, { channelId })
  const row = await orderRow(t, order.orderNo)
  return { payAmountFen: row.payAmountFen, channelId: row.channelId, rateChannelId: row.rateChannelId }
}

describe('a price follows the user’s channel, never the channelId a request sends', () => {
  test('the probe: a user of the default channel sends "promo" and still pays 98.5 %; the id is kept as sent', async () => {
    assert.equal(await phoneRate('promo', defaultUser), 98.5)
    assert.deepEqual(await orderFrom(defaultUser, 'promo'), {
      payAmountFen: 9850,
      channelId: 'promo',
      rateChannelId: '',
    })
  })

  test('a user who signed up from "promo" pays 97.5 % whatever they send', async () => {
    for (const sent of ['promo', '', 'made-up-channel', 'spring2026']) {
      assert.equal(await phoneRate(sent, promoUser), 97.5, sent)
      assert.deepEqual(await orderFrom(promoUser, sent), {
        payAmountFen: 9750,
        channelId: sent || null,
        rateChannelId: 'promo',
      })
    }
  })

  test('anonymous: the default channel’s rates whatever the channelId (the price a new user sees before signing up)', async () => {
    for (const sent of ['promo', 'spring2026', '']) assert.equal(await phoneRate(sent), 98.5, sent)
  })

  test('bound once at sign-up: a later login with another channel changes nothing', async () => {
    const phoneNumber = '13500000005'
    const { caller } = await signUp(phoneNumber)
    // The recharge module's phone-code login, now from a promotion's link.
    const code = await t.smsCode(phoneNumber)
    const virtualId = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code, channelId: 'promo' }),
    )
    assert.equal(await phoneRate('promo', { headers: { 'x-lifepay-user-id': virtualId } }), 98.5)
    assert.equal(await phoneRate('promo', caller), 98.5)
  })

  test('a first login by phone code binds as a registration does; an unknown or ended channel binds the default', async () => {
    const channelOf = async (phoneNumber: string, channelId: string) => {
      const code = await t.smsCode(phoneNumber)
      await t.data(t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code, channelId }))
      t.clock.advance(61_000)
      return (await t.database.db.select().from(users).where(eq(users.phoneNumber, phoneNumber)))[0].channelId
    }
    assert.equal(await channelOf('13500000006', 'promo'), 'promo')
    assert.equal(await channelOf('13500000007', 'made-up-channel'), '')
    assert.equal(await channelOf('13500000008', 'spring2026'), '')
  })

  test('a production-shaped body (its pageModel, the channel as checkChannelId) is taken, and binds the channel', async () => {
    const phoneNumber = '13500000019'
    const code = await t.smsCode(phoneNumber)
    const pageModel = { rows: 10, page: 1 }
    await t.data(
      t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { pageModel, checkChannelId: 'promo', phoneNumber, code }),
    )
    t.clock.advance(61_000)
    const [user] = await t.database.db.select().from(users).where(eq(users.phoneNumber, phoneNumber))
    assert.equal(user.channelId, 'promo')
  })

  test('a price shown that the server no longer gives is refused (PRICE_CHANGED), no order made', async () => {
    const stale = await t.post(
      '/api/LifePay/CreateLifePayPhoneOrder',
      orderInput({ expectedPayAmount: 97.5 }),
      defaultUser,
    )
    assert.deepEqual(
      [stale.body.success, stale.body.error, stale.body.msg],
      [false, 'PRICE_CHANGED', '价格已更新为 ¥98.50，请确认后再提交'],
    )
    const shown = await t.data(
      t.post<{ payAmount: number }>(
        '/api/LifePay/CreateLifePayPhoneOrder',
        orderInput({ expectedPayAmount: 98.5 }),
        defaultUser,
      ),
    )
    assert.equal(shown.payAmount, 98.5)
  })
})

function orderInput(overrides: Record<string, unknown>) {
  return { phone: '13812345678', ispCode: 'yidong', parValue: 100, idempotencyKey: crypto.randomUUID(), ...overrides }
}

describe('the operator’s channels', () => {
  test('turning the user’s channel off prices them at the default; on again, at the channel’s', async () => {
    const off = await t.data(t.post<Channel>('/api/admin/channels/promo/disable', {}, operator))
    assert.equal(off.enabled, false)
    assert.equal(await phoneRate('promo', promoUser), 98.5)
    assert.deepEqual(await orderFrom(promoUser, 'promo'), { payAmountFen: 9850, channelId: 'promo', rateChannelId: '' })
    await t.data(t.post('/api/admin/channels/promo/enable', {}, operator))
    assert.equal(await phoneRate('', promoUser), 97.5)
  })

  test('an operator binds a user to another channel: the next price follows, audited; an unknown channel is refused', async () => {
    const { caller, userId } = await signUp('13500000009')
    await t.data(t.post('/api/admin/channels/spring2026/enable', {}, operator))
    try {
      const bound = await t.data(t.post(`/api/operator/users/${userId}/channel`, { channelId: 'spring2026' }, operator))
      assert.deepEqual(bound, { userId, channelId: 'spring2026' })
      assert.equal(await phoneRate('', caller), 95)
      assert.equal((await orderFrom(caller, '')).payAmountFen, 9500)
      const page = await t.data(
        t.post<PageOutput<UserListOutput>>(
          '/api/LifePay/GetUserPage',
          { pageModel: { page: 1, rows: 5 }, keyWords: '13500000009' },
          operator,
        ),
      )
      assert.deepEqual([page.data[0].channelId, page.data[0].channelName], ['spring2026', '2026 春季充值节（已结束）'])
      const trail = await t.data(t.get<AuditPage>(`/api/admin/audit?targetId=${userId}`, operator))
      assert.deepEqual(
        trail.items.map((entry) => [entry.action, entry.targetType, entry.before, entry.after]),
        [['user.channel', 'user', { channelId: '' }, { channelId: 'spring2026' }]],
      )
    } finally {
      await t.data(t.post('/api/admin/channels/spring2026/disable', {}, operator))
    }
    const unknown = await t.post(`/api/operator/users/${userId}/channel`, { channelId: 'nope' }, operator)
    assert.equal(unknown.body.error, 'CHANNEL_NOT_FOUND')
    const nobody = await t.post(`/api/operator/users/${crypto.randomUUID()}/channel`, { channelId: '' }, operator)
    assert.equal(nobody.body.error, 'USER_NOT_FOUND')
    assert.equal((await t.post(`/api/operator/users/${promoUserId}/channel`, { channelId: '' })).status, 401)
  })

  test('the operator’s list, and unknown channels refused', async () => {
    const list = await t.data(t.get<Channel[]>('/api/admin/channels', operator))
    assert.deepEqual(
      list.map((c) => [c.channelId, c.enabled]),
      [
        ['promo', true],
        ['spring2026', false],
      ],
    )
    const unknown = await t.post('/api/admin/channels/nope/enable', {}, operator)
    assert.equal(unknown.body.error, 'CHANNEL_NOT_FOUND')
    assert.equal((await t.get('/api/admin/channels')).status, 401)
  })
})
