import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { and, count, desc, eq } from 'drizzle-orm'
import type { PageResult } from '@contract/envelope'
import type { LifePayOrderListItem } from '@contract/lifePay'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import { lifePayOrders, users, virtualLogins } from '../src/db/schema'
import { COMPRESS_THRESHOLD_BYTES } from '../src/http/compression'
import { handleRechargeResult } from '../src/modules/lifePay/fulfilment'
import { OrderPageCache } from '../src/modules/lifePay/orderPageCache'
import { orderPage } from '../src/modules/lifePay/orders'
import { initialOrderState, RECHARGE_REFUNDABLE_AFTER_MINUTES } from '@domain/orderTransitions'
import { toOrderListItem } from '../src/modules/lifePay/orderView'
import {
  applyForRefund,
  createPhoneOrder,
  orderRow,
  payInSandbox,
  paymentNotification,
  postPaymentNotification,
} from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

let t: TestApp
let alice: Caller
let aliceId: string
let operator: Caller
before(async () => {
  t = await createTestApp()
  const registered = await t.register('13400000001')
  alice = { token: registered.accessToken }
  aliceId = registered.userId
  operator = { headers: { 'x-operator-token': t.config.operatorToken } }
})
after(() => t.close())

const FIRST_PAGE = { pageIndex: 1, pageSize: 10 }

async function pageOf(
  caller: Caller,
  body: Record<string, unknown> = FIRST_PAGE,
): Promise<PageResult<LifePayOrderListItem>> {
  return t.data(t.post<PageResult<LifePayOrderListItem>>('/api/LifePay/GetUserLifePayOrderPage', body, caller))
}

/** [payStatus, lifePayOrderStatus, lifePayType] of an order as the (cached) first page shows it. */
async function listed(orderNo: string): Promise<[number, number, number | null]> {
  const item = (await pageOf(alice)).items.find((candidate) => candidate.orderNo === orderNo)
  assert.ok(item, `${orderNo} is on the first page`)
  return [item.payStatus, item.lifePayOrderStatus, item.lifePayType]
}

/** Reads the first page so that it is cached (the second read is a hit), then checks that it is. */
async function cacheFirstPage(): Promise<void> {
  await pageOf(alice)
  await pageOf(alice)
  assert.ok(t.app.ctx.orderPages.size.entries > 0, 'the first page is cached')
}

function notify(orderNo: string, transactionId: string, amountFen = 9850) {
  return postPaymentNotification(t, paymentNotification(t, orderNo, transactionId, amountFen))
}

async function paidOrder(phone = '13812345678'): Promise<string> {
  const { orderNo } = await createPhoneOrder(t, alice, { phone })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  return orderNo
}

