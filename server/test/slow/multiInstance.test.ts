import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { inArray } from 'drizzle-orm'
import type { TokenResult } from '@contract/account'
import type { ApiEnvelope } from '@contract/envelope'
import type { CreateLifePayOrderResult } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import { DEMO_USER } from '../../src/db/demoData'
import { jobs, lifePayOrders, sandboxRecharges } from '../../src/db/schema'
import type { SandboxPayment } from '../../src/providers/sandboxPayment'
import { startServer, type RunningServer } from '../../src/server'
import { newKey } from '../support/orderFlows'
import { testConfig } from '../support/testApp'
import { openTestDatabase, type TestDatabase } from '../support/testDatabase'

// Issue 9: several instances on one PostgreSQL share the work and never do it twice. Two servers run in this
// process, each with its own connection pool and job worker, as separate instances would.
const skip = process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)'
const ORDERS = 200

let database: TestDatabase
let instances: RunningServer[] = []
before(async () => {
  if (skip) return
  database = await openTestDatabase()
  const config = testConfig({
    port: 0,
    databaseUrl: database.url,
    sandboxSupplierDelayMs: 100,
    jobs: { enabled: true, pollMs: 20, concurrency: 8, leaseMs: 30_000 } as never,
  })
  instances = [await startServer(config, { logger: false }), await startServer(config, { logger: false })]
})
after(async () => {
  await Promise.all(instances.map((instance) => instance.stop()))
  await database?.dispose()
})

async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const envelope = (await response.json()) as ApiEnvelope<T>
  if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`)
  return envelope.data as T
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++
        await work(items[index], index)
      }
    }),
  )
}

describe('two instances on one PostgreSQL', { skip }, () => {
  test(`${ORDERS} orders paid, each notification delivered twice to alternating instances: each fulfilled once`, async (t) => {
    const [a, b] = instances
    const token = (
      await post<TokenResult>(a.url, '/api/Account/PasswordLogin', {
        loginName: DEMO_USER.phoneNumber,
        password: DEMO_USER.password,
      })
    ).accessToken
    const orders: CreateLifePayOrderResult[] = []
    await inParallel(Array.from({ length: ORDERS }), 20, async (_, index) => {
      const target = index % 2 === 0 ? a : b
      orders.push(
        await post(
          target.url,
          '/api/LifePay/CreateLifePayPhoneOrder',
          { phone: '13812345678', ispCode: 'yidong', parValue: 10, idempotencyKey: newKey() },
          token,
        ),
      )
    })

    const sandbox = a.app.ctx.sandboxes.payment as SandboxPayment
    const deliveries = orders.flatMap((order, index) =>
      [0, 1].map((copy) => ({ order, transactionId: `tx-multi-${index}`, instance: (index + copy) % 2 === 0 ? a : b })),
    )
    const started = Date.now()
    await inParallel(deliveries, 40, async ({ order, transactionId, instance }) => {
      const body = JSON.stringify({
        orderNo: order.orderNo,
        transactionId,
        lifePayType: LifePayType.WxPay,
        amountFen: Math.round(order.payAmount * 100),
        paidAt: new Date().toISOString(),
      })
      const response = await fetch(`${instance.url}/api/pay/notify/wxpay`, {
        method: 'POST',
        body,
        headers: sandbox.signNotification(body),
      })
      assert.equal(((await response.json()) as { success: boolean }).success, true)
    })

    const orderNos = orders.map((order) => order.orderNo)
    const deadline = Date.now() + 60_000
    for (;;) {
      const rows = await database.db.select().from(lifePayOrders).where(inArray(lifePayOrders.orderNo, orderNos))
      if (rows.every((row) => row.lifePayOrderStatus === 30)) break
      assert.ok(Date.now() < deadline, `only ${rows.filter((row) => row.lifePayOrderStatus === 30).length} completed`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const elapsed = Date.now() - started

    const recharges = await database.db
      .select()
      .from(sandboxRecharges)
      .where(inArray(sandboxRecharges.orderNo, orderNos))
    assert.equal(recharges.length, ORDERS)
    const submittedTwice = recharges.filter((recharge) => recharge.submitCount !== 1).length
    assert.equal(submittedTwice, 0)
    const allJobs = await database.db.select().from(jobs)
    const ofOrder = (job: (typeof allJobs)[number]) => (job.payload as { orderNo?: string }).orderNo
    const submits = allJobs.filter((job) => job.kind === 'recharge.submit' && orderNos.includes(ofOrder(job) ?? ''))
    assert.equal(submits.length, ORDERS)
    // Watchdogs due later are not left behind: the unpaid orders' expiry sweep (one per slot, each run queues the
    // next), the supplier query that asks about a recharge whose callback never came (due SUPPLIER_QUERY_AFTER_MS after
    // submission; a no-op once the result is in), and the next morning's reconciliation each instance schedules at
    // start (RECONCILIATION_AT, one per day).
    const dueLater = (job: (typeof allJobs)[number]) => job.status === 'pending' && job.runAt > new Date()
    const watchdog = (job: (typeof allJobs)[number]) =>
      job.kind === 'order.expirySweep' ||
      (job.kind === 'recharge.query' && dueLater(job)) ||
      (job.kind === 'reconciliation.daily' && dueLater(job))
    const left = allJobs.filter((job) => !watchdog(job) && job.status !== 'done')
    assert.deepEqual(left, [], 'no job left behind')
    // One watchdog per recharge, however many instances handled the order.
    const queries = allJobs.filter((job) => job.kind === 'recharge.query' && orderNos.includes(ofOrder(job) ?? ''))
    assert.equal(queries.length, ORDERS)
    t.diagnostic(
      `orders ${ORDERS}, notifications delivered ${deliveries.length} (duplicates ${deliveries.length - ORDERS}), ` +
        `recharges submitted ${recharges.length}, duplicates processed ${submittedTwice}; all completed in ${elapsed} ms`,
    )
  })
})
