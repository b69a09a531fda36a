import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyBaseLogger } from 'fastify'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import { loadConfig, type SmsNotifySettings } from '../src/config'
import { productionProblems } from '../src/productionReadiness'
import { createAliyunSmsNotification } from '../src/providers/aliyunSmsNotification'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type NotificationProvider,
  type OutgoingNotification,
} from '../src/providers/notification'
import { FAKE_SIGN_NAME, startFakeAliyun, type FakeAliyun } from './support/fakeAliyun'
import { ManualClock } from './support/manualClock'

// The notification SMS adapter against the local Alibaba Cloud endpoint (support/fakeAliyun.ts): V3 signature,
// notification templates with named variables and their limits, flow control per number and template.

const silent = { child: () => silent, info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger

let fake: FakeAliyun
let clock: ManualClock
let provider: NotificationProvider
let seq = 0

function settings(overrides: Partial<SmsNotifySettings> = {}): SmsNotifySettings {
  return {
    ...fake.credentials(),
    signName: FAKE_SIGN_NAME,
    templateCodes: {
      [LifePayNotificationEvent.Paid]: 'SMS_400000101',
      [LifePayNotificationEvent.RefundRejected]: 'SMS_400000102',
    },
    fields: {
      [LifePayNotificationEvent.Paid]: { orderNo: 'orderNo', amount: 'amount' },
      [LifePayNotificationEvent.RefundRejected]: { orderNo: 'orderNo', reason: 'reason' },
    },
    endpoint: fake.endpoint,
    ...overrides,
  }
}

const adapter = (overrides: Partial<SmsNotifySettings> = {}) => {
  const chosen = settings(overrides)
  return createAliyunSmsNotification({ settings: chosen, credentials: chosen, clock, log: silent })
}

before(async () => {
  clock = new ManualClock()
  fake = await startFakeAliyun(() => clock.now())
  provider = adapter()
})
after(() => fake.close())

function message(overrides: Partial<OutgoingNotification> = {}): OutgoingNotification {
  seq++
  return {
    id: 7000 + seq,
    userId: `user-${seq}`,
    channel: LifePayNotificationChannel.Sms,
    event: LifePayNotificationEvent.RefundRejected,
    orderNo: `LP20260305${String(seq).padStart(5, '0')}`,
    recipient: `1390000${String(6000 + seq)}`,
    templateId: null,
    params: {
      orderNo: `LP20260305${String(seq).padStart(5, '0')}`,
      reason: '凭证与订单金额不一致，请核对后重新提交申请材料。'.repeat(2),
    },
    ...overrides,
  }
}

const refusal = (code: string) => (error: unknown) =>
  error instanceof NotificationRefusedError && error.code === code ? true : assert.fail(String(error))

describe('Alibaba Cloud notification SMS', () => {
  test('SendSms with the event’s template, its variables within 35 characters, OutId = the outbox id', async () => {
    const one = message()
    const { messageId } = await provider.send(one)
    const sent = fake.notifications.at(-1)
    assert.equal(messageId.split('^')[1], String(fake.notifications.length))
    assert.equal(sent?.templateCode, 'SMS_400000102')
    assert.equal(sent?.phoneNumber, one.recipient)
    assert.equal(sent?.outId, String(one.id))
    assert.equal(sent?.params.orderNo, one.params.orderNo)
    assert.equal([...(sent?.params.reason ?? '')].length, 35)
    assert.ok(sent?.params.reason.endsWith('…'))
  })

  test('refusals: a number the carrier refuses, a variable the event lacks, an empty balance', async () => {
    const one = message()
    fake.unreachable(one.recipient)
    await assert.rejects(provider.send(one), refusal('isv.MOBILE_NUMBER_ILLEGAL'))
    await assert.rejects(provider.send(message({ params: { orderNo: 'LP1' } })), refusal('PARAM_MISSING'))
    await assert.rejects(
      provider.send(message({ event: LifePayNotificationEvent.TopUpReminder })),
      refusal('NO_TEMPLATE'),
    )
    fake.setBalanceEmpty(true)
    try {
      await assert.rejects(provider.send(message()), refusal('isv.AMOUNT_NOT_ENOUGH'))
    } finally {
      fake.setBalanceEmpty(false)
    }
    // A variable the template does not have configured: Alibaba Cloud's own refusal.
    const wrongMap = adapter({ fields: { [LifePayNotificationEvent.RefundRejected]: { orderNo: 'orderNo' } } })
    await assert.rejects(wrongMap.send(message()), refusal('isv.TEMPLATE_MISSING_PARAMETERS'))
  })

  test('flow control (50 a day per number and template) is "not now"; a server error is "maybe sent"', async () => {
    const recipient = '13900009999'
    for (let n = 0; n < 50; n++) await provider.send(message({ recipient }))
    await assert.rejects(provider.send(message({ recipient })), NotificationUnavailableError)
    clock.advance(24 * 3600_000)
    await provider.send(message({ recipient }))
    // Alibaba Cloud failed on its side: the SMS may have left first, so the send job must not repeat it.
    fake.failNext(503)
    const error = await provider.send(message()).then(
      () => assert.fail('sent'),
      (caught: unknown) => caught,
    )
    assert.ok(error instanceof Error)
    assert.ok(!(error instanceof NotificationRefusedError) && !(error instanceof NotificationUnavailableError))
    assert.match(error.message, /may have been sent/)
  })

  test('a wrong AccessKey secret: SignatureDoesNotMatch, refused (nothing sent)', async () => {
    const wrong = adapter({ accessKeySecret: 'not-the-secret' })
    await assert.rejects(wrong.send(message()), refusal('SignatureDoesNotMatch'))
  })

  test('no answer (callAliyun cannot tell an unreachable endpoint from a lost answer): a plain error, "maybe sent"', async () => {
    const gone = adapter({ endpoint: 'http://127.0.0.1:9' })
    const error = await gone.send(message()).then(
      () => assert.fail('sent'),
      (caught: unknown) => caught,
    )
    assert.ok(error instanceof Error)
    assert.ok(!(error instanceof NotificationRefusedError) && !(error instanceof NotificationUnavailableError))
    assert.match(error.message, /may have been sent/)
  })
})

describe('NOTIFY_SMS_PROVIDER configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ STATIC_DIR: '', ...env } as NodeJS.ProcessEnv)

  test('every missing setting named at once; the sign name falls back to SMS_SIGN_NAME; production takes aliyun or off', () => {
    assert.throws(
      () => load({ NOTIFY_SMS_PROVIDER: 'aliyun' }),
      /NOTIFY_SMS_PROVIDER=aliyun: ALIYUN_ACCESS_KEY_ID is not set; ALIYUN_ACCESS_KEY_SECRET is not set; NOTIFY_SMS_SIGN_NAME \(or SMS_SIGN_NAME\) is not set; NOTIFY_SMS_TEMPLATES is not set; NOTIFY_SMS_FIELDS is not set/,
    )
    const env = {
      NOTIFY_SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'LTAI5t',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      SMS_SIGN_NAME: '生活缴费',
      NOTIFY_SMS_TEMPLATES: 'paid=SMS_1, refundRejected=SMS_2',
      NOTIFY_SMS_FIELDS: 'paid=orderNo:orderNo,amount:amount;refundRejected=orderNo:orderNo,reason:reason',
    }
    assert.throws(
      () => load({ ...env, NOTIFY_SMS_FIELDS: 'paid=orderNo:orderNo' }),
      /NOTIFY_SMS_FIELDS: no fields for refundRejected/,
    )
    assert.throws(
      () => load({ ...env, NOTIFY_SMS_TEMPLATES: 'paied=SMS_1' }),
      /"paied=SMS_1" is not event=TemplateCode/,
    )
    const config = load(env)
    assert.equal(config.notify.sms?.signName, '生活缴费')
    assert.deepEqual(config.notify.sms?.templateCodes, { paid: 'SMS_1', refundRejected: 'SMS_2' })
    const problems = (extra: Record<string, string>) =>
      productionProblems(
        load({ NODE_ENV: 'production', NOTIFY_WECHAT_PROVIDER: 'off', NOTIFY_ALIPAY_PROVIDER: 'off', ...extra }),
      ).filter((one) => one.startsWith('NOTIFY_'))
    assert.match(problems({}).join(), /^NOTIFY_SMS_PROVIDER: notification SMS go to the sandbox/)
    assert.deepEqual(problems(env), [])
    assert.deepEqual(problems({ NOTIFY_SMS_PROVIDER: 'off' }), [])
  })
})