// Each test caches the first page, writes through one path, and reads again: without the invalidation of that
// path the second read would be the cached, stale page.
describe('a cached order page is fresh right after every kind of write', () => {
  test('create: the new order heads the page and the total grows', async () => {
    await createPhoneOrder(t, alice)
    await cacheFirstPage()
    const before = await pageOf(alice)
    t.clock.advance(1000)
    const created = await createPhoneOrder(t, alice)
    const after = await pageOf(alice)
    assert.equal(after.totalCount, before.totalCount + 1)
    assert.equal(after.items[0].orderNo, created.orderNo)
  })

  test('pay type chosen (SetLifePayOrderPayType and GetPayOrderForJsAPI)', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await cacheFirstPage()
    assert.deepEqual(await listed(orderNo), [10, 10, null])
    await t.data(t.post('/api/LifePay/SetLifePayOrderPayType', { orderNo, lifePayType: LifePayType.AliPay }, alice))
    assert.deepEqual(await listed(orderNo), [10, 10, LifePayType.AliPay])
    await t.data(t.post('/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType: LifePayType.WxPay }, alice))
    assert.deepEqual(await listed(orderNo), [10, 10, LifePayType.WxPay])
  })

  test('payment notification: paid', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await cacheFirstPage()
    const answer = await notify(orderNo, `tx-${orderNo}`)
    assert.equal(answer.json().success, true, answer.body)
    assert.deepEqual(await listed(orderNo), [20, 10, LifePayType.WxPay])
  })

  test('fulfilment success: recharge completed', async () => {
    const orderNo = await paidOrder()
    await cacheFirstPage()
    t.clock.advance(1500)
    await t.app.jobs.drain()
    assert.deepEqual(await listed(orderNo), [20, 30, LifePayType.WxPay])
  })

  test('fulfilment failure: recharge failed, then refunded automatically', async () => {
    const orderNo = await paidOrder()
    await cacheFirstPage()
    // The supplier's word for the order it took (another supplier order would not be believed).
    const { supplierOrderNo } = await orderRow(t, orderNo)
    assert.ok(supplierOrderNo)
    assert.equal(
      await handleRechargeResult(t.app.ctx, { orderNo, success: false, reason: 'test', supplierOrderNo }),
      null,
    )
    assert.deepEqual(await listed(orderNo), [30, 20, LifePayType.WxPay])
    await t.app.jobs.drain()
    assert.deepEqual(await listed(orderNo), [40, 50, LifePayType.WxPay])
  })

  test('refund applied, approved by the operator', async () => {
    // The supplier never takes it (…0009), and its user may apply once it is overdue.
    const orderNo = await paidOrder('13812340009')
    t.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
    await cacheFirstPage()
    await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '充错号码了' }))
    assert.deepEqual(await listed(orderNo), [30, 40, LifePayType.WxPay])
    await t.data(t.post(`/api/admin/refunds/${orderNo}/approve`, {}, operator))
    assert.deepEqual(await listed(orderNo), [40, 50, LifePayType.WxPay])
  })

  test('refund rejected by the operator', async () => {
    // The supplier never takes it (…0009), and its user may apply once it is overdue.
    const orderNo = await paidOrder('13812340009')
    t.clock.advance(RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000)
    await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '充错号码了' }))
    await cacheFirstPage()
    assert.deepEqual(await listed(orderNo), [30, 40, LifePayType.WxPay])
    await t.data(t.post(`/api/admin/refunds/${orderNo}/reject`, { reason: '已充值到账' }, operator))
    assert.deepEqual(await listed(orderNo), [20, 60, LifePayType.WxPay])
  })

  test('unpaid order closed after 30 minutes; paid late, it stays closed (the money is an orphan payment)', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await cacheFirstPage()
    t.clock.advance(30 * 60_000)
    await t.app.jobs.drain()
    assert.deepEqual(await listed(orderNo), [10, 20, null])
    assert.equal((await notify(orderNo, `tx-late-${orderNo}`)).json().success, true)
    await t.app.jobs.drain()
    assert.deepEqual(await listed(orderNo), [10, 20, null])
  })

  test('every cached variant of the user goes: type filter, page size, later pages', async () => {
    await createPhoneOrder(t, alice)
    const variants = [
      FIRST_PAGE,
      { pageIndex: 1, pageSize: 3, lifePayOrderType: LifePayOrderType.Phone },
      { pageIndex: 2, pageSize: 3 },
    ]
    const before = await Promise.all(variants.map((body) => pageOf(alice, body)))
    await Promise.all(variants.map((body) => pageOf(alice, body)))
    await createPhoneOrder(t, alice)
    const after = await Promise.all(variants.map((body) => pageOf(alice, body)))
    for (const [index, page] of after.entries())
      assert.equal(page.totalCount, before[index].totalCount + 1, JSON.stringify(variants[index]))
  })

  test('another user’s write leaves this user’s page cached', async () => {
    const bob = { token: (await t.register('13400000002')).accessToken }
    await cacheFirstPage()
    const { entries } = t.app.ctx.orderPages.size
    await createPhoneOrder(t, bob)
    assert.equal(t.app.ctx.orderPages.size.entries, entries)
  })
})

