import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { OrphanPayment, ProviderNotification, ReconciliationReport } from '@contract/admin'
import type { LifePayOrderDetail, PayOrderForJsApi } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import { DEV_OPERATOR_TOKEN } from '../src/configSchema'
import { shanghaiDate } from '../src/modules/money/shanghaiDay'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { startFakeWechatPay, type FakeWechatPay } from './support/fakeWechatPay'
import { ManualClock } from './support/manualClock'
import { createPhoneOrder, orderRow, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Money at the edges against WeChat Pay and Alipay as their protocols are (local fakes that keep their signatures,
// encryption and bill formats): one payment per order whatever the payer taps, every payment that no order keeps
// recorded and refunded, refunds shown in progress until the provider confirms them, and the next morning's bills
// compared both ways (docs/money.md).

const OPEN_ID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o'
const BUYER_ID = '2088102177846880'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const OPERATOR = { headers: { 'x-operator-token': DEV_OPERATOR_TOKEN } }
const HOUR = 3600_000

let clock: ManualClock
let wechat: FakeWechatPay
let alipay: FakeAlipay
let t: TestApp
let alice: Caller
let keyDir: string
let users = 0

before(async () => {
  // The fakes read the app's clock through this holder (the test app makes its own clock).
  const now = () => clock.now()
  clock = new ManualClock()
  wechat = await startFakeWechatPay(now)
  alipay = await startFakeAlipay(now)
  keyDir = mkdtempSync(join(tmpdir(), 'life-pay-money-'))
  t = await createTestApp({
    config: {
      payTypes: { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: 'alipay' },
      wechatPay: wechat.settings(keyDir),
      alipay: alipay.settings(keyDir),
    },
  })
  clock = t.clock
  await newPayer()
})
after(async () => {
  await t.close()
  await wechat.close()
  await alipay.close()
  rmSync(keyDir, { recursive: true, force: true })
})

async function newPayer() {
  alice = { token: (await t.register(`135000020${String(++users).padStart(2, '0')}`)).accessToken }
}

const prepare = (orderNo: string, lifePayType: LifePayType) =>
  t.post<PayOrderForJsApi>(
    '/api/LifePay/GetPayOrderForJsAPI',
    { orderNo, lifePayType, openId: lifePayType === LifePayType.WxPay ? OPEN_ID : BUYER_ID },
    alice,
  )
const switchTo = (orderNo: string, lifePayType: LifePayType) =>
  t.post('/api/LifePay/SetLifePayOrderPayType', { orderNo, lifePayType }, alice)
const notifyWechat = (message: { headers: Record<string, string>; body: string }, url = '/api/pay/notify/wxpay') =>
  t.app.inject({ method: 'POST', url, headers: message.headers, payload: message.body })
const notifyAlipay = (payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: FORM, payload })
const orphans = () => t.data(t.get<OrphanPayment[]>('/api/admin/orphan-payments', OPERATOR))
const detail = (orderNo: string) =>
  t.data(t.get<LifePayOrderDetail>(`/api/LifePay/GetUserLifePayOrderDetail?orderNo=${orderNo}`, alice))

describe('one payment per order', () => {
  test('switching pay type closes the other provider’s prepay first: its payment is no longer possible', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(prepare(orderNo, LifePayType.WxPay))
    assert.equal(wechat.orders.get(orderNo)?.state, 'NOTPAY')
    await t.data(switchTo(orderNo, LifePayType.AliPay))
    assert.equal(wechat.orders.get(orderNo)?.state, 'CLOSED', 'closed before Alipay is asked')
    const ali = await t.data(prepare(orderNo, LifePayType.AliPay))
    assert.equal(ali.aliPayTradeNo, alipay.trades.get(orderNo)?.tradeNo)
    // The payer goes back to the WeChat tab and tries the old prepay: WeChat refuses a closed order.
    assert.throws(() => wechat.pay(orderNo), /CLOSED/)

    // And back again: WeChat never reopens a closed out_trade_no, so a fresh one is used; Alipay's is closed.
    const again = await t.data(prepare(orderNo, LifePayType.WxPay))
    assert.ok(again.wxPay)
    assert.equal(alipay.trades.get(orderNo)?.status, 'TRADE_CLOSED')
    assert.equal(wechat.orders.get(`${orderNo}_2`)?.state, 'NOTPAY')
    wechat.pay(`${orderNo}_2`)
    assert.equal((await notifyWechat(wechat.notification(`${orderNo}_2`))).statusCode, 200)
    const row = await orderRow(t, orderNo)
    assert.deepEqual(
      [row.outTradeNo, row.transactionId],
      [`${orderNo}_2`, wechat.orders.get(`${orderNo}_2`)?.transactionId],
    )
    assert.equal((await stateOf(t, alice, orderNo))[0], 20)
  })

  test('a payment made at the other provider just before the switch: recorded, and the switch refused', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(prepare(orderNo, LifePayType.WxPay))
    const paid = wechat.pay(orderNo) // its notification is still on its way
    const refused = await switchTo(orderNo, LifePayType.AliPay)
    assert.equal(refused.body.error, 'ORDER_ALREADY_PAID')
    assert.equal((await orderRow(t, orderNo)).transactionId, paid.transactionId)
    assert.equal(alipay.trades.get(orderNo), undefined, 'Alipay never asked')
    // The notification arrives after all: a duplicate, acknowledged.
    assert.equal((await notifyWechat(wechat.notification(orderNo))).statusCode, 200)
    assert.equal((await orphans()).filter((one) => one.outTradeNo === orderNo).length, 0)
  })

  test('a second payment the provider let through anyway is an orphan payment, refunded by WeChat and listed', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(prepare(orderNo, LifePayType.WxPay))
    await t.data(switchTo(orderNo, LifePayType.AliPay))
    await t.data(prepare(orderNo, LifePayType.AliPay))
    alipay.pay(orderNo)
    assert.equal((await notifyAlipay(alipay.notification(orderNo))).body, 'success')
    assert.equal((await stateOf(t, alice, orderNo))[0], 20)
    // WeChat takes the money under its closed prepay all the same (a race on its side), and notifies.
    const second = wechat.payClosed(orderNo)
    const answer = await notifyWechat(wechat.notification(orderNo))
    assert.equal(answer.statusCode, 200, `acknowledged only once recorded: ${answer.body}`)
    const row = await orderRow(t, orderNo)
    assert.equal(row.lifePayType, LifePayType.AliPay, 'the order keeps its payment')
    assert.equal(row.transactionId, alipay.trades.get(orderNo)?.tradeNo)

    await t.app.jobs.drain()
    const orphan = (await orphans()).find((one) => one.transactionId === second.transactionId)
    assert.ok(orphan)
    assert.deepEqual(
      [orphan.reason, orphan.orderNo, orphan.outTradeNo, orphan.amountFen, orphan.status, orphan.provider],
      ['orderAlreadyPaid', orderNo, orderNo, row.payAmountFen, 'refunding', 'wechatpay'],
    )
    // Refunded through WeChat, the provider that took it; PROCESSING until WeChat says it is back.
    const refund = wechat.refunds.get(orphan.refundNo)
    assert.deepEqual([refund?.outTradeNo, refund?.refund, refund?.status], [orderNo, row.payAmountFen, 'PROCESSING'])
    wechat.finishRefund(orphan.refundNo)
    const refundAnswer = await notifyWechat(wechat.refundNotification(orphan.refundNo), '/api/pay/notify/wxpay/refund')
    assert.equal(refundAnswer.statusCode, 200, refundAnswer.body)
    assert.equal((await orphans()).find((one) => one.id === orphan.id)?.status, 'returned')
    // Delivered again (as WeChat sent it, SUCCESS): still one orphan, one refund.
    const again = wechat.notification(orderNo, { transaction: { trade_state: 'SUCCESS' } })
    assert.equal((await notifyWechat(again)).statusCode, 200)
    await t.app.jobs.drain()
    assert.equal((await orphans()).filter((one) => one.transactionId === second.transactionId).length, 1)
    assert.equal([...wechat.refunds.values()].filter((one) => one.outTradeNo === orderNo).length, 1)
    const log = await t.data(t.get<ProviderNotification[]>(`/api/admin/notifications?orderNo=${orderNo}`, OPERATOR))
    assert.ok(log.some((one) => one.outcome === 'orphan' && one.verified))
  })

  test('a genuine WeChat notification for an order number we never issued is recorded and refunded, not forgotten', async () => {
    const stranger = `LP${Date.now()}777777`
    wechat.externalPayment(stranger, 1234)
    const answer = await notifyWechat(wechat.notification(stranger))
    assert.equal(answer.statusCode, 200)
    await t.app.jobs.drain()
    const orphan = (await orphans()).find((one) => one.outTradeNo === stranger)
    assert.deepEqual([orphan?.reason, orphan?.orderNo, orphan?.amountFen], ['orderUnknown', null, 1234])
    assert.equal(wechat.refunds.get(orphan?.refundNo ?? '')?.refund, 1234)
  })

  test('Alipay’s genuine notifications of no payment (waiting, closed) are acknowledged, so it stops redelivering', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(prepare(orderNo, LifePayType.AliPay))
    const waiting = alipay.notification(orderNo, { fields: { trade_status: 'WAIT_BUYER_PAY', gmt_payment: '' } })
    assert.equal((await notifyAlipay(waiting)).body, 'success')
    await t.data(switchTo(orderNo, LifePayType.WxPay))
    const closed = alipay.notification(orderNo, { fields: { trade_status: 'TRADE_CLOSED', gmt_payment: '' } })
    assert.equal((await notifyAlipay(closed)).body, 'success')
    assert.deepEqual(await stateOf(t, alice, orderNo), [10, 10, null])
    const log = await t.data(t.get<ProviderNotification[]>(`/api/admin/notifications?orderNo=${orderNo}`, OPERATOR))
    assert.deepEqual(
      log.map((one) => [one.outcome, one.reason]),
      [
        ['noPayment', 'trade TRADE_CLOSED'],
        ['noPayment', 'trade WAIT_BUYER_PAY'],
      ],
    )
    // A forged one is still refused.
    assert.equal((await notifyAlipay(closed.replace('sign=', 'sign=x'))).body, 'fail')
  })
})

