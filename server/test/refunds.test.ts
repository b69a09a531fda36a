import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { LifePayOrderDetail } from '@contract/lifePay'
import type { LifePayOrderListOutput, OrderTimeline } from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { RECHARGE_REFUNDABLE_AFTER_MINUTES } from '@domain/orderTransitions'
import { lifePayOrders, sandboxRefunds } from '../src/db/schema'
import { paymentFor } from '../src/modules/lifePay/paymentFor'
import { APPROVED_REFUND_JOB_DELAY_MS } from '../src/modules/lifePay/refunds'
import { applyForRefund, createPhoneOrder, orderDetail, orderRow, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

let t: TestApp
let alice: Caller
let operator: Caller
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13500000001')).accessToken }
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
})
after(() => t.close())

/** An order paid (recharge under way), or also completed by the supplier. */
async function paidOrder(completed: boolean): Promise<string> {
  const { orderNo } = await createPhoneOrder(t, alice)
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  if (completed) {
    t.clock.advance(1500)
    await t.app.jobs.drain()
  }
  return orderNo
}

const apply = (orderNo: string, refundApplyRemark = '充错号码了') =>
  applyForRefund(t, alice, orderNo, { refundApplyRemark })

describe('refund application', () => {
  test('allowed once the recharge is overdue and once completed: pending review (order 40, pay 30)', async () => {
    for (const completed of [false, true]) {
      const orderNo = await paidOrder(completed)
      assert.deepEqual(await stateOf(t, alice, orderNo), completed ? [20, 30, 100] : [20, 10, 10])
      // Recharging on time: refused until the stated delivery time has passed (test/refundRaces.test.ts).
      if (!completed) t.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
      const answer = await apply(orderNo)
      assert.deepEqual([answer.body.success, answer.body.data], [true, 1], 'production answers a number')
      assert.deepEqual(await stateOf(t, alice, orderNo), [30, 40, 40])
      const detail = await orderDetail(t, alice, orderNo)
      assert.equal(detail.refundApplyRemark, '充错号码了')
      assert.ok(detail.refundApplyTime)
      assert.equal(detail.canApplyRefund, false)
    }
  })

  test('refused for unpaid orders, twice, and without a reason', async () => {
    const unpaid = await createPhoneOrder(t, alice)
    assert.equal((await apply(unpaid.orderNo)).body.error, 'REFUND_NOT_ALLOWED')
    const orderNo = await paidOrder(true)
    const noReason = await apply(orderNo, '  ')
    assert.deepEqual([noReason.body.error, noReason.body.msg], ['VALIDATION_FAILED', '退款原因：此项为必填项'])
    assert.equal((await apply(orderNo, 'x'.repeat(201))).body.error, 'VALIDATION_FAILED')
    await t.data(apply(orderNo))
    assert.equal((await apply(orderNo)).body.error, 'REFUND_NOT_ALLOWED')
  })

  test('a supplier success arriving during review closes the application: delivered, nothing refunded', async () => {
    const orderNo = await paidOrder(false)
    t.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
    await t.data(apply(orderNo))
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), [20, 30, 100])
    assert.equal((await orderRow(t, orderNo)).supplierResult, 'success')
  })
})

