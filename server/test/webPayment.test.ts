import assert from 'node:assert/strict'
import { createVerify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { InjectOptions } from 'fastify'
import type { PayOrderForJsApi } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import { loadConfig } from '../src/config'
import { signContent } from '../src/providers/alipayGateway'
import { PAYMENT_QUERY_INTERVAL_MS, PAYMENT_QUERY_WAIT_MS } from '../src/modules/lifePay/paymentStatus'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { startFakeWechatPay, type FakeWechatPay } from './support/fakeWechatPay'
import { ManualClock } from './support/manualClock'
import { createPhoneOrder, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'
import { waitFor } from './support/waitFor'

// Paying from an ordinary phone browser (docs/payment.md § Web payment): the app says it runs in a plain browser
// (host h5) and names the order's result page; the server checks that page, takes the payer's IP from the request,
// and prepares WeChat Pay's H5 payment or Alipay's mobile-web payment at the fakes (support/fake*.ts keep their
// rules). Back on the result page the app polls GetPayStatusByOrderNo, and the server asks the provider — at most once
// per order every 10 s — recording a payment it finds as its notification would.

const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }
/** Where app.inject's requests arrive: the H5 app served by this server is on this origin. */
const OWN_ORIGIN = 'http://localhost'
const PAYING = [10, 10, null]
const PAID_RECHARGING = [20, 10, 10]
/** Unpaid, and the order failed: closed. */
const CLOSED = [10, 20]

const resultPage = (orderNo: string, origin = OWN_ORIGIN, page = 'rechargeResult') =>
  `${origin}/subpackages/recharge/${page}/${page}?orderNo=${orderNo}`

describe('web payment from a phone browser, both providers live', () => {
  let clock: ManualClock
  let wechat: FakeWechatPay
  let alipay: FakeAlipay
  let t: TestApp
  let alice: Caller
  let keyDir: string

  before(async () => {
    const now = () => clock.now()
    clock = new ManualClock()
    wechat = await startFakeWechatPay(now)
    alipay = await startFakeAlipay(now)
    keyDir = mkdtempSync(join(tmpdir(), 'life-pay-webpay-'))
    t = await createTestApp({
      config: {
        payTypes: { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: 'alipay' },
        wechatPay: wechat.settings(keyDir),
        alipay: alipay.settings(keyDir),
      },
    })
    clock = t.clock
    alice = { token: (await t.register('13500000038')).accessToken }
  })
  after(async () => {
    await t.close()
    await wechat.close()
    await alipay.close()
    rmSync(keyDir, { recursive: true, force: true })
  })

  /** GetPayOrderForJsAPI as the app sends it from a phone browser (from `remoteAddress`, 127.0.0.1 by default). */
  const payOnTheWeb = (orderNo: string, lifePayType: LifePayType, extra: Record<string, unknown> = {}, inject = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/LifePay/GetPayOrderForJsAPI',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      payload: { orderNo, lifePayType, host: 'h5', returnUrl: resultPage(orderNo), ...extra },
      ...inject,
    } as InjectOptions)
  const prepared = async (...args: Parameters<typeof payOnTheWeb>) => {
    const answer = await payOnTheWeb(...args)
    const body = answer.json() as { success: boolean; data: PayOrderForJsApi; error: string; msg: string }
    assert.equal(body.success, true, JSON.stringify(body))
    return body.data
  }
  /** The payer's browser opens an address from a page of the H5 app (WeChat wants that Referer). */
  const open = (url: string) => fetch(url, { redirect: 'manual', headers: { referer: `${OWN_ORIGIN}/` } })
  const queries = (orderNo: string) =>
    wechat.requests.filter((request) => request.method === 'GET' && request.url.includes(orderNo)).length +
    alipay.requests.filter(
      (request) => request.params.method === 'alipay.trade.query' && request.params.biz_content.includes(orderNo),
    ).length

  test("WeChat Pay: H5 prepay with the payer's IP, the h5_url back to the order's result page; no openId", async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const payOrder = await prepared(orderNo, LifePayType.WxPay, {}, { remoteAddress: '203.0.113.7' })
    assert.deepEqual([payOrder.sandbox, payOrder.wxPay, payOrder.aliPayTradeNo], [false, null, null])
    const order = wechat.orders.get(orderNo)
    assert.deepEqual([order?.tradeType, order?.payerClientIp, order?.h5Type], ['MWEB', '203.0.113.7', 'Wap'])
    assert.equal(order?.total, (await orderRow(t, orderNo)).payAmountFen)
    // WeChat's own deadline is the order's close.
    const row = await orderRow(t, orderNo)
    assert.equal(new Date(order?.timeExpire ?? '').getTime(), Math.floor(row.expireTime!.getTime() / 1000) * 1000)
    assert.ok(payOrder.webPayUrl?.endsWith(`&redirect_url=${encodeURIComponent(resultPage(orderNo))}`))
    assert.equal((await orderRow(t, orderNo)).lifePayType, LifePayType.WxPay)
  })

  test('Alipay: the signed alipay.trade.wap.pay request as a gateway address; nothing sent to Alipay yet', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const before = alipay.requests.length
    const payOrder = await prepared(orderNo, LifePayType.AliPay)
    assert.deepEqual([payOrder.sandbox, payOrder.wxPay, payOrder.aliPayTradeNo], [false, null, null])
    assert.equal(alipay.requests.length, before)
    const url = new URL(payOrder.webPayUrl ?? '')
    assert.equal(`${url.origin}${url.pathname}`, alipay.gateway)
    const params = Object.fromEntries(url.searchParams)
    assert.equal(params.method, 'alipay.trade.wap.pay')
    assert.equal(params.return_url, resultPage(orderNo))
    assert.equal(params.notify_url, 'https://pay.example.com/api/pay/notify/alipay')
    const row = await orderRow(t, orderNo)
    assert.deepEqual(JSON.parse(params.biz_content), {
      out_trade_no: orderNo,
      total_amount: (row.payAmountFen / 100).toFixed(2),
      subject: `生活缴费 ${orderNo}`,
      product_code: 'QUICK_WAP_WAY',
      quit_url: resultPage(orderNo),
      time_expire: new Date(row.expireTime!.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    })
    // Signed like every gateway request: RSA2 by the app key over the sorted parameters but sign.
    const signed = signContent(params, ['sign'], true)
    assert.ok(createVerify('RSA-SHA256').update(signed).verify(alipay.app.publicKey, params.sign, 'base64'))
    // Opened by the browser, Alipay's cashier shows the order; until then the trade does not exist.
    assert.deepEqual(await t.app.ctx.providers.payment[LifePayType.AliPay]!.queryPayment(orderNo), {
      status: 'notFound',
    })
    assert.match(
      await (await open(payOrder.webPayUrl ?? '')).text(),
      new RegExp(`¥${params.biz_content.match(/"total_amount":"([\d.]+)"/)?.[1]}`),
    )
    assert.equal(alipay.trades.get(orderNo)?.status, 'WAIT_BUYER_PAY')
  })

  test("inside WeChat's browser or a mini-program nothing changes: JSAPI, no web address", async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const payOrder = await prepared(orderNo, LifePayType.WxPay, {
      host: 'h5-wechat',
      openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      returnUrl: undefined,
    })
    assert.equal(payOrder.webPayUrl, null)
    assert.match(payOrder.wxPay?.package ?? '', /^prepay_id=/)
    assert.equal(wechat.orders.get(orderNo)?.tradeType, 'JSAPI')
  })

  test("the return URL must be this order's result page on the H5 app's origin: no open redirect", async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const { orderNo: other } = await createPhoneOrder(t, alice)
    const refused: [string, string | undefined][] = [
      ['missing', undefined],
      ['another site', resultPage(orderNo, 'https://evil.example')],
      ['another port', resultPage(orderNo, 'http://localhost:8080')],
      ['https instead of the origin used', resultPage(orderNo, 'https://localhost')],
      ['another order', resultPage(other)],
      ['another page', `${OWN_ORIGIN}/subpackages/recharge/selectPayType/selectPayType?orderNo=${orderNo}`],
      ['more in the query', `${resultPage(orderNo)}&next=https://evil.example`],
      ['a fragment', `${resultPage(orderNo)}#/https://evil.example`],
      ['credentials', resultPage(orderNo, 'http://user:pass@localhost')],
      ['a script', `javascript:alert(1)//${resultPage(orderNo)}`],
      ['not an address', '/subpackages/recharge/rechargeResult/rechargeResult'],
    ]
    for (const [name, returnUrl] of refused) {
      const answer = await payOnTheWeb(orderNo, LifePayType.WxPay, { returnUrl })
      const body = answer.json() as { success: boolean; error: string; msg: string }
      assert.deepEqual([answer.statusCode, body.success, body.error], [400, false, 'BAD_REQUEST'], name)
      assert.match(body.msg, /returnUrl/, name)
    }
    assert.equal(wechat.orders.has(orderNo), false)
    // Any of the three result pages will do (the electricity and gas ones read the order the same way).
    await prepared(orderNo, LifePayType.WxPay, { returnUrl: resultPage(orderNo, OWN_ORIGIN, 'rechargeGasResult') })
  })

  test('with H5_ORIGIN the H5 app may live elsewhere (a CDN): only its origins are taken', async () => {
    const saved = t.app.ctx.config.h5Origins
    t.app.ctx.config.h5Origins = ['https://h5.life-pay.example']
    try {
      const { orderNo } = await createPhoneOrder(t, alice)
      const own = await payOnTheWeb(orderNo, LifePayType.AliPay)
      assert.equal(own.statusCode, 400)
      const payOrder = await prepared(orderNo, LifePayType.AliPay, {
        returnUrl: resultPage(orderNo, 'https://h5.life-pay.example'),
      })
      assert.equal(
        new URL(payOrder.webPayUrl ?? '').searchParams.get('return_url'),
        resultPage(orderNo, 'https://h5.life-pay.example'),
      )
    } finally {
      t.app.ctx.config.h5Origins = saved
    }
    assert.deepEqual(
      loadConfig({ H5_ORIGIN: 'https://a.example, https://b.example:8443/' } as NodeJS.ProcessEnv).h5Origins,
      ['https://a.example', 'https://b.example:8443'],
    )
    assert.throws(
      () => loadConfig({ H5_ORIGIN: 'https://a.example/h5' } as NodeJS.ProcessEnv),
      /H5_ORIGIN: "https:\/\/a.example\/h5" is not an origin/,
    )
  })

  test('polling asks WeChat Pay, at most once per order every 10 s; a lost notification is recorded once', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const payOrder = await prepared(orderNo, LifePayType.WxPay)
    const before = queries(orderNo)
    assert.deepEqual(await stateOf(t, alice, orderNo), PAYING)
    assert.equal(queries(orderNo), before + 1)
    // The payer pays; WeChat's notification never comes.
    wechat.notifications('hold')
    try {
      const cashier = new URL(payOrder.webPayUrl ?? '').searchParams
      const paid = await fetch(`${wechat.baseUrl}/cgi-bin/mmpayweb-bin/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: FORM,
        body: new URLSearchParams([...cashier]).toString(),
      })
      assert.equal(paid.headers.get('location'), resultPage(orderNo))
    } finally {
      wechat.notifications('deliver')
    }
    // Polled again at once, and again: the provider is not asked within the 10 s.
    assert.deepEqual(await stateOf(t, alice, orderNo), PAYING)
    assert.deepEqual(await stateOf(t, alice, orderNo), PAYING)
    assert.equal(queries(orderNo), before + 1)
    t.clock.advance(PAYMENT_QUERY_INTERVAL_MS)
    assert.deepEqual(await stateOf(t, alice, orderNo), PAID_RECHARGING)
    assert.equal(queries(orderNo), before + 2)
    const row = await orderRow(t, orderNo)
    assert.equal(row.transactionId, wechat.orders.get(orderNo)?.transactionId)
    // Paid: no more questions to the provider, however often the page asks.
    t.clock.advance(PAYMENT_QUERY_INTERVAL_MS)
    await stateOf(t, alice, orderNo)
    assert.equal(queries(orderNo), before + 2)
    // The notification arriving late changes nothing: the payment is the same one.
    const late = wechat.notification(orderNo)
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wxpay',
      headers: late.headers,
      payload: late.body,
    })
    assert.equal(answer.statusCode, 200)
    assert.equal((await orderRow(t, orderNo)).transactionId, row.transactionId)
    // The recharge was queued once, by the payment the query found.
    await t.app.jobs.drain()
    t.clock.advance(t.config.sandboxSupplierDelayMs)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), [20, 30, 100])
  })

  test('a provider slow to answer does not hold the poll: answered from the database, the payment recorded later', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const payOrder = await prepared(orderNo, LifePayType.WxPay)
    wechat.notifications('hold')
    try {
      const cashier = new URL(payOrder.webPayUrl ?? '').searchParams
      await fetch(`${wechat.baseUrl}/cgi-bin/mmpayweb-bin/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: FORM,
        body: new URLSearchParams([...cashier]).toString(),
      })
    } finally {
      wechat.notifications('deliver')
    }
    const provider = t.app.ctx.providers.payment[LifePayType.WxPay]!
    const queryPayment = provider.queryPayment
    let answer = (): void => undefined
    provider.queryPayment = async (asked) => {
      await new Promise<void>((resolve) => (answer = resolve))
      return queryPayment(asked)
    }
    try {
      const started = Date.now()
      assert.deepEqual(await stateOf(t, alice, orderNo), PAYING)
      const waited = Date.now() - started
      assert.ok(waited >= PAYMENT_QUERY_WAIT_MS && waited < PAYMENT_QUERY_WAIT_MS + 2000, `${waited} ms`)
      // WeChat answers at last: the payment is recorded without anyone polling.
      answer()
      await waitFor('the payment recorded', async () => (await orderRow(t, orderNo)).payStatus === 20)
      assert.equal((await orderRow(t, orderNo)).transactionId, wechat.orders.get(orderNo)?.transactionId)
    } finally {
      provider.queryPayment = queryPayment
    }
  })

  test("Alipay: paid in the cashier, back to return_url with Alipay's signed return; the query records it", async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    const payOrder = await prepared(orderNo, LifePayType.AliPay)
    const page = await (await open(payOrder.webPayUrl ?? '')).text()
    const session = /name="session" value="([^"]+)"/.exec(page)?.[1] ?? ''
    alipay.notifications('hold')
    let location = ''
    try {
      const paid = await fetch(`${new URL(alipay.gateway).origin}/cashier/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: FORM,
        body: new URLSearchParams({ session }).toString(),
      })
      assert.equal(paid.status, 302)
      location = paid.headers.get('location') ?? ''
    } finally {
      alipay.notifications('deliver')
    }
    // The return carries the trade, signed by Alipay (its notification rule) — the app only lands on the page with it.
    const back = new URL(location)
    assert.equal(`${back.origin}${back.pathname}?orderNo=${back.searchParams.get('orderNo')}`, resultPage(orderNo))
    const returned = Object.fromEntries(back.searchParams)
    assert.equal(returned.method, 'alipay.trade.wap.pay.return')
    assert.equal(returned.out_trade_no, orderNo)
    const { sign, sign_type: _signType, orderNo: _ours, ...signedFields } = returned
    assert.ok(
      createVerify('RSA-SHA256')
        .update(signContent(signedFields, [], false))
        .verify(alipay.alipay.publicKey, sign, 'base64'),
    )
    assert.deepEqual(await stateOf(t, alice, orderNo), PAID_RECHARGING)
    assert.equal((await orderRow(t, orderNo)).transactionId, alipay.trades.get(orderNo)?.tradeNo)
  })

  test('an order closed unpaid cannot be paid later from an address kept aside (time_expire at both)', async () => {
    const wx = await createPhoneOrder(t, alice)
    const ali = await createPhoneOrder(t, alice)
    const wxUrl = (await prepared(wx.orderNo, LifePayType.WxPay)).webPayUrl ?? ''
    const aliUrl = (await prepared(ali.orderNo, LifePayType.AliPay)).webPayUrl ?? ''
    t.clock.advance(t.config.unpaidOrderCloseMs + 1000)
    await t.app.jobs.drain()
    assert.deepEqual((await stateOf(t, alice, wx.orderNo)).slice(0, 2), CLOSED)
    assert.deepEqual((await stateOf(t, alice, ali.orderNo)).slice(0, 2), CLOSED)
    // WeChat closed its order; Alipay never had the trade (nothing to close) and refuses past time_expire.
    assert.equal(wechat.orders.get(wx.orderNo)?.state, 'CLOSED')
    assert.doesNotMatch(await (await open(wxUrl)).text(), /立即支付/)
    assert.match(await (await open(aliUrl)).text(), /订单已超时|isv\.invalid-timestamp/)
    assert.equal(alipay.trades.has(ali.orderNo), false)
  })
})

describe('the payer’s IP and the sandbox', () => {
  test('the socket’s address, X-Forwarded-For only behind TRUST_PROXY', async () => {
    const clock = new ManualClock()
    const wechat = await startFakeWechatPay(() => clock.now())
    const keyDir = mkdtempSync(join(tmpdir(), 'life-pay-webpay-ip-'))
    const config = {
      payTypes: { [LifePayType.WxPay]: 'wechatpay' as const, [LifePayType.AliPay]: null },
      wechatPay: wechat.settings(keyDir),
    }
    try {
      for (const [trustProxy, expected] of [
        [false, '198.51.100.4'],
        [true, '203.0.113.99'],
      ] as const) {
        const t = await createTestApp({ config: { ...config, trustProxy } })
        try {
          const caller = { token: (await t.register('13500000048')).accessToken }
          const { orderNo } = await createPhoneOrder(t, caller)
          const answer = await t.app.inject({
            method: 'POST',
            url: '/api/LifePay/GetPayOrderForJsAPI',
            remoteAddress: '198.51.100.4',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${caller.token}`,
              'x-forwarded-for': '203.0.113.99',
              ...(trustProxy ? { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'localhost' } : {}),
            },
            payload: { orderNo, lifePayType: LifePayType.WxPay, host: 'h5', returnUrl: resultPage(orderNo) },
          })
          assert.equal(answer.statusCode, 200, answer.body)
          assert.equal(wechat.orders.get(orderNo)?.payerClientIp, expected)
        } finally {
          await t.close()
        }
      }
    } finally {
      await wechat.close()
      rmSync(keyDir, { recursive: true, force: true })
    }
  })

  test('the sandbox keeps its cashier in a phone browser: no web address, no return URL needed', async () => {
    const t = await createTestApp()
    try {
      const caller = { token: (await t.register('13500000058')).accessToken }
      for (const lifePayType of [LifePayType.WxPay, LifePayType.AliPay]) {
        const { orderNo } = await createPhoneOrder(t, caller)
        const payOrder = await t.data(
          t.post<PayOrderForJsApi>('/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType, host: 'h5' }, caller),
        )
        assert.deepEqual([payOrder.sandbox, payOrder.webPayUrl], [true, null])
      }
    } finally {
      await t.close()
    }
  })
})
