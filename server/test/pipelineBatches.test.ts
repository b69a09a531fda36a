import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { asc, eq, inArray } from 'drizzle-orm'
import {
  lifePayOrders,
  providerNotifications,
  rechargeAttempts,
  sandboxRecharges,
  sandboxRefunds,
} from '../src/db/schema'
import { createPhoneOrder, payInSandbox } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 21, round 4: the hot job kinds (the sandbox provider's payment notifications, recharge submissions, the
// sandbox supplier's results) run in batches. Whatever a batch does, each order must end as it ends one job at a
// time: the same state, the same attempts, the same money moved, the same deliveries logged.

/** Sandbox accounts of every script (docs/api.md § Sandbox): delivered, failed, refused thrice, never taken. */
const PHONES = ['13811112221', '13811112222', '13811110000', '13811110003', '13811110009', '13811112223']

async function login(t: TestApp): Promise<Caller> {
  const phoneNumber = '13500000002'
  const code = await t.smsCode(phoneNumber)
  const userId = await t.data(t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code }))
  return { headers: { 'x-lifepay-user-id': userId } }
}

/** Runs the queue and moves the clock until every retry, query and refund has run. */
async function settle(t: TestApp): Promise<void> {
  for (let i = 0; i < 16; i++) {
    await t.app.jobs.drain()
    t.clock.advance(6 * 60_000)
  }
  await t.app.jobs.drain()
}

/** Pays every order at once (one of them notified twice), then runs the pipeline; what became of each order. */
async function burst(batchSize: number) {
  // One worker slot: one by one takes one job at a time; batched, the slot's claim is topped up to a batch.
  const t = await createTestApp({ config: { jobs: { concurrency: 1, batchSize } } })
  try {
    const alice = await login(t)
    const supplier = t.app.ctx.providers.supplier
    const submit = supplier.submit.bind(supplier)
    let inFlight = 0
    let maxInFlight = 0
    supplier.submit = async (request) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight)
      try {
        return await submit(request)
      } finally {
        inFlight--
      }
    }
    const orderNos: string[] = []
    for (const phone of PHONES) orderNos.push((await createPhoneOrder(t, alice, { phone })).orderNo)
    for (const [n, orderNo] of orderNos.entries()) await payInSandbox(t, alice, orderNo, n === 1 ? 2 : 1)
    await settle(t)
    const db = t.database.db
    const orders = await db.select().from(lifePayOrders).where(inArray(lifePayOrders.orderNo, orderNos))
    const outcomes = []
    for (const orderNo of orderNos) {
      const order = orders.find((row) => row.orderNo === orderNo)!
      const attempts = await db
        .select()
        .from(rechargeAttempts)
        .where(eq(rechargeAttempts.orderId, order.id))
        .orderBy(asc(rechargeAttempts.attemptNo))
      const [recharge] = await db.select().from(sandboxRecharges).where(eq(sandboxRecharges.orderNo, orderNo))
      const refunds = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.orderNo, orderNo))
      const log = await db.select().from(providerNotifications).where(eq(providerNotifications.orderNo, orderNo))
      outcomes.push({
        phone: order.account,
        state: [order.payStatus, order.lifePayOrderStatus],
        supplierResult: order.supplierResult,
        remark: order.refundCheckRemark,
        attempts: attempts.map((attempt) => attempt.outcome),
        submissions: recharge?.submitCount ?? 0,
        supplierStatus: recharge?.status ?? null,
        refunds: refunds.length,
        notificationLog: log.map((entry) => entry.outcome).sort(),
      })
    }
    const failedJobs = await t.app.jobs.listFailed()
    return { maxInFlight, outcomes, failedJobs: failedJobs.map((job) => job.kind).sort() }
  } finally {
    await t.close()
  }
}

describe('the pipeline in batches (issue 21)', () => {
  test('every order ends as it ends one job at a time: state, attempts, money, deliveries', async () => {
    const alone = await burst(1)
    const batched = await burst(50)
    assert.equal(alone.maxInFlight, 1, 'one by one: one submission at a time')
    assert.ok(batched.maxInFlight > 1, 'batched: the submissions of a batch went to the supplier together')
    assert.deepEqual(batched.outcomes, alone.outcomes)
    assert.deepEqual(batched.failedJobs, alone.failedJobs)
    // What one by one gives, spelled out: the money rule holds for every order.
    const byPhone = Object.fromEntries(alone.outcomes.map((outcome) => [outcome.phone, outcome]))
    for (const phone of ['13811112221', '13811112222', '13811112223', '13811110003']) {
      assert.deepEqual([byPhone[phone].supplierResult, byPhone[phone].refunds], ['success', 0], phone)
    }
    assert.deepEqual(byPhone['13811110003'].submissions, 4, 'refused three times, each retry alone, then taken')
    for (const phone of ['13811110000', '13811110009']) assert.equal(byPhone[phone].refunds, 1, phone)
    assert.deepEqual(byPhone['13811112222'].notificationLog, ['duplicate', 'recorded'], 'notified twice, paid once')
  })
})
