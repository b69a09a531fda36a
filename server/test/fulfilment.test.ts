import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { Client } from 'pg'
import { LifePayType } from '@domain/lifePayType'
import { jobs, sandboxPayments, sandboxRecharges, sandboxRefunds } from '../src/db/schema'
import { RECHARGE_FAILED_REMARK, SUPPLIER_UNAVAILABLE_REMARK } from '../src/modules/lifePay/fulfilment'
import type { SandboxPayment } from '../src/providers/sandboxPayment'
import type { OrphanPayment } from '@contract/admin'
import { DEV_OPERATOR_TOKEN } from '../src/configSchema'
import {
  createPhoneOrder,
  orderDetail,
  orderRow,
  payInSandbox,
  paymentNotification,
  postPaymentNotification,
  stateOf,
} from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

let t: TestApp
let alice: Caller
let sandbox: SandboxPayment
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13600000001')).accessToken }
  sandbox = t.app.ctx.sandboxes.payment as SandboxPayment
})
after(() => t.close())

const SUPPLIER_DELAY = 1500
const OPERATOR = { headers: { 'x-operator-token': DEV_OPERATOR_TOKEN } }

function notify(orderNo: string, transactionId: string, amountFen: number, headers?: Record<string, string>) {
  return postPaymentNotification(t, paymentNotification(t, orderNo, transactionId, amountFen), { headers })
}

async function jobsOf(kind: string, orderNo: string) {
  const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, kind))
  return rows.filter(
    (row) =>
      (row.payload as { orderNo?: string; notification?: { orderNo: string } }).orderNo === orderNo ||
      (row.payload as { notification?: { orderNo: string } }).notification?.orderNo === orderNo,
  )
}

