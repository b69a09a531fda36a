import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { loadConfig } from '../src/config'
import { jobs, providerNotifications, rechargeAttempts } from '../src/db/schema'
import { SUPPLIER_UNAVAILABLE_REMARK } from '../src/modules/lifePay/fulfilment'
import { SUPPLIER_NOTIFY_PATH } from '../src/modules/lifePay/supplierNotifyRoutes'
import { productionProblems } from '../src/productionReadiness'
import { signContent, signParams } from '../src/providers/signedHttpSupplier'
import { FakeSupplier, type FakeOrder } from './support/fakeSupplier'
import { createPhoneOrder, orderDetail, orderRow, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, testConfig, type Caller, type TestApp } from './support/testApp'
import { waitFor } from './support/waitFor'

// The signed-HTTP supplier (SUPPLIER_PROVIDER=signedhttp) end to end: orders paid in the sandbox cashier, handed to a
// local fake supplier that speaks docs/supplierProtocol.md with real signatures, its callbacks posted to our route.

const MERCHANT_ID = 'M100200300'
const KEY = 'Fq8Lz3Wn6Tb1Yc9Vk4Xh7Rd2Mp5Gs0Ja-Ue'
const NOTIFY_URL = `https://lifepay.example.com${SUPPLIER_NOTIFY_PATH}`
const QUERY_AFTER_MS = 60_000
const MAX_ATTEMPTS = 3

const RECHARGING: [number, number, number | null] = [20, 10, 10]
const DELIVERED: [number, number, number | null] = [20, 30, 100]
const REFUNDED: [number, number, number | null] = [40, 50, 50]

let t: TestApp
let fake: FakeSupplier
let alice: Caller

function postCallback(body: string) {
  return t.app.inject({
    method: 'POST',
    url: SUPPLIER_NOTIFY_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  })
}

before(async () => {
  fake = await new FakeSupplier({
    merchantId: MERCHANT_ID,
    key: KEY,
    // Held past the test: a slow answer is a timeout whatever the machine's load, never a race with it.
    slowMs: 600_000,
    // The supplier posts to the notify URL we gave it; here that URL's route is reached through the app.
    deliver: async (notifyUrl, body) => {
      assert.equal(notifyUrl, NOTIFY_URL)
      return (await postCallback(body)).body
    },
  }).start()
  t = await createTestApp({
    config: {
      providers: { ...testConfig().providers, supplier: 'signedhttp' },
      signedHttpSupplier: {
        gateway: fake.url,
        merchantId: MERCHANT_ID,
        key: KEY,
        notifyUrl: NOTIFY_URL,
        // Far over a loaded machine's local round trip: at 300 ms and again at 800 ms a query on a busy CI machine
        // timed out and left the order recharging. Only the held slow answer may time out.
        timeoutMs: 3_000,
      },
      supplierQueryAfterMs: QUERY_AFTER_MS,
      supplierQueryMaxIntervalMs: 10 * 60_000,
      jobs: { maxAttempts: MAX_ATTEMPTS },
    },
  })
  alice = { token: (await t.register('13600000077')).accessToken }
})
after(async () => {
  await t.close()
  await fake.close()
})

/** A phone order for `phone`, paid and handed to the supplier (the submit job has run once). */
async function paidOrder(phone: string): Promise<string> {
  const { orderNo } = await createPhoneOrder(t, alice, { phone })
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  return orderNo
}

async function attemptsOf(orderNo: string) {
  const order = await orderRow(t, orderNo)
  return t.database.db.select().from(rechargeAttempts).where(eq(rechargeAttempts.orderId, order.id))
}

/** The notification log's rows for this order's supplier callbacks, oldest first. */
async function deliveriesOf(orderNo: string) {
  const rows = await t.database.db
    .select()
    .from(providerNotifications)
    .where(eq(providerNotifications.orderNo, orderNo))
    .orderBy(providerNotifications.id)
  return rows.filter((row) => row.provider === 'supplier')
}

