import { LifePayOrderStatus as O, LifePayStatus as P } from '@domain/lifePayStatus'
import {
  canApplyRefund,
  canPayOrder,
  canTransition,
  hasRefund,
  initialOrderState,
  isClosedOrderState,
  isOrderClosed,
  isRechargeOverdue,
  nextOrderState,
  orderTransitions,
  RECHARGE_REFUNDABLE_AFTER_MINUTES,
  reachableOrderStates,
  type OrderEvent,
  type OrderState,
} from '@domain/orderTransitions'

const s = (payStatus: P, lifePayOrderStatus: O): OrderState => ({ payStatus, lifePayOrderStatus })

const created = s(P.Unpaid, O.PendingConfirmation)
const closed = s(P.Unpaid, O.Failed)
const recharging = s(P.Paid, O.PendingConfirmation)
const completed = s(P.Paid, O.Completed)
const refunding = s(P.PendingRefund, O.Failed)
const refundPendingReview = s(P.PendingRefund, O.RefundPendingReview)
const refunded = s(P.Refunded, O.Refunded)
const refundFailed = s(P.Paid, O.RefundFailed)

// The team brief's order state model (SPEC §4 names the states; the transitions are the lead's).
const allowed: [OrderEvent, OrderState, OrderState][] = [
  ['close', created, closed],
  ['pay', created, recharging],
  ['completeRecharge', recharging, completed],
  ['failRecharge', recharging, refunding],
  ['applyRefund', recharging, refundPendingReview],
  ['applyRefund', completed, refundPendingReview],
  ['refundAutomatically', refunding, refunded],
  ['approveRefund', refundPendingReview, refunded],
  ['rejectRefund', refundPendingReview, refundFailed],
  ['completeRecharge', refundPendingReview, completed],
  ['failRecharge', refundPendingReview, refunding],
  ['completeRecharge', refundFailed, completed],
  ['failRecharge', refundFailed, refunding],
]

const events: OrderEvent[] = [
  'pay',
  'close',
  'completeRecharge',
  'failRecharge',
  'refundAutomatically',
  'applyRefund',
  'approveRefund',
  'rejectRefund',
]

const key = (state: OrderState) => `pay ${state.payStatus} / order ${state.lifePayOrderStatus}`

describe('order transition table', () => {
  it('starts orders unpaid and pending confirmation', () => {
    expect(initialOrderState).toEqual(created)
  })

  it('reaches exactly the eight states of the model, in lifecycle order', () => {
    expect(reachableOrderStates).toEqual([
      created,
      closed,
      recharging,
      completed,
      refunding,
      refundPendingReview,
      refunded,
      refundFailed,
    ])
  })

  it('has exactly the allowed transitions', () => {
    expect(orderTransitions.map(({ event, from, to }) => [event, from, to])).toEqual(allowed)
  })

  it.each(allowed.map(([event, from, to]) => [event, key(from), key(to), from, to] as const))(
    'allows %s from %s to %s',
    (event, _from, _to, from, to) => {
      expect(nextOrderState(from, event)).toEqual(to)
      expect(canTransition(from, event)).toBe(true)
    },
  )

  const refused = events.flatMap((event) =>
    reachableOrderStates
      .filter((from) => !allowed.some(([e, f]) => e === event && key(f) === key(from)))
      .map((from) => [event, key(from), from] as const),
  )

  it('refuses every other event in every reachable state', () => {
    expect(refused).toHaveLength(events.length * reachableOrderStates.length - allowed.length)
  })

  it.each(refused)('refuses %s from %s', (event, _from, from) => {
    expect(nextOrderState(from, event)).toBeNull()
    expect(canTransition(from, event)).toBe(false)
  })
})

describe('what the table tells the user', () => {
  const payTime = '2026-05-01T06:00:00.000Z'
  const overdueAt = Date.parse(payTime) + RECHARGE_REFUNDABLE_AFTER_MINUTES * 60_000
  // state, may apply for a refund (once the recharge is overdue), refund under way or done, closed by its state alone
  const rows = [
    ['created', created, false, false, false],
    ['closed', closed, false, false, true],
    ['recharging', recharging, true, false, false],
    ['completed', completed, true, false, false],
    ['refunding after a failed recharge', refunding, false, true, false],
    ['refund pending review', refundPendingReview, false, true, false],
    ['refunded', refunded, false, true, false],
    ['refund rejected', refundFailed, false, true, false],
  ] as const

  it.each(rows)('%s: refund %p, refund progress %p, closed %p', (_, state, refundable, refund, isClosed) => {
    expect(canApplyRefund({ ...state, payTime }, overdueAt)).toBe(refundable)
    expect(hasRefund(state)).toBe(refund)
    expect(isClosedOrderState(state)).toBe(isClosed)
  })

  it('refuses a refund while a recharge is on time: the supplier may still deliver', () => {
    expect(canApplyRefund({ ...recharging, payTime }, overdueAt - 1)).toBe(false)
    expect(canApplyRefund({ ...recharging, payTime: new Date(payTime) }, new Date(overdueAt))).toBe(true)
    expect(canApplyRefund({ ...recharging, payTime: null }, overdueAt)).toBe(false)
    expect(isRechargeOverdue({ ...completed, payTime }, overdueAt)).toBe(false)
    // A delivered top-up may be contested at once (the user says it never arrived).
    expect(canApplyRefund({ ...completed, payTime }, Date.parse(payTime))).toBe(true)
  })

  it('refuses a refund for a state outside the model', () => {
    expect(canApplyRefund(s(P.Unpaid, O.Completed), overdueAt)).toBe(false)
    expect(hasRefund(s(P.Unpaid, O.Completed))).toBe(false)
  })
})

describe('isOrderClosed and canPayOrder', () => {
  const expireTime = '2026-05-01T06:33:00.000Z'
  const expiresAt = Date.parse(expireTime)

  // order, now, closed, payable
  const cases = [
    ['unpaid, a minute before expireTime', { ...created, expireTime }, expiresAt - 60_000, false, true],
    ['unpaid, just before expireTime', { ...created, expireTime }, expiresAt - 1, false, true],
    ['unpaid, at expireTime', { ...created, expireTime }, expiresAt, true, false],
    ['unpaid, just after expireTime', { ...created, expireTime }, expiresAt + 1, true, false],
    [
      'unpaid, expireTime as a Date (server rows)',
      { ...created, expireTime: new Date(expiresAt) },
      expiresAt,
      true,
      false,
    ],
    ['unpaid, no expireTime', { ...created, expireTime: null }, expiresAt + 1, false, true],
    ['unpaid, unreadable expireTime', { ...created, expireTime: 'soon' }, expiresAt + 1, false, true],
    ['closed by the server, before expireTime', { ...closed, expireTime }, expiresAt - 60_000, true, false],
    ['closed by the server, no expireTime', { ...closed, expireTime: null }, expiresAt, true, false],
    ['paid, after expireTime', { ...recharging, expireTime }, expiresAt + 1, false, false],
    ['completed, after expireTime', { ...completed, expireTime }, expiresAt + 1, false, false],
    ['paid after the close, refunding', { ...refunding, expireTime }, expiresAt + 1, false, false],
    ['refunded', { ...refunded, expireTime: null }, expiresAt + 1, false, false],
  ] as const

  it.each(cases)('%s: closed %p, payable %p', (_, order, now, isClosed, payable) => {
    expect(isOrderClosed(order, now)).toBe(isClosed)
    expect(isOrderClosed(order, new Date(now))).toBe(isClosed)
    expect(canPayOrder(order, now)).toBe(payable)
  })
})
