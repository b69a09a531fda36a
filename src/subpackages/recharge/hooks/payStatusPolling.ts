import type { LifePayOrderState } from '@contract/lifePay'
import { OrderDisplayStatus, orderDisplayStatusOf } from '@domain/orderDisplayStatus'

/** Waits between status reads: quick at first (the sandbox settles in seconds), then every 5 s. */
export const PAY_STATUS_BACKOFF_MS: readonly number[] = [1000, 1000, 2000, 3000, 5000]

/** How long one visit keeps asking before it says the result is still in progress. */
export const PAY_STATUS_BUDGET_MS = 120_000

export function payStatusDelay(attempt: number): number {
  return PAY_STATUS_BACKOFF_MS[Math.min(attempt, PAY_STATUS_BACKOFF_MS.length - 1)]
}

const SETTLED: readonly OrderDisplayStatus[] = [
  OrderDisplayStatus.RechargeSucceeded,
  OrderDisplayStatus.Refunded,
  OrderDisplayStatus.Closed,
  OrderDisplayStatus.RefundPendingReview,
  OrderDisplayStatus.DeliveredRefundDeclined,
]

/** No further change comes without someone acting (an operator or the user): stop asking. */
export function isPayStatusSettled(
  state: Pick<LifePayOrderState, 'payStatus' | 'lifePayOrderStatus' | 'refundProgress' | 'rechargeDelivered'>,
): boolean {
  return SETTLED.includes(orderDisplayStatusOf(state))
}
