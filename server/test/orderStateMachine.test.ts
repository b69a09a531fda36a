import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyBaseLogger } from 'fastify'
import { LifePayOrderStatus as O, LifePayStatus as P } from '../../src/domain/lifePayStatus'
import { reachableOrderStates } from '../../src/domain/orderDisplayStatus'
import {
  ForbiddenTransitionError,
  initialOrderState,
  nextOrderState,
  orderTransitions,
  transitionOrder,
  type OrderEvent,
  type OrderState,
} from '../src/modules/lifePay/orderStateMachine'
import { orderTransaction } from '../src/modules/lifePay/orderWrites'
import { createPhoneOrder, orderRow } from './support/orderFlows'
import { createTestApp, type TestApp } from './support/testApp'

const s = (payStatus: P, lifePayOrderStatus: O): OrderState => ({ payStatus, lifePayOrderStatus })

describe('transition table (the team brief’s order state model)', () => {
  const allowed: [OrderEvent, OrderState, OrderState][] = [
    ['pay', s(P.Unpaid, O.PendingConfirmation), s(P.Paid, O.PendingConfirmation)],
    ['close', s(P.Unpaid, O.PendingConfirmation), s(P.Unpaid, O.Failed)],
    ['completeRecharge', s(P.Paid, O.PendingConfirmation), s(P.Paid, O.Completed)],
    ['failRecharge', s(P.Paid, O.PendingConfirmation), s(P.PendingRefund, O.Failed)],
    ['refundAutomatically', s(P.PendingRefund, O.Failed), s(P.Refunded, O.Refunded)],
    ['applyRefund', s(P.Paid, O.PendingConfirmation), s(P.PendingRefund, O.RefundPendingReview)],
    ['applyRefund', s(P.Paid, O.Completed), s(P.PendingRefund, O.RefundPendingReview)],
    ['approveRefund', s(P.PendingRefund, O.RefundPendingReview), s(P.Refunded, O.Refunded)],
    ['rejectRefund', s(P.PendingRefund, O.RefundPendingReview), s(P.Paid, O.RefundFailed)],
    ['payAfterClose', s(P.Unpaid, O.Failed), s(P.PendingRefund, O.Failed)],
  ]

  test('every allowed transition leads where the model says', () => {
    for (const [event, from, to] of allowed)
      assert.deepEqual(nextOrderState(from, event), to, `${event} from ${JSON.stringify(from)}`)
    assert.equal(orderTransitions.length, allowed.length)
  })

  test('orders start unpaid and pending confirmation', () => {
    assert.deepEqual(initialOrderState, s(P.Unpaid, O.PendingConfirmation))
  })

  test('every state the table reaches is one the app knows how to show', () => {
    const reachable = reachableOrderStates.map(([pay, order]) => `${pay}/${order}`)
    for (const { from, to } of orderTransitions) {
      assert.ok(reachable.includes(`${from.payStatus}/${from.lifePayOrderStatus}`))
      assert.ok(reachable.includes(`${to.payStatus}/${to.lifePayOrderStatus}`))
    }
  })

  test('everything else is refused', () => {
    const events: OrderEvent[] = [...new Set(orderTransitions.map((transition) => transition.event))]
    const allStates = reachableOrderStates.map(([pay, order]) => s(pay, order))
    let refused = 0
    for (const event of events) {
      for (const from of allStates) {
        const isAllowed = allowed.some(
          ([e, f]) => e === event && f.payStatus === from.payStatus && f.lifePayOrderStatus === from.lifePayOrderStatus,
        )
        if (isAllowed) continue
        assert.equal(nextOrderState(from, event), null, `${event} from ${JSON.stringify(from)}`)
        refused++
      }
    }
    assert.equal(refused, events.length * allStates.length - allowed.length)
    // A sample spelled out: paying twice, refunding twice, completing an unpaid order, refunds of closed orders.
    assert.equal(nextOrderState(s(P.Paid, O.PendingConfirmation), 'pay'), null)
    assert.equal(nextOrderState(s(P.Refunded, O.Refunded), 'approveRefund'), null)
    assert.equal(nextOrderState(s(P.Unpaid, O.PendingConfirmation), 'completeRecharge'), null)
    assert.equal(nextOrderState(s(P.Unpaid, O.Failed), 'applyRefund'), null)
    assert.equal(nextOrderState(s(P.Paid, O.RefundFailed), 'applyRefund'), null)
  })
})

describe('transitionOrder on the database', () => {
  let t: TestApp
  before(async () => {
    t = await createTestApp()
  })
  after(() => t.close())

  test('a forbidden transition is refused, logged, and leaves the order as it was', async () => {
    const caller = { token: (await t.loginDemo()).accessToken }
    const order = await createPhoneOrder(t, caller)
    const warnings: unknown[] = []
    const log = {
      warn: (...args: unknown[]) => warnings.push(args),
      info: () => undefined,
    } as unknown as FastifyBaseLogger
    const row = await orderRow(t, order.orderNo)
    await assert.rejects(
      () => orderTransaction(t.app.ctx, (tx) => transitionOrder(tx, row, 'completeRecharge', {}, log)),
      ForbiddenTransitionError,
    )
    assert.equal(warnings.length, 1)
    const after = await orderRow(t, order.orderNo)
    assert.deepEqual([after.payStatus, after.lifePayOrderStatus], [P.Unpaid, O.PendingConfirmation])
  })

  test('a transition from a stale copy of the order is refused (the row changed meanwhile)', async () => {
    const caller = { token: (await t.loginDemo()).accessToken }
    const order = await createPhoneOrder(t, caller)
    const stale = await orderRow(t, order.orderNo)
    const log = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger
    await orderTransaction(t.app.ctx, (tx) => transitionOrder(tx, stale, 'close', {}, log))
    await assert.rejects(
      () => orderTransaction(t.app.ctx, (tx) => transitionOrder(tx, stale, 'pay', {}, log)),
      ForbiddenTransitionError,
    )
    const now = await orderRow(t, order.orderNo)
    assert.deepEqual([now.payStatus, now.lifePayOrderStatus], [P.Unpaid, O.Failed])
  })

  test('a transition outside orderTransaction is refused before it writes (the cached order pages would go stale)', async () => {
    const caller = { token: (await t.loginDemo()).accessToken }
    const order = await createPhoneOrder(t, caller)
    const row = await orderRow(t, order.orderNo)
    const log = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger
    await assert.rejects(
      () => t.database.db.transaction((tx) => transitionOrder(tx, row, 'close', {}, log)),
      /only inside orderTransaction/,
    )
    const now = await orderRow(t, order.orderNo)
    assert.deepEqual([now.payStatus, now.lifePayOrderStatus], [P.Unpaid, O.PendingConfirmation])
  })
})