describe("the application's reason: its code beside the remark (issue 37, item 24)", () => {
  /** The order as the operator's list answers it, in `locale`. */
  async function listed(orderNo: string) {
    const page = await t.data(
      t.post<PageOutput<LifePayOrderListOutput>>(
        '/api/LifePay/GetLifePayOrderPage',
        { pageModel: { rows: 10, page: 1 }, keyWords: orderNo },
        operator,
      ),
    )
    return page.data[0]
  }
  const timelineOf = async (orderNo: string, language: string) =>
    (
      await t.data(
        t.get<OrderTimeline>(`/api/operator/orders/${orderNo}/timeline`, {
          headers: { ...operator.headers, 'accept-language': language },
        }),
      )
    ).events.find((event) => event.kind === 'refundApplied')?.detail

  /** The export's 退款原因 cell of the order, in `language`. */
  async function exportedReason(orderNo: string, language: string): Promise<unknown> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/LifePay/GetLifePayOrderPageExport',
      payload: { keyWords: orderNo },
      headers: { ...operator.headers, 'accept-language': language },
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const [header, row] = [1, 2].map((n) => workbook.worksheets[0].getRow(n).values as unknown[])
    return row[header.indexOf(language === 'zh-CN' ? '退款原因' : 'Refund reason')]
  }

  test('the app sends the code and the remark in words: both kept, the reason read in the reader’s language', async () => {
    const orderNo = await paidOrder(true)
    await t.data(
      applyForRefund(t, alice, orderNo, {
        refundApplyRemark: 'Paid twice: topped up the same number twice',
        refundApplyReason: 'duplicate',
      }),
    )
    const row = await orderRow(t, orderNo)
    assert.deepEqual(
      [row.refundApplyRemark, row.refundApplyReason],
      ['Paid twice: topped up the same number twice', 'duplicate'],
    )
    const item = await listed(orderNo)
    assert.deepEqual(
      [item.refundApplyRemark, item.refundApplyReason],
      ['Paid twice: topped up the same number twice', 'duplicate'],
    )
    // The user still reads their own words.
    assert.equal(
      (await orderDetail(t, alice, orderNo)).refundApplyRemark,
      'Paid twice: topped up the same number twice',
    )
    assert.equal(await timelineOf(orderNo, 'zh-CN'), '申请退款：重复充值：topped up the same number twice')
    assert.equal(await timelineOf(orderNo, 'en-US'), 'Refund applied for: Paid twice: topped up the same number twice')
    assert.equal(await exportedReason(orderNo, 'zh-CN'), '重复充值：topped up the same number twice')
  })

  test('a client that sends no code: a known reason in either language is stored as its code, free text as written', async () => {
    for (const [remark, reason] of [
      ['Paid twice', 'duplicate'],
      ['不想充了', 'noLongerNeeded'],
      ['充错号码/户号：138 写成了 139', 'wrongAccount'],
      ['Paid twice, please', null],
    ] as const) {
      const orderNo = await paidOrder(true)
      await t.data(apply(orderNo, remark))
      assert.equal((await orderRow(t, orderNo)).refundApplyReason, reason, remark)
      assert.equal((await listed(orderNo)).refundApplyReason, reason, remark)
    }
  })

  test('rows from before codes are read with the reason their remark names', async () => {
    const orderNo = await paidOrder(true)
    await t.data(apply(orderNo, 'Paid twice'))
    // As a row stored before the column existed.
    await t.database.db.update(lifePayOrders).set({ refundApplyReason: null }).where(eq(lifePayOrders.orderNo, orderNo))
    assert.equal((await listed(orderNo)).refundApplyReason, 'duplicate')
    assert.equal(await timelineOf(orderNo, 'zh-CN'), '申请退款：重复充值')
    assert.equal(await exportedReason(orderNo, 'zh-CN'), '重复充值')
    assert.equal(await exportedReason(orderNo, 'en-US'), 'Paid twice')
  })

  test('an unknown code is refused', async () => {
    const orderNo = await paidOrder(true)
    const answer = await applyForRefund(t, alice, orderNo, {
      refundApplyRemark: '其他原因：搬家',
      refundApplyReason: 'moved',
    })
    assert.equal(answer.body.error, 'VALIDATION_FAILED')
    assert.match(String(answer.body.msg), /^退款原因：/)
  })
})

