import { LifePayOrderStatus as Order, LifePayStatus as Pay } from './lifePayStatus'
import { isOrderClosed, type ExpiringOrder } from './orderTransitions'

// Issue 20, the duplicate and in-flight guard: before a new order for an account, the user's own orders on that
// account (same order type and account number) are checked. The server applies it inside the creating transaction.

/** Open orders one user may hold on one account: a new one beyond it is refused, acknowledged or not. */
export const OPEN_ORDERS_PER_ACCOUNT = 3

/** The same face value paid for the account this recently asks the user to confirm a second one. */
export const SAME_AMOUNT_WINDOW_MINUTES = 10

/** Where an open order is: not yet paid, at the cashier (a pay type chosen), or paid and being delivered. */
export type OpenOrderStage = 'unpaid' | 'paying' | 'recharging'

/** Why a new order asks for confirmation: an open order on the account, or the same amount paid just now. */
export type DuplicateReason = OpenOrderStage | 'recentlyPaid'

export const duplicateReasonValues: readonly DuplicateReason[] = ['unpaid', 'paying', 'recharging', 'recentlyPaid']

/** What the rule reads of an earlier order: times are ISO strings in the API, Dates in the server's rows. */
export interface GuardedOrder extends ExpiringOrder {
  parValueFen: number
  lifePayType?: number | null
  payTime?: string | Date | null
}

const timeOf = (value: string | Date): number => (typeof value === 'string' ? Date.parse(value) : value.getTime())
const msOf = (now: Date | number): number => (typeof now === 'number' ? now : now.getTime())

/** The order's stage while money may still move for it (pay or deliver); null once it has settled or closed. */
export function openOrderStage(order: GuardedOrder, now: Date | number): OpenOrderStage | null {
  if (order.lifePayOrderStatus !== Order.PendingConfirmation) return null
  if (order.payStatus === Pay.Paid) return 'recharging'
  if (order.payStatus !== Pay.Unpaid || isOrderClosed(order, now)) return null
  return order.lifePayType ? 'paying' : 'unpaid'
}

/**
 * Paid (and not being refunded) less than SAME_AMOUNT_WINDOW_MINUTES ago: at 9 minutes it counts, at exactly 10 no
 * longer. A refunded order's money went back, so a new top-up of it is no duplicate.
 */
export function paidWithinWindow(order: GuardedOrder, now: Date | number): boolean {
  if (order.payStatus !== Pay.Paid || !order.payTime) return false
  const elapsed = msOf(now) - timeOf(order.payTime)
  return elapsed >= 0 && elapsed < SAME_AMOUNT_WINDOW_MINUTES * 60_000
}

export function countOpenOrders(orders: readonly GuardedOrder[], now: Date | number): number {
  return orders.filter((order) => openOrderStage(order, now) !== null).length
}

/** The user already holds the most open orders allowed on the account. */
export function isOverOpenOrderLimit(orders: readonly GuardedOrder[], now: Date | number): boolean {
  return countOpenOrders(orders, now) >= OPEN_ORDERS_PER_ACCOUNT
}

/**
 * The earlier order a new one of `parValueFen` would duplicate, with why: an open order first (whatever its amount:
 * money for the account is already under way), else the same face value paid within the window. `orders` are the
 * user's orders on the same account, newest first; the first match is named.
 */
export function findDuplicateOrder<T extends GuardedOrder>(
  orders: readonly T[],
  parValueFen: number,
  now: Date | number,
): { order: T; reason: DuplicateReason } | null {
  for (const order of orders) {
    const stage = openOrderStage(order, now)
    if (stage) return { order, reason: stage }
  }
  const recent = orders.find((order) => order.parValueFen === parValueFen && paidWithinWindow(order, now))
  return recent ? { order: recent, reason: 'recentlyPaid' } : null
}