describe('refunds in progress', () => {
  test('a WeChat refund still PROCESSING shows "refund in progress" until WeChat confirms the money back', async () => {
    const { orderNo } = await createPhoneOrder(t, alice, { phone: '13800000000' }) // the sandbox supplier fails it
    await t.data(prepare(orderNo, LifePayType.WxPay))
    wechat.pay(orderNo)
    await notifyWechat(wechat.notification(orderNo))
    await t.app.jobs.drain()
    t.clock.advance(t.config.sandboxSupplierDelayMs)
    await t.app.jobs.drain()
    const refunding = await detail(orderNo)
    assert.deepEqual([refunding.payStatus, refunding.refundProgress], [40, 'processing'])
    const list = await t.data(
      t.post<{ items: { orderNo: string; refundProgress?: string | null }[] }>(
        '/api/LifePay/GetUserLifePayOrderPage',
        { pageIndex: 1, pageSize: 10 },
        alice,
      ),
    )
    assert.equal(list.items.find((one) => one.orderNo === orderNo)?.refundProgress, 'processing')
    // WeChat finishes it; the next check (or its notification) says so.
    const { refundNo } = await orderRow(t, orderNo)
    wechat.finishRefund(refundNo as string)
    t.clock.advance(60_000)
    await t.app.jobs.drain()
    assert.equal((await detail(orderNo)).refundProgress, 'returned')
    assert.equal((await orderRow(t, orderNo)).refundStatus, 'succeeded')
  })
})

