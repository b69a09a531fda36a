import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import type { TokenResult } from '@contract/account'
import type { ApiEnvelope, PageResult } from '@contract/envelope'
import type { LifePayOrderListItem, LifePayRate } from '@contract/lifePay'
import { DEMO_USER } from '../../src/db/demoData'
import { lifePayOrders, lifePayRates, parValues, users } from '../../src/db/schema'
import { startServer, type RunningServer } from '../../src/server'
import { newKey } from '../support/orderFlows'
import { testConfig } from '../support/testApp'
import { openTestDatabase, type TestDatabase } from '../support/testDatabase'

// Two servers on one PostgreSQL, each with its own caches: a write on one reaches the other's cache through the
// database's notification (pg_notify on commit), and a cache whose listener is down is not used.
const skip = process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)'
const NOTIFICATION_DEADLINE_MS = 5_000

let database: TestDatabase
let a: RunningServer
let b: RunningServer
let token: string
before(async () => {
  if (skip) return
  database = await openTestDatabase()
  const config = testConfig({ port: 0, databaseUrl: database.url })
  ;[a, b] = [await startServer(config, { logger: false }), await startServer(config, { logger: false })]
  token = (
    await call<TokenResult>(a, '/api/Account/PasswordLogin', {
      loginName: DEMO_USER.phoneNumber,
      password: DEMO_USER.password,
    })
  ).accessToken
})
after(async () => {
  await Promise.all([a, b].filter(Boolean).map((instance) => instance.stop()))
  await database?.dispose()
})

async function call<T>(instance: RunningServer, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${instance.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await response.json()) as ApiEnvelope<T>
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`)
  return envelope.data as T
}

const firstPage = (instance: RunningServer) =>
  call<PageResult<LifePayOrderListItem>>(instance, '/api/LifePay/GetUserLifePayOrderPage', {
    pageIndex: 1,
    pageSize: 10,
  })

/** Polls until `check` passes; the time it took. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<number> {
  const started = Date.now()
  while (!(await check())) {
    assert.ok(Date.now() - started < NOTIFICATION_DEADLINE_MS, `${what} within ${NOTIFICATION_DEADLINE_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return Date.now() - started
}

/** Ends every LISTEN connection of this database from the server side, as a network failure or restart would. */
async function killListeners(): Promise<number> {
  const result = await database.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
  )
  return (result as unknown as { rows: unknown[] }).rows.length
}