describe('the cached answer', () => {
  test('is byte for byte the answer the route serialises, as JSON', async () => {
    await createPhoneOrder(t, alice)
    const read = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/LifePay/GetUserLifePayOrderPage',
        payload: FIRST_PAGE,
        headers: { authorization: `Bearer ${alice.token}` },
      })
    t.app.ctx.orderPages.clear()
    const miss = await read()
    const hit = await read()
    assert.equal(hit.body, miss.body)
    assert.equal(hit.headers['content-type'], 'application/json; charset=utf-8')
    const envelope = hit.json() as { success: boolean; data: PageResult<LifePayOrderListItem> }
    assert.equal(envelope.success, true)
    assert.deepEqual(envelope.data, await orderPage(t.database.db, aliceId, 1, 10, undefined))
  })

  test('is gzipped for clients that take gzip: a hit sends the same compressed bytes, decoding to the answer', async () => {
    // Enough orders for a first page above the compression threshold.
    for (let n = 0; n < 6; n++) await createPhoneOrder(t, alice, { phone: `1381234${String(5000 + n)}` })
    const read = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/LifePay/GetUserLifePayOrderPage',
        payload: FIRST_PAGE,
        headers: { authorization: `Bearer ${alice.token}`, ...headers },
      })
    t.app.ctx.orderPages.clear()
    const miss = await read({ 'accept-encoding': 'gzip, deflate' })
    const hit = await read({ 'accept-encoding': 'gzip, deflate' })
    const plain = await read({})
    assert.ok(plain.rawPayload.length >= COMPRESS_THRESHOLD_BYTES, `${plain.rawPayload.length} bytes`)
    for (const gzipped of [miss, hit]) {
      assert.equal(gzipped.headers['content-encoding'], 'gzip')
      assert.match(String(gzipped.headers.vary), /accept-encoding/i)
      assert.equal(gzipped.headers['content-type'], 'application/json; charset=utf-8')
      assert.equal(gunzipSync(gzipped.rawPayload).toString('utf8'), plain.body)
    }
    assert.deepEqual(hit.rawPayload, miss.rawPayload)
    assert.equal(plain.headers['content-encoding'], undefined)
    // Plain because not asked for: a shared cache must still know the answer depends on Accept-Encoding.
    assert.match(String(plain.headers.vary), /accept-encoding/i)
    assert.equal((plain.json() as { success: boolean }).success, true)
    const refused = await read({ 'accept-encoding': 'gzip;q=0, identity' })
    assert.equal(refused.headers['content-encoding'], undefined)
    assert.equal(refused.body, plain.body)
  })

  test('is not used for pages past the first three', async () => {
    t.app.ctx.orderPages.clear()
    await pageOf(alice, { pageIndex: 4, pageSize: 1 })
    assert.equal(t.app.ctx.orderPages.size.entries, 0)
  })
})

