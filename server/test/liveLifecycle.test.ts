import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { OssSts, TokenResult, WxMiniAppUserLoginResult } from '@contract/account'
import type { ReconciliationReport } from '@contract/admin'
import type { OperatorSession } from '@contract/operators'
import type { PayOrderForJsApi } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { loadConfig, type ServerConfig } from '../src/config'
import { DEMO_OPERATOR } from '../src/db/demoData'
import { providerNotifications } from '../src/db/schema'
import { WXPAY_REFUND_PATH } from '../src/modules/lifePay/payNotifyRoutes'
import { shanghaiDate } from '../src/modules/money/shanghaiDay'
import { refundNoOf } from '../src/modules/lifePay/refunds'
import { SUPPLIER_NOTIFY_PATH } from '../src/modules/lifePay/supplierNotifyRoutes'
import { productionProblems } from '../src/productionReadiness'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { startFakeAliyun, type FakeAliyun } from './support/fakeAliyun'
import { FakeFulu } from './support/fakeFulu'
import { startFakeWechatIdentity, type FakeWechatIdentity } from './support/fakeWechatIdentity'
import { startFakeWechatPay, type FakeWechatPay } from './support/fakeWechatPay'
import { createPhoneOrder, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'
import { waitFor } from './support/waitFor'

// Issue 18's "done when": the whole order life cycle on a server configured as production is — NODE_ENV=production,
// strong secrets, no demo data, and every provider real: WeChat Pay and Alipay at once, WeChat and Alipay identity,
// Alibaba Cloud SMS and STS, the Fulu open platform. Each points at its local fake, which keeps the provider's own
// signature and encryption rules (support/fake*.ts), and the configuration goes through loadConfig from environment
// variables and key files, as main.ts reads it. Users sign up by SMS or log in through either mini-program; orders are
// prepaid, paid and notified at both providers; the supplier delivers or fails; a failure is paid back through the
// provider that took the money; reconciliation finds nothing amiss, and every notification is in the log. Every fake
// is served over TLS with a certificate of the test authority (support/testTls.ts): production's https rule is on.

const JWT_SECRET = 'Zk3J9x!vQ2m#Lw8pZr5Tn0bYc7Hd4Fg6A-live'
const OPERATOR_TOKEN = 'Qw7Er9Ty1Ui3Op5As8Df0Gh2Jk4Lz6Xc-live'
const FULU_APP_KEY = 'LiveAppKey+/0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP'
const FULU_APP_SECRET = '3f9c2a7e5b8d41f0a6c9e2b7d4f1a8c3'
const SERVER = 'https://api.life-pay.example'
const OPERATOR = { headers: { 'x-operator-token': OPERATOR_TOKEN } }
const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }
const WEAPP = { 'x-lifepay-host': 'weapp' }
const ALIPAY_HOST = { 'x-lifepay-host': 'alipay' }

const PAID_RECHARGING: [number, number, number | null] = [20, 10, 10]
const DELIVERED: [number, number, number | null] = [20, 30, 100]
const REFUNDED: [number, number, number | null] = [40, 50, 50]

let t: TestApp
let config: ServerConfig
let keyDir: string
let wechatPay: FakeWechatPay
let alipay: FakeAlipay
let wechatIdentity: FakeWechatIdentity
let aliyun: FakeAliyun
let supplier: FakeFulu

/** Every fake reads the app's clock once the app exists (signature windows, notification times). */
const now = () => (t ? t.clock.now() : new Date())

