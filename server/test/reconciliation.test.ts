import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import type { OrphanPayment, ReconciliationItem, ReconciliationReport } from '@contract/admin'
import type { ApiEnvelope } from '@contract/envelope'
import { LifePayType } from '@domain/lifePayType'
import { sandboxPayments, sandboxRecharges, sandboxRefunds } from '../src/db/schema'
import { shanghaiDate, shanghaiDay } from '../src/modules/money/shanghaiDay'
import { createPhoneOrder, orderRow, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// The daily reconciliation against the sandbox's bills (its ledger, cut per day like a provider's) and the sandbox
// supplier's records. Each difference is made by writing the sandbox ledgers or the order straight into the
// database, as a provider that lost or added a record, or a bug that skipped one, would leave them. Each test works
// in a day of its own and reconciles it the next morning; the real providers' bill formats are in bills.test.ts.

const ADMIN = join(__dirname, '..', '..', 'scripts', 'admin.ts')
const run = promisify(execFile)
const HOUR = 60 * 60 * 1000

let t: TestApp
let alice: Caller
let operator: Caller

before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13300000001')).accessToken }
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
})
after(() => t.close())

let users = 0

/**
 * Moves to 09:00 of the next Asia/Shanghai day and answers its date: what the test does happens that day, by a payer
 * logged in that morning (a day-old session has lapsed).
 */
async function newDay(): Promise<string> {
  const next = shanghaiDay(shanghaiDate(new Date(t.clock.now().getTime() + 24 * HOUR)))!
  t.clock.advance(next.from.getTime() + 9 * HOUR - t.clock.now().getTime())
  await newPayer()
  return next.date
}

async function newPayer(): Promise<void> {
  alice = { token: (await t.register(`133000010${String(++users).padStart(2, '0')}`)).accessToken }
}

/** The next morning's run of `day` (10:30 the day after), its report. */
async function reconcile(day: string): Promise<ReconciliationReport> {
  const morning = new Date(`${day}T10:30:00+08:00`).getTime() + 24 * HOUR
  if (t.clock.now().getTime() < morning) t.clock.advance(morning - t.clock.now().getTime())
  const report = await t.data(t.post<ReconciliationReport>('/api/admin/reconciliation/run', { date: day }, operator))
  for (const found of report.items) assert.ok(found.explanation.length > 20, found.explanation)
  return report
}

const kinds = (items: ReconciliationItem[], ref: string) =>
  items
    .filter((found) => [found.orderNo, found.outTradeNo, found.transactionId, found.refundNo].includes(ref))
    .map((found) => found.kind)
    .sort()

