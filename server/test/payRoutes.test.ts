import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { OperatorOrder, ProviderNotification, ReconciliationReport } from '@contract/admin'
import type { PayOrderForJsApi } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import type { AppContext } from '../src/appContext'
import { loadConfig } from '../src/config'
import { DEV_OPERATOR_TOKEN } from '../src/configSchema'
import { recordNotification } from '../src/modules/notifications/recordNotification'
import { shanghaiDate } from '../src/modules/money/shanghaiDay'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { startFakeWechatPay, type FakeWechatPay } from './support/fakeWechatPay'
import { ManualClock } from './support/manualClock'
import { createPhoneOrder, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 18: a provider per pay type, both live on one server (WxPay → WeChat Pay, AliPay → Alipay, each against its
// local fake keeping the real signing rules), WeChat Pay refund notifications, and the log of every delivery.

const OPEN_ID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'
const BUYER_ID = '2088102177846880'
const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }
const OPERATOR = { headers: { 'x-operator-token': DEV_OPERATOR_TOKEN } }
/** The sandbox supplier fails this number's recharges: the order is paid back automatically. */
const FAILING_PHONE = '13800000000'

const WX_ENV = {
  WXPAY_MCH_ID: '1900000001',
  WXPAY_APP_ID: 'wx1',
  WXPAY_MCH_SERIAL_NO: 'ABC',
  WXPAY_MCH_PRIVATE_KEY_FILE: '/keys/apiclient_key.pem',
  WXPAY_API_V3_KEY: 'a'.repeat(32),
  WXPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
  WXPAY_PUBLIC_KEY_FILE: '/keys/pub_key.pem',
  WXPAY_NOTIFY_URL: 'https://pay.example.com/api/pay/notify/wxpay',
}
const ALI_ENV = {
  ALIPAY_APP_ID: '2021',
  ALIPAY_PRIVATE_KEY_FILE: '/keys/app_private_key.pem',
  ALIPAY_PUBLIC_KEY_FILE: '/keys/alipay_public_key.pem',
  ALIPAY_NOTIFY_URL: 'https://pay.example.com/api/pay/notify/alipay',
}
const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv

describe('pay type providers configuration', () => {
  test('PAYMENT_PROVIDER gives the defaults: sandbox both, a real one its own pay type only', () => {
    assert.deepEqual(loadConfig(env({})).payTypes, { [LifePayType.WxPay]: 'sandbox', [LifePayType.AliPay]: 'sandbox' })
    assert.deepEqual(loadConfig(env({ PAYMENT_PROVIDER: 'wechatpay', ...WX_ENV })).payTypes, {
      [LifePayType.WxPay]: 'wechatpay',
      [LifePayType.AliPay]: null,
    })
    assert.deepEqual(loadConfig(env({ PAYMENT_PROVIDER: 'alipay', ...ALI_ENV })).payTypes, {
      [LifePayType.WxPay]: null,
      [LifePayType.AliPay]: 'alipay',
    })
  })

  test('WXPAY_PROVIDER and ALIPAY_PROVIDER: both real at once, each naming its own missing settings', () => {
    const both = loadConfig(env({ WXPAY_PROVIDER: 'wechatpay', ALIPAY_PROVIDER: 'alipay', ...WX_ENV, ...ALI_ENV }))
    assert.deepEqual(both.payTypes, { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: 'alipay' })
    assert.equal(both.wechatPay?.refundNotifyUrl, 'https://pay.example.com/api/pay/notify/wxpay/refund')
    assert.equal(both.alipay?.appId, '2021')
    const own = loadConfig(
      env({ WXPAY_PROVIDER: 'wechatpay', ...WX_ENV, WXPAY_REFUND_NOTIFY_URL: 'https://r.example.com/refund' }),
    )
    assert.equal(own.wechatPay?.refundNotifyUrl, 'https://r.example.com/refund')
    // PAYMENT_PROVIDER=sandbox by default: the other pay type stays in the sandbox for the demo.
    assert.equal(own.payTypes[LifePayType.AliPay], 'sandbox')
    assert.throws(
      () => loadConfig(env({ WXPAY_PROVIDER: 'wechatpay', ALIPAY_PROVIDER: 'alipay', ...WX_ENV })),
      /^ConfigError: ALIPAY_PROVIDER=alipay: ALIPAY_APP_ID is not set; .*ALIPAY_NOTIFY_URL is not set; ALIPAY_PUBLIC_KEY_FILE is not set/,
    )
    assert.throws(() => loadConfig(env({ WXPAY_PROVIDER: 'alipay' })), /WXPAY_PROVIDER=alipay: it takes wechatpay/)
    assert.throws(
      () => loadConfig(env({ WXPAY_PROVIDER: 'off', ALIPAY_PROVIDER: 'off' })),
      /both off: no order could be paid/,
    )
    assert.equal(loadConfig(env({ ALIPAY_PROVIDER: 'off' })).payTypes[LifePayType.AliPay], null)
  })
})

describe('both providers live on one server', () => {
  let clock: ManualClock
  let wechat: FakeWechatPay
  let alipay: FakeAlipay
  let t: TestApp
  let alice: Caller
  let keyDir: string

  before(async () => {
    // The fakes read the app's clock through this holder (the test app makes its own clock).
    const now = () => clock.now()
    clock = new ManualClock()
    wechat = await startFakeWechatPay(now)
    alipay = await startFakeAlipay(now)
    keyDir = mkdtempSync(join(tmpdir(), 'life-pay-payroute-'))
    t = await createTestApp({
      config: {
        payTypes: { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: 'alipay' },
        wechatPay: wechat.settings(join(keyDir)),
        alipay: alipay.settings(keyDir),
      },
    })
    clock = t.clock
    alice = { token: (await t.register('13500000028')).accessToken }
  })
  after(async () => {
    await t.close()
    await wechat.close()
    await alipay.close()
    rmSync(keyDir, { recursive: true, force: true })
  })

  const prepare = (orderNo: string, lifePayType: LifePayType) =>
    t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo, lifePayType, openId: lifePayType === LifePayType.WxPay ? OPEN_ID : BUYER_ID },
        alice,
      ),
    )
  const notifyWechat = (message: { headers: Record<string, string>; body: string }, url = '/api/pay/notify/wxpay') =>
    t.app.inject({ method: 'POST', url, headers: message.headers, payload: message.body })
  const notifyAlipay = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: FORM, payload })
  const deliveries = (orderNo: string) =>
    t.data(t.get<ProviderNotification[]>(`/api/admin/notifications?orderNo=${orderNo}`, OPERATOR))

  /** A WxPay order paid at WeChat, its notification acknowledged. */
  async function paidAtWechat(phone = '13812345678') {
    const { orderNo } = await createPhoneOrder(t, alice, { phone })
    await prepare(orderNo, LifePayType.WxPay)
    wechat.pay(orderNo)
    assert.equal((await notifyWechat(wechat.notification(orderNo))).statusCode, 200)
    return orderNo
  }

  test('a WxPay order goes to WeChat Pay and an AliPay order to Alipay; each route verifies with its own', async () => {
    assert.equal(t.app.ctx.sandboxes.payment, null)
    const wx = await createPhoneOrder(t, alice)
    const ali = await createPhoneOrder(t, alice)
    const wxPrepared = await prepare(wx.orderNo, LifePayType.WxPay)
    const aliPrepared = await prepare(ali.orderNo, LifePayType.AliPay)
    assert.ok(wechat.orders.has(wx.orderNo) && !alipay.trades.has(wx.orderNo))
    assert.ok(alipay.trades.has(ali.orderNo) && !wechat.orders.has(ali.orderNo))
    assert.equal(wxPrepared.wxPay?.signType, 'RSA')
    assert.equal(aliPrepared.aliPayTradeNo, alipay.trades.get(ali.orderNo)?.tradeNo)

    wechat.pay(wx.orderNo)
    alipay.pay(ali.orderNo)
    const wxMessage = wechat.notification(wx.orderNo)
    // WeChat's genuine notification at the Alipay route: Alipay's key does not sign it, refused in Alipay's words.
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: wxMessage.headers,
      payload: wxMessage.body,
    })
    assert.equal(crossed.body, 'fail')
    assert.equal((await orderRow(t, wx.orderNo)).transactionId, null)
    // Alipay's form post at the WeChat route: refused before it reaches the route (no form parser there).
    const aliForm = alipay.notification(ali.orderNo)
    const formAtWechat = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wxpay',
      headers: FORM,
      payload: aliForm,
    })
    assert.equal(formAtWechat.statusCode, 415)
    // Alipay's body as JSON at the WeChat route: reaches it, refused and logged.
    const jsonAtWechat = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wxpay',
      payload: Object.fromEntries(new URLSearchParams(aliForm)),
    })
    assert.equal(jsonAtWechat.statusCode, 400)

    assert.equal((await notifyWechat(wxMessage)).statusCode, 200)
    assert.equal((await notifyAlipay(aliForm)).body, 'success')
    assert.equal((await notifyAlipay(aliForm)).body, 'success')
    assert.equal((await orderRow(t, wx.orderNo)).transactionId, wechat.orders.get(wx.orderNo)?.transactionId)
    assert.equal((await orderRow(t, ali.orderNo)).transactionId, alipay.trades.get(ali.orderNo)?.tradeNo)
    assert.equal((await stateOf(t, alice, wx.orderNo))[0], 20)
    assert.equal((await stateOf(t, alice, ali.orderNo))[0], 20)

    // The delivery log: Alipay's genuine one, its duplicate, and the one refused at the WeChat route.
    const aliLog = await deliveries(ali.orderNo)
    assert.deepEqual(
      aliLog.map((row) => [row.route, row.provider, row.verified, row.outcome]),
      [
        ['/api/pay/notify/alipay', 'alipay', true, 'duplicate'],
        ['/api/pay/notify/alipay', 'alipay', true, 'recorded'],
        ['/api/pay/notify/wxpay', 'wechatpay', false, 'refused'],
      ],
    )
    assert.equal(aliLog[1].body, aliForm)
    const wxLog = await deliveries(wx.orderNo)
    assert.deepEqual(
      wxLog.map((row) => [row.route, row.verified, row.outcome]),
      [['/api/pay/notify/wxpay', true, 'recorded']],
    )
    // The signature headers are kept, as received.
    assert.equal(wxLog[0].headers['wechatpay-signature'], wxMessage.headers['wechatpay-signature'])
    assert.equal(wxLog[0].headers['wechatpay-serial'], wxMessage.headers['wechatpay-serial'])
  })

  test('a forged WeChat notification is refused and logged as refused, unverified', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await prepare(orderNo, LifePayType.WxPay)
    wechat.pay(orderNo)
    const forged = wechat.notification(orderNo, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey })
    assert.equal((await notifyWechat(forged)).statusCode, 400)
    assert.equal((await orderRow(t, orderNo)).transactionId, null)
    const all = await t.data(t.get<ProviderNotification[]>('/api/admin/notifications?limit=1', OPERATOR))
    assert.deepEqual(
      all.map((row) => [row.route, row.verified, row.outcome, row.reason]),
      [['/api/pay/notify/wxpay', false, 'refused', 'signature, timestamp or content not genuine']],
    )
  })

  test('a delivery carrying NUL bytes is refused and still logged (PostgreSQL text holds no NUL)', async () => {
    const payload = `out_trade_no=LP\u0000NUL&sign=x\u0000y`
    assert.equal((await notifyAlipay(payload)).body, 'fail')
    const [row] = await t.data(t.get<ProviderNotification[]>('/api/admin/notifications?limit=1', OPERATOR))
    assert.equal(row.route, '/api/pay/notify/alipay')
    assert.equal(row.outcome, 'refused')
    assert.equal(row.body, 'out_trade_no=LP\uFFFDNUL&sign=x\uFFFDy')
    assert.equal(row.orderNo, 'LP\uFFFDNUL')
  })

  test('an unpaid order whose time is up is closed at both providers (the payer may have switched)', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await prepare(orderNo, LifePayType.WxPay)
    await prepare(orderNo, LifePayType.AliPay)
    t.clock.advance(t.config.unpaidOrderCloseMs + 1000)
    await t.app.jobs.drain()
    assert.equal(wechat.orders.get(orderNo)?.state, 'CLOSED')
    assert.equal(alipay.trades.get(orderNo)?.status, 'TRADE_CLOSED')
  })

  /** A WxPay order whose recharge failed: paid back through WeChat, the refund now PROCESSING there. */
  async function refundedAtWechat() {
    const orderNo = await paidAtWechat(FAILING_PHONE)
    await t.app.jobs.drain()
    t.clock.advance(t.config.sandboxSupplierDelayMs)
    await t.app.jobs.drain()
    const row = await orderRow(t, orderNo)
    assert.ok(row.refundNo)
    assert.equal(wechat.refunds.get(row.refundNo)?.status, 'PROCESSING')
    return { orderNo, refundNo: row.refundNo }
  }
  const notifyRefund = (message: { headers: Record<string, string>; body: string }) =>
    notifyWechat(message, '/api/pay/notify/wxpay/refund')

  test('refund notification SUCCESS: recorded once (a duplicate acknowledged), refunds carry notify_url', async () => {
    const { orderNo, refundNo } = await refundedAtWechat()
    assert.equal(wechat.refunds.get(refundNo)?.notifyUrl, 'https://pay.example.com/api/pay/notify/wxpay/refund')
    wechat.finishRefund(refundNo, 'SUCCESS')
    const message = wechat.refundNotification(refundNo)
    assert.equal((await notifyRefund(message)).statusCode, 200)
    assert.equal((await notifyRefund(message)).statusCode, 200)
    const row = await orderRow(t, orderNo)
    assert.equal(row.refundStatus, 'succeeded')
    const log = (await deliveries(orderNo)).filter((one) => one.route === '/api/pay/notify/wxpay/refund')
    assert.deepEqual(
      log.map((one) => one.outcome),
      ['duplicate', 'recorded'],
    )
    const listed = await t.data(t.get<OperatorOrder[]>('/api/admin/refunds/not-returned', OPERATOR))
    assert.ok(!listed.some((order) => order.orderNo === orderNo))
  })

  test('refund notification ABNORMAL: the money did not go back — marked, listed, flagged by reconciliation', async () => {
    const { orderNo, refundNo } = await refundedAtWechat()
    wechat.finishRefund(refundNo, 'ABNORMAL')
    assert.equal((await notifyRefund(wechat.refundNotification(refundNo))).statusCode, 200)
    assert.equal((await orderRow(t, orderNo)).refundStatus, 'abnormal')
    const listed = await t.data(t.get<OperatorOrder[]>('/api/admin/refunds/not-returned', OPERATOR))
    const entry = listed.find((order) => order.orderNo === orderNo)
    assert.equal(entry?.refundStatus, 'abnormal')
    // The next morning's reconciliation lists it for an operator.
    const day = shanghaiDate(t.clock.now())
    t.clock.advance(new Date(`${day}T10:30:00+08:00`).getTime() + 24 * 3600_000 - t.clock.now().getTime())
    const reconcile = () =>
      t.data(t.post<ReconciliationReport>('/api/admin/reconciliation/run', { date: day }, OPERATOR))
    // A day later the payer's session has lapsed: the tests after this one pay as a payer logged in now.
    alice = { token: (await t.register('13500000031')).accessToken }
    const report = await reconcile()
    const flagged = report.items.find((one) => one.orderNo === orderNo && one.kind === 'refundNotReturned')
    assert.equal(flagged?.status, 'open', JSON.stringify(report.items))
    assert.equal(flagged?.action, 'operatorReview')
    // The operator returns the money another way and says how: the order leaves the list.
    const refused = await t.post(`/api/admin/refunds/${orderNo}/returned`, { remark: ' ' }, OPERATOR)
    assert.equal(refused.body.error, 'VALIDATION_FAILED')
    const returned = await t.data(
      t.post<OperatorOrder>(
        `/api/admin/refunds/${orderNo}/returned`,
        { remark: 'bank transfer 20261125-01' },
        OPERATOR,
      ),
    )
    assert.equal(returned.refundStatus, 'returnedManually')
    assert.equal(returned.refundReturnedRemark, 'bank transfer 20261125-01')
    const after = await t.data(t.get<OperatorOrder[]>('/api/admin/refunds/not-returned', OPERATOR))
    assert.ok(!after.some((order) => order.orderNo === orderNo))
    const again = await t.post(`/api/admin/refunds/${orderNo}/returned`, { remark: 'twice' }, OPERATOR)
    assert.equal(again.body.error, 'BAD_REQUEST')
    // WeChat redelivering its ABNORMAL notification does not undo the operator's settlement; reconciliation is quiet.
    assert.equal((await notifyRefund(wechat.refundNotification(refundNo))).statusCode, 200)
    assert.equal((await orderRow(t, orderNo)).refundStatus, 'returnedManually')
    // Run again: the difference is gone, and says so.
    const settled = await reconcile()
    assert.equal(settled.items.find((one) => one.id === flagged?.id)?.status, 'gone')
  })

  test('refund notification CLOSED is recorded as not returned', async () => {
    const { orderNo, refundNo } = await refundedAtWechat()
    wechat.finishRefund(refundNo, 'CLOSED')
    assert.equal((await notifyRefund(wechat.refundNotification(refundNo))).statusCode, 200)
    assert.equal((await orderRow(t, orderNo)).refundStatus, 'closed')
  })

  test('refund notifications forged, tampered, outside the 5-minute window, or of another refund: refused', async () => {
    const { orderNo, refundNo } = await refundedAtWechat()
    wechat.finishRefund(refundNo, 'SUCCESS')
    const nowS = Math.floor(t.clock.now().getTime() / 1000)
    const refused = [
      wechat.refundNotification(refundNo, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
      wechat.refundNotification(refundNo, { tamper: true }),
      wechat.refundNotification(refundNo, { timestamp: nowS - 301 }),
      wechat.refundNotification(refundNo, { timestamp: nowS + 301 }),
      wechat.refundNotification(refundNo, { serial: 'PUB_KEY_ID_OTHER' }),
      wechat.refundNotification(refundNo, { refund: { out_refund_no: `${refundNo}X` } }),
      wechat.refundNotification(refundNo, { refund: { refund_status: 'ABNORMAL' } }),
      wechat.refundNotification(refundNo, { refund: { mchid: '1900000002' } }),
    ]
    for (const [index, message] of refused.entries()) {
      assert.equal((await notifyRefund(message)).statusCode, 400, `case ${index}`)
    }
    // A payment notification is not a refund notification, nor the other way round.
    assert.equal((await notifyRefund(wechat.notification(orderNo))).statusCode, 400)
    assert.equal((await notifyWechat(wechat.refundNotification(refundNo))).statusCode, 400)
    // Still waiting for WeChat's word: none of them was believed.
    assert.equal((await orderRow(t, orderNo)).refundStatus, 'processing')
    const log = await t.data(
      t.get<ProviderNotification[]>(`/api/admin/notifications?limit=${refused.length + 2}`, OPERATOR),
    )
    assert.ok(log.every((one) => one.outcome === 'refused'))
    // Only the one for another refund number is genuinely WeChat's: it verifies, and is refused by the order.
    assert.equal(log.filter((one) => one.verified).length, 1)
  })
})