async function jobsOf(kind: string, orderNo: string) {
  const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, kind))
  return rows.filter((row) => (row.payload as { orderNo?: string }).orderNo === orderNo)
}

const stateIs = (orderNo: string, state: [number, number, number | null]) => async () =>
  JSON.stringify(await stateOf(t, alice, orderNo)) === JSON.stringify(state)

describe('settings', () => {
  test('every missing setting is named at once; the key may come from a file; production refuses a weak key', () => {
    assert.throws(
      () => loadConfig({ SUPPLIER_PROVIDER: 'signedhttp' } as NodeJS.ProcessEnv),
      new Error(
        'SUPPLIER_PROVIDER=signedhttp: SUPPLIER_GATEWAY is not set; SUPPLIER_MERCHANT_ID is not set; ' +
          'SUPPLIER_NOTIFY_URL is not set; SUPPLIER_KEY (or SUPPLIER_KEY_FILE) is not set',
      ),
    )
    assert.throws(() => loadConfig({ SUPPLIER_PROVIDER: 'acooly' } as NodeJS.ProcessEnv), /sandbox and signedhttp/)
    const dir = mkdtempSync(join(tmpdir(), 'supplier-key-'))
    const keyFile = join(dir, 'supplier.key')
    writeFileSync(keyFile, `${KEY}\n`)
    const env = {
      SUPPLIER_PROVIDER: 'signedhttp',
      SUPPLIER_GATEWAY: 'https://supplier.example.com/api',
      SUPPLIER_MERCHANT_ID: MERCHANT_ID,
      SUPPLIER_NOTIFY_URL: NOTIFY_URL,
    }
    const config = loadConfig({ ...env, SUPPLIER_KEY_FILE: keyFile } as NodeJS.ProcessEnv)
    assert.deepEqual(config.signedHttpSupplier, {
      gateway: 'https://supplier.example.com/api',
      merchantId: MERCHANT_ID,
      key: KEY,
      notifyUrl: NOTIFY_URL,
      timeoutMs: 10_000,
    })
    assert.throws(
      () => loadConfig({ ...env, SUPPLIER_KEY_FILE: join(dir, 'missing') } as NodeJS.ProcessEnv),
      /SUPPLIER_KEY_FILE: cannot read/,
    )
    rmSync(dir, { recursive: true, force: true })
    const weak = loadConfig({ ...env, NODE_ENV: 'production', SUPPLIER_KEY: 'short' } as NodeJS.ProcessEnv)
    assert.ok(
      productionProblems(weak).includes('SUPPLIER_KEY: 5 characters, at least 32 needed (the supplier issues it)'),
    )
    const strong = loadConfig({ ...env, NODE_ENV: 'production', SUPPLIER_KEY: KEY } as NodeJS.ProcessEnv)
    assert.ok(!productionProblems(strong).some((problem) => problem.startsWith('SUPPLIER')))
  })
})

describe('signing (docs/supplierProtocol.md § Signature)', () => {
  test('sorted by name, sign and empty values left out, HMAC-SHA256 in lower-case hex', () => {
    const params = {
      orderNo: 'LP1',
      amountFen: '10000',
      merchantId: 'M1',
      gasOrgType: '',
      sign: 'x',
      signType: 'HMAC-SHA256',
    }
    assert.equal(signContent(params), 'amountFen=10000&merchantId=M1&orderNo=LP1&signType=HMAC-SHA256')
    // The protocol document's worked example.
    assert.equal(signParams('example-key', params), 'ee75c7ff6c2ef2558807cb324be0f533b4a1966614c46e0b715421923bf18ef7')
  })
})

