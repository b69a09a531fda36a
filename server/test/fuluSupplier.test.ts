import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { ProviderNotification } from '@contract/admin'
import type { CreateLifePayOrderResult, GasParValue } from '@contract/lifePay'
import { GasProvider } from '@domain/gas'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { loadConfig } from '../src/config'
import { ConfigError } from '../src/configError'
import { DEV_OPERATOR_TOKEN } from '../src/configSchema'
import { jobs, rechargeAttempts } from '../src/db/schema'
import { SUPPLIER_UNAVAILABLE_REMARK } from '../src/modules/lifePay/fulfilment'
import { SUPPLIER_NOTIFY_PATH } from '../src/modules/lifePay/supplierNotifyRoutes'
import { productionProblems } from '../src/productionReadiness'
import { FULU_SANDBOX_APP_KEY, FULU_SANDBOX_APP_SECRET, type FuluSupplierConfig } from '../src/providers/fuluSettings'
import { fuluSign, signedJson, sortedCharacters } from '../src/providers/fuluSign'
import { chinaTime, createFuluSupplier, FuluAnswerError } from '../src/providers/fuluSupplier'
import { SupplierUnavailableError, type RechargeRequest } from '../src/providers/supplier'
import { FakeFulu, fakeFuluSign, type FakeFuluOrder } from './support/fakeFulu'
import { ManualClock } from './support/manualClock'
import { createPhoneOrder, newKey, orderDetail, orderRow, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, testConfig, type Caller, type TestApp } from './support/testApp'
import { waitFor } from './support/waitFor'

// The Fulu open platform (SUPPLIER_PROVIDER=fulu, docs/supplier.md): the adapter against a local fake of Fulu's
// gateway that checks our signatures and signs its own answers and callbacks, then whole orders through the app —
// paid in the sandbox cashier, submitted to the fake, delivered (or not) by its callback posted to our route.

const APP_KEY = 'q1W2e3R4t5Y6u7I8o9P0aSdFgHjKlZxCvBnM+/q1W2e3R4t5Y6u7I8o9P0aSdFgH'
const APP_SECRET = '7c4a8d09ca3762af61e59520943dc264'
const QUERY_AFTER_MS = 60_000
const MAX_ATTEMPTS = 3
const GAS_PRODUCT = 10_000_601
const OPERATOR = { headers: { 'x-operator-token': DEV_OPERATOR_TOKEN } }

const RECHARGING: [number, number, number | null] = [20, 10, 10]
const DELIVERED: [number, number, number | null] = [20, 30, 100]
const REFUNDED: [number, number, number | null] = [40, 50, 50]

let t: TestApp
let fake: FakeFulu
let alice: Caller

function settings(overrides: Partial<FuluSupplierConfig> = {}): FuluSupplierConfig {
  return {
    gateway: fake.url,
    appKey: APP_KEY,
    appSecret: APP_SECRET,
    // Far over a loaded machine's local round trip: only the held slow answer may time out.
    timeoutMs: 3_000,
    callbackMaxAgeMs: 5 * 60_000,
    products: { [`gas:${GasProvider.XinAo}:5000`]: GAS_PRODUCT },
    ...overrides,
  }
}

function postCallback(body: string) {
  return t.app.inject({
    method: 'POST',
    url: SUPPLIER_NOTIFY_PATH,
    headers: { 'content-type': 'application/json;charset=utf-8' },
    payload: body,
  })
}

before(async () => {
  fake = await new FakeFulu({
    appKey: APP_KEY,
    appSecret: APP_SECRET,
    now: () => (t ? t.clock.now() : new Date()),
    products: { [GAS_PRODUCT]: { name: '新奥燃气-50元', faceValueYuan: 50, priceYuan: 49.5 } },
    // Held past the test: a slow answer is a timeout whatever the machine's load, never a race with it.
    slowMs: 600_000,
    // Fulu posts to the callback address set in its console; here that route is reached through the app.
    deliver: async (body) => (await postCallback(body)).body,
  }).start()
  t = await createTestApp({
    config: {
      providers: { ...testConfig().providers, supplier: 'fulu' },
      fuluSupplier: settings(),
      supplierQueryAfterMs: QUERY_AFTER_MS,
      supplierQueryMaxIntervalMs: 10 * 60_000,
      jobs: { maxAttempts: MAX_ATTEMPTS },
    },
  })
  alice = { token: (await t.register('13600000088')).accessToken }
})
after(async () => {
  await t.close()
  await fake.close()
})

