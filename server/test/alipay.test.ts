import assert from 'node:assert/strict'
import { createVerify, generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { PayOrderForJsApi } from '@contract/lifePay'
import type { OrphanPayment } from '@contract/admin'
import { LifePayType } from '@domain/lifePayType'
import { loadConfig } from '../src/config'
import { DEV_OPERATOR_TOKEN } from '../src/configSchema'
import { createAlipay } from '../src/providers/alipay'
import { fenOfYuanText as fenOf, yuanText as yuan } from '../src/providers/yuanText'
import { responseText, signContent } from '../src/providers/alipayGateway'
import type { PaymentProvider } from '../src/providers/payment'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { ManualClock } from './support/manualClock'
import { createPhoneOrder, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

const OPERATOR = { headers: { 'x-operator-token': DEV_OPERATOR_TOKEN } }

// The Alipay adapter against a local fake gateway that keeps Alipay's RSA2 rules (support/fakeAlipay.ts): requests
// signed by the app key, answers and notifications signed by Alipay's key.

const BUYER_ID = '2088102177846880'
const BUYER_OPEN_ID = '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5'
const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }

let clock: ManualClock
let fake: FakeAlipay
let pay: PaymentProvider
let orderSeq = 0

before(async () => {
  clock = new ManualClock()
  fake = await startFakeAlipay(() => clock.now())
  pay = createAlipay({ clock, keys: fake.keys() })
})
after(() => fake.close())

const newOrderNo = () => `LP${Date.now()}${++orderSeq}`
const otherKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey

async function created(amountFen = 985, buyer = BUYER_ID) {
  const orderNo = newOrderNo()
  const prepared = await pay.prepare({} as never, {
    outTradeNo: orderNo,
    lifePayType: LifePayType.AliPay,
    amountFen,
    description: `生活缴费 ${orderNo}`,
    openId: buyer,
  })
  return { orderNo, tradeNo: prepared.aliPayTradeNo }
}

describe('Alipay signing rules', () => {
  test('sign content: sorted k=v, sign excluded, empty values skipped (requests)', () => {
    assert.equal(signContent({ b: '2', sign: 'x', a: '1', c: '' }, ['sign'], true), 'a=1&b=2')
    assert.equal(signContent({ b: '2', sign_type: 'RSA2', a: '' }, ['sign', 'sign_type'], false), 'a=&b=2')
    assert.equal(yuan(985), '9.85')
    assert.equal(yuan(100), '1.00')
    assert.equal(yuan(7), '0.07')
    assert.equal(fenOf('9.85'), 985)
    assert.equal(fenOf('9.8'), 980)
    assert.equal(fenOf('10'), 1000)
    for (const bad of ['9.855', '1e3', '', ' 1', undefined]) assert.equal(fenOf(bad), null, String(bad))
    assert.equal(fenOf('-1.50'), -150)
    const body = '{"alipay_trade_query_response":{"code":"10000","msg":"Success"},"sign":"abc"}'
    assert.equal(responseText(body, 'alipay_trade_query_response'), '{"code":"10000","msg":"Success"}')
  })
})

describe('Alipay trade.create', () => {
  test('signed by the app key and verified by the fake; trade_no for my.tradePay', async () => {
    const { orderNo, tradeNo } = await created(985)
    const trade = fake.trades.get(orderNo)
    assert.ok(trade)
    assert.equal(tradeNo, trade.tradeNo)
    assert.equal(trade.totalFen, 985)
    assert.equal(trade.buyer, BUYER_ID)
    assert.equal(trade.notifyUrl, 'https://pay.example.com/api/pay/notify/alipay')
    const request = fake.requests.at(-1)
    assert.ok(request)
    assert.equal(request.code, '10000')
    const { params } = request
    assert.equal(params.method, 'alipay.trade.create')
    assert.equal(params.sign_type, 'RSA2')
    assert.match(params.timestamp, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    assert.deepEqual(JSON.parse(params.biz_content), {
      out_trade_no: orderNo,
      total_amount: '9.85',
      subject: `生活缴费 ${orderNo}`,
      product_code: 'JSAPI_PAY',
      buyer_id: BUYER_ID,
    })
    const content = signContent(params, ['sign'], true)
    assert.ok(createVerify('RSA-SHA256').update(content).verify(fake.app.publicKey, params.sign, 'base64'))
    // Created again for the same order (the app asks twice): the same trade.
    const again = await pay.prepare({} as never, {
      outTradeNo: orderNo,
      lifePayType: LifePayType.AliPay,
      amountFen: 985,
      description: 'x',
      openId: BUYER_ID,
    })
    assert.equal(again.aliPayTradeNo, tradeNo)
  })

  test('an open_id buyer is sent as buyer_open_id', async () => {
    const { orderNo } = await created(100, BUYER_OPEN_ID)
    assert.equal(JSON.parse(fake.requests.at(-1)?.params.biz_content ?? '{}').buyer_open_id, BUYER_OPEN_ID)
    assert.equal(fake.trades.get(orderNo)?.buyer, BUYER_OPEN_ID)
  })

  test('without a buyer or for WeChat: refused before Alipay is asked', async () => {
    const count = fake.requests.length
    const order = { outTradeNo: newOrderNo(), amountFen: 100, description: 'x' }
    await assert.rejects(pay.prepare({} as never, { ...order, lifePayType: LifePayType.AliPay }), /buyer id/)
    await assert.rejects(
      pay.prepare({} as never, { ...order, lifePayType: LifePayType.WxPay, openId: 'o1' }),
      /Alipay only/,
    )
    assert.equal(fake.requests.length, count)
  })

  test('a request signed with another app key is refused by Alipay (isv.invalid-signature)', async () => {
    const other = createAlipay({ clock, keys: { ...fake.keys(), appPrivateKey: otherKey() } })
    await assert.rejects(other.queryPayment('LP1'), /isv\.invalid-signature/)
    // Not believed as "no such trade" either.
    assert.equal(fake.requests.at(-1)?.subCode, 'isv.invalid-signature')
  })

  test('an answer not signed by Alipay is not believed', async () => {
    const { orderNo } = await created()
    fake.forgeNextAnswer(otherKey())
    await assert.rejects(pay.queryPayment(orderNo), /not signed by the Alipay public key/)
    // A forged "no such trade" is not a notFound either.
    fake.forgeNextAnswer(otherKey())
    await assert.rejects(pay.queryPayment('LP-never-created'), /ACQ\.TRADE_NOT_EXIST/)
    const impostor = createAlipay({
      clock,
      keys: { ...fake.keys(), alipayPublicKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey },
    })
    await assert.rejects(impostor.queryPayment(orderNo), /not signed/)
  })
})

describe('Alipay mobile-web payment (a phone browser outside Alipay)', () => {
  const H5 = 'https://h5.life-pay.example'
  const resultPage = (orderNo: string) => `${H5}/subpackages/recharge/rechargeResult/rechargeResult?orderNo=${orderNo}`
  const cashierOrigin = () => new URL(fake.gateway).origin

  /** alipay.trade.wap.pay for a new order closing in `closesInMs`: its number and the gateway address. */
  async function onTheWeb(amountFen = 985, closesInMs = 30 * 60_000) {
    const orderNo = newOrderNo()
    const prepared = await pay.prepare({} as never, {
      outTradeNo: orderNo,
      lifePayType: LifePayType.AliPay,
      amountFen,
      description: `生活缴费 ${orderNo}`,
      web: { payerIp: '127.0.0.1', returnUrl: resultPage(orderNo) },
      expiresAt: new Date(clock.now().getTime() + closesInMs),
    })
    return { orderNo, prepared, url: prepared.webPayUrl ?? '' }
  }
  /** The browser opens the address; the cashier page's session, or the page Alipay shows instead. */
  async function cashier(url: string) {
    const page = await (await fetch(url)).text()
    return { page, session: /name="session" value="([^"]+)"/.exec(page)?.[1] ?? null }
  }
  const tap = (action: 'pay' | 'quit', session: string) =>
    action === 'pay'
      ? fetch(`${cashierOrigin()}/cashier/pay`, {
          method: 'POST',
          redirect: 'manual',
          headers: FORM,
          body: new URLSearchParams({ session }).toString(),
        })
      : fetch(`${cashierOrigin()}/cashier/quit?session=${session}`, { redirect: 'manual' })

  test('a gateway address, signed like any call: QUICK_WAP_WAY, return_url, quit_url, time_expire', async () => {
    const before = fake.requests.length
    const { orderNo, prepared, url } = await onTheWeb(1999)
    assert.deepEqual([prepared.wxPay, prepared.aliPayTradeNo], [null, null])
    // Nothing was sent: the payer's browser takes the request to Alipay.
    assert.equal(fake.requests.length, before)
    const params = Object.fromEntries(new URL(url).searchParams)
    assert.equal(params.method, 'alipay.trade.wap.pay')
    assert.equal(params.return_url, resultPage(orderNo))
    const biz = JSON.parse(params.biz_content) as Record<string, string>
    assert.deepEqual(
      [biz.product_code, biz.total_amount, biz.quit_url],
      ['QUICK_WAP_WAY', '19.99', resultPage(orderNo)],
    )
    assert.match(biz.time_expire, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const { page, session } = await cashier(url)
    assert.ok(session, page)
    assert.match(page, /¥19\.99/)
    // The fake checked the signature as for any call.
    assert.deepEqual(fake.requests.at(-1)?.code, '10000')
    assert.equal(fake.trades.get(orderNo)?.productCode, 'QUICK_WAP_WAY')
  })

  test('a changed parameter breaks the signature: Alipay shows isv.invalid-signature, no trade', async () => {
    const { orderNo, url } = await onTheWeb(500)
    const tampered = new URL(url)
    tampered.searchParams.set(
      'biz_content',
      (tampered.searchParams.get('biz_content') ?? '').replace('"total_amount":"5.00"', '"total_amount":"0.01"'),
    )
    const { page, session } = await cashier(tampered.toString())
    assert.equal(session, null)
    assert.match(page, /isv\.invalid-signature/)
    assert.equal(fake.trades.has(orderNo), false)
  })

  test("paid: notified (RSA2), back to return_url with Alipay's signed return; the query says paid", async () => {
    const { orderNo, url } = await onTheWeb(2500)
    assert.deepEqual(await pay.queryPayment(orderNo), { status: 'notFound' })
    const { session } = await cashier(url)
    assert.deepEqual(await pay.queryPayment(orderNo), { status: 'unpaid' })
    // notify_url (pay.example.com) is not reachable from here: the notification is held, and read below.
    fake.notifications('hold')
    const paid = await tap('pay', session ?? '').finally(() => fake.notifications('deliver'))
    assert.equal(paid.status, 302)
    const back = new URL(paid.headers.get('location') ?? '')
    assert.equal(back.searchParams.get('orderNo'), orderNo)
    assert.equal(back.searchParams.get('out_trade_no'), orderNo)
    assert.deepEqual(fake.deliveries.at(-1), { orderNo, answer: 'held' })
    const verified = pay.verifyNotification({}, fake.notification(orderNo))
    assert.equal(verified?.kind === 'paid' && verified.amountFen, 2500)
    const trade = fake.trades.get(orderNo)
    assert.deepEqual(await pay.queryPayment(orderNo), {
      status: 'paid',
      amountFen: 2500,
      transactionId: trade?.tradeNo,
      paidAt: trade?.paidAt,
    })
  })

  test('quit: back to quit_url unpaid; the address works again until time_expire', async () => {
    const { orderNo, url } = await onTheWeb(300, 5 * 60_000)
    const quit = await tap('quit', (await cashier(url)).session ?? '')
    assert.equal(quit.headers.get('location'), resultPage(orderNo))
    assert.deepEqual(await pay.queryPayment(orderNo), { status: 'unpaid' })
    assert.ok((await cashier(url)).session)
    // Past time_expire (still within the gateway's timestamp window): Alipay refuses the payment.
    clock.advance(6 * 60_000)
    const late = await cashier(url)
    assert.equal(late.session, null)
    assert.match(late.page, /订单已超时/)
  })
})

describe('Alipay notifications', () => {
  test('a genuine notification verifies; twice, the same result', async () => {
    const { orderNo } = await created(1234)
    const paid = fake.pay(orderNo)
    const body = fake.notification(orderNo)
    const notification = pay.verifyNotification(FORM, body)
    assert.deepEqual(notification, {
      kind: 'paid',
      outTradeNo: orderNo,
      transactionId: paid.tradeNo,
      lifePayType: LifePayType.AliPay,
      amountFen: 1234,
      paidAt: paid.paidAt,
    })
    assert.deepEqual(pay.verifyNotification(FORM, body), notification)
    // TRADE_FINISHED (no refund possible any more) is paid too.
    assert.ok(pay.verifyNotification(FORM, fake.notification(orderNo, { fields: { trade_status: 'TRADE_FINISHED' } })))
  })

  test('forged, tampered, other app, unpaid, bad amount: null, never a throw', async () => {
    const { orderNo } = await created(500)
    fake.pay(orderNo)
    const genuine = fake.notification(orderNo)
    const cases: [string, string][] = [
      ['forged signature', fake.notification(orderNo, { key: otherKey() })],
      ['wrong app_id', fake.notification(orderNo, { fields: { app_id: '2021000000000999' } })],
      ['unknown status', fake.notification(orderNo, { fields: { trade_status: 'TRADE_PENDING' } })],
      ['oversized trade_no', fake.notification(orderNo, { fields: { trade_no: '2'.repeat(65) } })],
      ['amount not an amount', fake.notification(orderNo, { fields: { total_amount: '5.001' } })],
      ['no gmt_payment', fake.notification(orderNo, { fields: { gmt_payment: '' } })],
      ['amount changed after signing', genuine.replace('total_amount=5.00', 'total_amount=0.01')],
      ['sign_type RSA', genuine.replace('sign_type=RSA2', 'sign_type=RSA')],
      ['field repeated', `${genuine}&total_amount=0.01`],
      ['no sign', genuine.replace(/&?sign=[^&]*/, '')],
      ['JSON', JSON.stringify({ out_trade_no: orderNo })],
      ['empty', ''],
    ]
    for (const [name, body] of cases) assert.equal(pay.verifyNotification(FORM, body), null, name)
    assert.ok(pay.verifyNotification(FORM, genuine))
    // Genuine notifications of no payment: told apart, so the route acknowledges them without recording a payment.
    for (const state of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      const body = fake.notification(orderNo, { fields: { trade_status: state, gmt_payment: '' } })
      assert.deepEqual(pay.verifyNotification(FORM, body), {
        kind: 'state',
        outTradeNo: orderNo,
        lifePayType: LifePayType.AliPay,
        state,
      })
    }
  })
})

describe('Alipay close, query and refund', () => {
  test('queryPayment: unknown, unpaid, paid', async () => {
    assert.deepEqual(await pay.queryPayment('LP-never-created'), { status: 'notFound' })
    const { orderNo } = await created(500)
    assert.deepEqual(await pay.queryPayment(orderNo), { status: 'unpaid' })
    const paid = fake.pay(orderNo)
    assert.deepEqual(await pay.queryPayment(orderNo), {
      status: 'paid',
      amountFen: 500,
      transactionId: paid.tradeNo,
      paidAt: paid.paidAt,
    })
  })

  test('close: unpaid closes at Alipay; paid answers paid; never created is closed', async () => {
    const unpaid = await created()
    assert.equal(await pay.close(unpaid.orderNo), 'closed')
    assert.equal(fake.trades.get(unpaid.orderNo)?.status, 'TRADE_CLOSED')
    assert.deepEqual(await pay.queryPayment(unpaid.orderNo), { status: 'closed' })
    assert.equal(await pay.close(unpaid.orderNo), 'closed')
    const paid = await created()
    fake.pay(paid.orderNo)
    assert.equal(await pay.close(paid.orderNo), 'paid')
    assert.equal(fake.trades.get(paid.orderNo)?.status, 'TRADE_SUCCESS')
    assert.equal(await pay.close('LP-never-created'), 'closed')
  })

  test('refund and refund query; asked twice, paid back once', async () => {
    const { orderNo } = await created(2000)
    const paid = fake.pay(orderNo)
    const refundNo = `${orderNo}R`
    assert.deepEqual(await pay.queryRefund(refundNo, orderNo), { status: 'notFound' })
    const request = { outTradeNo: orderNo, refundNo, amountFen: 2000, transactionId: paid.tradeNo }
    await pay.refund(request)
    await pay.refund(request)
    assert.equal([...fake.refunds.values()].filter((refund) => refund.outTradeNo === orderNo).length, 1)
    assert.deepEqual(await pay.queryRefund(refundNo, orderNo), {
      status: 'succeeded',
      amountFen: 2000,
      refundedAt: new Date(Math.floor(clock.now().getTime() / 1000) * 1000),
    })
    await assert.rejects(pay.queryRefund(refundNo), /needs its out_trade_no/)
  })

  test('refund of an unpaid trade: Alipay refuses, the call throws', async () => {
    const { orderNo } = await created(300)
    await assert.rejects(
      pay.refund({ outTradeNo: orderNo, refundNo: `${orderNo}R`, amountFen: 300, transactionId: null }),
      /ACQ\.TRADE_STATUS_ERROR/,
    )
  })
})

describe('PAYMENT_PROVIDER=alipay configuration', () => {
  test('every missing setting is named; ALIPAY_GATEWAY defaults to Alipay', () => {
    assert.throws(
      () => loadConfig({ PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021' } as NodeJS.ProcessEnv),
      (error: Error) => {
        for (const name of ['ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE', 'ALIPAY_NOTIFY_URL']) {
          assert.match(error.message, new RegExp(`${name} is not set`))
        }
        assert.doesNotMatch(error.message, /ALIPAY_APP_ID/)
        return true
      },
    )
    const config = loadConfig({
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY_FILE: '/keys/app_private_key.pem',
      ALIPAY_PUBLIC_KEY_FILE: '/keys/alipay_public_key.pem',
      ALIPAY_NOTIFY_URL: 'https://pay.example.com/api/pay/notify/alipay',
    } as NodeJS.ProcessEnv)
    assert.equal(config.payTypes[LifePayType.AliPay], 'alipay')
    assert.equal(config.alipay?.gateway, 'https://openapi.alipay.com/gateway.do')
    assert.equal(config.wechatPay, null)
  })
})

describe('Alipay through the app', () => {
  let t: TestApp
  let alice: Caller
  let keyDir: string
  before(async () => {
    keyDir = mkdtempSync(join(tmpdir(), 'life-pay-alipay-'))
    t = await createTestApp({
      config: {
        payTypes: { [LifePayType.AliPay]: 'alipay', [LifePayType.WxPay]: null },
        alipay: fake.settings(keyDir),
      },
    })
    clock = t.clock
    alice = { token: (await t.register('13500000019')).accessToken }
  })
  after(async () => {
    await t.close()
    rmSync(keyDir, { recursive: true, force: true })
  })

  const notify = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: FORM, payload })

  async function prepareInApp(orderNo: string) {
    return t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo, lifePayType: LifePayType.AliPay, openId: BUYER_ID },
        alice,
      ),
    )
  }

  test('create, trade.create, form-encoded notification (twice): answered success, paid once', async () => {
    assert.equal(t.app.ctx.sandboxes.payment, null)
    const { orderNo } = await createPhoneOrder(t, alice)
    const prepared = await prepareInApp(orderNo)
    assert.equal(prepared.sandbox, false)
    assert.equal(prepared.aliPayTradeNo, fake.trades.get(orderNo)?.tradeNo)
    const paid = fake.pay(orderNo)
    const body = fake.notification(orderNo)
    for (let delivery = 1; delivery <= 2; delivery++) {
      const answer = await notify(body)
      assert.equal(answer.statusCode, 200, `delivery ${delivery}`)
      assert.equal(answer.body, 'success')
      assert.match(String(answer.headers['content-type']), /^text\/plain/)
    }
    const row = await orderRow(t, orderNo)
    assert.equal(row.transactionId, paid.tradeNo)
    assert.equal((await stateOf(t, alice, orderNo))[0], 20)
    // Forged: answered fail, so a real Alipay would deliver again and a forger gets nothing.
    const forged = await notify(fake.notification(orderNo, { key: otherKey() }))
    assert.equal(forged.body, 'fail')
  })

  test('a genuine payment of another amount or for an unknown order: an orphan payment refunded; order still payable', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await prepareInApp(orderNo)
    const row = await orderRow(t, orderNo)
    // Alipay took another amount than the order asks (a trade created elsewhere under its number, say).
    const trade = fake.trades.get(orderNo)
    assert.ok(trade)
    trade.totalFen = row.payAmountFen - 1
    fake.pay(orderNo)
    assert.equal((await notify(fake.notification(orderNo))).body, 'success')
    const stranger = `LP${Date.now()}555555`
    fake.externalPayment(stranger, 300)
    assert.equal((await notify(fake.notification(stranger))).body, 'success')
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), [10, 10, null])
    const orphans = await t.data(t.get<OrphanPayment[]>('/api/admin/orphan-payments', OPERATOR))
    const of = (outTradeNo: string) => orphans.find((one) => one.outTradeNo === outTradeNo)
    assert.deepEqual(
      [of(orderNo)?.reason, of(orderNo)?.amountFen, of(orderNo)?.status],
      ['amountDiffers', row.payAmountFen - 1, 'returned'],
    )
    assert.deepEqual([of(stranger)?.reason, of(stranger)?.status], ['orderUnknown', 'returned'])
    assert.equal([...fake.refunds.values()].find((one) => one.outTradeNo === stranger)?.refundFen, 300)
    // The order can still be paid, under a fresh out_trade_no (Alipay's first trade is spent).
    await prepareInApp(orderNo)
    assert.equal(fake.trades.get(`${orderNo}_2`)?.totalFen, row.payAmountFen)
  })

  test('the WeChat route keeps its JSON answer', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/wxpay',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    assert.equal(answer.statusCode, 400)
    assert.equal((answer.json() as { success: boolean }).success, false)
    // Form bodies stay refused elsewhere: the parser is scoped to the Alipay route.
    const form = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wxpay', headers: FORM, payload: 'a=1' })
    assert.equal(form.statusCode, 415)
  })

  test('recharge fails: refunded through Alipay, refund query succeeded', async () => {
    const { orderNo } = await createPhoneOrder(t, alice, { phone: '13800000000' })
    await prepareInApp(orderNo)
    fake.pay(orderNo)
    assert.equal((await notify(fake.notification(orderNo))).body, 'success')
    await t.app.jobs.drain()
    t.clock.advance(t.config.sandboxSupplierDelayMs)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), [40, 50, 50])
    const row = await orderRow(t, orderNo)
    assert.ok(row.refundNo)
    const refund = fake.refunds.get(`${orderNo}/${row.refundNo}`)
    assert.equal(refund?.refundFen, row.payAmountFen)
    const answer = await t.app.ctx.providers.payment[LifePayType.AliPay]!.queryRefund(row.refundNo, orderNo)
    assert.equal(answer.status, 'succeeded')
  })

  test('an unpaid order whose time is up is closed at Alipay first', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await prepareInApp(orderNo)
    t.clock.advance(t.config.unpaidOrderCloseMs + 1000)
    await t.app.jobs.drain()
    assert.equal(fake.trades.get(orderNo)?.status, 'TRADE_CLOSED')
    assert.deepEqual(await t.app.ctx.providers.payment[LifePayType.AliPay]!.queryPayment(orderNo), { status: 'closed' })
  })
})
