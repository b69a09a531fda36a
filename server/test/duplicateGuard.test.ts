import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { ApiEnvelope } from '@contract/envelope'
import type { CreateLifePayOrderResult, DuplicateOrderRefusal } from '@contract/lifePay'
import { CarrierCode } from '@domain/carrier'
import { OPEN_ORDERS_PER_ACCOUNT, SAME_AMOUNT_WINDOW_MINUTES } from '@domain/duplicateOrder'
import { GasProvider } from '@domain/gas'
import { LifePayType } from '@domain/lifePayType'
import { lifePayOrders } from '../src/db/schema'
import { productionProblems } from '../src/productionReadiness'
import { newKey, payInSandbox, stateOf } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

// Issue 20, duplicate and in-flight guard: domain/duplicateOrder.ts's rule as a caller of Create…Order sees it.

const SUPPLIER_DELAY = 1500
const MINUTE = 60_000

let t: TestApp
let alice: Caller
let bob: Caller
before(async () => {
  t = await createTestApp({ config: { duplicateGuard: true } })
  alice = { token: (await t.register('13500000001')).accessToken }
  bob = { token: (await t.register('13500000002')).accessToken }
})
after(() => t.close())

// Each test tops up numbers of its own.
let nextPhone = 0
const freshPhone = () => `1390000${String(nextPhone++).padStart(4, '0')}`

function orderPhone(caller: Caller, phone: string, extra: Record<string, unknown> = {}) {
  return t.post<CreateLifePayOrderResult | DuplicateOrderRefusal>(
    '/api/LifePay/CreateLifePayPhoneOrder',
    { phone, ispCode: CarrierCode.Yidong, parValue: 100, idempotencyKey: newKey(), ...extra },
    caller,
  )
}

async function created(answer: ReturnType<typeof orderPhone>): Promise<CreateLifePayOrderResult> {
  return (await t.data(answer)) as CreateLifePayOrderResult
}

/** The refusal's code, message and data. */
async function refused(answer: ReturnType<typeof orderPhone>) {
  const { status, body } = await answer
  assert.equal(status, 200)
  assert.equal(body.success, false, `expected a refusal, got ${JSON.stringify(body)}`)
  return body as ApiEnvelope<DuplicateOrderRefusal | null>
}

async function paidAndRecharging(caller: Caller, orderNo: string) {
  await payInSandbox(t, caller, orderNo)
  await t.app.jobs.drain()
  assert.deepEqual(await stateOf(t, caller, orderNo), [20, 10, 10])
}

/** Paid, then the sandbox supplier's report: its jobs run as the clock passes their time. */
async function completed(caller: Caller, orderNo: string) {
  await paidAndRecharging(caller, orderNo)
  for (let step = 0; step < 20 && (await stateOf(t, caller, orderNo))[1] === 10; step++) {
    t.clock.advance(SUPPLIER_DELAY)
    await t.app.jobs.drain()
  }
  assert.deepEqual(await stateOf(t, caller, orderNo), [20, 30, 100])
}