const phoneRequest = (orderNo: string, account: string, parValueFen = 10_000): RechargeRequest => ({
  orderNo,
  lifePayOrderType: LifePayOrderType.Phone,
  account,
  parValueFen,
  ispCode: 'yidong',
  electricType: null,
  gasOrgType: null,
})

describe('signature (docs/supplier.md § Signature)', () => {
  test("a callback Fulu's sandbox signed verifies; one character changed does not", () => {
    // Published with javareact/fulu-openapi's SignTest, signed by Fulu's public sandbox app.
    const callback =
      '{"order_id":"19102237851777002017","charge_finish_time":"2019-10-22 20:17:57","customer_order_no":"123456",' +
      '"order_status":"success","recharge_description":"充值成功","product_id":"10000489","price":"50.0000",' +
      '"buy_num":"1","operator_serial_number":"--","sign":"35d1c3403c42d2df58ed4e37991deee3"}'
    const fields = JSON.parse(callback) as Record<string, string>
    assert.equal(fuluSign(signedJson(fields), FULU_SANDBOX_APP_SECRET), fields.sign)
    assert.notEqual(fuluSign(signedJson({ ...fields, price: '5.0000' }), FULU_SANDBOX_APP_SECRET), fields.sign)
    // Through the adapter, read at the time it was sent.
    const clock = new ManualClock(new Date('2019-10-22T20:18:30+08:00'))
    const supplier = createFuluSupplier({ settings: settings({ appSecret: FULU_SANDBOX_APP_SECRET }), clock })
    assert.deepEqual(supplier.callback?.read(callback), {
      result: {
        orderNo: '123456',
        supplierOrderNo: '19102237851777002017',
        success: true,
        reason: null,
        costFen: 5000,
      },
    })
    const tampered = callback.replace('"price":"50.0000"', '"price":"0.0100"')
    assert.deepEqual(supplier.callback?.read(tampered), {
      refused: 'signature does not verify',
      verified: false,
      orderNo: '123456',
    })
  })

  test('characters sorted by code point, key order irrelevant; our signature and the fake’s agree', () => {
    assert.equal(sortedCharacters('{"b":"中","a":1}'), '"""""",1::ab{}中')
    const request = { method: 'fulu.order.info.get', biz_content: '{"customer_order_no":"LP1/中"}', app_key: 'k+/=' }
    const reordered = { app_key: 'k+/=', biz_content: request.biz_content, method: request.method }
    assert.equal(fuluSign(signedJson(request), APP_SECRET), fuluSign(signedJson(reordered), APP_SECRET))
    assert.equal(fuluSign(signedJson(request), APP_SECRET), fakeFuluSign(JSON.stringify(request), APP_SECRET))
  })
})

