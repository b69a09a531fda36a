import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { DELIVERY_TIME } from '@domain/deliveryTime'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { createPhoneOrder, orderDetail, orderRow, payInSandbox } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 20, item 5: the order detail carries what the receipt shows and, while recharging, when the top-up is expected.

let t: TestApp
let alice: Caller
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13600000051')).accessToken }
})
after(() => t.close())

const SUPPLIER_DELAY = 1500

describe('order detail for the receipt and the stated delivery time', () => {
  test('unpaid: no supplier serial, no expected time', async () => {
    const order = await createPhoneOrder(t, alice)
    const detail = await orderDetail(t, alice, order.orderNo)
    assert.equal(detail.supplierOrderNo, null)
    assert.equal(detail.expectedDeliveryTime, null)
  })

  test('recharging: expected by the payment time plus the phone’s usual minutes; completed: the supplier’s serial, no expected time', async () => {
    const order = await createPhoneOrder(t, alice)
    await payInSandbox(t, alice, order.orderNo)
    await t.app.jobs.drain()
    const recharging = await orderDetail(t, alice, order.orderNo)
    assert.ok(recharging.payTime)
    const usualMs = DELIVERY_TIME[LifePayOrderType.Phone].usualMinutes * 60_000
    assert.equal(recharging.expectedDeliveryTime, new Date(Date.parse(recharging.payTime) + usualMs).toISOString())

    t.clock.advance(SUPPLIER_DELAY)
    await t.app.jobs.drain()
    const done = await orderDetail(t, alice, order.orderNo)
    assert.equal(done.lifePayOrderStatus, 30)
    const row = await orderRow(t, order.orderNo)
    assert.ok(row.supplierOrderNo, 'the sandbox supplier gave a serial number')
    // Everything the receipt shows, from the one detail call.
    assert.equal(done.supplierOrderNo, row.supplierOrderNo)
    assert.equal(done.expectedDeliveryTime, null)
    assert.ok(done.creationTime && done.payTime && done.finishTime)
    assert.deepEqual([done.parValue, done.payAmount, done.discountAmount], [100, 98.5, 1.5])
    assert.equal(done.lifePayType, 10)
  })

  test('the supplier serial stays the owner’s: another user gets not found', async () => {
    const order = await createPhoneOrder(t, alice)
    const bob = { token: (await t.register('13600000052')).accessToken }
    const answer = await t.get(`/api/LifePay/GetUserLifePayOrderDetail?orderNo=${order.orderNo}`, bob)
    assert.equal(answer.body.success, false)
    assert.equal(answer.body.data ?? null, null)
  })
})