describe('payment to recharge', () => {
  test('the sandbox cashier pays once: a second confirm at the same time is refused, the first payment prepared closes', async () => {
    const order = await createPhoneOrder(t, alice)
    // Prepared twice (the user came back to the cashier): the later payment is the one paid, the earlier closed.
    await t.data(
      t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: LifePayType.WxPay }, alice),
    )
    t.clock.advance(1000)
    await t.data(
      t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: LifePayType.WxPay }, alice),
    )
    const answers = await Promise.all(
      [0, 1].map(() => t.post('/api/dev/pay/confirm', { orderNo: order.orderNo, deliveries: 1 })),
    )
    assert.deepEqual(answers.map((answer) => answer.body.success).sort(), [false, true])
    assert.equal(answers.find((answer) => !answer.body.success)?.body.error, 'ORDER_ALREADY_PAID')
    const payments = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderNo, order.orderNo))
      .orderBy(sandboxPayments.creationTime)
    assert.deepEqual(
      payments.map((payment) => payment.status),
      ['closed', 'paid'],
    )
    assert.equal((await jobsOf('sandbox.payNotify', order.orderNo)).length, 1)
    await t.app.jobs.drain()
    assert.equal((await orderRow(t, order.orderNo)).transactionId, payments[1].transactionId)
  })

  test('paid → recharging → recharge succeeded, through the sandbox cashier', async () => {
    const order = await createPhoneOrder(t, alice)
    const confirm = await payInSandbox(t, alice, order.orderNo, 2)
    assert.equal(confirm.deliveries, 2)
    // The notification is asynchronous: nothing is paid until it arrives.
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 10, null])
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [20, 10, 10])
    const paid = await orderDetail(t, alice, order.orderNo)
    assert.ok(paid.payTime)
    assert.equal(paid.expireTime, null)
    // On time: the supplier may still deliver, so no refund application yet.
    assert.equal(paid.canApplyRefund, false)
    t.clock.advance(SUPPLIER_DELAY)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [20, 30, 100])
    const done = await orderDetail(t, alice, order.orderNo)
    assert.ok(done.finishTime)
    const row = await orderRow(t, order.orderNo)
    assert.equal(row.transactionId, confirm.transactionId)
    assert.equal(row.supplierResult, 'success')
    // Two notifications delivered, one recharge made.
    assert.equal((await jobsOf('sandbox.payNotify', order.orderNo)).filter((j) => j.status === 'done').length, 2)
    assert.equal((await jobsOf('recharge.submit', order.orderNo)).length, 1)
    assert.equal(
      (await t.database.db.select().from(sandboxRecharges).where(eq(sandboxRecharges.orderNo, order.orderNo))).length,
      1,
    )
  })

  test('the same notification delivered five times at once: paid once, fulfilled once', async () => {
    const order = await createPhoneOrder(t, alice)
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(order.orderNo, 'tx-concurrent-1', 9850)))
    for (const answer of answers) assert.deepEqual([answer.statusCode, answer.json().success], [200, true])
    assert.equal((await jobsOf('recharge.submit', order.orderNo)).length, 1)
    await t.app.jobs.drain()
    t.clock.advance(SUPPLIER_DELAY)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [20, 30, 100])
    const [recharge] = await t.database.db
      .select()
      .from(sandboxRecharges)
      .where(eq(sandboxRecharges.orderNo, order.orderNo))
    assert.equal(recharge.submitCount, 1)
    // A late duplicate after completion changes nothing.
    assert.equal((await notify(order.orderNo, 'tx-concurrent-1', 9850)).json().success, true)
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [20, 30, 100])
  })

  test('notifications that are not genuine are refused and change nothing', async () => {
    const order = await createPhoneOrder(t, alice)
    const body = paymentNotification(t, order.orderNo, 'tx-forged')
    const forged = await postPaymentNotification(t, body, {
      headers: { ...sandbox.signNotification(body), 'x-pay-signature': Buffer.alloc(32).toString('base64') },
    })
    assert.deepEqual([forged.statusCode, forged.json().error], [400, 'PAYMENT_NOTIFICATION_INVALID'])
    const stale = sandbox.signNotification(body)
    t.clock.advance(10 * 60_000)
    assert.equal((await notify(order.orderNo, 'tx-stale', 9850, stale)).statusCode, 400)
    // Genuine but of another amount: never the order's payment; recorded as an orphan payment and refunded.
    const wrongAmount = await notify(order.orderNo, 'tx-cheap', 1)
    assert.equal(wrongAmount.json().success, true)
    const orphans = await t.data(t.get<OrphanPayment[]>('/api/admin/orphan-payments', OPERATOR))
    assert.equal(orphans.find((one) => one.transactionId === 'tx-cheap')?.reason, 'amountDiffers')
    const wrongRoute = await postPaymentNotification(t, body, { path: '/api/pay/notify/alipay' })
    assert.equal(wrongRoute.statusCode, 400)
    // Correctly signed, but its time is not a date (was a 500: the provider would deliver it again forever).
    const notADate = JSON.stringify({ ...JSON.parse(body), transactionId: 'tx-date', paidAt: 'yesterday' })
    const badDate = await postPaymentNotification(t, notADate)
    assert.deepEqual([badDate.statusCode, badDate.json().error], [400, 'PAYMENT_NOTIFICATION_INVALID'])
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 10, null])
    // Genuine, for an order number we never issued: the money is recorded (so the provider stops retrying only
    // now) as an orphan payment and refunded, never acknowledged and forgotten.
    const unknown = await notify('LP-unknown', 'tx-x', 100)
    assert.deepEqual([unknown.statusCode, unknown.json().success], [200, true])
    const listed = await t.data(t.get<OrphanPayment[]>('/api/admin/orphan-payments', OPERATOR))
    assert.deepEqual(
      listed.filter((one) => one.transactionId === 'tx-x').map((one) => [one.reason, one.orderNo, one.outTradeNo]),
      [['orderUnknown', null, 'LP-unknown']],
    )
  })

  test('cancel in the cashier: still unpaid, and payable again', async () => {
    const order = await createPhoneOrder(t, alice)
    await t.data(t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: 10 }, alice))
    assert.deepEqual(await t.data(t.post('/api/dev/pay/cancel', { orderNo: order.orderNo })), {
      orderNo: order.orderNo,
      cancelled: true,
    })
    assert.equal(
      (await t.post('/api/dev/pay/confirm', { orderNo: order.orderNo })).body.error,
      'SANDBOX_PAYMENT_NOT_STARTED',
    )
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 10, null])
    await payInSandbox(t, alice, order.orderNo, 1, LifePayType.AliPay)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [20, 10, 10])
    assert.equal((await orderDetail(t, alice, order.orderNo)).lifePayType, LifePayType.AliPay)
    assert.equal(
      (await t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo: order.orderNo, lifePayType: 10 }, alice)).body.error,
      'ORDER_ALREADY_PAID',
    )
  })

  test('confirm before any payment was opened is refused', async () => {
    const order = await createPhoneOrder(t, alice)
    assert.equal(
      (await t.post('/api/dev/pay/confirm', { orderNo: order.orderNo })).body.error,
      'SANDBOX_PAYMENT_NOT_STARTED',
    )
  })

  test('money for an order that already closed is an orphan payment, refunded automatically; the order stays closed', async () => {
    const order = await createPhoneOrder(t, alice)
    t.clock.advance(30 * 60_000)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 20, null])
    assert.equal((await notify(order.orderNo, 'tx-late', 9850)).json().success, true)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [10, 20, null])
    const orphans = await t.data(t.get<OrphanPayment[]>('/api/admin/orphan-payments', OPERATOR))
    const orphan = orphans.find((one) => one.transactionId === 'tx-late')
    assert.ok(orphan, 'the late payment is listed')
    assert.equal(orphan.orderNo, order.orderNo)
    assert.equal(orphan.reason, 'orderClosed')
    assert.equal(orphan.amountFen, 9850)
    assert.equal(orphan.status, 'returned')
    const [refund] = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.refundNo, orphan.refundNo))
    assert.equal(refund?.amountFen, 9850)
    // Delivered again: recorded once, refunded once.
    assert.equal((await notify(order.orderNo, 'tx-late', 9850)).json().success, true)
    await t.app.jobs.drain()
    const again = await t.data(t.get<OrphanPayment[]>('/api/admin/orphan-payments', OPERATOR))
    assert.equal(again.filter((one) => one.transactionId === 'tx-late').length, 1)
  })
})