/** Paid; the supplier's callback not yet run. */
async function paidOrder(phone = '13812345678') {
  const { orderNo } = await createPhoneOrder(t, alice, { phone })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  const row = await orderRow(t, orderNo)
  return { orderNo, payAmountFen: row.payAmountFen, transactionId: row.transactionId as string }
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

test('a clean day: every payment and refund in the bill is ours and every one of ours in the bill, totals equal', async () => {
  const day = await newDay()
  const delivered = await deliveredOrder()
  const refunded = await refundedOrder()
  await createPhoneOrder(t, alice) // never paid
  assert.deepEqual(await stateOf(t, alice, delivered.orderNo), [20, 30, 100])
  assert.deepEqual(await stateOf(t, alice, refunded.orderNo), [40, 50, 50])

  const clean = await reconcile(day)
  assert.deepEqual(clean.items, [])
  assert.equal(clean.openCount, 0)
  const wxpay = clean.runs.find((one) => one.source === 'wxpay')
  assert.equal(wxpay?.status, 'done')
  assert.equal(wxpay?.provider, 'sandbox')
  const money = {
    paymentCount: 2,
    paymentFen: delivered.payAmountFen + refunded.payAmountFen,
    refundCount: 1,
    refundFen: refunded.payAmountFen,
  }
  assert.deepEqual(wxpay?.ours, money)
  assert.deepEqual(wxpay?.theirs, money)
  assert.deepEqual(
    clean.runs.map((one) => [one.source, one.status]),
    [
      ['alipay', 'done'],
      ['supplier', 'done'],
      ['wxpay', 'done'],
    ],
  )
  assert.equal(clean.runs.find((one) => one.source === 'supplier')?.ours?.deliveredCount, 1)
  assert.equal(clean.from, new Date(`${day}T00:00:00+08:00`).toISOString())
  // Read back as stored, without running again.
  assert.deepEqual(await t.data(t.get<ReconciliationReport>(`/api/admin/reconciliation?date=${day}`, operator)), clean)
})

test('a payment only the bill has (its notification lost) pays its waiting order, which is then delivered', async () => {
  const day = await newDay()
  const { orderNo } = await createPhoneOrder(t, alice)
  await t.data(t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType: LifePayType.WxPay }, alice))
  await setPayment(orderNo, { status: 'paid', transactionId: 'sbx-lost-notification', updatedTime: t.clock.now() })
  assert.deepEqual(await stateOf(t, alice, orderNo), [10, 10, null])
  const report = await reconcile(day)
  const [found] = report.items.filter((one) => one.orderNo === orderNo)
  assert.deepEqual([found?.kind, found?.action], ['providerOnlyPayment', 'paymentRecorded'])
  assert.equal((await orderRow(t, orderNo)).transactionId, 'sbx-lost-notification')
  await t.app.jobs.drain()
  t.clock.advance(t.config.sandboxSupplierDelayMs)
  await t.app.jobs.drain()
  const delivered = await orderRow(t, orderNo)
  assert.deepEqual([delivered.payStatus, delivered.lifePayOrderStatus], [20, 30])
  // Run again: matched now; the item was acted on, so it is gone, not open.
  const again = await reconcile(day)
  assert.equal(again.items.find((one) => one.id === found.id)?.status, 'gone')
})

test('a payment for an order number we never issued is recorded as an orphan payment and refunded', async () => {
  const day = await newDay()
  const stranger = `LP${Date.now()}999999`
  await t.database.db.insert(sandboxPayments).values({
    prepayId: `wx-stranger-${randomUUID()}`,
    orderNo: stranger,
    lifePayType: LifePayType.WxPay,
    amountFen: 4321,
    status: 'paid',
    transactionId: 'sbx-stranger',
    creationTime: t.clock.now(),
    updatedTime: t.clock.now(),
  })
  const report = await reconcile(day)
  const [found] = report.items.filter((one) => one.outTradeNo === stranger)
  assert.deepEqual(
    [found?.kind, found?.action, found?.providerAmountFen],
    ['providerOnlyPayment', 'orphanRecorded', 4321],
  )
  await t.app.jobs.drain()
  const orphans = await t.data(t.get<OrphanPayment[]>('/api/admin/orphan-payments', operator))
  const orphan = orphans.find((one) => one.transactionId === 'sbx-stranger')
  assert.deepEqual([orphan?.reason, orphan?.source, orphan?.status], ['orderUnknown', 'bill', 'returned'])
  const [refund] = await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, stranger))
  assert.equal(refund?.amountFen, 4321)
})