describe('operator review', () => {
  test('admin calls need the operator token', async () => {
    assert.equal((await t.get('/api/admin/refunds')).status, 401)
    const wrong = await t.get('/api/admin/refunds', { headers: { 'x-operator-token': 'guess' } })
    assert.deepEqual([wrong.status, wrong.body.error], [401, 'OPERATOR_UNAUTHORIZED'])
    // A user's bearer token is not an operator token.
    assert.equal((await t.get('/api/admin/refunds', alice)).status, 401)
  })

  test('list, approve (order 50, pay 40, money back once), reject with reason (order 60, pay 20)', async () => {
    const toApprove = await paidOrder(true)
    const toReject = await paidOrder(true)
    await t.data(apply(toApprove))
    await t.data(apply(toReject))
    const pending = await t.data(t.get<LifePayOrderDetail[]>('/api/admin/refunds', operator))
    assert.ok(pending.some((o) => o.orderNo === toApprove) && pending.some((o) => o.orderNo === toReject))

    const approved = await t.data(
      t.post<LifePayOrderDetail>(`/api/admin/refunds/${toApprove}/approve`, { acknowledgeDelivered: true }, operator),
    )
    assert.deepEqual([approved.payStatus, approved.lifePayOrderStatus, approved.frontStatus], [40, 50, 50])
    assert.deepEqual(await stateOf(t, alice, toApprove), [40, 50, 50])
    assert.equal(
      (await t.post(`/api/admin/refunds/${toApprove}/approve`, { acknowledgeDelivered: true }, operator)).body.error,
      'REFUND_NOT_PENDING_REVIEW',
    )
    const refunds = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, toApprove))
    assert.equal(refunds.length, 1)
    assert.ok((await orderRow(t, toApprove)).refundTime)

    const noReason = await t.post(`/api/admin/refunds/${toReject}/reject`, { reason: '' }, operator)
    assert.equal(noReason.body.error, 'VALIDATION_FAILED')
    const rejected = await t.data(
      t.post<LifePayOrderDetail>(`/api/admin/refunds/${toReject}/reject`, { reason: '已充值到账，无法退款' }, operator),
    )
    assert.deepEqual([rejected.payStatus, rejected.lifePayOrderStatus, rejected.frontStatus], [20, 60, 60])
    assert.equal((await orderDetail(t, alice, toReject)).refundCheckRemark, '已充值到账，无法退款')
    // Issue 36: production's GetUserLifePayOrderRefund, by the order's id; another user's order reads as missing.
    const { id } = await orderDetail(t, alice, toReject)
    assert.deepEqual(await t.data(t.get(`/api/LifePay/GetUserLifePayOrderRefund?id=${id}`, alice)), {
      id,
      orderNo: toReject,
      refundApplyRemark: (await orderDetail(t, alice, toReject)).refundApplyRemark,
      refundCheckRemark: '已充值到账，无法退款',
      lifePayOrderStatus: 60,
    })
    const bob = { token: (await t.register('13700000099')).accessToken }
    assert.equal((await t.get(`/api/LifePay/GetUserLifePayOrderRefund?id=${id}`, bob)).body.error, 'ORDER_NOT_FOUND')
    assert.equal((await t.get('/api/LifePay/GetUserLifePayOrderRefund?id=nope', alice)).body.error, 'VALIDATION_FAILED')
    // Issue 37, item 2: every view of the order tells the user the top-up arrived (the app says so, not "failed").
    assert.equal((await orderDetail(t, alice, toReject)).rechargeDelivered, true)
    const state = await t.data(
      t.post<{ rechargeDelivered?: boolean }>('/api/LifePay/GetPayStatusByOrderNo', { orderNo: toReject }, alice),
    )
    assert.equal(state.rechargeDelivered, true)
    const page = await t.data(
      t.post<{ items: { orderNo: string; rechargeDelivered?: boolean }[] }>(
        '/api/LifePay/GetUserLifePayOrderPage',
        { pageIndex: 1, pageSize: 20 },
        alice,
      ),
    )
    assert.equal(page.items.find((o) => o.orderNo === toReject)?.rechargeDelivered, true)
    // Refund failed is final for the user: no second application.
    assert.equal((await apply(toReject)).body.error, 'REFUND_NOT_ALLOWED')
    assert.equal(
      (await t.post(`/api/admin/refunds/${toReject}/approve`, {}, operator)).body.error,
      'REFUND_NOT_PENDING_REVIEW',
    )

    const after = await t.data(t.get<LifePayOrderDetail[]>('/api/admin/refunds', operator))
    assert.ok(after.every((o) => o.orderNo !== toApprove && o.orderNo !== toReject))
  })

  test('an approval whose refund the provider fails: 503 "try later", still claimed; approving again pays back once', async () => {
    const orderNo = await paidOrder(true)
    await t.data(apply(orderNo))
    const pendingReview = await stateOf(t, alice, orderNo)
    const payment = paymentFor(t.app.ctx, (await orderRow(t, orderNo)).lifePayType)
    const refund = payment.refund
    payment.refund = async () => {
      throw new TypeError('fetch failed')
    }
    try {
      const failed = await t.post(`/api/admin/refunds/${orderNo}/approve`, { acknowledgeDelivered: true }, operator)
      assert.deepEqual([failed.status, failed.body.error], [503, 'PROVIDER_UNAVAILABLE'])
    } finally {
      payment.refund = refund
    }
    // Still waiting for the money to go back, and no longer open to a rejection: the approval holds.
    assert.deepEqual(await stateOf(t, alice, orderNo), pendingReview)
    assert.equal(
      (await t.post(`/api/admin/refunds/${orderNo}/reject`, { reason: '已充值到账' }, operator)).body.error,
      'REFUND_NOT_PENDING_REVIEW',
    )
    const approved = await t.data(
      t.post<LifePayOrderDetail>(`/api/admin/refunds/${orderNo}/approve`, { acknowledgeDelivered: true }, operator),
    )
    assert.deepEqual([approved.payStatus, approved.lifePayOrderStatus], [40, 50])
    const refunds = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo))
    assert.equal(refunds.length, 1)
  })

  test('an approval whose refund the provider fails is paid back by its job, without a second approval', async () => {
    const orderNo = await paidOrder(true)
    await t.data(apply(orderNo))
    const payment = paymentFor(t.app.ctx, (await orderRow(t, orderNo)).lifePayType)
    const refund = payment.refund
    payment.refund = async () => {
      throw new TypeError('fetch failed')
    }
    try {
      const failed = await t.post(`/api/admin/refunds/${orderNo}/approve`, { acknowledgeDelivered: true }, operator)
      assert.deepEqual([failed.status, failed.body.error], [503, 'PROVIDER_UNAVAILABLE'])
    } finally {
      payment.refund = refund
    }
    // The approval's own call went first; its job waits, then pays back with the same refund number.
    await t.app.jobs.drain()
    assert.deepEqual((await stateOf(t, alice, orderNo)).slice(0, 2), [30, 40])
    t.clock.advance(APPROVED_REFUND_JOB_DELAY_MS)
    await t.app.jobs.drain()
    assert.deepEqual((await stateOf(t, alice, orderNo)).slice(0, 2), [40, 50])
    const refunds = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo))
    assert.deepEqual(
      refunds.map((row) => row.refundNo),
      [`${orderNo}R`],
    )
  })

  test('unknown orders and jobs', async () => {
    assert.equal(
      (await t.post('/api/admin/refunds/LP-none/approve', {}, operator)).body.error,
      'REFUND_NOT_PENDING_REVIEW',
    )
    assert.equal((await t.post('/api/admin/jobs/999999/retry', {}, operator)).body.error, 'JOB_NOT_FOUND')
  })
})