describe('settings', () => {
  const env = { SUPPLIER_PROVIDER: 'fulu', FULU_APP_KEY: APP_KEY }

  test('every missing or malformed setting is named at once; the secret may come from a file', () => {
    assert.throws(
      () => loadConfig({ SUPPLIER_PROVIDER: 'fulu', FULU_PRODUCTS: 'water:x:1=2,gas:acme:50=3' } as NodeJS.ProcessEnv),
      new ConfigError([
        'SUPPLIER_PROVIDER=fulu: FULU_APP_KEY is not set; FULU_APP_SECRET (or FULU_APP_SECRET_FILE) is not set; ' +
          'FULU_PRODUCTS: "water:x:1=2" is not kind:company:faceValue=productId (kind electric or gas); ' +
          'FULU_PRODUCTS: "gas:acme:50=3" names acme, not one of zhong_guo, xin_ao, hua_run, gang_hua, zhong_ran, bei_jing',
      ]),
    )
    assert.throws(
      () => loadConfig({ SUPPLIER_PROVIDER: 'signedhttp' } as NodeJS.ProcessEnv),
      /SUPPLIER_PROVIDER=signedhttp: it takes fulu or sandbox/,
    )
    const dir = mkdtempSync(join(tmpdir(), 'fulu-secret-'))
    writeFileSync(join(dir, 'fulu.secret'), `${APP_SECRET}\n`)
    const config = loadConfig({
      ...env,
      FULU_APP_SECRET_FILE: join(dir, 'fulu.secret'),
      FULU_PRODUCTS: 'gas:xin_ao:50=10000601, electric:guowang:100=10000585',
    } as NodeJS.ProcessEnv)
    rmSync(dir, { recursive: true, force: true })
    assert.deepEqual(config.fuluSupplier, {
      gateway: 'https://openapi.fulu.com/api/getway',
      appKey: APP_KEY,
      appSecret: APP_SECRET,
      timeoutMs: 10_000,
      callbackMaxAgeMs: 300_000,
      products: { 'gas:xin_ao:5000': 10_000_601, 'electric:guowang:10000': 10_000_585 },
    })
    assert.deepEqual(config.supplierCostBand, { minPercent: 80, maxPercent: 100 })
  })

  test('production refuses a weak secret, the public sandbox app and the sandbox gateway', () => {
    const production = { ...env, NODE_ENV: 'production' }
    const fuluProblems = (extra: Record<string, string>) =>
      productionProblems(loadConfig({ ...production, ...extra } as NodeJS.ProcessEnv)).filter((p) =>
        p.startsWith('FULU'),
      )
    assert.deepEqual(fuluProblems({ FULU_APP_SECRET: 'short' }), [
      'FULU_APP_SECRET: not 32 lower-case hex characters (Fulu issues it with the app key, open.fulu.com → 应用管理)',
    ])
    const sandbox = fuluProblems({
      FULU_APP_KEY: FULU_SANDBOX_APP_KEY,
      FULU_APP_SECRET: FULU_SANDBOX_APP_SECRET,
      FULU_GATEWAY: 'https://pre.openapi.fulu.com/api/getway',
    })
    assert.equal(sandbox.length, 3, sandbox.join('\n'))
    assert.match(sandbox[0], /^FULU_GATEWAY: pre\.openapi\.fulu\.com is Fulu's pre-release sandbox/)
    assert.match(sandbox[1], /^FULU_APP_SECRET: a published sandbox value/)
    assert.match(sandbox[2], /^FULU_APP_KEY: Fulu's public sandbox app/)
    assert.match(
      fuluProblems({ FULU_APP_SECRET: APP_SECRET, FULU_GATEWAY: 'http://openapi.fulu.com/api/getway' })[0],
      /^FULU_GATEWAY: .* is not https/,
    )
    assert.deepEqual(fuluProblems({ FULU_APP_SECRET: APP_SECRET }), [])
  })
})

describe('the adapter against the fake gateway', () => {
  const clock = new ManualClock()
  const supplier = () => createFuluSupplier({ settings: settings(), clock })

  test('phone credit: fulu.order.mobile.add, signed, answered with Fulu’s order id', async () => {
    const { supplierOrderNo } = await supplier().submit(phoneRequest('LPU0001', '13900000101'))
    const sent = fake.requests.find((request) => request.biz.customer_order_no === 'LPU0001')
    assert.deepEqual(sent, {
      method: 'fulu.order.mobile.add',
      biz: { charge_phone: '13900000101', charge_value: 100, customer_order_no: 'LPU0001' },
    })
    assert.equal(supplierOrderNo, fake.orders.get('LPU0001')?.orderId)
    assert.deepEqual(fake.rejected, [])
  })

  test('submitted again (our answer lost): Fulu says the number exists, its own record says it is ours', async () => {
    const first = await supplier().submit(phoneRequest('LPU0002', '13900000102'))
    const again = await supplier().submit(phoneRequest('LPU0002', '13900000102'))
    assert.deepEqual(again, first)
    assert.equal(fake.orders.get('LPU0002')?.submitCount, 2)
  })

  test('an error answer after Fulu took the order is an acceptance; a refusal with no order is definite', async () => {
    fake.setScript('13900000103', { submit: 'error', result: 'pending' })
    const taken = await supplier().submit(phoneRequest('LPU0003', '13900000103'))
    assert.equal(taken.supplierOrderNo, fake.orders.get('LPU0003')?.orderId)
    fake.setScript('13900000104', { submit: 'refuse' })
    await assert.rejects(
      supplier().submit(phoneRequest('LPU0004', '13900000104')),
      (error: Error) =>
        error instanceof SupplierUnavailableError &&
        /code 4001: 商户余额不足.*has no order LPU0004 \(code 5001: 订单不存在\)/.test(error.message),
    )
    assert.equal(fake.orders.has('LPU0004'), false)
  })

  test('an answer we cannot trust is an unknown outcome, never a refusal', async () => {
    fake.setScript('13900000105', { submit: 'unsigned', result: 'pending' })
    await assert.rejects(supplier().submit(phoneRequest('LPU0005', '13900000105')), (error: Error) => {
      assert.ok(error instanceof FuluAnswerError && !(error instanceof SupplierUnavailableError))
      return /code 0 without a valid signature/.test(error.message)
    })
    // Our secret wrong: Fulu refuses the request, and its refusal is signed by a secret we do not share.
    const wrong = createFuluSupplier({ settings: settings({ appSecret: `${APP_SECRET}x` }), clock })
    await assert.rejects(wrong.submit(phoneRequest('LPU0006', '13900000106')), (error: Error) => {
      assert.ok(!(error instanceof SupplierUnavailableError))
      return /code 1001 with a signature that does not verify/.test(error.message)
    })
    assert.deepEqual(fake.rejected, ['fulu.order.mobile.add'])
    // Nothing listens there: no answer at all.
    const gone = createFuluSupplier({ settings: settings({ gateway: 'http://127.0.0.1:9/api/getway' }), clock })
    await assert.rejects(gone.submit(phoneRequest('LPU0007', '13900000107')), FuluAnswerError)
  })

  test('fulu.order.info.get: untreated and processing, success, failed, no such order, unsigned', async () => {
    fake.setScript('13900000108', { result: 'pending' })
    await supplier().submit(phoneRequest('LPU0008', '13900000108'))
    const order = fake.orders.get('LPU0008') as FakeFuluOrder
    const processing = await supplier().query('LPU0008')
    assert.deepEqual(processing, {
      status: 'processing',
      supplierOrderNo: order.orderId,
      account: '13900000108',
      costFen: 9800,
      reason: null,
      finishedAt: null,
    })
    fake.settle(order, 'success', false)
    assert.deepEqual(await supplier().query('LPU0008'), {
      ...processing,
      status: 'succeeded',
      finishedAt: new Date(`${order.finishTime.replace(' ', 'T')}+08:00`),
    })
    fake.settle(order, 'failure', false)
    assert.equal((await supplier().query('LPU0008')).status, 'failed')
    assert.deepEqual(await supplier().query('LPU-never'), { status: 'notFound' })
    fake.setScript('13900000108', { query: 'unsigned' })
    assert.deepEqual(await supplier().query('LPU0008'), { status: 'unknown' })
  })

  test('utility top-ups: fulu.order.direct.add with the configured product; none configured, Fulu is never asked', async () => {
    const gas = (parValueFen: number): RechargeRequest => ({
      ...phoneRequest(`LPU-gas-${parValueFen}`, '88001234', parValueFen),
      lifePayOrderType: LifePayOrderType.Gas,
      ispCode: null,
      gasOrgType: GasProvider.XinAo,
    })
    const kind = (parValueFen: number) => ({ lifePayOrderType: LifePayOrderType.Gas, subType: 'xin_ao', parValueFen })
    assert.equal(supplier().offers?.(kind(5000)), true)
    assert.equal(supplier().offers?.(kind(10_000)), false)
    await supplier().submit(gas(5000))
    assert.deepEqual(fake.requests.at(-1), {
      method: 'fulu.order.direct.add',
      biz: { product_id: GAS_PRODUCT, customer_order_no: 'LPU-gas-5000', charge_account: '88001234', buy_num: 1 },
    })
    const asked = fake.requests.length
    await assert.rejects(supplier().submit(gas(10_000)), SupplierUnavailableError)
    assert.equal(fake.requests.length, asked)
  })

  test('no account lookup: Fulu publishes none, the user is told it cannot be checked now', async () => {
    const lookup = await supplier().lookupAccount({
      lifePayOrderType: LifePayOrderType.Gas,
      account: '88001234',
      electricType: null,
      gasOrgType: GasProvider.XinAo,
      province: null,
      city: null,
    })
    assert.deepEqual(lookup, { status: 'unavailable' })
  })
})

/** A phone order for `phone`, paid and handed to Fulu (the submit job has run once). */
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

/** The notification log's rows of this order, oldest first, as the operator reads them. */
async function deliveriesOf(orderNo: string): Promise<ProviderNotification[]> {
  const rows = await t.data(
    t.get<ProviderNotification[]>(`/api/admin/notifications?orderNo=${orderNo}&limit=50`, OPERATOR),
  )
  return rows.filter((row) => row.provider === 'fulu').reverse()
}

async function jobsOf(kind: string, orderNo: string) {
  const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, kind))
  return rows.filter((row) => (row.payload as { orderNo?: string }).orderNo === orderNo)
}

