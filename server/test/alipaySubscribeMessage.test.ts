import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import { loadConfig } from '../src/config'
import { productionProblems } from '../src/productionReadiness'
import { createAlipaySubscribeMessage } from '../src/providers/alipaySubscribeMessage'
import {
  NotificationRefusedError,
  NotificationUnavailableError,
  type NotificationProvider,
  type OutgoingNotification,
} from '../src/providers/notification'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { ManualClock } from './support/manualClock'

// The Alipay subscribe-message adapter against the local Alipay gateway (support/fakeAlipay.ts), which verifies the
// request's RSA2 signature, signs its answers, and keeps the method's documented rules.

const TEMPLATE = 'ac768fca1ce245ccae9404bb5243c49b'
const FIELDS = {
  [LifePayNotificationEvent.RefundRejected]: {
    keyword1: 'orderNo',
    keyword2: 'amount',
    keyword3: 'reason',
    keyword4: 'event',
  },
} as const

let fake: FakeAlipay
let clock: ManualClock
let provider: NotificationProvider
let seq = 0

before(async () => {
  clock = new ManualClock()
  fake = await startFakeAlipay(() => clock.now())
  fake.subscribeTemplate(TEMPLATE, 4)
  provider = createAlipaySubscribeMessage({
    clock,
    keys: fake.keys(),
    settings: { ...settingsOf(fake), fields: FIELDS, defaultPage: 'pages/home/index' },
  })
})
after(() => fake.close())

function settingsOf(alipay: FakeAlipay) {
  const { appId, gateway } = alipay.keys()
  return { appId, gateway, privateKeyFile: '', verification: { mode: 'publicKey', alipayPublicKeyFile: '' } } as const
}

function message(overrides: Partial<OutgoingNotification> = {}): OutgoingNotification {
  const recipient = `074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5ls${String(++seq).padStart(6, '0')}`
  fake.subscribe(recipient, TEMPLATE)
  return {
    id: seq,
    userId: `user-${seq}`,
    channel: LifePayNotificationChannel.Alipay,
    event: LifePayNotificationEvent.RefundRejected,
    orderNo: 'LP2026030500002',
    recipient,
    templateId: TEMPLATE,
    params: { orderNo: 'LP2026030500002', amount: '100', reason: '充值已到账，'.repeat(10) },
    ...overrides,
  }
}

const refusal = (code: string) => (error: unknown) =>
  error instanceof NotificationRefusedError && error.code === code ? true : assert.fail(String(error))

describe('Alipay subscribe message', () => {
  test('signed both ways, every keyword filled and within 50 characters; the subscription is spent', async () => {
    const one = message()
    await provider.send(one)
    const sent = fake.subscribeMessages.at(-1)
    assert.equal(sent?.to, one.recipient)
    assert.equal(sent?.page, 'pages/home/index')
    assert.equal(sent?.data.keyword1, 'LP2026030500002')
    assert.equal(sent?.data.keyword2, '100.00元')
    assert.equal([...(sent?.data.keyword3 ?? '')].length, 50)
    assert.equal(sent?.data.keyword4, '退款未通过')
    const request = fake.requests.at(-1)
    assert.equal(request?.params.method, 'alipay.open.app.mini.templatemessage.send')
    assert.equal(request?.code, '10000')
    assert.equal(fake.subscriptionsLeft(one.recipient, TEMPLATE), 0)
    // An old app's user id goes as to_user_id.
    const old = message({ recipient: '2088102122458832' })
    fake.subscribe('2088102122458832', TEMPLATE)
    await provider.send(old)
    assert.equal(JSON.parse(fake.requests.at(-1)?.params.biz_content ?? '{}').to_user_id, '2088102122458832')
  })

  test('Alipay’s refusals are refusals: no subscription left, an unknown template', async () => {
    const one = message()
    await provider.send(one)
    await assert.rejects(provider.send(one), refusal('NO_SUBSCRIPTION'))
    await assert.rejects(provider.send(message({ templateId: 'not-picked' })), refusal('USER_TEMPLATE_ILLEGAL'))
  })

  test('a template with more keywords than configured: USER_TEMPLATE_LACK_KEYWORD, refused', async () => {
    fake.subscribeTemplate('five-keywords', 5)
    const one = message({ templateId: 'five-keywords' })
    fake.subscribe(one.recipient, 'five-keywords')
    await assert.rejects(provider.send(one), refusal('USER_TEMPLATE_LACK_KEYWORD'))
  })

  test('Alipay failing on its side (20000 isp.*): a plain error ("maybe sent"), never retried into a second message', async () => {
    const one = message()
    fake.unavailableNext()
    const error = await provider.send(one).then(
      () => assert.fail('believed'),
      (caught: unknown) => caught,
    )
    assert.ok(error instanceof Error)
    assert.ok(!(error instanceof NotificationRefusedError) && !(error instanceof NotificationUnavailableError))
    assert.match(error.message, /may have been sent/)
  })

  test('a request signed with another key is refused by Alipay (isv.invalid-signature): not sent', async () => {
    const stranger = createAlipaySubscribeMessage({
      clock,
      keys: { ...fake.keys(), appPrivateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey },
      settings: { ...settingsOf(fake), fields: FIELDS, defaultPage: 'pages/home/index' },
    })
    await assert.rejects(stranger.send(message()), refusal('isv.invalid-signature'))
  })

  test('an answer not signed by Alipay: a plain error ("maybe sent")', async () => {
    fake.forgeNextAnswer(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey)
    const error = await provider.send(message()).then(
      () => assert.fail('believed'),
      (caught: unknown) => caught,
    )
    assert.ok(error instanceof Error)
    assert.ok(!(error instanceof NotificationRefusedError) && !(error instanceof NotificationUnavailableError))
    assert.match(error.message, /may have been sent/)
  })
})