describe('a pay type not offered', () => {
  let t: TestApp
  let alice: Caller
  before(async () => {
    t = await createTestApp({ config: { payTypes: { [LifePayType.WxPay]: 'sandbox', [LifePayType.AliPay]: null } } })
    alice = { token: (await t.register('13500000029')).accessToken }
  })
  after(() => t.close())

  test('choosing it is refused with PAY_TYPE_UNAVAILABLE; the other pay type still works', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    for (const url of ['/api/LifePay/SetLifePayOrderPayType', '/api/LifePay/GetPayOrderForJsAPI']) {
      const answer = await t.post(url, { orderNo, lifePayType: LifePayType.AliPay }, alice)
      assert.equal(answer.body.error, 'PAY_TYPE_UNAVAILABLE', url)
    }
    assert.equal((await orderRow(t, orderNo)).lifePayType, null)
    const prepared = await t.data(
      t.post<PayOrderForJsApi>('/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType: LifePayType.WxPay }, alice),
    )
    assert.equal(prepared.sandbox, true)
    // Its notify route refuses everything (sandbox JSON, as no real Alipay is configured).
    const answer = await t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', payload: { orderNo } })
    assert.equal(answer.statusCode, 400)
  })
})

describe('recordNotification', () => {
  test('keeps signature headers only, replaces NUL, and never throws when the write fails', async () => {
    const written: Record<string, unknown>[] = []
    const errors: unknown[] = []
    const ctx = (insert: (values: Record<string, unknown>) => Promise<void>) =>
      ({
        clock: new ManualClock(),
        log: { error: (...args: unknown[]) => errors.push(args) },
        db: { insert: () => ({ values: insert }) },
      }) as unknown as AppContext
    const delivery = {
      provider: 'supplier',
      route: '/api/supplier/callback',
      headers: { authorization: 'Bearer secret', cookie: 'c=1', 'x-sign': 'abc', 'wechatpay-signature': 's' },
      body: 'a\u0000b',
      verified: false,
      outcome: 'refused' as const,
      orderNo: 'LP\u00001',
    }
    await recordNotification(
      ctx(async (values) => {
        written.push(values)
      }),
      delivery,
    )
    assert.equal(written[0].body, 'a\uFFFDb')
    assert.equal(written[0].orderNo, 'LP\uFFFD1')
    assert.deepEqual(written[0].headers, { 'x-sign': 'abc', 'wechatpay-signature': 's' })
    await assert.doesNotReject(
      recordNotification(
        ctx(() => Promise.reject(new Error('database down'))),
        delivery,
      ),
    )
    assert.equal(errors.length, 1)
  })
})
