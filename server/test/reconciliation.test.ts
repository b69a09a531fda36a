import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import type { ReconciliationMismatchKind, ReconciliationReport } from '../../types/api/admin'
import type { ApiEnvelope } from '../../types/api/envelope'
import { LifePayType } from '../../src/domain/lifePayType'
import { lifePayOrders, sandboxPayments, sandboxRecharges, sandboxRefunds } from '../src/db/schema'
import { shanghaiDate, shanghaiDay } from '../src/modules/lifePay/reconciliation'
import { createPhoneOrder, orderRow, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Each mismatch is made by writing the sandbox ledgers or the order straight into the database, as a provider that
// lost a record or a bug that skipped one would leave them.

const ADMIN = join(__dirname, '..', '..', 'scripts', 'admin.ts')
const run = promisify(execFile)
const HOUR = 60 * 60 * 1000

let t: TestApp
let alice: Caller
let day: string

before(async () => {
  t = await createTestApp()
  // 10:00 in Shanghai on the next day: every step below stays within one calendar day there.
  const nextDay = shanghaiDay(shanghaiDate(new Date(t.clock.now().getTime() + 24 * HOUR)))!
  t.clock.advance(nextDay.from.getTime() + 10 * HOUR - t.clock.now().getTime())
  day = nextDay.date
  alice = { token: (await t.register('13300000001')).accessToken }
})
after(() => t.close())

async function report(date = day): Promise<ReconciliationReport> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reconciliation?date=${date}`,
    headers: { 'x-operator-token': t.config.operatorToken },
  })
  const body = response.json() as ApiEnvelope<ReconciliationReport>
  assert.equal(response.statusCode, 200, JSON.stringify(body))
  return body.data as ReconciliationReport
}

async function kindsOf(orderNo: string): Promise<ReconciliationMismatchKind[]> {
  const found = (await report()).mismatches.filter((mismatch) => mismatch.orderNo === orderNo)
  for (const mismatch of found) assert.ok(mismatch.explanation.length > 20, mismatch.explanation)
  return found.map((mismatch) => mismatch.kind).sort()
}

/** Paid; the supplier's callback not yet run. */
async function paidOrder(phone = '13812345678'): Promise<{ orderNo: string; payAmountFen: number }> {
  const { orderNo } = await createPhoneOrder(t, alice, { phone })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  return { orderNo, payAmountFen: (await orderRow(t, orderNo)).payAmountFen }
}

/** Paid and settled by the supplier: delivered, or (…0000) failed and refunded automatically. */
async function settledOrder(phone = '13812345678') {
  const paid = await paidOrder(phone)
  t.clock.advance(t.config.sandboxSupplierDelayMs)
  await t.app.jobs.drain()
  await t.app.jobs.drain()
  return paid
}

const deliveredOrder = () => settledOrder()
const refundedOrder = () => settledOrder('13800000000')

const setPayment = (orderNo: string, values: Partial<typeof sandboxPayments.$inferInsert>) =>
  t.database.db.update(sandboxPayments).set(values).where(eq(sandboxPayments.orderNo, orderNo))
const setRecharge = (orderNo: string, values: Partial<typeof sandboxRecharges.$inferInsert>) =>
  t.database.db.update(sandboxRecharges).set(values).where(eq(sandboxRecharges.orderNo, orderNo))

test('a clean day: every order agrees with the providers, and both sides total the same', async () => {
  const delivered = await deliveredOrder()
  const refunded = await refundedOrder()
  await createPhoneOrder(t, alice) // never paid
  assert.deepEqual(await stateOf(t, alice, delivered.orderNo), [20, 30, 100])
  assert.deepEqual(await stateOf(t, alice, refunded.orderNo), [40, 50, 50])

  const clean = await report()
  assert.deepEqual(clean.mismatches, [])
  assert.deepEqual(clean.mismatchCounts, {})
  assert.equal(clean.ordersCreated, 3)
  assert.equal(clean.ordersCompared, 3)
  const totals = {
    paidCount: 2,
    paidFen: delivered.payAmountFen + refunded.payAmountFen,
    refundedCount: 1,
    refundedFen: refunded.payAmountFen,
    deliveredCount: 1,
  }
  assert.deepEqual(clean.orders, totals)
  assert.deepEqual(clean.providers, totals)
  assert.equal(clean.date, day)
  assert.equal(new Date(clean.to).getTime() - new Date(clean.from).getTime(), 24 * HOUR)
  assert.equal(clean.from, new Date(`${day}T00:00:00+08:00`).toISOString())

  // The day before holds none of them.
  const before = await report(shanghaiDate(new Date(new Date(clean.from).getTime() - HOUR)))
  assert.equal(before.ordersCompared, 0)
})

test('the provider has a payment the order never recorded', async () => {
  const { orderNo } = await createPhoneOrder(t, alice)
  await t.data(t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType: LifePayType.WxPay }, alice))
  await setPayment(orderNo, { status: 'paid', transactionId: 'sbx-lost-notification' })
  assert.deepEqual(await kindsOf(orderNo), ['providerPaidOrderUnpaid'])
})

test('the order is paid but the provider says it is not', async () => {
  const { orderNo } = await deliveredOrder()
  await setPayment(orderNo, { status: 'closed' })
  assert.deepEqual(await kindsOf(orderNo), ['orderPaidProviderUnpaid'])
})

test('amounts and transaction ids that differ', async () => {
  const { orderNo, payAmountFen } = await deliveredOrder()
  await setPayment(orderNo, { amountFen: payAmountFen + 1 })
  assert.deepEqual(await kindsOf(orderNo), ['paidAmountDiffers'])
  const [mismatch] = (await report()).mismatches.filter((m) => m.orderNo === orderNo)
  assert.match(
    mismatch.explanation,
    new RegExp(`¥${(payAmountFen / 100).toFixed(2)}.*¥${((payAmountFen + 1) / 100).toFixed(2)}`),
  )

  const other = await deliveredOrder()
  await t.database.db
    .update(lifePayOrders)
    .set({ transactionId: 'not-the-providers' })
    .where(eq(lifePayOrders.orderNo, other.orderNo))
  assert.deepEqual(await kindsOf(other.orderNo), ['transactionIdDiffers'])
})

test('the order is refunded but the provider has no refund, or another amount', async () => {
  const lost = await refundedOrder()
  await t.database.db.delete(sandboxRefunds).where(eq(sandboxRefunds.orderNo, lost.orderNo))
  assert.deepEqual(await kindsOf(lost.orderNo), ['orderRefundedNoProviderRefund'])

  const short = await refundedOrder()
  await t.database.db.update(sandboxRefunds).set({ amountFen: 1 }).where(eq(sandboxRefunds.orderNo, short.orderNo))
  assert.deepEqual(await kindsOf(short.orderNo), ['refundAmountDiffers'])
})

test('the provider refunded an order that was delivered and not refunded: the worst case', async () => {
  const { orderNo, payAmountFen } = await deliveredOrder()
  await t.database.db
    .insert(sandboxRefunds)
    .values({ refundNo: `${orderNo}R`, orderNo, amountFen: payAmountFen, creationTime: t.clock.now() })
  assert.deepEqual(await kindsOf(orderNo), ['deliveredAndRefunded', 'providerRefundedOrderNotRefunded'])
})

test('the supplier disagrees with a delivered order', async () => {
  const { orderNo } = await deliveredOrder()
  await setRecharge(orderNo, { status: 'failed', reason: 'account closed' })
  assert.deepEqual(await kindsOf(orderNo), ['deliveredSupplierDisagrees'])
  await t.database.db.delete(sandboxRecharges).where(eq(sandboxRecharges.orderNo, orderNo))
  assert.deepEqual(await kindsOf(orderNo), ['deliveredSupplierDisagrees'])
})

test('the supplier delivered but its callback never settled the order', async () => {
  const { orderNo } = await paidOrder()
  assert.deepEqual(await kindsOf(orderNo), [], 'processing at the supplier, paid here: in step')
  await setRecharge(orderNo, { status: 'succeeded', finishTime: t.clock.now() })
  assert.deepEqual(await kindsOf(orderNo), ['supplierSucceededOrderNotDelivered'])
})

test('refunded while the supplier says delivered or still processing', async () => {
  const delivered = await refundedOrder()
  await setRecharge(delivered.orderNo, { status: 'succeeded' })
  assert.deepEqual(await kindsOf(delivered.orderNo), ['deliveredAndRefunded'])

  const processing = await refundedOrder()
  await setRecharge(processing.orderNo, { status: 'processing', finishTime: null })
  assert.deepEqual(await kindsOf(processing.orderNo), ['refundedSupplierProcessing'])
})

test('a paid order with neither outcome 24 hours after payment, in every later day’s report', async () => {
  // …0009: the supplier never takes it; with the submit job's retries not run, the order stays paid.
  const { orderNo } = await createPhoneOrder(t, alice, { phone: '13800000009' })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  assert.deepEqual(await stateOf(t, alice, orderNo), [20, 10, 10])
  t.clock.advance(23 * HOUR)
  assert.deepEqual(await kindsOf(orderNo), [])
  t.clock.advance(HOUR)
  assert.deepEqual(await kindsOf(orderNo), ['noOutcomeAfter24h'])
  const today = await report(shanghaiDate(t.clock.now()))
  assert.ok(today.mismatches.some((m) => m.orderNo === orderNo && m.kind === 'noOutcomeAfter24h'))
})

test('the route: yesterday by default, a date that is not one refused, operator token required', async () => {
  const headers = { 'x-operator-token': t.config.operatorToken }
  const byDefault = await t.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers })
  assert.equal(
    (byDefault.json() as ApiEnvelope<ReconciliationReport>).data?.date,
    shanghaiDate(new Date(t.clock.now().getTime() - 24 * HOUR)),
  )
  // Refusals come in the envelope (HTTP 200 with success false, as every validation error of this API).
  for (const date of ['2026-02-30', '2026-1-5', 'yesterday']) {
    const refused = await t.app.inject({ method: 'GET', url: `/api/admin/reconciliation?date=${date}`, headers })
    const body = refused.json() as ApiEnvelope<unknown>
    assert.equal(body.success, false)
    assert.equal(body.error, 'VALIDATION_FAILED')
  }
  const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/reconciliation?date=${day}` })
  assert.equal(anonymous.statusCode, 401)
  assert.equal((anonymous.json() as ApiEnvelope<unknown>).error, 'OPERATOR_UNAUTHORIZED')
})

test('npm run admin -- reconcile: totals and each mismatch, exit code 1 on any mismatch', async () => {
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 })
  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
      env: { ...process.env, ADMIN_URL: url, OPERATOR_TOKEN: t.config.operatorToken },
    })

  const quiet = await admin('reconcile', '2020-01-01')
  assert.match(quiet.stdout, /reconciliation 2020-01-01/)
  assert.match(quiet.stdout, /No mismatch\./)

  await assert.rejects(admin('reconcile', day), (error: { code: number; stdout: string }) => {
    assert.equal(error.code, 1)
    assert.match(error.stdout, /^orders: +paid \d+ \(¥[\d.]+\) +refunded \d+ \(¥[\d.]+\) +delivered \d+$/m)
    assert.match(error.stdout, /\d+ MISMATCHES: .*deliveredAndRefunded/)
    assert.match(error.stdout, /^\S+ {2}deliveredAndRefunded {2}The money was returned AND/m)
    return true
  })
  await assert.rejects(admin('reconcile', 'tomorrow'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2)
    assert.match(error.stderr, /YYYY-MM-DD/)
    return true
  })
})