describe('NOTIFY_ALIPAY_PROVIDER configuration', () => {
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'life-pay-alipay-notify-'))
  })
  after(() => rmSync(dir, { recursive: true, force: true }))
  const load = (env: Record<string, string>) => loadConfig({ STATIC_DIR: '', ...env } as NodeJS.ProcessEnv)

  test('every missing setting named at once; keyword fields only; production takes alipay or off', () => {
    assert.throws(
      () => load({ NOTIFY_ALIPAY_PROVIDER: 'alipay' }),
      /NOTIFY_ALIPAY_PROVIDER=alipay: ALIPAY_APP_ID is not set; ALIPAY_PRIVATE_KEY_FILE is not set; ALIPAY_PUBLIC_KEY_FILE is not set .*; ALIPAY_SUBSCRIBE_TEMPLATES is not set .*; ALIPAY_SUBSCRIBE_FIELDS is not set/,
    )
    const settings = fake.settings(dir)
    const env = {
      NOTIFY_ALIPAY_PROVIDER: 'alipay',
      ALIPAY_APP_ID: settings.appId,
      ALIPAY_PRIVATE_KEY_FILE: settings.privateKeyFile,
      ALIPAY_PUBLIC_KEY_FILE:
        settings.verification.mode === 'publicKey' ? settings.verification.alipayPublicKeyFile : '',
      ALIPAY_SUBSCRIBE_TEMPLATES: `refundRejected=${TEMPLATE}`,
      ALIPAY_SUBSCRIBE_FIELDS: 'refundRejected=keyword1:orderNo,keyword2:reason',
    }
    assert.throws(
      () => load({ ...env, ALIPAY_SUBSCRIBE_FIELDS: 'refundRejected=thing1:orderNo' }),
      /"thing1" is not a template field/,
    )
    const config = load(env)
    assert.deepEqual(config.notify.alipay?.fields.refundRejected, { keyword1: 'orderNo', keyword2: 'reason' })
    assert.equal(config.notify.alipay?.defaultPage, 'pages/home/index')
    const problems = (extra: Record<string, string>) =>
      productionProblems(
        load({ NODE_ENV: 'production', NOTIFY_WECHAT_PROVIDER: 'off', NOTIFY_SMS_PROVIDER: 'off', ...extra }),
      ).filter((one) => one.startsWith('NOTIFY_'))
    assert.match(problems({}).join(), /^NOTIFY_ALIPAY_PROVIDER: Alipay subscribe messages go to the sandbox/)
    assert.deepEqual(problems(env), [])
    assert.deepEqual(problems({ NOTIFY_ALIPAY_PROVIDER: 'off' }), [])
  })
})