describe('OrderPageCache', () => {
  const key = { pageIndex: 1, pageSize: 10 }
  const listening = (cache: OrderPageCache) => {
    cache.setListening(true)
    return cache
  }

  test('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = listening(new OrderPageCache({ maxEntries: 3, maxBytes: 1 << 20 }))
    for (const user of ['a', 'b', 'c']) await cache.page(user, key, async () => `${user}1`)
    await cache.page('a', key, async () => 'unused') // a is now the most recently used
    await cache.page('d', key, async () => 'd1')
    assert.deepEqual(cache.size.entries, 3)
    assert.equal(await cache.page('b', key, async () => 'b2'), 'b2', 'b was dropped')
    assert.equal(await cache.page('a', key, async () => 'a2'), 'a1', 'a was kept')
  })

  test('keeps at most maxBytes, and never stores a body larger than that', async () => {
    const cache = listening(new OrderPageCache({ maxEntries: 100, maxBytes: 1000 }))
    for (let user = 0; user < 10; user++) await cache.page(`u${user}`, key, async () => 'x'.repeat(200))
    assert.equal(cache.size.entries, 2)
    assert.ok(cache.size.bytes <= 1000)
    await cache.page('big', key, async () => 'x'.repeat(600))
    assert.equal(await cache.page('big', key, async () => 'again'), 'again')
  })

  test('keeps the gzip of a cached page beside it (counted in its bytes), made once, dropped with the page', async () => {
    const cache = listening(new OrderPageCache({ maxEntries: 10, maxBytes: 100_000 }))
    const body = await cache.page('a', key, async () => JSON.stringify({ rows: 'x'.repeat(2000) }))
    const bodyBytes = cache.size.bytes
    const gzip = cache.gzipped('a', key, body)
    assert.equal(gunzipSync(gzip).toString('utf8'), body)
    assert.equal(cache.gzipped('a', key, body), gzip, 'the same bytes, not compressed again')
    assert.equal(cache.size.bytes, bodyBytes + gzip.length)
    // A body that is not the cached page's (a page read past the cache) is compressed, not kept.
    const other = JSON.stringify({ rows: 'y'.repeat(2000) })
    assert.equal(gunzipSync(cache.gzipped('a', key, other)).toString('utf8'), other)
    assert.equal(cache.size.bytes, bodyBytes + gzip.length)
    cache.invalidate('a')
    assert.equal(cache.size.bytes, 0)
  })

  test('a gzip that takes the cache over its byte budget makes room like a page does', async () => {
    const body = JSON.stringify({ rows: 'x'.repeat(2000) })
    const probe = listening(new OrderPageCache({ maxEntries: 10, maxBytes: 1 << 20 }))
    await probe.page('a', key, async () => body)
    const pageBytes = probe.size.bytes
    // Room for the two pages, not for their gzips too.
    const budget = 2 * pageBytes + 10
    const cache = listening(new OrderPageCache({ maxEntries: 10, maxBytes: budget }))
    const older = await cache.page('a', key, async () => body)
    await cache.page('b', key, async () => body)
    const gzip = cache.gzipped('b', key, body)
    assert.ok(cache.size.bytes <= budget, `${cache.size.bytes} bytes over ${budget}`)
    // The oldest page went; the page just gzipped stays with its gzip.
    assert.equal(cache.size.entries, 1)
    assert.equal(await cache.page('a', key, async () => 'read again'), 'read again')
    assert.equal(cache.gzipped('b', key, body), gzip)
    assert.equal(older, body)
  })

  test('a read that raced a write does not store what it read before the write', async () => {
    const cache = listening(new OrderPageCache({ maxEntries: 10, maxBytes: 1 << 20 }))
    let release!: () => void
    const slow = cache.page(
      'a',
      key,
      () => new Promise<string>((resolve) => (release = () => resolve('before the write'))),
    )
    cache.invalidate('a')
    release()
    assert.equal(await slow, 'before the write')
    assert.equal(await cache.page('a', key, async () => 'after the write'), 'after the write')
  })

  test('bypassed (never read, never stored) while the change listener is not listening', async () => {
    const cache = new OrderPageCache({ maxEntries: 10, maxBytes: 1 << 20 })
    assert.equal(await cache.page('a', key, async () => 'one'), 'one')
    assert.equal(await cache.page('a', key, async () => 'two'), 'two')
    cache.setListening(true)
    await cache.page('a', key, async () => 'three')
    assert.equal(await cache.page('a', key, async () => 'four'), 'three')
    cache.setListening(false)
    assert.equal(cache.size.entries, 0)
    assert.equal(await cache.page('a', key, async () => 'five'), 'five')
    assert.equal(await cache.page('a', key, async () => 'six'), 'six')
  })
})

