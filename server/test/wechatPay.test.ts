import assert from 'node:assert/strict'
import { createVerify, generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { PayOrderForJsApi } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import { loadConfig } from '../src/config'
import type { PaymentProvider } from '../src/providers/payment'
import { createWechatPay, wechatPayTime } from '../src/providers/wechatPay'
import { H5_URL_TTL_MS, startFakeWechatPay, type FakeWechatPay } from './support/fakeWechatPay'
import { ManualClock } from './support/manualClock'
import { createPhoneOrder, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// The WeChat Pay API v3 adapter against a local fake that keeps WeChat's signature and encryption rules
// (support/fakeWechatPay.ts): what passes here is what a real merchant account would accept and send.

const OPEN_ID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'

let clock: ManualClock
let fake: FakeWechatPay
let pay: PaymentProvider
let orderSeq = 0

before(async () => {
  clock = new ManualClock()
  fake = await startFakeWechatPay(() => clock.now())
  pay = createWechatPay({ clock, keys: fake.keys() })
})
after(() => fake.close())

const newOrderNo = () => `LP${Date.now()}${++orderSeq}`

/** An order prepaid with the fake: its number and the JSAPI parameters. */
async function prepaid(amountFen = 9850) {
  const orderNo = newOrderNo()
  const prepared = await pay.prepare({} as never, {
    outTradeNo: orderNo,
    lifePayType: LifePayType.WxPay,
    amountFen,
    description: `生活缴费 ${orderNo}`,
    openId: OPEN_ID,
  })
  return { orderNo, wxPay: prepared.wxPay }
}

describe('WeChat Pay prepay', () => {
  test('JSAPI prepay: parameters for requestPayment, paySign by the merchant key', async () => {
    const { orderNo, wxPay } = await prepaid()
    assert.ok(wxPay)
    const order = fake.orders.get(orderNo)
    assert.ok(order)
    assert.equal(order.total, 9850)
    assert.equal(order.openid, OPEN_ID)
    assert.equal(wxPay.appId, fake.appId)
    assert.equal(wxPay.package, `prepay_id=${order.prepayId}`)
    assert.equal(wxPay.signType, 'RSA')
    const signed = `${wxPay.appId}\n${wxPay.timeStamp}\n${wxPay.nonceStr}\n${wxPay.package}\n`
    assert.ok(createVerify('RSA-SHA256').update(signed).verify(fake.merchant.publicKey, wxPay.paySign, 'base64'))
  })

  test('without the openId or for Alipay: refused before WeChat is asked', async () => {
    const before = fake.requests.length
    const order = { outTradeNo: newOrderNo(), amountFen: 100, description: 'x' }
    await assert.rejects(pay.prepare({} as never, { ...order, lifePayType: LifePayType.WxPay }), /openId/)
    await assert.rejects(
      pay.prepare({} as never, { ...order, lifePayType: LifePayType.AliPay, openId: OPEN_ID }),
      /WeChat Pay only/,
    )
    assert.equal(fake.requests.length, before)
  })

  test('a request signed with another merchant key is refused by WeChat (401 SIGN_ERROR)', async () => {
    const other = createWechatPay({
      clock,
      keys: { ...fake.keys(), mchPrivateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey },
    })
    await assert.rejects(other.queryPayment('LP1'), /401 SIGN_ERROR/)
  })

  test('an answer not signed by the platform key is not believed', async () => {
    const impostor = createWechatPay({
      clock,
      keys: { ...fake.keys(), platformPublicKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey },
    })
    await assert.rejects(impostor.queryPayment((await prepaid()).orderNo), /not signed by the platform key/)
  })
})

describe('WeChat Pay H5 payment (a phone browser outside WeChat)', () => {
  const H5 = 'https://h5.life-pay.example'
  const resultPage = (orderNo: string) => `${H5}/subpackages/recharge/rechargeResult/rechargeResult?orderNo=${orderNo}`

  /** An order prepared for the H5 cashier from 127.0.0.1 (where the tests' browser, fetch, comes from). */
  async function prepaidOnTheWeb(amountFen = 9850, payerIp = '127.0.0.1') {
    const orderNo = newOrderNo()
    const expiresAt = new Date(clock.now().getTime() + 30 * 60_000)
    const prepared = await pay.prepare({} as never, {
      outTradeNo: orderNo,
      lifePayType: LifePayType.WxPay,
      amountFen,
      description: `生活缴费 ${orderNo}`,
      web: { payerIp, returnUrl: resultPage(orderNo) },
      expiresAt,
    })
    return { orderNo, expiresAt, prepared }
  }

  /** The browser opening an address: from a page of `referer` (the merchant's H5 domain) unless told otherwise. */
  const open = (url: string, referer: string | null = `${H5}/subpackages/recharge/selectPayType/selectPayType`) =>
    fetch(url, { redirect: 'manual', headers: referer ? { referer } : {} })

  test("/v3/pay/transactions/h5 with the payer's IP, h5_info and time_expire; h5_url with redirect_url", async () => {
    const { orderNo, expiresAt, prepared } = await prepaidOnTheWeb()
    assert.deepEqual([prepared.wxPay, prepared.aliPayTradeNo], [null, null])
    const sent = fake.requests.at(-1)
    assert.equal(sent?.url, '/v3/pay/transactions/h5')
    assert.deepEqual((sent?.body as { scene_info: unknown }).scene_info, {
      payer_client_ip: '127.0.0.1',
      h5_info: { type: 'Wap' },
    })
    const order = fake.orders.get(orderNo)
    assert.equal(order?.tradeType, 'MWEB')
    // time_expire is the order's close in China time (WeChat's own deadline for the payment).
    assert.equal(order?.timeExpire, wechatPayTime(expiresAt))
    assert.match(order?.timeExpire ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/)
    assert.equal(new Date(order?.timeExpire ?? '').getTime(), Math.floor(expiresAt.getTime() / 1000) * 1000)
    // redirect_url appended to WeChat's address, URL-encoded, nothing else changed.
    const url = prepared.webPayUrl ?? ''
    const [h5Url, redirect] = url.split('&redirect_url=')
    assert.match(
      h5Url,
      new RegExp(`^${fake.baseUrl}/cgi-bin/mmpayweb-bin/checkmweb\\?prepay_id=${order?.prepayId}&package=\\d+$`),
    )
    assert.equal(redirect, encodeURIComponent(resultPage(orderNo)))
  })

  test('asked again while unpaid: a fresh h5_url for the same prepay; bad scene_info is refused', async () => {
    const { orderNo, expiresAt, prepared } = await prepaidOnTheWeb()
    const again = await pay.prepare({} as never, {
      outTradeNo: orderNo,
      lifePayType: LifePayType.WxPay,
      amountFen: 9850,
      description: `生活缴费 ${orderNo}`,
      web: { payerIp: '127.0.0.1', returnUrl: resultPage(orderNo) },
      expiresAt,
    })
    assert.notEqual(again.webPayUrl, prepared.webPayUrl)
    assert.equal(new URL(again.webPayUrl ?? '').searchParams.get('prepay_id'), fake.orders.get(orderNo)?.prepayId)
    await assert.rejects(prepaidOnTheWeb(100, 'not-an-ip'), /400 PARAM_ERROR/)
  })

  test("the cashier keeps WeChat's rules: the merchant's domain as Referer, the payer's IP, 5 minutes", async () => {
    const { orderNo, prepared } = await prepaidOnTheWeb(1234)
    const url = prepared.webPayUrl ?? ''
    const page = async (response: Response) => response.text()
    assert.match(await page(await open(url)), /¥12\.34/)
    assert.match(await page(await open(url, null)), /商家参数格式有误/)
    assert.match(await page(await open(url, 'https://elsewhere.example/')), /商家参数格式有误/)
    const otherIp = await prepaidOnTheWeb(100, '203.0.113.9')
    assert.match(await page(await open(otherIp.prepared.webPayUrl ?? '')), /网络环境未能通过安全验证/)
    clock.advance(H5_URL_TTL_MS + 1000)
    assert.match(await page(await open(url)), /支付请求已失效/)
    assert.equal(fake.orders.get(orderNo)?.state, 'NOTPAY')
  })

  test('paid in the cashier: the browser goes to redirect_url; the query and the notification say paid', async () => {
    const { orderNo, prepared } = await prepaidOnTheWeb(2500)
    fake.notifications('hold')
    try {
      const query = new URL(prepared.webPayUrl ?? '').searchParams
      const paid = await fetch(`${fake.baseUrl}/cgi-bin/mmpayweb-bin/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([...query]).toString(),
      })
      assert.equal(paid.status, 302)
      assert.equal(paid.headers.get('location'), resultPage(orderNo))
      assert.deepEqual(fake.deliveries.at(-1), { orderNo, status: 'held' })
    } finally {
      fake.notifications('deliver')
    }
    const order = fake.orders.get(orderNo)
    assert.deepEqual(await pay.queryPayment(orderNo), {
      status: 'paid',
      amountFen: 2500,
      transactionId: order?.transactionId,
      paidAt: new Date(order?.successTime as string),
    })
    const { headers, body } = fake.notification(orderNo)
    const verified = pay.verifyNotification(headers, body)
    assert.equal(verified?.kind === 'paid' && verified.transactionId, order?.transactionId)
  })
})

describe('WeChat Pay notifications', () => {
  test('a genuine notification verifies and decrypts; delivered twice, the same result', async () => {
    const { orderNo } = await prepaid(1234)
    const paid = fake.pay(orderNo)
    const { headers, body } = fake.notification(orderNo)
    const notification = pay.verifyNotification(headers, body)
    assert.deepEqual(notification, {
      kind: 'paid',
      outTradeNo: orderNo,
      transactionId: paid.transactionId,
      lifePayType: LifePayType.WxPay,
      amountFen: 1234,
      paidAt: new Date(paid.successTime as string),
    })
    assert.deepEqual(pay.verifyNotification(headers, body), notification)
  })

  test('forged, unknown serial, stale, tampered, other merchant or app, not a payment: null, never a throw', async () => {
    const { orderNo } = await prepaid()
    fake.pay(orderNo)
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const nowS = Math.floor(clock.now().getTime() / 1000)
    const cases: [string, { headers: Record<string, string>; body: string }][] = [
      ['forged signature', fake.notification(orderNo, { key: otherKey })],
      ['unknown serial', fake.notification(orderNo, { serial: 'PUB_KEY_ID_0119000000012026999999999999' })],
      ['stale timestamp', fake.notification(orderNo, { timestamp: nowS - 301 })],
      ['future timestamp', fake.notification(orderNo, { timestamp: nowS + 301 })],
      ['tampered ciphertext', fake.notification(orderNo, { tamper: true })],
      ['wrong mchid', fake.notification(orderNo, { transaction: { mchid: '1900000002' } })],
      ['wrong appid', fake.notification(orderNo, { transaction: { appid: 'wx0000000000othr' } })],
      ['not paid', fake.notification(orderNo, { transaction: { trade_state: 'NOTPAY' } })],
    ]
    const genuine = fake.notification(orderNo)
    cases.push(['body changed after signing', { ...genuine, body: genuine.body.replace('支付成功', '支付失败') }])
    cases.push(['no headers', { headers: {}, body: genuine.body }])
    const garbage = 'not json {'
    cases.push(['signed garbage', { headers: fake.signedHeaders(garbage), body: garbage }])
    const noResource = JSON.stringify({
      event_type: 'TRANSACTION.SUCCESS',
      resource: { algorithm: 'AEAD_AES_256_GCM' },
    })
    cases.push(['signed, no ciphertext', { headers: fake.signedHeaders(noResource), body: noResource }])
    for (const [name, { headers, body }] of cases) {
      assert.equal(pay.verifyNotification(headers, body), null, name)
    }
    // Within the window it is genuine: the cases above fail for their own reason.
    const inWindow = fake.notification(orderNo, { timestamp: nowS - 299 })
    assert.ok(pay.verifyNotification(inWindow.headers, inWindow.body))
  })
})

describe('WeChat Pay close, query and refund', () => {
  test('queryPayment: unknown, unpaid, paid', async () => {
    assert.deepEqual(await pay.queryPayment('LP-never-prepaid'), { status: 'notFound' })
    const { orderNo } = await prepaid(500)
    assert.deepEqual(await pay.queryPayment(orderNo), { status: 'unpaid' })
    const paid = fake.pay(orderNo)
    assert.deepEqual(await pay.queryPayment(orderNo), {
      status: 'paid',
      amountFen: 500,
      transactionId: paid.transactionId,
      paidAt: new Date(paid.successTime as string),
    })
  })

  test('close: an unpaid order closes at WeChat; a paid one answers paid; one never prepaid is closed', async () => {
    const unpaid = await prepaid()
    assert.equal(await pay.close(unpaid.orderNo), 'closed')
    assert.equal(fake.orders.get(unpaid.orderNo)?.state, 'CLOSED')
    assert.deepEqual(await pay.queryPayment(unpaid.orderNo), { status: 'closed' })
    assert.equal(await pay.close(unpaid.orderNo), 'closed')

    const paid = await prepaid()
    fake.pay(paid.orderNo)
    assert.equal(await pay.close(paid.orderNo), 'paid')
    assert.equal(fake.orders.get(paid.orderNo)?.state, 'SUCCESS')

    assert.equal(await pay.close('LP-never-prepaid'), 'closed')
  })

  test('refund: processing, then succeeded by query; asked twice, paid back once', async () => {
    const { orderNo } = await prepaid(2000)
    const paid = fake.pay(orderNo)
    const refundNo = `RF${orderNo}`
    assert.deepEqual(await pay.queryRefund(refundNo), { status: 'notFound' })
    const request = { outTradeNo: orderNo, refundNo, amountFen: 2000, transactionId: paid.transactionId }
    await pay.refund(request)
    await pay.refund(request)
    assert.equal([...fake.refunds.values()].filter((refund) => refund.outTradeNo === orderNo).length, 1)
    assert.deepEqual(await pay.queryRefund(refundNo), { status: 'processing', amountFen: 2000, refundedAt: null })
    clock.advance(60_000)
    fake.finishRefund(refundNo)
    assert.deepEqual(await pay.queryRefund(refundNo), {
      status: 'succeeded',
      amountFen: 2000,
      refundedAt: new Date(fake.refunds.get(refundNo)?.successTime as string),
    })
    // Refunded trades stay "paid" in the order query: the refund is its own record.
    assert.equal((await pay.queryPayment(orderNo)).status, 'paid')
  })

  test('refund that WeChat gives up on: failed', async () => {
    const { orderNo } = await prepaid(300)
    const paid = fake.pay(orderNo)
    await pay.refund({
      outTradeNo: orderNo,
      refundNo: `RF${orderNo}`,
      amountFen: 300,
      transactionId: paid.transactionId,
    })
    fake.finishRefund(`RF${orderNo}`, 'ABNORMAL')
    assert.deepEqual(await pay.queryRefund(`RF${orderNo}`), { status: 'failed' })
  })

  test('refund of an unpaid order: WeChat refuses, the call throws', async () => {
    const { orderNo } = await prepaid(300)
    await assert.rejects(
      pay.refund({ outTradeNo: orderNo, refundNo: `RF${orderNo}`, amountFen: 300, transactionId: null }),
      /INVALID_REQUEST/,
    )
  })
})

describe('PAYMENT_PROVIDER=wechatpay configuration', () => {
  test('every missing setting is named', () => {
    assert.throws(
      () => loadConfig({ PAYMENT_PROVIDER: 'wechatpay', WXPAY_MCH_ID: '1900000001' } as NodeJS.ProcessEnv),
      (error: Error) => {
        for (const name of [
          'WXPAY_APP_ID',
          'WXPAY_MCH_SERIAL_NO',
          'WXPAY_MCH_PRIVATE_KEY_FILE',
          'WXPAY_API_V3_KEY',
          'WXPAY_PUBLIC_KEY_ID',
          'WXPAY_PUBLIC_KEY_FILE',
          'WXPAY_NOTIFY_URL',
        ]) {
          assert.match(error.message, new RegExp(`${name} is not set`))
        }
        assert.doesNotMatch(error.message, /WXPAY_MCH_ID/)
        return true
      },
    )
  })

  test('an APIv3 key of the wrong length is refused; WXPAY_BASE_URL defaults to WeChat', () => {
    const env = {
      PAYMENT_PROVIDER: 'wechatpay',
      WXPAY_MCH_ID: '1900000001',
      WXPAY_APP_ID: 'wx1',
      WXPAY_MCH_SERIAL_NO: 'ABC',
      WXPAY_MCH_PRIVATE_KEY_FILE: '/keys/apiclient_key.pem',
      WXPAY_API_V3_KEY: 'short',
      WXPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
      WXPAY_PUBLIC_KEY_FILE: '/keys/pub_key.pem',
      WXPAY_NOTIFY_URL: 'https://pay.example.com/api/pay/notify/wxpay',
    }
    assert.throws(() => loadConfig(env as NodeJS.ProcessEnv), /WXPAY_API_V3_KEY must be 32 bytes/)
    const config = loadConfig({ ...env, WXPAY_API_V3_KEY: 'a'.repeat(32) } as NodeJS.ProcessEnv)
    assert.equal(config.payTypes[LifePayType.WxPay], 'wechatpay')
    assert.equal(config.wechatPay?.baseUrl, 'https://api.mch.weixin.qq.com')
    assert.throws(
      () => loadConfig({ PAYMENT_PROVIDER: 'paypal' } as NodeJS.ProcessEnv),
      /PAYMENT_PROVIDER=paypal: it takes wechatpay, alipay or sandbox/,
    )
  })
})

describe('WeChat Pay through the app', () => {
  let t: TestApp
  let alice: Caller
  let keyDir: string
  before(async () => {
    keyDir = mkdtempSync(join(tmpdir(), 'life-pay-wxpay-'))
    t = await createTestApp({
      config: {
        payTypes: { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: null },
        wechatPay: fake.settings(keyDir),
      },
    })
    // WeChat's clock is the app's from here on (the fake reads `clock` at each call).
    clock = t.clock
    alice = { token: (await t.register('13500000018')).accessToken }
  })
  after(async () => {
    await t.close()
    rmSync(keyDir, { recursive: true, force: true })
  })

  test('create, prepay, the signed encrypted notification (twice): paid once', async () => {
    assert.equal(t.app.ctx.sandboxes.payment, null)
    const { orderNo } = await createPhoneOrder(t, alice)
    const prepared = await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo, lifePayType: LifePayType.WxPay, openId: OPEN_ID },
        alice,
      ),
    )
    assert.equal(prepared.sandbox, false)
    assert.equal(prepared.wxPay?.signType, 'RSA')
    assert.equal(fake.orders.get(orderNo)?.notifyUrl, 'https://pay.example.com/api/pay/notify/wxpay')

    // Paid in WeChat; WeChat posts the notification, and again, as it may.
    const paid = fake.pay(orderNo)
    const { headers, body } = fake.notification(orderNo)
    for (let delivery = 1; delivery <= 2; delivery++) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wxpay', headers, payload: body })
      assert.equal(answer.statusCode, 200, `delivery ${delivery}`)
      assert.equal((answer.json() as { success: boolean }).success, true)
    }
    const row = await orderRow(t, orderNo)
    assert.equal(row.transactionId, paid.transactionId)
    assert.equal((await stateOf(t, alice, orderNo))[0], 20)
    // A forged notification through the route: refused, so a real WeChat would deliver again, a forger gets nothing.
    const forged = fake.notification(orderNo, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey })
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wxpay',
      headers: forged.headers,
      payload: forged.body,
    })
    // WeChat reads only the status: 4xx/5xx means "not received", 200/204 "received".
    assert.equal(refused.statusCode, 400)
    assert.equal((refused.json() as { success: boolean }).success, false)
    assert.deepEqual(await pay.queryPayment(orderNo), {
      status: 'paid',
      amountFen: row.payAmountFen,
      transactionId: paid.transactionId,
      paidAt: new Date(paid.successTime as string),
    })
  })

  test('WeChat Pay down at prepay: a clear "try later", the order untouched, and the next try prepares it', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const before = await stateOf(t, alice, orderNo)
    fake.failNext()
    const refused = await t.post<PayOrderForJsApi>(
      '/api/LifePay/GetPayOrderForJsAPI',
      { orderNo, lifePayType: LifePayType.WxPay, openId: OPEN_ID },
      alice,
    )
    assert.deepEqual(
      [refused.status, refused.body.success, refused.body.error, refused.body.msg],
      [503, false, 'PROVIDER_UNAVAILABLE', '服务暂时不可用，请稍后再试'],
    )
    assert.deepEqual(await stateOf(t, alice, orderNo), before)
    const prepared = await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo, lifePayType: LifePayType.WxPay, openId: OPEN_ID },
        alice,
      ),
    )
    assert.equal(prepared.wxPay?.package, `prepay_id=${fake.orders.get(orderNo)?.prepayId}`)
  })

  /** GetPayOrderForJsAPI, paid in WeChat, WeChat's notification acknowledged. */
  async function payThroughWechat(orderNo: string) {
    await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo, lifePayType: LifePayType.WxPay, openId: OPEN_ID },
        alice,
      ),
    )
    fake.pay(orderNo)
    const { headers, body } = fake.notification(orderNo)
    const answer = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wxpay', headers, payload: body })
    assert.equal((answer.json() as { success: boolean }).success, true)
  }

  test('recharge fails: paid back through WeChat (processing, then succeeded by refund query)', async () => {
    const { orderNo } = await createPhoneOrder(t, alice, { phone: '13800000000' })
    await payThroughWechat(orderNo)
    await t.app.jobs.drain()
    t.clock.advance(t.config.sandboxSupplierDelayMs)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), [40, 50, 50])
    const row = await orderRow(t, orderNo)
    assert.ok(row.refundNo)
    const refund = fake.refunds.get(row.refundNo)
    assert.equal(refund?.outTradeNo, orderNo)
    assert.equal(refund?.refund, row.payAmountFen)
    const payment = t.app.ctx.providers.payment[LifePayType.WxPay]!
    assert.equal((await payment.queryRefund(row.refundNo)).status, 'processing')
    fake.finishRefund(row.refundNo)
    assert.equal((await payment.queryRefund(row.refundNo)).status, 'succeeded')
  })

  test('an unpaid order whose time is up is closed at WeChat first', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo, lifePayType: LifePayType.WxPay, openId: OPEN_ID },
        alice,
      ),
    )
    t.clock.advance(t.config.unpaidOrderCloseMs + 1000)
    await t.app.jobs.drain()
    assert.equal(fake.orders.get(orderNo)?.state, 'CLOSED')
    const again = await t.post(
      '/api/LifePay/GetPayOrderForJsAPI',
      { orderNo, lifePayType: LifePayType.WxPay, openId: OPEN_ID },
      alice,
    )
    assert.equal(again.body.error, 'ORDER_CLOSED')
    assert.deepEqual(await t.app.ctx.providers.payment[LifePayType.WxPay]!.queryPayment(orderNo), { status: 'closed' })
  })
})