describe('order-page and rate caches on two instances', { skip }, () => {
  test('an order created on A is on B’s cached first page once the notification arrives', async (t) => {
    await call(a, '/api/LifePay/CreateLifePayPhoneOrder', {
      phone: '13812345678',
      ispCode: 'yidong',
      parValue: 10,
      idempotencyKey: newKey(),
    })
    for (const instance of [a, b]) {
      await firstPage(instance)
      await firstPage(instance)
      assert.ok(instance.app.ctx.orderPages.size.entries > 0)
    }
    const before = (await firstPage(b)).totalCount
    const created = await call<{ orderNo: string }>(a, '/api/LifePay/CreateLifePayPhoneOrder', {
      phone: '13812345678',
      ispCode: 'yidong',
      parValue: 20,
      idempotencyKey: newKey(),
    })
    // The writer's own cache is invalidated before its answer is sent.
    assert.equal((await firstPage(a)).totalCount, before + 1)
    const delay = await eventually(
      async () => (await firstPage(b)).items.some((item) => item.orderNo === created.orderNo),
      'B sees the order',
    )
    t.diagnostic(`B's cache dropped the page ${delay} ms after A answered`)
  })

  test('a change made outside the server (SQL by hand) reaches both caches', async () => {
    const page = await firstPage(a)
    await firstPage(b)
    const { orderNo } = page.items[0]
    await database.db.update(lifePayOrders).set({ account: '13800001111' }).where(eq(lifePayOrders.orderNo, orderNo))
    for (const instance of [a, b]) {
      await eventually(
        async () => (await firstPage(instance)).items[0].account === '13800001111',
        'the new account is listed',
      )
    }
  })

  test('rates changed in the database reach both instances’ GetRate', async () => {
    const rateOf = async (instance: RunningServer) =>
      (await call<LifePayRate[]>(instance, '/api/LifePay/GetRate')).find((r) => r.rateType === 10)?.rate
    const original = await rateOf(a)
    await rateOf(b)
    const where = and(eq(lifePayRates.channelId, ''), eq(lifePayRates.rateType, 10))
    await database.db.update(lifePayRates).set({ ratePpm: 970_000 }).where(where)
    try {
      for (const instance of [a, b])
        await eventually(async () => (await rateOf(instance)) === 97, 'the new rate is served')
    } finally {
      await database.db
        .update(lifePayRates)
        .set({ ratePpm: Math.round((original as number) * 10_000) })
        .where(where)
    }
  })

  test('a face value withdrawn in the database is refused by both instances; offered again, accepted', async () => {
    // A number of its own each time: the duplicate guard never comes into it.
    let phone = 13812340100
    const create = (instance: RunningServer) =>
      fetch(`${instance.url}/api/LifePay/CreateLifePayPhoneOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ phone: String(phone++), ispCode: 'yidong', parValue: 30, idempotencyKey: newKey() }),
      }).then(async (response) => ((await response.json()) as ApiEnvelope<unknown>).error ?? 'created')
    // Both instances have the face values in memory (each create read them once).
    for (const instance of [a, b]) assert.equal(await create(instance), 'created')
    const thirty = and(
      eq(parValues.lifePayOrderType, 10),
      eq(parValues.subType, 'yidong'),
      eq(parValues.faceValueFen, 3000),
    )
    await database.db.delete(parValues).where(thirty)
    try {
      for (const instance of [a, b])
        await eventually(async () => (await create(instance)) === 'PAR_VALUE_NOT_OFFERED', 'the face value is refused')
    } finally {
      await database.db.insert(parValues).values({ lifePayOrderType: 10, subType: 'yidong', faceValueFen: 3000 })
    }
    for (const instance of [a, b])
      await eventually(async () => (await create(instance)) === 'created', 'the face value is accepted again')
  })

  test('a channel disabled through one instance prices at the default rates on both', async (t) => {
    // The caller (the demo user) signed up from `promo`: GetRate answers that channel's rates.
    const demo = eq(users.phoneNumber, DEMO_USER.phoneNumber)
    await database.db.update(users).set({ channelId: 'promo' }).where(demo)
    t.after(() => database.db.update(users).set({ channelId: '' }).where(demo))
    const promoRate = async (instance: RunningServer) =>
      (await call<LifePayRate[]>(instance, '/api/LifePay/GetRate')).find((r) => r.rateType === 10)?.rate
    for (const instance of [a, b]) assert.equal(await promoRate(instance), 97.5)
    const operatorCall = (action: string) =>
      fetch(`${a.url}/api/admin/channels/promo/${action}`, {
        method: 'POST',
        headers: { 'x-operator-token': a.app.ctx.config.operatorToken },
      })
    assert.equal((await operatorCall('disable')).status, 200)
    try {
      for (const instance of [a, b])
        await eventually(async () => (await promoRate(instance)) === 98.5, 'the default rate is served')
    } finally {
      await operatorCall('enable')
    }
    for (const instance of [a, b])
      await eventually(async () => (await promoRate(instance)) === 97.5, 'the channel rate is back')
  })

  test('while the listener is down the cache is bypassed; once it listens again the cache serves again', async () => {
    await firstPage(b)
    await firstPage(b)
    assert.ok(b.app.ctx.orderPages.enabled)
    assert.ok((await killListeners()) >= 2)
    await eventually(async () => !b.app.ctx.orderPages.enabled, 'B notices its listener is gone')
    assert.equal(b.app.ctx.orderPages.size.entries, 0, 'cleared')
    // Notifications sent now are lost: every read must still be fresh, so none may come from the cache.
    const { orderNo } = (await firstPage(b)).items[0]
    for (const account of ['13800002222', '13800003333']) {
      await database.db.update(lifePayOrders).set({ account }).where(eq(lifePayOrders.orderNo, orderNo))
      if (!b.app.ctx.orderPages.enabled) assert.equal((await firstPage(b)).items[0].account, account)
    }
    await eventually(async () => b.app.ctx.orderPages.enabled, 'B listens again')
    assert.equal((await firstPage(b)).items[0].account, '13800003333')
    await firstPage(b)
    assert.ok(b.app.ctx.orderPages.size.entries > 0, 'cached again')
  })
})