const stateIs = (orderNo: string, state: [number, number, number | null]) => async () =>
  JSON.stringify(await stateOf(t, alice, orderNo)) === JSON.stringify(state)

describe('through the app', () => {
  test('a phone top-up: order, payment, submission to Fulu, its callback, recharge succeeded', async () => {
    const orderNo = await paidOrder('13900000001')
    await waitFor('the callback to deliver the order', stateIs(orderNo, DELIVERED))
    const supplied = fake.orders.get(orderNo) as FakeFuluOrder
    assert.deepEqual(
      [supplied.method, supplied.chargeAccount, supplied.price],
      ['fulu.order.mobile.add', '13900000001', '98.0000'],
    )
    assert.equal((await orderRow(t, orderNo)).supplierOrderNo, supplied.orderId)
    await waitFor('the acknowledgement', () => supplied.deliveries.length === 1)
    assert.deepEqual(supplied.deliveries, ['success'])
    const [logged] = await deliveriesOf(orderNo)
    assert.deepEqual([logged.outcome, logged.verified, logged.route], ['recorded', true, SUPPLIER_NOTIFY_PATH])
    assert.match(logged.body, /"order_status":"success"/)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => [a.outcome, a.supplierOrderNo]),
      [['succeeded', supplied.orderId]],
    )
  })

  test('a callback with a wrong amount, another order id, an old time or a bad signature changes nothing', async () => {
    fake.setScript('13900000002', { result: 'pending' })
    const orderNo = await paidOrder('13900000002')
    const supplied = fake.orders.get(orderNo) as FakeFuluOrder
    const succeeded: FakeFuluOrder = { ...supplied, state: 'success', finishTime: chinaTime(t.clock.now()) }
    const sixMinutesAgo = chinaTime(new Date(t.clock.now().getTime() - 6 * 60_000))
    // Whole seconds on the wire: the milliseconds of now count in the age.
    const age = Math.round(
      (t.clock.now().getTime() - new Date(`${sixMinutesAgo.replace(' ', 'T')}+08:00`).getTime()) / 1000,
    )
    const bodies = [
      fake.callbackBody(succeeded, { price: '0.0100' }),
      fake.callbackBody(succeeded, { price: '120.0000' }),
      fake.callbackBody(succeeded, { buy_num: '2' }),
      fake.callbackBody(succeeded, { order_id: '99999999999999999999' }),
      fake.callbackBody({ ...succeeded, state: 'failed' }, { order_id: '99999999999999999999' }),
      fake.callbackBody(succeeded, { charge_finish_time: sixMinutesAgo }),
      fake.callbackBody(succeeded, {}, `${APP_SECRET}x`),
      fake
        .callbackBody({ ...succeeded, state: 'failed' })
        .replace('"order_status":"failed"', '"order_status":"success"'),
      JSON.stringify({ customer_order_no: orderNo, order_status: 'success' }),
      'customer_order_no=x',
    ]
    for (const body of bodies) {
      const answer = await postCallback(body)
      assert.deepEqual([answer.statusCode, answer.body], [200, 'fail'], body)
    }
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    const row = await orderRow(t, orderNo)
    assert.deepEqual([row.supplierResult, row.supplierOrderNo], [null, supplied.orderId])
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => a.outcome),
      ['accepted'],
    )
    // Each refused, in the log, saying why (the unparseable ones name no order).
    const logged = await deliveriesOf(orderNo)
    assert.deepEqual(
      logged.map((entry) => [entry.outcome, entry.verified, entry.reason]),
      [
        ['refused', true, 'charged ¥0.01 for a ¥100.00 top-up, below 80%: not what we ordered'],
        ['refused', true, 'charged ¥120.00 for a ¥100.00 top-up, above the agreed 100%'],
        ['refused', true, 'buy_num 2, we order one'],
        ['refused', true, `supplier order 99999999999999999999 is not ${supplied.orderId}, the one it accepted`],
        ['refused', true, `supplier order 99999999999999999999 is not ${supplied.orderId}, the one it accepted`],
        [
          'refused',
          true,
          `charge_finish_time ${sixMinutesAgo} is ${age} s from now, outside the 300 s window ` +
            '(the order query learns the result)',
        ],
        ['refused', false, 'signature does not verify'],
        ['refused', false, 'signature does not verify'],
        ['refused', false, 'signature does not verify'],
      ],
    )
    // Fulu's real word still settles it.
    fake.settle(supplied)
    await waitFor('the genuine callback', stateIs(orderNo, DELIVERED))
  })

  test('the same callback again (our acknowledgement lost): acknowledged, nothing changes', async () => {
    const orderNo = await paidOrder('13900000003')
    await waitFor('delivery', stateIs(orderNo, DELIVERED))
    const supplied = fake.orders.get(orderNo) as FakeFuluOrder
    const before = await attemptsOf(orderNo)
    for (let i = 0; i < 2; i++) assert.equal((await postCallback(fake.callbackBody(supplied))).body, 'success')
    assert.deepEqual(await attemptsOf(orderNo), before)
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
    assert.equal((await deliveriesOf(orderNo)).filter((row) => row.outcome === 'recorded').length, 3)
  })

  test('a failed recharge is refunded', async () => {
    fake.setScript('13900000004', { result: 'failure' })
    const orderNo = await paidOrder('13900000004')
    await waitFor('the failure callback', async () => (await orderRow(t, orderNo)).supplierResult?.startsWith('failed'))
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), REFUNDED)
    const [attempt] = await attemptsOf(orderNo)
    assert.deepEqual([attempt.outcome, attempt.reason], ['failed', '充值失败：运营商拒绝该号码'])
  })

  test('refused every time: retried, then refunded; Fulu never had it', async () => {
    fake.setScript('13900000005', { submit: 'refuse' })
    const orderNo = await paidOrder('13900000005')
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
    assert.match(attempts[0].reason ?? '', /商户余额不足/)
    assert.equal(fake.orders.has(orderNo), false)
  })

  test('a submission whose answer is lost: in flight, never refunded; the retry finds it taken; the query settles it', async () => {
    fake.setScript('13900000006', { submit: 'slow', callback: 'lost' })
    const orderNo = await paidOrder('13900000006')
    const supplied = fake.orders.get(orderNo) as FakeFuluOrder
    await waitFor('Fulu to settle it', () => supplied.state === 'success')
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => a.outcome),
      ['submitting'],
    )
    assert.equal((await jobsOf('refund.auto', orderNo)).length, 0)
    t.clock.advance(QUERY_AFTER_MS)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
    // One recharge at Fulu, submitted twice: the second answered "exists", confirmed by its own record.
    assert.equal(supplied.submitCount, 2)
    assert.equal((await orderRow(t, orderNo)).supplierOrderNo, supplied.orderId)
  })

  test('a lost callback: the query job learns the result', async () => {
    fake.setScript('13900000007', { callback: 'lost' })
    const orderNo = await paidOrder('13900000007')
    await waitFor('Fulu to settle it', () => fake.orders.get(orderNo)?.state === 'success')
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    t.clock.advance(QUERY_AFTER_MS)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
    assert.equal((await jobsOf('recharge.query', orderNo))[0].status, 'done')
  })

  test('a query answer that does not match the submission is not believed: asked again, never settled on', async () => {
    fake.setScript('13900000008', { callback: 'lost' })
    const orderNo = await paidOrder('13900000008')
    const supplied = fake.orders.get(orderNo) as FakeFuluOrder
    await waitFor('Fulu to settle it', () => supplied.state === 'success')
    supplied.price = '150.0000'
    t.clock.advance(QUERY_AFTER_MS)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), RECHARGING)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => a.outcome),
      ['accepted'],
    )
    const queries = await jobsOf('recharge.query', orderNo)
    assert.deepEqual(queries.map((job) => job.status).sort(), ['done', 'pending'])
    supplied.price = '98.0000'
    t.clock.advance(2 * QUERY_AFTER_MS)
    await t.app.jobs.drain()
    assert.deepEqual(await stateOf(t, alice, orderNo), DELIVERED)
  })

  test('the callback overtakes the submission’s answer: Fulu’s order id is recorded from it', async () => {
    fake.setScript('13900000009', { submit: 'slow' })
    const orderNo = await paidOrder('13900000009')
    await waitFor('the callback', stateIs(orderNo, DELIVERED))
    const supplied = fake.orders.get(orderNo) as FakeFuluOrder
    assert.equal((await orderRow(t, orderNo)).supplierOrderNo, supplied.orderId)
    assert.deepEqual(
      (await attemptsOf(orderNo)).map((a) => [a.outcome, a.supplierOrderNo]),
      [['succeeded', supplied.orderId]],
    )
  })

  test('gas: only the configured products offered; delivered through fulu.order.direct.add; others refused before payment', async () => {
    const gas = (parValue: number) =>
      t.post<CreateLifePayOrderResult>(
        '/api/LifePay/CreateLifePayGasOrder',
        {
          gasAccount: '88001234',
          gasOrgType: GasProvider.XinAo,
          province: '310000',
          city: '310100',
          parValue,
          idempotencyKey: newKey(),
        },
        alice,
      )
    // The catalog shows only what Fulu sells us: 新奥燃气 ¥50, no electricity at all.
    const gasCatalog = await t.data(t.post<GasParValue[]>('/api/LifePay/GetGasParValue', {}, alice))
    assert.deepEqual(
      gasCatalog.map((entry) => [entry.gasOrgType, entry.parValue]),
      [[GasProvider.XinAo, [50]]],
    )
    assert.deepEqual(await t.data(t.post('/api/LifePay/GetElectricParValue', {}, alice)), [])
    const refused = await gas(100)
    assert.deepEqual([refused.body.success, refused.body.error], [false, 'PAR_VALUE_NOT_OFFERED'])
    const { orderNo } = await t.data(gas(50))
    await payInSandbox(t, alice, orderNo)
    await t.app.jobs.drain()
    await waitFor('the callback to deliver the gas top-up', stateIs(orderNo, DELIVERED))
    const supplied = fake.orders.get(orderNo) as FakeFuluOrder
    assert.deepEqual(
      [supplied.method, supplied.productId, supplied.chargeAccount],
      ['fulu.order.direct.add', GAS_PRODUCT, '88001234'],
    )
  })

  test('a genuine callback for an order we never placed is not acknowledged', async () => {
    const supplied = [...fake.orders.values()][0]
    const unknownOrder = fake.callbackBody(
      { ...supplied, state: 'success', finishTime: chinaTime(t.clock.now()) },
      { customer_order_no: 'LP-no-such-order' },
    )
    assert.equal((await postCallback(unknownOrder)).body, 'fail')
    const [logged] = await deliveriesOf('LP-no-such-order')
    assert.deepEqual([logged.outcome, logged.verified, logged.reason], ['refused', true, 'no such order'])
  })
})