describe('signed-HTTP supplier', () => {
  test('accepted, then delivered by its signed callback, acknowledged once', async () => {
    const orderNo = await paidOrder('13900000001')
    await waitFor('the callback to deliver the order', stateIs(orderNo, DELIVERED))
    const supplied = fake.orders.get(orderNo) as FakeOrder
    assert.equal(supplied.params.productType, 'phone')
    assert.equal(supplied.params.account, '13900000001')
    assert.equal(supplied.params.amountFen, '10000')
    assert.equal(supplied.params.notifyUrl, NOTIFY_URL)
    assert.equal((await orderRow(t, orderNo)).supplierOrderNo, supplied.supplierOrderNo)
    await waitFor('the acknowledgement', () => supplied.deliveries.length === 1)
    assert.deepEqual(supplied.deliveries, ['SUCCESS'])
    assert.deepEqual(fake.rejected, [])
  })

  test('the same callback again (our acknowledgement lost): acknowledged, nothing changes', async () => {
    const orderNo = await paidOrder('13900000002')
    await waitFor('delivery', stateIs(orderNo, DELIVERED))
    const supplied = fake.orders.get(orderNo) as FakeOrder
    const before = await attemptsOf(orderNo)
    for (let i = 0; i < 2; i++) assert.equal((await postCallback(fake.callbackBody(supplied))).body, 'SUCCESS')
    // The supplier's own delivery and our two repeats, each in the notification log with the raw body.
    const logged = await deliveriesOf(orderNo)
    assert.equal(logged.length, 3)
    assert.ok(logged.every((row) => row.outcome === 'recorded' && row.verified && row.route === SUPPLIER_NOTIFY_PATH))
    assert.match(logged[2].body, /status=SUCCEEDED/)
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
    assert.deepEqual(await attemptsOf(orderNo), before)
    assert.equal(before.length, 1)
  })

  test('a failed recharge reported by callback is refunded', async () => {
    fake.setScript('13900000003', { result: 'failure' })
    const orderNo = await paidOrder('13900000003')
    await waitFor('the failure callback', async () => (await orderRow(t, orderNo)).supplierResult?.startsWith('failed'))
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), REFUNDED)
    const [attempt] = await attemptsOf(orderNo)
    assert.deepEqual([attempt.outcome, attempt.reason], ['failed', 'the carrier rejected the account'])
  })

  test('refused every time: retried, then refunded; the supplier never had it', async () => {
    fake.setScript('13900000004', { submit: 'refuse' })
    const orderNo = await paidOrder('13900000004')
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      t.clock.advance(6 * 60_000)
      await t.app.jobs.drain()
    }
    assert.deepEqual(await stateOf(t, alice, orderNo), REFUNDED)
    assert.equal((await orderDetail(t, alice, orderNo)).refundCheckRemark, SUPPLIER_UNAVAILABLE_REMARK)
    const attempts = await attemptsOf(orderNo)
    assert.deepEqual(
      attempts.map((a) => a.outcome),
      ['unavailable', 'unavailable', 'unavailable'],
    )
    assert.match(attempts[0].reason ?? '', /BALANCE_INSUFFICIENT/)
    assert.equal(fake.orders.has(orderNo), false)
  })

  test('a submission that times out stays in flight, is never refunded, and the query settles it', async () => {
    fake.setScript('13900000005', { submit: 'slow', callback: 'lost' })
    const orderNo = await paidOrder('13900000005')
    // The supplier took it, but its answer came too late: we cannot know, so nothing is given up.
    assert.equal(fake.orders.get(orderNo)?.status, 'SUCCEEDED')
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => a.outcome),
      ['submitting'],
    )
    assert.equal((await jobsOf('refund.auto', orderNo)).length, 0)
    t.clock.advance(QUERY_AFTER_MS)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => a.outcome),
      ['succeeded'],
    )
    // The retry resubmitted the same order number: one recharge at the supplier, answered DUPLICATE.
    const supplied = fake.orders.get(orderNo) as FakeOrder
    assert.deepEqual([supplied.submitCount, supplied.deliveries.length], [2, 0])
    assert.equal((await orderRow(t, orderNo)).supplierOrderNo, supplied.supplierOrderNo)
  })

  test('a lost callback: the query job learns the result', async () => {
    fake.setScript('13900000006', { callback: 'lost' })
    const orderNo = await paidOrder('13900000006')
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => a.outcome),
      ['accepted'],
    )
    t.clock.advance(QUERY_AFTER_MS - 1)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    t.clock.advance(1)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
    const [query] = await jobsOf('recharge.query', orderNo)
    assert.equal(query.status, 'done')
  })

  test('unsigned answers are unknown: the attempt waits, never refunded, until the supplier answers properly', async () => {
    fake.setScript('13900000007', { submit: 'unsigned', query: 'unsigned', result: 'pending' })
    const orderNo = await paidOrder('13900000007')
    for (let i = 0; i < 8; i++) {
      t.clock.advance(10 * 60_000)
      await t.app.jobs.drain()
    }
    // Every submission retry spent, every query unknown: still recharging, no refund.
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    assert.equal((await jobsOf('refund.auto', orderNo)).length, 0)
    const [submit] = await jobsOf('recharge.submit', orderNo)
    assert.deepEqual([submit.status, submit.attempts], ['failed', MAX_ATTEMPTS])
    const queries = await jobsOf('recharge.query', orderNo)
    assert.ok(queries.length >= 3, `asked ${queries.length} times`)
    assert.equal(queries.filter((job) => job.status === 'pending').length, 1)
    // The supplier settles it and signs again: the next query delivers the order.
    const supplied = fake.orders.get(orderNo) as FakeOrder
    Object.assign(supplied, { status: 'SUCCEEDED', finishTime: '2026-01-01 12:00:00' })
    fake.setScript('13900000007', { submit: 'unsigned', query: 'answer', result: 'pending' })
    t.clock.advance(10 * 60_000)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
  })

  test('forged callbacks are answered FAIL and change nothing', async () => {
    fake.setScript('13900000008', { result: 'pending' })
    const orderNo = await paidOrder('13900000008')
    const supplied = fake.orders.get(orderNo) as FakeOrder
    const forged = { ...supplied, status: 'SUCCEEDED' as const }
    const wrongKey = fake.callbackBody(forged, {}, 'not-the-key')
    const otherMerchant = fake.callbackBody(forged, { merchantId: 'M999' })
    const tampered = fake.callbackBody({ ...supplied, status: 'FAILED' }).replace('status=FAILED', 'status=SUCCEEDED')
    const unsigned = new URLSearchParams({ merchantId: MERCHANT_ID, orderNo, status: 'SUCCEEDED' }).toString()
    for (const body of [wrongKey, otherMerchant, tampered, unsigned, '']) {
      const answer = await postCallback(body)
      assert.deepEqual([answer.statusCode, answer.body], [200, 'FAIL'])
    }
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    assert.equal((await orderRow(t, orderNo)).supplierResult, null)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => a.outcome),
      ['accepted'],
    )
    // Each delivery is in the notification log, refused and why; the forged ones naming the order as they claimed.
    const logged = await deliveriesOf(orderNo)
    assert.deepEqual(
      logged.map((row) => [row.outcome, row.verified]),
      [
        ['refused', false],
        ['refused', false],
        ['refused', false],
        ['refused', false],
      ],
    )
  })

  test('a genuine callback for an order we never placed is not acknowledged', async () => {
    const supplied = fake.orders.get([...fake.orders.keys()][0]) as FakeOrder
    const unknownOrder = fake.callbackBody({ ...supplied, orderNo: 'LP-no-such-order' })
    assert.equal((await postCallback(unknownOrder)).body, 'FAIL')
    const [logged] = await deliveriesOf('LP-no-such-order')
    assert.deepEqual([logged.outcome, logged.verified, logged.reason], ['refused', true, 'no such order'])
  })
})