/** The environment an operator writes (server/production.env.example), pointing every provider at its fake. */
function productionEnvironment(): NodeJS.ProcessEnv {
  const wx = wechatPay.settings(keyDir, `${SERVER}/api/pay/notify/wxpay`)
  const ali = alipay.settings(keyDir, `${SERVER}/api/pay/notify/alipay`)
  const aliIdentity = alipay.identitySettings(keyDir)
  const wxIdentity = wechatIdentity.settings()
  assert.equal(ali.verification.mode, 'publicKey')
  return {
    NODE_ENV: 'production',
    STATIC_DIR: '',
    LOG_LEVEL: 'silent',
    JWT_SECRET,
    OPERATOR_TOKEN,
    SEED_DEMO_DATA: '0',
    WXPAY_PROVIDER: 'wechatpay',
    WXPAY_MCH_ID: wx.mchId,
    WXPAY_APP_ID: wx.appId,
    WXPAY_MCH_SERIAL_NO: wx.mchSerialNo,
    WXPAY_MCH_PRIVATE_KEY_FILE: wx.mchPrivateKeyFile,
    WXPAY_API_V3_KEY: wx.apiV3Key,
    WXPAY_PUBLIC_KEY_ID: wx.publicKeyId,
    WXPAY_PUBLIC_KEY_FILE: wx.publicKeyFile,
    WXPAY_NOTIFY_URL: wx.notifyUrl,
    WXPAY_BASE_URL: wx.baseUrl,
    ALIPAY_PROVIDER: 'alipay',
    ALIPAY_APP_ID: ali.appId,
    ALIPAY_PRIVATE_KEY_FILE: ali.privateKeyFile,
    ALIPAY_PUBLIC_KEY_FILE: ali.verification.mode === 'publicKey' ? ali.verification.alipayPublicKeyFile : '',
    ALIPAY_NOTIFY_URL: ali.notifyUrl,
    ALIPAY_GATEWAY: ali.gateway,
    ALIPAY_AES_KEY: aliIdentity.aesKey,
    IDENTITY_PROVIDER: 'wechat,alipay',
    WX_APP_ID: wxIdentity.appId,
    WX_APP_SECRET: wxIdentity.appSecret,
    WX_API_BASE: wxIdentity.baseUrl,
    SMS_PROVIDER: 'aliyun',
    STORAGE_PROVIDER: 'aliyun',
    ...aliyun.env(),
    CARRIER_LOOKUP_PROVIDER: 'aliyun',
    SUPPLIER_PROVIDER: 'fulu',
    FULU_GATEWAY: supplier.url,
    FULU_APP_KEY,
    FULU_APP_SECRET,
    // Notifications are not part of this life cycle's checks (their adapters: wechatSubscribeMessage.test.ts…).
    NOTIFY_WECHAT_PROVIDER: 'off',
    NOTIFY_ALIPAY_PROVIDER: 'off',
    NOTIFY_SMS_PROVIDER: 'off',
  } as NodeJS.ProcessEnv
}

before(async () => {
  keyDir = mkdtempSync(join(tmpdir(), 'life-pay-live-'))
  wechatPay = await startFakeWechatPay(now, { tls: true })
  alipay = await startFakeAlipay(now, { tls: true })
  wechatIdentity = await startFakeWechatIdentity(now, { tls: true })
  aliyun = await startFakeAliyun(now, { tls: true })
  supplier = await new FakeFulu({
    tls: true,
    appKey: FULU_APP_KEY,
    appSecret: FULU_APP_SECRET,
    now,
    // Fulu posts to the callback address set in its console (`${SERVER}/api/supplier/notify`), reached through the app.
    deliver: async (body) => {
      const headers = { 'content-type': 'application/json;charset=utf-8' }
      return (await t.app.inject({ method: 'POST', url: SUPPLIER_NOTIFY_PATH, headers, payload: body })).body
    },
  }).start()
  config = loadConfig(productionEnvironment())
  // What main.ts checks before it opens the database: nothing to refuse.
  assert.deepEqual(productionProblems(config), [])
  // The test database and folder, the worker loop driven by hand; everything else as loaded. buildApp checks the
  // routes really registered against production's rules (no /api/dev/*).
  const { dataDir: _dataDir, staticDir: _staticDir, limits: _limits, jobs: _jobs, ...loaded } = config
  t = await createTestApp({ config: loaded })
})
after(async () => {
  await t?.close()
  await Promise.all([wechatPay.close(), alipay.close(), wechatIdentity.close(), aliyun.close(), supplier.close()])
  rmSync(keyDir, { recursive: true, force: true })
})