test('amounts that differ, payments and refunds only we have, refunds only the provider has', async () => {
  const day = await newDay()
  const dearer = await deliveredOrder()
  await setPayment(dearer.orderNo, { amountFen: dearer.payAmountFen + 1 })
  const lost = await deliveredOrder()
  await t.database.db.delete(sandboxPayments).where(eq(sandboxPayments.orderNo, lost.orderNo))
  const unrefunded = await refundedOrder()
  await t.database.db.delete(sandboxRefunds).where(eq(sandboxRefunds.orderNo, unrefunded.orderNo))
  const short = await refundedOrder()
  await t.database.db.update(sandboxRefunds).set({ amountFen: 1 }).where(eq(sandboxRefunds.orderNo, short.orderNo))
  const strange = await deliveredOrder()
  await t.database.db.insert(sandboxRefunds).values({
    refundNo: `${strange.orderNo}X`,
    orderNo: strange.orderNo,
    lifePayType: LifePayType.WxPay,
    transactionId: strange.transactionId,
    amountFen: strange.payAmountFen,
    creationTime: t.clock.now(),
  })

  const report = await reconcile(day)
  assert.deepEqual(kinds(report.items, dearer.orderNo), ['paymentAmountDiffers'])
  const differs = report.items.find((one) => one.orderNo === dearer.orderNo)
  assert.deepEqual([differs?.ourAmountFen, differs?.providerAmountFen], [dearer.payAmountFen, dearer.payAmountFen + 1])
  assert.match(
    differs?.explanation ?? '',
    new RegExp(`¥${((dearer.payAmountFen + 1) / 100).toFixed(2)}.*¥${(dearer.payAmountFen / 100).toFixed(2)}`),
  )
  assert.deepEqual(kinds(report.items, lost.orderNo), ['ourOnlyPayment'])
  assert.deepEqual(kinds(report.items, unrefunded.orderNo), ['ourOnlyRefund'])
  assert.deepEqual(kinds(report.items, short.orderNo), ['refundAmountDiffers'])
  assert.deepEqual(kinds(report.items, `${strange.orderNo}X`), ['providerOnlyRefund'])
  for (const found of report.items) assert.equal(found.action, 'operatorReview', found.kind)
  assert.equal(report.openCount, report.items.length)

  // An operator deals with one and says how; it stays resolved when the day is run again.
  const refusal = await t.post(`/api/admin/reconciliation/items/${differs?.id}/resolve`, { remark: ' ' }, operator)
  assert.equal(refusal.body.error, 'VALIDATION_FAILED')
  await t.data(t.post(`/api/admin/reconciliation/items/${differs?.id}/resolve`, { remark: 'provider fee' }, operator))
  const again = await reconcile(day)
  const resolved = again.items.find((one) => one.id === differs?.id)
  assert.deepEqual([resolved?.status, resolved?.resolutionRemark], ['resolved', 'provider fee'])
  assert.equal(again.openCount, report.openCount - 1)
  const twice = await t.post(`/api/admin/reconciliation/items/${differs?.id}/resolve`, { remark: 'x' }, operator)
  assert.equal(twice.body.error, 'BAD_REQUEST')

  // The day as a workbook in the reader's language.
  const sheet = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reconciliation/export?date=${day}`,
    headers: { ...operator.headers, 'accept-language': 'zh-CN' },
  })
  assert.equal(sheet.statusCode, 200)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer)
  const items = workbook.getWorksheet('差异明细')
  assert.ok(items)
  assert.equal(items.rowCount, again.items.length + 1)
  const texts = items.getSheetValues().flat().map(String)
  assert.ok(texts.includes('收款金额不一致'), texts.join('|'))
  assert.ok(texts.includes('已处理'))
})

test('the supplier disagrees with a delivered order, or delivered where the order is not', async () => {
  const day = await newDay()
  const delivered = await deliveredOrder()
  await setRecharge(delivered.orderNo, { status: 'failed', reason: 'account closed' })
  const twice = await refundedOrder()
  await setRecharge(twice.orderNo, { status: 'succeeded' })
  const processing = await refundedOrder()
  await setRecharge(processing.orderNo, { status: 'processing', finishTime: null })
  // Last, and no job run after it: the supplier's callback for it never comes.
  const unsettled = await paidOrder()
  await setRecharge(unsettled.orderNo, { status: 'succeeded', finishTime: t.clock.now() })
  const report = await reconcile(day)
  assert.deepEqual(kinds(report.items, delivered.orderNo), ['deliveredSupplierDisagrees'])
  // Paid a day and a half before the run: without its outcome, too.
  assert.deepEqual(kinds(report.items, unsettled.orderNo), ['noOutcomeAfter24h', 'supplierSucceededOrderNotDelivered'])
  assert.deepEqual(kinds(report.items, twice.orderNo), ['deliveredAndRefunded'])
  assert.deepEqual(kinds(report.items, processing.orderNo), ['refundedSupplierProcessing'])
  for (const ref of [delivered, unsettled, twice, processing]) {
    assert.equal(report.items.find((one) => one.orderNo === ref.orderNo)?.source, 'supplier')
  }
})

test('a paid order with neither outcome a day after payment is in every later day’s report', async () => {
  const day = await newDay()
  t.clock.advance(11 * HOUR) // 20:00
  await newPayer()
  // …0009: the supplier never takes it; with the submit job's retries not run, the order stays paid.
  const { orderNo } = await createPhoneOrder(t, alice, { phone: '13800000009' })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  assert.deepEqual(await stateOf(t, alice, orderNo), [20, 10, 10])
  // The next morning it is 14.5 hours old: on time still.
  assert.deepEqual(kinds((await reconcile(day)).items, orderNo), [])
  // A day later it is 38.5 hours old: the next day's report has it, and so does its own day's, run again.
  const nextDay = shanghaiDate(t.clock.now())
  assert.deepEqual(kinds((await reconcile(nextDay)).items, orderNo), ['noOutcomeAfter24h'])
  assert.deepEqual(kinds((await reconcile(day)).items, orderNo), ['noOutcomeAfter24h'])
})

test('the routes: yesterday by default, a day not ended or not a day refused, operators only', async () => {
  const headers = { 'x-operator-token': t.config.operatorToken }
  const byDefault = await t.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers })
  assert.equal(
    (byDefault.json() as ApiEnvelope<ReconciliationReport>).data?.date,
    shanghaiDate(new Date(t.clock.now().getTime() - 24 * HOUR)),
  )
  // Refusals come in the envelope (HTTP 200 with success false, as every validation error of this API).
  for (const date of ['2026-02-30', '2026-1-5', 'yesterday']) {
    const refused = await t.app.inject({ method: 'GET', url: `/api/admin/reconciliation?date=${date}`, headers })
    assert.equal((refused.json() as ApiEnvelope<unknown>).error, 'VALIDATION_FAILED', date)
  }
  const today = await t.post('/api/admin/reconciliation/run', { date: shanghaiDate(t.clock.now()) }, operator)
  assert.equal(today.body.error, 'BAD_REQUEST')
  assert.match(today.body.msg ?? '', /has not ended/)
  const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/reconciliation' })
  assert.equal(anonymous.statusCode, 401)
  assert.equal((anonymous.json() as ApiEnvelope<unknown>).error, 'OPERATOR_UNAUTHORIZED')
})

test('npm run admin -- reconcile: runs the day, prints each source and item, exit code 1 while items are open', async () => {
  const day = await newDay()
  const twice = await refundedOrder()
  await setRecharge(twice.orderNo, { status: 'succeeded' })
  t.clock.advance(new Date(`${day}T10:30:00+08:00`).getTime() + 24 * HOUR - t.clock.now().getTime())
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 })
  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
      env: { ...process.env, ADMIN_URL: url, OPERATOR_TOKEN: t.config.operatorToken },
    })
  const quiet = await admin('reconcile', '2020-01-01')
  assert.match(quiet.stdout, /reconciliation 2020-01-01/)
  assert.match(quiet.stdout, /Nothing left open\./)
  await assert.rejects(admin('reconcile', day), (error: { code: number; stdout: string }) => {
    assert.equal(error.code, 1)
    assert.match(error.stdout, /^wxpay \(sandbox\): done$/m)
    assert.match(error.stdout, /^ {2}ours: +payments \d+ \(¥[\d.]+\) +refunds \d+ \(¥[\d.]+\)$/m)
    assert.match(error.stdout, /^#\d+ {2}OPEN {2}supplier {2}deliveredAndRefunded {2}operatorReview {2}/m)
    assert.match(error.stdout, /\d+ OPEN ITEM\(S\)/)
    return true
  })
  const shown = await admin('reconcile', 'show', day).catch((error: { stdout: string }) => error)
  assert.match(shown.stdout, /deliveredAndRefunded/)
  await assert.rejects(admin('reconcile', 'tomorrow'), (error: { code: number; stderr: string }) => {
    assert.equal(error.code, 2)
    assert.match(error.stderr, /YYYY-MM-DD/)
    return true
  })
})
