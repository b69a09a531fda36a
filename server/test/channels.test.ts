import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Channel } from '../../types/api/admin'
import type { LifePayRate } from '../../types/api/lifePay'
import { createPhoneOrder, orderRow } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Channels are server data (docs/api.md § Pricing): the id a client sends picks a channel's own rates only when the
// server knows that channel and it is enabled. Demo data: `promo` (enabled, phone 97.5 %), `spring2026` (ended,
// phone 95 %); the default phone rate is 98.5 %.

let t: TestApp
let alice: Caller
let operator: Caller
before(async () => {
  t = await createTestApp()
  alice = { token: (await t.register('13500000003')).accessToken }
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
})
after(() => t.close())

async function phoneRate(channelId: string): Promise<number | undefined> {
  const rates = await t.data(t.get<LifePayRate[]>(`/api/LifePay/GetRate?channelId=${encodeURIComponent(channelId)}`))
  return rates.find((r) => r.rateType === 10)?.rate
}

/** A ¥100 phone order placed from a channel: the price the server set, and the channel it recorded. */
async function orderFrom(channelId: string) {
  const order = await createPhoneOrder(t, alice, { channelId })
  const row = await orderRow(t, order.orderNo)
  return { payAmountFen: row.payAmountFen, channelId: row.channelId }
}

describe('which rate a channel id gets', () => {
  test('a known, enabled channel: its own rate, on GetRate and on the order', async () => {
    assert.equal(await phoneRate('promo'), 97.5)
    assert.deepEqual(await orderFrom('promo'), { payAmountFen: 9750, channelId: 'promo' })
  })

  test('an unknown channel: the default rate, and the id is recorded as sent', async () => {
    assert.equal(await phoneRate('made-up-channel'), 98.5)
    assert.deepEqual(await orderFrom('made-up-channel'), { payAmountFen: 9850, channelId: 'made-up-channel' })
  })

  test('a disabled channel: the default rate, although it has rates of its own', async () => {
    assert.equal(await phoneRate('spring2026'), 98.5)
    assert.deepEqual(await orderFrom('spring2026'), { payAmountFen: 9850, channelId: 'spring2026' })
  })

  test('the operator turns a channel off and on: prices follow at once', async () => {
    const off = await t.data(t.post<Channel>('/api/admin/channels/promo/disable', {}, operator))
    assert.equal(off.enabled, false)
    assert.equal(await phoneRate('promo'), 98.5)
    assert.equal((await orderFrom('promo')).payAmountFen, 9850)
    const on = await t.data(t.post<Channel>('/api/admin/channels/spring2026/enable', {}, operator))
    assert.deepEqual([on.enabled, on.rates.find((r) => r.rateType === 10)?.rate], [true, 95])
    assert.equal((await orderFrom('spring2026')).payAmountFen, 9500)
    await t.data(t.post('/api/admin/channels/spring2026/disable', {}, operator))
    await t.data(t.post('/api/admin/channels/promo/enable', {}, operator))
    assert.equal(await phoneRate('promo'), 97.5)
  })

  test('the operator’s list, and unknown channels refused', async () => {
    const list = await t.data(t.get<Channel[]>('/api/admin/channels', operator))
    assert.deepEqual(
      list.map((c) => [c.channelId, c.enabled]),
      [
        ['promo', true],
        ['spring2026', false],
      ],
    )
    const unknown = await t.post('/api/admin/channels/nope/enable', {}, operator)
    assert.equal(unknown.body.error, 'CHANNEL_NOT_FOUND')
    assert.equal((await t.get('/api/admin/channels')).status, 401)
  })
})