let phoneSeq = 0
const newPhone = () => `1370000${String(1000 + ++phoneSeq)}`

/** H5: a code by SMS (Alibaba Cloud), then registration with it. */
async function signUpBySms(): Promise<Caller> {
  const phoneNumber = newPhone()
  const businessType = VerificationCodeBusinessType.PhoneCodeRegister
  await t.data(t.post('/api/Account/SendPhoneMessageCode', { phoneNumber, businessType }))
  const sms = aliyun.sent.filter((message) => message.phoneNumber === phoneNumber)
  assert.equal(sms.length, 1)
  const tokens = await t.data(
    t.post<TokenResult>('/api/Account/PhoneMesssageCodeRegister', {
      phoneNumber,
      code: sms[0].code,
      password: 'Passw0rd!live',
    }),
  )
  return { token: tokens.accessToken }
}

/** WeChat mini-program: wx.login's code, then the phone button's code. */
async function logInThroughWechat(openId: string): Promise<Caller> {
  const phoneNumber = newPhone()
  const code = wechatIdentity.loginCode(openId)
  const identity = await t.data(
    t.get<WxMiniAppUserLoginResult>(`/api/Account/WxMiniAppUserLogin?code=${code}`, { headers: WEAPP }),
  )
  assert.equal(identity.openId, openId)
  const tokens = await t.data(
    t.post<TokenResult>(
      '/api/Account/WxMiniAppPhoneAuthLogin',
      {
        openId,
        sessionKey: identity.sessionKey,
        ...wechatIdentity.encryptedPhone(code, phoneNumber),
        phoneCode: wechatIdentity.phoneCode(phoneNumber),
      },
      { headers: WEAPP },
    ),
  )
  return { token: tokens.accessToken, headers: WEAPP }
}

/** Alipay mini-program: my.getAuthCode's code, then my.getPhoneNumber's signed, encrypted answer. */
async function logInThroughAlipay(openId: string): Promise<Caller> {
  const identity = await t.data(
    t.get<WxMiniAppUserLoginResult>(`/api/Account/WxMiniAppUserLogin?code=${alipay.authCode(openId)}`, {
      headers: ALIPAY_HOST,
    }),
  )
  assert.equal(identity.openId, openId)
  const phone = alipay.phoneResponse(newPhone())
  const tokens = await t.data(
    t.post<TokenResult>(
      '/api/Account/WxMiniAppPhoneAuthLogin',
      { openId, sessionKey: identity.sessionKey, encryptedData: phone.response, iv: phone.sign },
      { headers: ALIPAY_HOST },
    ),
  )
  return { token: tokens.accessToken, headers: ALIPAY_HOST }
}

const prepay = (caller: Caller, orderNo: string, lifePayType: LifePayType, openId: string) =>
  t.data(t.post<PayOrderForJsApi>('/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType, openId }, caller))

/** Paid in WeChat; WeChat posts its signed, encrypted notification. */
async function payAtWechat(caller: Caller, orderNo: string, openId: string) {
  const prepared = await prepay(caller, orderNo, LifePayType.WxPay, openId)
  assert.equal(prepared.sandbox, false)
  assert.equal(wechatPay.orders.get(orderNo)?.openid, openId)
  wechatPay.pay(orderNo)
  const { headers, body } = wechatPay.notification(orderNo)
  const answer = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wxpay', headers, payload: body })
  assert.equal(answer.statusCode, 200)
}

/** Paid in Alipay; Alipay posts its form-encoded, RSA2-signed notification. */
async function payAtAlipay(caller: Caller, orderNo: string, openId: string) {
  const prepared = await prepay(caller, orderNo, LifePayType.AliPay, openId)
  assert.equal(prepared.aliPayTradeNo, alipay.trades.get(orderNo)?.tradeNo)
  alipay.pay(orderNo)
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: FORM,
    payload: alipay.notification(orderNo),
  })
  assert.equal(answer.body, 'success')
}