describe('reconciliation against the providers’ bills', () => {
  test('the next morning: a payment for an unknown order number and one of another amount both show up', async () => {
    const day = shanghaiDate(t.clock.now())
    // A top-up paid and delivered at WeChat, whose bill says it took another amount.
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(prepare(orderNo, LifePayType.WxPay))
    wechat.pay(orderNo)
    await notifyWechat(wechat.notification(orderNo))
    const row = await orderRow(t, orderNo)
    const order = wechat.orders.get(orderNo)
    if (order) order.billTotal = row.payAmountFen + 100
    // A payment at Alipay under an order number we never issued; no notification ever came.
    const stranger = `LP${Date.now()}888888`
    alipay.externalPayment(stranger, 5000)

    t.clock.advance(new Date(`${day}T10:30:00+08:00`).getTime() + 24 * HOUR - t.clock.now().getTime())
    await newPayer()
    const report = await t.data(t.post<ReconciliationReport>('/api/admin/reconciliation/run', { date: day }, OPERATOR))
    assert.deepEqual(
      report.runs.filter((run) => run.source !== 'supplier').map((run) => [run.source, run.provider, run.status]),
      [
        ['alipay', 'alipay', 'done'],
        ['wxpay', 'wechatpay', 'done'],
      ],
    )
    const differs = report.items.find((one) => one.orderNo === orderNo)
    assert.deepEqual(
      [differs?.source, differs?.kind, differs?.ourAmountFen, differs?.providerAmountFen, differs?.action],
      ['wxpay', 'paymentAmountDiffers', row.payAmountFen, row.payAmountFen + 100, 'operatorReview'],
    )
    const unknown = report.items.find((one) => one.outTradeNo === stranger)
    assert.deepEqual(
      [unknown?.source, unknown?.kind, unknown?.action],
      ['alipay', 'providerOnlyPayment', 'orphanRecorded'],
    )
    await t.app.jobs.drain()
    const orphan = (await orphans()).find((one) => one.outTradeNo === stranger)
    assert.deepEqual([orphan?.source, orphan?.reason, orphan?.status], ['bill', 'orderUnknown', 'returned'])
    assert.equal([...alipay.refunds.values()].find((one) => one.outTradeNo === stranger)?.refundFen, 5000)
    // Both runs read the providers' bills: WeChat's two (SUCCESS, REFUND) with their hashes, Alipay's zip.
    assert.ok(wechat.requests.some((one) => one.url.startsWith('/v3/billdownload/file')))
  })

  test('before the bill is cut the run waits; a bill whose hash does not match is refused, not half-read', async () => {
    const day = shanghaiDate(t.clock.now())
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.data(prepare(orderNo, LifePayType.WxPay))
    wechat.pay(orderNo)
    await notifyWechat(wechat.notification(orderNo))
    t.clock.advance(new Date(`${day}T09:30:00+08:00`).getTime() + 24 * HOUR - t.clock.now().getTime())
    const early = await t.data(t.post<ReconciliationReport>('/api/admin/reconciliation/run', { date: day }, OPERATOR))
    const wxpay = early.runs.find((run) => run.source === 'wxpay')
    assert.equal(wxpay?.status, 'waiting')
    assert.match(wxpay?.error ?? '', /no bill/)
    t.clock.advance(HOUR)
    wechat.tamperBills()
    try {
      const tampered = await t.data(
        t.post<ReconciliationReport>('/api/admin/reconciliation/run', { date: day }, OPERATOR),
      )
      const failed = tampered.runs.find((run) => run.source === 'wxpay')
      assert.equal(failed?.status, 'failed')
      assert.match(failed?.error ?? '', /SHA-1/)
    } finally {
      wechat.tamperBills(false)
    }
    const good = await t.data(t.post<ReconciliationReport>('/api/admin/reconciliation/run', { date: day }, OPERATOR))
    assert.equal(good.runs.find((run) => run.source === 'wxpay')?.status, 'done')
    assert.deepEqual(
      good.items.filter((one) => one.source === 'wxpay'),
      [],
    )
  })
})
