import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, test } from 'node:test'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import { loadConfig } from '../src/config'
import { productionProblems } from '../src/productionReadiness'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type NotificationProvider,
  type OutgoingNotification,
} from '../src/providers/notification'
import { createWechatSubscribeMessage, wechatSubscribeValue } from '../src/providers/wechatSubscribeMessage'
import { startFakeWechatIdentity, type FakeWechatIdentity } from './support/fakeWechatIdentity'
import { ManualClock } from './support/manualClock'

// The WeChat subscribe-message adapter against a local WeChat (support/fakeWechatIdentity.ts) that checks the access
// token, spends one grant per message, and applies WeChat's value rules on its own.

const TEMPLATE = 'tmpl-recharge-succeeded'
const FIELDS = {
  [LifePayNotificationEvent.RechargeSucceeded]: {
    character_string1: 'orderNo',
    thing2: 'orderType',
    amount3: 'amount',
    time4: 'time',
    phrase5: 'event',
  },
} as const

let fake: FakeWechatIdentity
let clock: ManualClock
let provider: NotificationProvider
let seq = 0

function adapter(timeoutMs?: number): NotificationProvider {
  const { appId, appSecret, baseUrl } = fake.settings()
  return createWechatSubscribeMessage({
    clock,
    timeoutMs,
    settings: { appId, appSecret, baseUrl, fields: FIELDS, miniprogramState: 'trial' },
  })
}

before(async () => {
  clock = new ManualClock()
  fake = await startFakeWechatIdentity(() => clock.now())
  fake.subscribeTemplate(TEMPLATE, ['character_string1', 'thing2', 'amount3', 'time4', 'phrase5'])
  provider = adapter()
})
after(() => fake.close())

function message(overrides: Partial<OutgoingNotification> = {}): OutgoingNotification {
  const openId = `o_sub_${++seq}`
  fake.grant(openId, TEMPLATE)
  return {
    id: seq,
    userId: `user-${seq}`,
    channel: LifePayNotificationChannel.Wechat,
    event: LifePayNotificationEvent.RechargeSucceeded,
    orderNo: 'LP2026030500001',
    recipient: openId,
    templateId: TEMPLATE,
    params: {
      orderNo: 'LP2026030500001',
      orderType: '话费充值（中国移动 138****8000 的手机号）',
      amount: '49.25',
      time: '2026-03-05 14:30',
      page: 'subpackages/recharge/order-detail/index?orderNo=LP2026030500001',
    },
    ...overrides,
  }
}

const refusal = (code: string) => (error: unknown) =>
  error instanceof NotificationRefusedError && error.code === code ? true : assert.fail(String(error))

describe('WeChat subscribe message', () => {
  beforeEach(() => fake.setDown(false))

  test('sent with the grant, the fields mapped and within WeChat’s rules; the grant is spent', async () => {
    const one = message()
    const { messageId } = await provider.send(one)
    assert.ok(messageId)
    const sent = fake.messages.at(-1)
    assert.deepEqual(sent, {
      touser: one.recipient,
      templateId: TEMPLATE,
      page: one.params.page,
      data: {
        character_string1: 'LP2026030500001',
        thing2: '话费充值（中国移动 138****80…',
        amount3: '49.25元',
        time4: '2026年3月5日 14:30',
        phrase5: '充值到账',
      },
      miniprogramState: 'trial',
      lang: 'zh_CN',
    })
    assert.equal([...(sent?.data.thing2 ?? '')].length, 20)
    assert.equal(fake.grantsLeft(one.recipient, TEMPLATE), 0)
    // One grant, one message: the next is WeChat's 43101, not sent.
    await assert.rejects(provider.send({ ...one, id: one.id + 1000 }), refusal('43101'))
  })

  test('a field the template needs but the event does not carry is refused before any call', async () => {
    const calls = fake.calls.length
    const one = message({ params: { orderNo: 'LP1', orderType: '话费充值', time: '2026-03-05 14:30' } })
    await assert.rejects(provider.send(one), refusal('PARAM_MISSING'))
    assert.equal(fake.calls.length, calls)
    await assert.rejects(provider.send(message({ templateId: null })), refusal('NO_TEMPLATE'))
    await assert.rejects(
      provider.send(message({ event: LifePayNotificationEvent.Paid })),
      refusal('FIELDS_NOT_CONFIGURED'),
    )
  })

  test('WeChat’s own refusals: unknown template (40037), a page not in the app (41030), a value (47003)', async () => {
    await assert.rejects(provider.send(message({ templateId: 'tmpl-unknown' })), refusal('40037'))
    const one = message()
    await assert.rejects(provider.send({ ...one, params: { ...one.params, page: '/https://evil' } }), refusal('41030'))
    // A template whose field set differs from the configured map: WeChat says which value is missing.
    fake.subscribeTemplate('tmpl-more', ['character_string1', 'thing2', 'amount3', 'time4', 'phrase5', 'thing6'])
    const more = message({ templateId: 'tmpl-more' })
    fake.grant(more.recipient, 'tmpl-more')
    await assert.rejects(provider.send(more), (error) => {
      assert.ok(error instanceof NotificationRefusedError)
      assert.equal(error.code, '47003')
      assert.match(error.message, /data\.thing6\.value is empty/)
      return true
    })
  })

  test('busy (-1) and the daily quota (45009) are "not now": nothing sent, the grant kept', async () => {
    for (const errcode of [-1, 45009]) {
      const one = message()
      fake.fail(errcode)
      await assert.rejects(provider.send(one), NotificationUnavailableError)
      assert.equal(fake.grantsLeft(one.recipient, TEMPLATE), 1)
      await provider.send(one)
      assert.equal(fake.grantsLeft(one.recipient, TEMPLATE), 0)
    }
  })

  test('a token WeChat refuses (40001: replaced by another server) is refreshed once and the message sent', async () => {
    await provider.send(message())
    fake.replaceToken()
    const before = fake.calls.length
    const sentBefore = fake.messages.length
    await provider.send(message())
    assert.deepEqual(
      fake.calls.slice(before).map((call) => `${call.path} ${call.errcode}`),
      ['/cgi-bin/message/subscribe/send 40001', '/cgi-bin/stable_token 0', '/cgi-bin/message/subscribe/send 0'],
    )
    assert.equal(fake.messages.length, sentBefore + 1)
  })

  test('no answer in time after WeChat took the message: a plain error ("maybe sent"), never retried', async () => {
    // A timeout far over a loaded machine's round trip; the slow answer held past the test, so only it times out.
    const quick = adapter(3_000)
    await quick.send(message())
    const one = message()
    fake.slowNextAnswer(600_000)
    const error = await quick.send(one).then(
      () => assert.fail('sent'),
      (caught: unknown) => caught,
    )
    assert.ok(error instanceof Error)
    assert.ok(!(error instanceof NotificationRefusedError) && !(error instanceof NotificationUnavailableError))
    assert.match(error.message, /may have been sent/)
    // WeChat did send it: retrying would have been a duplicate.
    assert.equal(fake.messages.at(-1)?.touser, one.recipient)
  })

  test('WeChat unreachable before anything was sent (no token): "not now"', async () => {
    const fresh = adapter()
    fake.setDown(true)
    await assert.rejects(fresh.send(message()), NotificationUnavailableError)
  })
})

