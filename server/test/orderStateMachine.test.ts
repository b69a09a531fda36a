import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { FastifyBaseLogger } from 'fastify'
import { LifePayOrderStatus as O, LifePayStatus as P } from '@domain/lifePayStatus'
import { ForbiddenTransitionError, transitionOrder } from '../src/modules/lifePay/orderStateMachine'
import { orderTransaction } from '../src/modules/lifePay/orderWrites'
import { createPhoneOrder, orderRow } from './support/orderFlows'
import { createTestApp, type TestApp } from './support/testApp'

// The transition table itself (every transition allowed and refused) is tested in test/domain/orderTransitions.test.ts.

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
      () =>
        orderTransaction(t.app.ctx, (tx) => transitionOrder(tx, row, 'completeRecharge', {}, { ...t.app.ctx, log })),
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
    await orderTransaction(t.app.ctx, (tx) => transitionOrder(tx, stale, 'close', {}, { ...t.app.ctx, log }))
    await assert.rejects(
      () => orderTransaction(t.app.ctx, (tx) => transitionOrder(tx, stale, 'pay', {}, { ...t.app.ctx, log })),
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
      () => t.database.db.transaction((tx) => transitionOrder(tx, row, 'close', {}, { ...t.app.ctx, log })),
      /only inside orderTransaction/,
    )
    const now = await orderRow(t, order.orderNo)
    assert.deepEqual([now.payStatus, now.lifePayOrderStatus], [P.Unpaid, O.PendingConfirmation])
  })
})