describe('the prepared order page answers exactly what the former queries did', () => {
  // The former implementation: drizzle `select *`, then a separate count.
  async function formerPage(userId: string, pageIndex: number, pageSize: number, lifePayOrderType?: LifePayOrderType) {
    const where = lifePayOrderType
      ? and(eq(lifePayOrders.userId, userId), eq(lifePayOrders.lifePayOrderType, lifePayOrderType))
      : eq(lifePayOrders.userId, userId)
    const db = t.database.db
    const rows = await db
      .select()
      .from(lifePayOrders)
      .where(where)
      .orderBy(desc(lifePayOrders.creationTime), desc(lifePayOrders.orderNo))
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
    const [{ total }] = await db.select({ total: count() }).from(lifePayOrders).where(where)
    return { pageIndex, pageSize, totalCount: Number(total), items: rows.map(toOrderListItem) }
  }

  test('order (ties on creation time broken by order number), paging, totals past the end, type filter', async () => {
    const userId = randomUUID()
    await t.database.db.insert(users).values({
      id: userId,
      phoneNumber: '13400000099',
      userName: 'p',
      creationTime: new Date(),
    })
    const types = [LifePayOrderType.Phone, LifePayOrderType.Electric, LifePayOrderType.Gas]
    const base = Date.UTC(2026, 0, 1)
    await t.database.db.insert(lifePayOrders).values(
      Array.from({ length: 23 }, (_, index) => {
        // Three orders share each creation time.
        const creationTime = new Date(base + Math.floor(index / 3) * 60_000)
        return {
          id: randomUUID(),
          orderNo: `LPTEST${String((index * 7919) % 1000).padStart(4, '0')}`,
          userId,
          lifePayOrderType: types[index % 3],
          account: `acct-${index}`,
          parValueFen: 1000 * (index + 1),
          ratePpm: 985_000,
          payAmountFen: 985 * (index + 1),
          discountAmountFen: 15 * (index + 1),
          ...initialOrderState,
          lifePayType: index % 2 ? LifePayType.WxPay : null,
          idempotencyKey: `k-${index}`,
          requestHash: 'h',
          expireTime: creationTime,
          creationTime,
          updatedTime: creationTime,
        }
      }),
    )
    for (const lifePayOrderType of [undefined, ...types]) {
      for (const pageSize of [1, 4, 10, 50]) {
        for (let pageIndex = 1; pageIndex <= Math.ceil(23 / pageSize) + 2; pageIndex++) {
          assert.deepEqual(
            await orderPage(t.database.db, userId, pageIndex, pageSize, lifePayOrderType),
            await formerPage(userId, pageIndex, pageSize, lifePayOrderType),
            `type ${lifePayOrderType}, page ${pageIndex} of size ${pageSize}`,
          )
        }
      }
    }
    assert.deepEqual(await orderPage(t.database.db, randomUUID(), 1, 10, undefined), {
      pageIndex: 1,
      pageSize: 10,
      totalCount: 0,
      items: [],
    })
    assert.deepEqual(await orderPage(t.database.db, randomUUID(), 3, 10, undefined), {
      pageIndex: 3,
      pageSize: 10,
      totalCount: 0,
      items: [],
    })
  })
})

describe('X-LifePay-User-Id lookup cache', () => {
  test('an unknown id is not remembered: it works as soon as its login exists; case does not matter', async () => {
    const virtualUserId = randomUUID()
    const caller = { virtualUserId }
    assert.equal((await t.post('/api/LifePay/GetUserLifePayOrderPage', FIRST_PAGE, caller)).status, 401)
    const userId = randomUUID()
    const now = t.clock.now()
    await t.database.db
      .insert(users)
      .values({ id: userId, phoneNumber: '13400000098', userName: 'v', creationTime: now })
    await t.database.db
      .insert(virtualLogins)
      .values({ id: virtualUserId, userId, creationTime: now, expiresAt: new Date(now.getTime() + 60_000) })
    assert.equal((await pageOf(caller)).totalCount, 0)
    assert.equal((await pageOf({ virtualUserId: virtualUserId.toUpperCase() })).totalCount, 0)
  })
})

describe('life_pay_orders is written only through orderWrites.ts and transitionOrder', () => {
  test('no other server file inserts, updates or deletes it', () => {
    const root = join(__dirname, '..', 'src')
    const allowed = ['modules/lifePay/orderWrites.ts', 'modules/lifePay/orderStateMachine.ts']
    const offenders: string[] = []
    for (const file of readdirSync(root, { recursive: true }).map(String)) {
      if (!file.endsWith('.ts') || allowed.includes(file.split('\\').join('/'))) continue
      const text = readFileSync(join(root, file), 'utf8')
      if (
        /\.(insert|update|delete)\(\s*lifePayOrders\b/.test(text) ||
        /\b(insert into|update|delete from)\s+"?life_pay_orders\b/i.test(text)
      ) {
        offenders.push(relative(root, join(root, file)))
      }
    }
    assert.deepEqual(offenders, [])
  })
})