describe('WeChat value rules', () => {
  test('each field type is cut or reformatted to what WeChat takes, or refused', () => {
    assert.equal(
      wechatSubscribeValue('thing1', '一二三四五六七八九十一二三四五六七八九十一'),
      '一二三四五六七八九十一二三四五六七八九…',
    )
    assert.equal(wechatSubscribeValue('character_string2', 'LP-2026/03_05 #1'), 'LP-202603_051')
    assert.equal(wechatSubscribeValue('character_string2', 'A'.repeat(40)), 'A'.repeat(32))
    assert.equal(wechatSubscribeValue('amount3', '49.5'), '49.50元')
    assert.throws(() => wechatSubscribeValue('amount3', '123456789.00'), /PARAM_INVALID|cannot be/)
    assert.equal(wechatSubscribeValue('time4', '2026-12-01 09:05'), '2026年12月1日 09:05')
    assert.throws(() => wechatSubscribeValue('time4', 'tomorrow'), NotificationRefusedError)
    assert.equal(wechatSubscribeValue('phrase5', '充值失败已退款'), '充值失败已')
    assert.throws(() => wechatSubscribeValue('phrase5', 'OK'), NotificationRefusedError)
    assert.equal(wechatSubscribeValue('phone_number6', '138****8000'), '138****8000')
    assert.equal(wechatSubscribeValue('name7', '张三李四王五赵六钱七孙八'), '张三李四王五赵六钱七')
    assert.throws(() => wechatSubscribeValue('symbol8', '!'), NotificationRefusedError)
  })
})

describe('NOTIFY_WECHAT_PROVIDER configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ STATIC_DIR: '', ...env } as NodeJS.ProcessEnv)
  const real = {
    NOTIFY_WECHAT_PROVIDER: 'wechat',
    WX_APP_ID: 'wx1',
    WX_APP_SECRET: 'secret',
    WECHAT_SUBSCRIBE_TEMPLATES: 'paid=T1,rechargeSucceeded=T2',
    WECHAT_SUBSCRIBE_FIELDS:
      'paid=character_string1:orderNo,amount2:amount; rechargeSucceeded=character_string1:orderNo,phrase2:event',
  }

  test('every missing or wrong setting is named at once; the sandbox stays the default', () => {
    assert.equal(load({}).notify.providers.wechat, 'sandbox')
    assert.throws(
      () => load({ NOTIFY_WECHAT_PROVIDER: 'wechat' }),
      /NOTIFY_WECHAT_PROVIDER=wechat: WX_APP_ID is not set; WX_APP_SECRET is not set; WECHAT_SUBSCRIBE_TEMPLATES is not set .*; WECHAT_SUBSCRIBE_FIELDS is not set/,
    )
    assert.throws(
      () => load({ ...real, WECHAT_SUBSCRIBE_FIELDS: 'paid=keyword1:orderNo,thing2:price' }),
      /paid field "keyword1" is not a template field; .*paid\.thing2 takes "price".*; .*no fields for rechargeSucceeded/,
    )
    assert.throws(
      () => load({ NOTIFY_WECHAT_PROVIDER: 'qq' }),
      /NOTIFY_WECHAT_PROVIDER=qq: it takes wechat, sandbox or off/,
    )
    const config = load(real)
    assert.deepEqual(config.notify.wechat?.fields.rechargeSucceeded, { character_string1: 'orderNo', phrase2: 'event' })
    assert.equal(config.notify.wechat?.miniprogramState, 'formal')
  })

  test('production: the sandbox is a problem, the real adapter or off is not', () => {
    const production = (env: Record<string, string>) =>
      productionProblems(load({ NODE_ENV: 'production', ...env })).filter((one) => one.startsWith('NOTIFY_'))
    assert.match(production({}).join('\n'), /^NOTIFY_WECHAT_PROVIDER: WeChat subscribe messages go to the sandbox/)
    const fine = { NOTIFY_ALIPAY_PROVIDER: 'off', NOTIFY_SMS_PROVIDER: 'off' }
    assert.deepEqual(production({ ...fine, ...real }), [])
    assert.deepEqual(production({ ...fine, NOTIFY_WECHAT_PROVIDER: 'off' }), [])
  })
})
