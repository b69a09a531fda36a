import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { PayOrderForJsApi } from '@contract/lifePay'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { LifePayType } from '@domain/lifePayType'
import { jobs } from '../src/db/schema'
import { ORDER_EXPIRY_SWEEP_JOB } from '../src/modules/lifePay/jobKinds'
import {
  expireDueOrders,
  FINISHED_SWEEPS_KEPT_MS,
  ORDER_EXPIRY_BATCH,
  scheduleOrderExpiry,
} from '../src/modules/lifePay/orderExpiry'
import { createPhoneOrder, orderRow, payInSandbox } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Unpaid orders close at their time by the recurring sweep over the orders (issue 38), not by a job of their own.

let t: TestApp
let alice: Caller
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13700000051')).accessToken }
})
after(() => t.close())

const UNPAID = [LifePayStatus.Unpaid, LifePayOrderStatus.PendingConfirmation]
const CLOSED = [LifePayStatus.Unpaid, LifePayOrderStatus.Failed]
const state = async (orderNo: string) => {
  const row = await orderRow(t, orderNo)
  return [row.payStatus, row.lifePayOrderStatus]
}
// Apart, so the duplicate guard's open-order cap never refuses one.
let phone = 13812340000
const newOrder = () => createPhoneOrder(t, alice, { phone: String(phone++) })

describe('the expiry sweep', () => {
  test('an unpaid order is closed after its time, not before; at its provider too when a payment was opened', async () => {
    const plain = await newOrder()
    const prepared = await newOrder()
    await t.data(
      t.post<PayOrderForJsApi>(
        '/api/LifePay/GetPayOrderForJsAPI',
        { orderNo: prepared.orderNo, lifePayType: LifePayType.WxPay },
        alice,
      ),
    )
    const payment = t.app.ctx.providers.payment[LifePayType.WxPay]!
    t.clock.advance(t.config.unpaidOrderCloseMs - 1000)
    await t.app.jobs.drain()
    assert.deepEqual([await state(plain.orderNo), await state(prepared.orderNo)], [UNPAID, UNPAID])
    t.clock.advance(2000 + 30_000)
    await t.app.jobs.drain()
    assert.deepEqual([await state(plain.orderNo), await state(prepared.orderNo)], [CLOSED, CLOSED])
    assert.deepEqual(await payment.queryPayment(prepared.orderNo), { status: 'closed' })
  })

  test('a paid order is never expired', async () => {
    const order = await newOrder()
    await payInSandbox(t, alice, order.orderNo)
    t.clock.advance(t.config.unpaidOrderCloseMs + 60_000)
    await t.app.jobs.drain()
    const row = await orderRow(t, order.orderNo)
    assert.equal(row.payStatus, LifePayStatus.Paid)
    assert.notEqual(row.lifePayOrderStatus, LifePayOrderStatus.Failed)
  })

  test('more due orders than a batch: every one closed, each once, however many sweeps run at once', async () => {
    const orders = []
    for (let n = 0; n < ORDER_EXPIRY_BATCH + 5; n++) orders.push((await newOrder()).orderNo)
    t.clock.advance(t.config.unpaidOrderCloseMs + 1000)
    const sweeps = await Promise.all([expireDueOrders(t.app.ctx), expireDueOrders(t.app.ctx)])
    assert.equal(
      sweeps.reduce((sum, sweep) => sum + sweep.closed + sweep.closedAtProviders, 0),
      orders.length,
    )
    for (const orderNo of orders) assert.deepEqual(await state(orderNo), CLOSED, orderNo)
    const again = await expireDueOrders(t.app.ctx)
    assert.deepEqual(again, { closed: 0, closedAtProviders: 0, paid: 0, failed: 0 })
  })

  test('one sweep job per slot, whatever the number of instances that schedule it', async () => {
    const pending = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.kind, ORDER_EXPIRY_SWEEP_JOB))).filter(
        (job) => job.status === 'pending',
      ).length
    t.clock.advance(60_000)
    await Promise.all([scheduleOrderExpiry(t.app.ctx), scheduleOrderExpiry(t.app.ctx)])
    assert.equal(await pending(), 2, "the next slot's (queued by the last run) and this one's")
    await t.app.jobs.drain()
    assert.equal(await pending(), 1, 'after a run, the next slot’s alone')
  })

  test('finished sweeps do not pile up: an hour of them is kept, older ones are deleted', async () => {
    const done = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.kind, ORDER_EXPIRY_SWEEP_JOB))).filter(
        (job) => job.status === 'done',
      ).length
    for (let slot = 0; slot < 4; slot++) {
      t.clock.advance(30_000)
      await t.app.jobs.drain()
    }
    const kept = await done()
    assert.ok(kept >= 4, `the last two minutes' sweeps are kept (${kept})`)
    t.clock.advance(FINISHED_SWEEPS_KEPT_MS + 60_000)
    await t.app.jobs.drain()
    assert.ok((await done()) < kept, 'the sweeps older than an hour are gone')
    assert.ok((await done()) >= 1, 'the one that just ran is kept')
  })
})