describe('the confirmation', () => {
  test('an unpaid order on the account: DUPLICATE_ORDER names it; the acknowledgement creates the second', async () => {
    const phone = freshPhone()
    const first = await created(orderPhone(alice, phone))
    const answer = await refused(orderPhone(alice, phone, { parValue: 50 }))
    assert.equal(answer.error, 'DUPLICATE_ORDER')
    assert.equal(answer.msg, '你有一笔相同账户的订单待支付')
    assert.equal(answer.showType, 1)
    assert.equal(answer.data?.reason, 'unpaid')
    assert.deepEqual(
      {
        orderNo: answer.data?.order.orderNo,
        account: answer.data?.order.account,
        parValue: answer.data?.order.parValue,
        payStatus: answer.data?.order.payStatus,
      },
      { orderNo: first.orderNo, account: phone, parValue: 100, payStatus: 10 },
    )
    const second = await created(orderPhone(alice, phone, { parValue: 50, confirmDuplicate: true }))
    assert.notEqual(second.orderNo, first.orderNo)
  })

  test('a refused create leaves no order behind (the insert rolls back with the refusal)', async () => {
    const phone = freshPhone()
    const first = await created(orderPhone(alice, phone))
    assert.equal((await refused(orderPhone(alice, phone, { parValue: 50 }))).error, 'DUPLICATE_ORDER')
    const orders = await t.database.db
      .select({ orderNo: lifePayOrders.orderNo })
      .from(lifePayOrders)
      .where(eq(lifePayOrders.account, phone))
    assert.deepEqual(orders, [{ orderNo: first.orderNo }])
  })

  test('an order at the cashier is "paying", a paid one still recharging is "recharging" (English on request)', async () => {
    const phone = freshPhone()
    const order = await created(orderPhone(alice, phone))
    await t.data(
      t.post('/api/LifePay/SetLifePayOrderPayType', { orderNo: order.orderNo, lifePayType: LifePayType.WxPay }, alice),
    )
    const paying = await refused(orderPhone(alice, phone))
    assert.deepEqual([paying.error, paying.data?.reason], ['DUPLICATE_ORDER', 'paying'])

    await paidAndRecharging(alice, order.orderNo)
    const recharging = await refused(
      orderPhone({ ...alice, headers: { 'accept-language': 'en-US' } }, phone, { parValue: 30 }),
    )
    assert.deepEqual(
      [recharging.error, recharging.data?.reason, recharging.data?.order.orderNo, recharging.msg],
      ['DUPLICATE_ORDER', 'recharging', order.orderNo, 'You have an order for this account being topped up'],
    )
  })

  test(`the same amount paid ${SAME_AMOUNT_WINDOW_MINUTES - 1} minutes ago asks; ${SAME_AMOUNT_WINDOW_MINUTES + 1} minutes ago it does not`, async () => {
    const phone = freshPhone()
    const order = await created(orderPhone(alice, phone))
    await completed(alice, order.orderNo)
    t.clock.advance((SAME_AMOUNT_WINDOW_MINUTES - 1) * MINUTE)
    const recent = await refused(orderPhone(alice, phone))
    assert.deepEqual(
      [recent.error, recent.data?.reason, recent.data?.order.orderNo, recent.msg],
      ['DUPLICATE_ORDER', 'recentlyPaid', order.orderNo, '你在10分钟内已为该账户充值过相同金额'],
    )
    // Another amount is no duplicate of a settled order.
    await created(orderPhone(alice, phone, { parValue: 50 }))
    const other = freshPhone()
    const earlier = await created(orderPhone(alice, other))
    await completed(alice, earlier.orderNo)
    t.clock.advance((SAME_AMOUNT_WINDOW_MINUTES + 1) * MINUTE)
    await created(orderPhone(alice, other))
  })

  test('closed and other accounts do not count: another number, another kind, another user', async () => {
    const phone = freshPhone()
    await created(orderPhone(alice, phone))
    await created(orderPhone(alice, freshPhone()))
    // A gas account spelled like the phone number is another account.
    await t.data(
      t.post(
        '/api/LifePay/CreateLifePayGasOrder',
        {
          gasAccount: phone,
          gasOrgType: GasProvider.HuaRun,
          province: '310000',
          city: '310100',
          parValue: 100,
          idempotencyKey: newKey(),
        },
        alice,
      ),
    )
    // Bob tops up the same number: Alice's order is neither shown to him nor in his way.
    await created(orderPhone(bob, phone))
    // Past its 30 minutes the unpaid order is closed (even before the expiry job runs).
    t.clock.advance(t.config.unpaidOrderCloseMs)
    await created(orderPhone(alice, phone))
  })

  test('a retried create with its key answers the same order, not a prompt', async () => {
    const phone = freshPhone()
    const idempotencyKey = newKey()
    const first = await created(orderPhone(alice, phone, { idempotencyKey }))
    const retry = await created(orderPhone(alice, phone, { idempotencyKey }))
    assert.equal(retry.orderNo, first.orderNo)
    // A confirmed create retried (a timeout) is the same order too.
    const key = newKey()
    const confirmed = await created(orderPhone(alice, phone, { idempotencyKey: key, confirmDuplicate: true }))
    const again = await created(orderPhone(alice, phone, { idempotencyKey: key, confirmDuplicate: true }))
    assert.equal(again.orderNo, confirmed.orderNo)
  })
})

describe('the open-order cap', () => {
  test(`${OPEN_ORDERS_PER_ACCOUNT} open orders per user and account; the acknowledgement does not lift it`, async () => {
    const phone = freshPhone()
    for (let i = 0; i < OPEN_ORDERS_PER_ACCOUNT; i++)
      await created(orderPhone(alice, phone, { confirmDuplicate: true }))
    const over = await refused(orderPhone(alice, phone, { confirmDuplicate: true }))
    assert.deepEqual(
      [over.error, over.msg, over.data],
      ['OPEN_ORDER_LIMIT', `该账户已有${OPEN_ORDERS_PER_ACCOUNT}笔进行中的订单，请先支付或等待到账后再下单`, null],
    )
    // Bob's cap is his own.
    await created(orderPhone(bob, phone))
  })

  test(`12 concurrent creates for one account: exactly ${OPEN_ORDERS_PER_ACCOUNT} succeed`, async () => {
    const phone = freshPhone()
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => orderPhone(alice, phone, { confirmDuplicate: true })),
    )
    const codes = answers.map(({ body }) => (body.success ? 'created' : body.error))
    assert.equal(codes.filter((code) => code === 'created').length, OPEN_ORDERS_PER_ACCOUNT, codes.join())
    assert.equal(codes.filter((code) => code === 'OPEN_ORDER_LIMIT').length, 12 - OPEN_ORDERS_PER_ACCOUNT)
  })

  test('12 concurrent creates without acknowledgement: one order, the others asked to confirm it', async () => {
    const phone = freshPhone()
    const answers = await Promise.all(Array.from({ length: 12 }, () => orderPhone(alice, phone)))
    const orderNos = answers
      .filter(({ body }) => body.success)
      .map(({ body }) => (body.data as CreateLifePayOrderResult).orderNo)
    assert.equal(orderNos.length, 1)
    for (const { body } of answers.filter(({ body }) => !body.success)) {
      assert.equal(body.error, 'DUPLICATE_ORDER')
      assert.equal((body.data as DuplicateOrderRefusal).order.orderNo, orderNos[0])
    }
  })
})

test('production refuses the guard switched off', () => {
  assert.ok(productionProblems({ ...t.config, duplicateGuard: false }).some((p) => p.startsWith('DUPLICATE_GUARD')))
})