/** Runs due jobs (the supplier submission, refunds) until the order reaches `state`; the supplier calls back. */
async function settles(caller: Caller, orderNo: string, state: [number, number, number | null]) {
  await waitFor(`order ${orderNo} to reach ${JSON.stringify(state)}`, async () => {
    await t.app.jobs.drain()
    return JSON.stringify(await stateOf(t, caller, orderNo)) === JSON.stringify(state)
  })
}

describe('production configuration on real adapters', () => {
  test('the sandbox is nowhere: no /api/dev routes, no sandbox provider, no demo data to seed', async () => {
    assert.equal(t.app.ctx.sandboxes.payment, null)
    assert.equal(t.app.ctx.sandboxes.storage, null)
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).statusCode, 404)
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/dev/pay/confirm', payload: {} })).statusCode, 404)
    // The API docs would publish every operator route: off.
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml'])
      assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404, url)
    // Every vendor is called over https; the server trusts the test authority as a deployment trusts the public ones.
    for (const url of [
      wechatPay.baseUrl,
      alipay.settings(keyDir).gateway,
      wechatIdentity.baseUrl,
      aliyun.endpoint,
      supplier.url,
    ])
      assert.match(url, /^https:\/\/127\.0\.0\.1:\d+/)
    // The test database is a seeded snapshot; a production start seeds nothing (server.ts, productionMode.test.ts).
    assert.equal(config.seedDemoData, false)
    assert.equal(config.production, true)
  })
})

describe('operators in production', () => {
  test('an admin without a second factor may only enrol; every other operator route refuses it', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { loginName: DEMO_OPERATOR.loginName, password: DEMO_OPERATOR.password },
    })
    const session = login.json().data as OperatorSession
    assert.equal(session.totpEnrolmentRequired, true)
    const cookie = /^(lp_operator=[^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? ''
    const refunds = await t.app.inject({ method: 'GET', url: '/api/admin/refunds', headers: { cookie } })
    assert.deepEqual([refunds.statusCode, refunds.json().error], [403, 'TOTP_ENROLMENT_REQUIRED'])
    const enrolment = await t.app.inject({
      method: 'POST',
      url: '/api/operator/totp/enrolment',
      headers: { cookie, 'x-csrf-token': session.csrfToken },
    })
    assert.match(enrolment.json().data.otpauthUri, /^otpauth:\/\/totp\//)
  })
})

