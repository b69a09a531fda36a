import {
  findDuplicateOrder,
  isOverOpenOrderLimit,
  OPEN_ORDERS_PER_ACCOUNT,
  openOrderStage,
  paidWithinWindow,
  type GuardedOrder,
} from '@domain/duplicateOrder'
import { LifePayOrderStatus as O, LifePayStatus as P } from '@domain/lifePayStatus'

const now = Date.parse('2024-05-01T10:00:00Z')
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString()
const order = (over: Partial<GuardedOrder> = {}): GuardedOrder => ({
  payStatus: P.Unpaid,
  lifePayOrderStatus: O.PendingConfirmation,
  parValueFen: 10000,
  expireTime: minutesAgo(-20),
  ...over,
})

describe('openOrderStage', () => {
  it.each<[string, Partial<GuardedOrder>, ReturnType<typeof openOrderStage>]>([
    ['unpaid', {}, 'unpaid'],
    ['at the cashier (pay type chosen)', { lifePayType: 10 }, 'paying'],
    ['paid, recharge pending', { payStatus: P.Paid }, 'recharging'],
    ['unpaid past its expireTime', { expireTime: minutesAgo(1) }, null],
    ['closed', { lifePayOrderStatus: O.Failed }, null],
    ['completed', { payStatus: P.Paid, lifePayOrderStatus: O.Completed }, null],
    ['refund under review', { payStatus: P.PendingRefund, lifePayOrderStatus: O.RefundPendingReview }, null],
    ['refunded', { payStatus: P.Refunded, lifePayOrderStatus: O.Refunded }, null],
  ])('%s', (_name, over, stage) => {
    expect(openOrderStage(order(over), now)).toBe(stage)
  })
})

describe('paidWithinWindow', () => {
  const paid = (minutes: number, payStatus = P.Paid) =>
    order({ payStatus, lifePayOrderStatus: O.Completed, payTime: minutesAgo(minutes) })
  it('counts 9 minutes ago, not exactly 10 nor 11', () => {
    expect(paidWithinWindow(paid(9), now)).toBe(true)
    expect(paidWithinWindow(paid(10), now)).toBe(false)
    expect(paidWithinWindow(paid(11), now)).toBe(false)
  })
  it('ignores refunded money and unpaid orders', () => {
    expect(paidWithinWindow(paid(1, P.Refunded), now)).toBe(false)
    expect(paidWithinWindow(order(), now)).toBe(false)
  })
})

describe('findDuplicateOrder', () => {
  const completed = (minutes: number, parValueFen = 10000) =>
    order({ payStatus: P.Paid, lifePayOrderStatus: O.Completed, payTime: minutesAgo(minutes), parValueFen })
  it('names an open order whatever its amount, before a recent payment', () => {
    const open = order({ parValueFen: 5000 })
    expect(findDuplicateOrder([completed(2), open], 10000, now)).toEqual({ order: open, reason: 'unpaid' })
  })
  it('names the same amount paid within the window; another amount or an older one is no duplicate', () => {
    const recent = completed(9)
    expect(findDuplicateOrder([recent], 10000, now)).toEqual({ order: recent, reason: 'recentlyPaid' })
    expect(findDuplicateOrder([recent], 5000, now)).toBeNull()
    expect(findDuplicateOrder([completed(11)], 10000, now)).toBeNull()
  })
})

describe('isOverOpenOrderLimit', () => {
  it(`refuses at ${OPEN_ORDERS_PER_ACCOUNT} open orders; settled ones do not count`, () => {
    const open = Array.from({ length: OPEN_ORDERS_PER_ACCOUNT - 1 }, () => order())
    expect(isOverOpenOrderLimit([...open, completed()], now)).toBe(false)
    expect(isOverOpenOrderLimit([...open, order({ payStatus: P.Paid })], now)).toBe(true)
  })
  function completed() {
    return order({ payStatus: P.Paid, lifePayOrderStatus: O.Completed })
  }
})