describe('supplier outcomes (sandbox accounts)', () => {
  test('an account ending 0000 fails the recharge and is refunded automatically', async () => {
    const order = await createPhoneOrder(t, alice, { phone: '13800000000' })
    await payInSandbox(t, alice, order.orderNo)
    await t.app.jobs.drain()
    t.clock.advance(SUPPLIER_DELAY)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [40, 50, 50])
    const detail = await orderDetail(t, alice, order.orderNo)
    // The user's note says what happened; the supplier's own words stay with the operator.
    assert.equal(detail.refundCheckRemark, RECHARGE_FAILED_REMARK)
    assert.ok(detail.refundTime)
    assert.equal(detail.canApplyRefund, false)
    const refunds = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, order.orderNo))
    assert.deepEqual(
      refunds.map((r) => r.amountFen),
      [9850],
    )
  })

  test('a supplier unavailable three times, then available: the order completes', async () => {
    const order = await createPhoneOrder(t, alice, { phone: '13800000003' })
    await payInSandbox(t, alice, order.orderNo)
    for (let i = 0; i < 4; i++) {
      await t.app.jobs.drain()
      t.clock.advance(10_000)
    }
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [20, 30, 100])
    const [submit] = await jobsOf('recharge.submit', order.orderNo)
    assert.deepEqual([submit.status, submit.attempts], ['done', 4])
  })

  test('a supplier never available: after the retry cap the order is refunded, and the job is listed as failed', async () => {
    const order = await createPhoneOrder(t, alice, { phone: '13800000009' })
    await payInSandbox(t, alice, order.orderNo)
    for (let i = 0; i < 12; i++) {
      await t.app.jobs.drain()
      t.clock.advance(6 * 60_000)
    }
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [40, 50, 50])
    assert.equal((await orderDetail(t, alice, order.orderNo)).refundCheckRemark, SUPPLIER_UNAVAILABLE_REMARK)
    const [submit] = await jobsOf('recharge.submit', order.orderNo)
    assert.deepEqual([submit.status, submit.attempts], ['failed', t.config.jobs.maxAttempts])
    const failed = await t.data(
      t.get<{ items: { id: number; kind: string }[] }>('/api/admin/jobs/failed', {
        headers: { 'x-operator-token': t.config.operatorToken },
      }),
    )
    assert.ok(failed.items.some((job) => job.id === submit.id))
    // Retrying it after the refund changes nothing: the handler finds the order no longer waiting for a recharge.
    await t.data(
      t.post(`/api/admin/jobs/${submit.id}/retry`, {}, { headers: { 'x-operator-token': t.config.operatorToken } }),
    )
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, order.orderNo), [40, 50, 50])
    const [again] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, submit.id)))
    assert.equal(again.status, 'done')
  })
})

describe(
  'an order held locked by another transaction (issue 21: payment notifications go in groups)',
  {
    skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)',
  },
  () => {
    test('does not hold up the notifications of other orders; its own is recorded once the lock is released', async () => {
      const held = await createPhoneOrder(t, alice)
      const other = await createPhoneOrder(t, alice)
      // What preparing a payment does while it waits for the provider: the unpaid order's row lock, held.
      const holder = new Client({ connectionString: t.database.url! })
      await holder.connect()
      try {
        await holder.query('begin')
        await holder.query('select 1 from life_pay_orders where order_no = $1 for update', [held.orderNo])
        let heldAnswered = false
        const heldAnswer = notify(held.orderNo, 'tx-held-1', 9850).then((answer) => {
          heldAnswered = true
          return answer
        })
        // A deadline, not a pause: without it a stalled group would wait for the lock as long as the holder keeps it.
        let deadline: NodeJS.Timeout | undefined
        const otherAnswer = await Promise.race([
          notify(other.orderNo, 'tx-held-2', 9850),
          new Promise<never>((_, reject) => {
            deadline = setTimeout(() => reject(new Error('the other order waited for the held lock')), 5000)
          }),
        ]).finally(() => clearTimeout(deadline))
        assert.deepEqual([otherAnswer.statusCode, otherAnswer.json().success], [200, true])
        assert.equal((await orderRow(t, other.orderNo)).transactionId, 'tx-held-2')
        assert.equal(heldAnswered, false, 'the held order waits for its lock')
        assert.equal((await orderRow(t, held.orderNo)).transactionId, null)
        await holder.query('commit')
        const answer = await heldAnswer
        assert.deepEqual([answer.statusCode, answer.json().success], [200, true])
        assert.equal((await orderRow(t, held.orderNo)).transactionId, 'tx-held-1')
        assert.equal((await jobsOf('recharge.submit', held.orderNo)).length, 1)
        assert.equal((await jobsOf('recharge.submit', other.orderNo)).length, 1)
      } finally {
        await holder.end()
      }
    })
  },
)
