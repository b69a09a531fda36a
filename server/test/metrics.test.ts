import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import Fastify from 'fastify'
import { LifePayType } from '@domain/lifePayType'
import type { AppContext } from '../src/appContext'
import { loadConfig } from '../src/config'
import { createMetrics } from '../src/modules/metrics/metrics'
import { registerMetricsRoutes } from '../src/modules/metrics/routes'
import { productionProblems } from '../src/productionReadiness'
import type { SupplierProvider } from '../src/providers/supplier'
import { createPhoneOrder, payInSandbox } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 38, item 5: what on-call reads at /metrics — requests by route, provider calls and their failures, the
// orders still waiting for something, jobs, orphan payments — and who may read it.

const METRICS_TOKEN = 'Mt7Kq2Zr9Xw4Lp8Vn3Bc6Hd1Fg5Js0Ay-metrics'

async function scrape(t: TestApp, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers })
  return { status: response.statusCode, text: response.body, type: response.headers['content-type'] }
}

/** The value of one sample line (`name{labels} value`), the labels given in the order Prometheus prints them. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${name}${labels ? `{${labels}}` : ''} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('/metrics outside production', () => {
  let t: TestApp
  let alice: Caller
  before(async () => {
    t = await createTestApp()
    alice = { token: (await t.register('13800001111')).accessToken }
  })
  after(() => t.close())

  test('Prometheus text: requests by route template (never an order number), the process, the database', async () => {
    const { orderNo } = await createPhoneOrder(t, alice)
    await t.get(`/api/LifePay/GetUserLifePayOrderDetail?orderNo=${orderNo}`, alice)
    const { status, text, type } = await scrape(t)
    assert.equal(status, 200)
    assert.match(String(type), /^text\/plain; version=0\.0\.4/)
    const route =
      'lifepay_http_request_duration_seconds_count{method="GET",route="/api/LifePay/GetUserLifePayOrderDetail"'
    assert.ok(text.includes(`${route},status="2xx"} 1`), text.slice(0, 2000))
    assert.ok(!text.includes(orderNo), 'no order number in any label')
    assert.ok(sample(text, 'lifepay_process_resident_memory_bytes') !== undefined)
    assert.equal(sample(text, 'lifepay_orders_unsettled', 'state="unpaid"'), 1)
  })

  test('orders by what they wait for, as payment moves them; the payment provider timed under its name', async () => {
    const fresh = async () => {
      // A scrape reads the database at most every 5 s (of the app's clock).
      t.clock.advance(6_000)
      return (await scrape(t)).text
    }
    const before = await fresh()
    const count = (text: string, state: string) => sample(text, 'lifepay_orders_unsettled', `state="${state}"`)
    const { orderNo } = await createPhoneOrder(t, alice, { phone: '13800002222' })
    const created = await fresh()
    assert.equal(count(created, 'unpaid'), (count(before, 'unpaid') ?? 0) + 1)
    await payInSandbox(t, alice, orderNo)
    await t.app.jobs.drain()
    // Paid, and the sandbox supplier answers later: waiting for the recharge, for as long as the clock has moved.
    const paid = await fresh()
    assert.equal(count(paid, 'unpaid'), count(before, 'unpaid'))
    assert.equal(count(paid, 'recharging'), (count(before, 'recharging') ?? 0) + 1)
    assert.ok((sample(paid, 'lifepay_orders_undelivered_oldest_seconds') ?? 0) >= 6)
    await t.app.jobs.drain()
    const delivered = await fresh()
    assert.equal(count(delivered, 'recharging'), count(before, 'recharging'))
    assert.ok((sample(delivered, 'lifepay_paid_to_delivered_orders') ?? 0) >= 1)
    assert.ok((sample(delivered, 'lifepay_paid_to_delivered_seconds', 'quantile="0.5"') ?? 0) >= 6)
    const prepare = `provider="payment:sandbox:${LifePayType.WxPay}",operation="prepare",outcome="ok"`
    assert.ok((sample(delivered, 'lifepay_provider_call_duration_seconds_count', prepare) ?? 0) >= 1)
  })
})

describe('provider failures are counted', () => {
  test('a supplier that cannot be reached: its calls counted as failures, by operation', async () => {
    const failing: SupplierProvider = {
      async submit() {
        throw new Error('connect ECONNREFUSED')
      },
      async query() {
        throw new Error('connect ECONNREFUSED')
      },
    } as unknown as SupplierProvider
    const t = await createTestApp({ providers: { supplier: failing } })
    try {
      await assert.rejects(() => t.app.ctx.providers.supplier.query({ orderNo: 'LP1' } as never))
      const { text } = await scrape(t)
      assert.equal(
        sample(text, 'lifepay_provider_call_failures_total', 'provider="supplier:sandbox",operation="query"'),
        1,
      )
    } finally {
      await t.close()
    }
  })
})

describe('/metrics in production', () => {
  const productionApp = async (metricsToken: string | null) => {
    const app = Fastify()
    const ctx = { config: { production: true, metricsToken } } as unknown as AppContext
    registerMetricsRoutes(app, ctx, createMetrics())
    await app.ready()
    return app
  }

  test('not served without METRICS_TOKEN; with it, only to the bearer of the token', async () => {
    const closed = await productionApp(null)
    assert.equal((await closed.inject({ method: 'GET', url: '/metrics' })).statusCode, 404)
    await closed.close()
    const app = await productionApp(METRICS_TOKEN)
    const status = async (authorization?: string) =>
      (await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })).statusCode
    assert.equal(await status(), 401)
    assert.equal(await status('Bearer not-the-token'), 401)
    assert.equal(await status(METRICS_TOKEN), 401)
    assert.equal(await status(`Bearer ${METRICS_TOKEN}`), 200)
    await app.close()
  })

  test('a weak METRICS_TOKEN stops a production start, by name', () => {
    const problems = productionProblems({ ...loadConfig({ NODE_ENV: 'production' }), metricsToken: 'metrics' })
    assert.ok(
      problems.some((problem) => problem.startsWith('METRICS_TOKEN:')),
      problems.join('\n'),
    )
  })
})