describe('the order life cycle against WeChat Pay, Alipay, the identity providers, SMS, STS and the supplier', () => {
  const wechatOpenId = 'o_live_wechat_payer_0001'
  const alipayOpenId = '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5'
  let wechatUser: Caller
  let alipayUser: Caller
  let smsUser: Caller
  before(async () => {
    smsUser = await signUpBySms()
    wechatUser = await logInThroughWechat(wechatOpenId)
    alipayUser = await logInThroughAlipay(alipayOpenId)
  })

  test('SMS sign-up: upload credentials come from STS, limited to the user’s folder', async () => {
    const sts = await t.data(t.post<OssSts>('/api/Account/GetOssSTS', {}, smsUser))
    assert.equal(sts.host, 'https://life-pay-uploads.oss-cn-hangzhou.aliyuncs.com')
    assert.match(sts.dir, /^users\/.+\/$/)
    assert.match(JSON.stringify(aliyun.roles.at(-1)?.policy), new RegExp(`life-pay-uploads/${sts.dir}\\*`))
  })

  test('WeChat: prepay, pay, notification, the supplier delivers', async () => {
    const { orderNo } = await createPhoneOrder(t, wechatUser, { phone: '13711112222' })
    await payAtWechat(wechatUser, orderNo, wechatOpenId)
    await settles(wechatUser, orderNo, DELIVERED)
    const delivered = supplier.orders.get(orderNo)
    assert.equal(delivered?.chargeAccount, '13711112222')
    assert.equal((await orderRow(t, orderNo)).supplierOrderNo, delivered?.orderId)
  })

  test('WeChat: the supplier fails, the money goes back through WeChat Pay, its refund notification closes it', async () => {
    supplier.setScript('13711113333', { result: 'failure' })
    const { orderNo } = await createPhoneOrder(t, wechatUser, { phone: '13711113333' })
    await payAtWechat(wechatUser, orderNo, wechatOpenId)
    await settles(wechatUser, orderNo, REFUNDED)
    const refundNo = refundNoOf(orderNo)
    assert.equal(wechatPay.refunds.get(refundNo)?.status, 'PROCESSING')
    wechatPay.finishRefund(refundNo)
    const { headers, body } = wechatPay.refundNotification(refundNo)
    const answer = await t.app.inject({ method: 'POST', url: WXPAY_REFUND_PATH, headers, payload: body })
    assert.equal(answer.statusCode, 200)
    assert.equal((await orderRow(t, orderNo)).refundStatus, 'succeeded')
  })

  test('Alipay: trade.create for the buyer, pay, notification, the supplier delivers', async () => {
    const { orderNo } = await createPhoneOrder(t, alipayUser, { phone: '13722224444' })
    await payAtAlipay(alipayUser, orderNo, alipayOpenId)
    assert.equal(alipay.trades.get(orderNo)?.buyer, alipayOpenId)
    await settles(alipayUser, orderNo, DELIVERED)
  })

  test('Alipay: the supplier fails, the money goes back through Alipay', async () => {
    supplier.setScript('13722225555', { result: 'failure' })
    const { orderNo } = await createPhoneOrder(t, alipayUser, { phone: '13722225555' })
    await payAtAlipay(alipayUser, orderNo, alipayOpenId)
    await settles(alipayUser, orderNo, REFUNDED)
    const row = await orderRow(t, orderNo)
    assert.equal(alipay.refunds.get(`${orderNo}/${refundNoOf(orderNo)}`)?.refundFen, row.payAmountFen)
  })

  test('an order paid while the supplier has it still recharging stays paid, never refunded', async () => {
    supplier.setScript('13733336666', { result: 'pending' })
    const { orderNo } = await createPhoneOrder(t, wechatUser, { phone: '13733336666' })
    await payAtWechat(wechatUser, orderNo, wechatOpenId)
    await settles(wechatUser, orderNo, PAID_RECHARGING)
    assert.equal(wechatPay.refunds.get(refundNoOf(orderNo)), undefined)
  })

  test('reconciliation: every provider agrees with our orders; every delivery is in the notification log', async () => {
    const log = await t.database.db.select().from(providerNotifications)
    // The next morning, the day against both providers' bills and the supplier.
    const day = shanghaiDate(t.clock.now())
    t.clock.advance(new Date(`${day}T10:30:00+08:00`).getTime() + 24 * 3600_000 - t.clock.now().getTime())
    const report = await t.data(t.post<ReconciliationReport>('/api/admin/reconciliation/run', { date: day }, OPERATOR))
    assert.deepEqual(
      report.runs.map((run) => [run.source, run.provider, run.status]),
      [
        ['alipay', 'alipay', 'done'],
        ['supplier', 'fulu', 'done'],
        ['wxpay', 'wechatpay', 'done'],
      ],
    )
    for (const run of report.runs.filter((one) => one.source !== 'supplier')) assert.deepEqual(run.ours, run.theirs)
    // The order still recharging is no difference: the supplier says processing, as we do (only its age may be).
    assert.deepEqual(
      report.items.filter((one) => one.kind !== 'noOutcomeAfter24h'),
      [],
    )
    const byRoute = (route: string) => log.filter((row) => row.route === route && row.outcome === 'recorded')
    assert.equal(byRoute('/api/pay/notify/wxpay').length, 3)
    assert.equal(byRoute('/api/pay/notify/alipay').length, 2)
    assert.equal(byRoute(WXPAY_REFUND_PATH).length, 1)
    assert.equal(byRoute(SUPPLIER_NOTIFY_PATH).length, 4)
    assert.ok(log.every((row) => row.verified))
    const [first] = await t.database.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.route, WXPAY_REFUND_PATH))
    assert.ok(first.headers && 'wechatpay-signature' in (first.headers as Record<string, string>))
  })
})
