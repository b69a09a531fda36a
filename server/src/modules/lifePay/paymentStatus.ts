import type { LifePayType } from '@domain/lifePayType'
import { canTransition } from '@domain/orderTransitions'
import type { AppContext } from '../../appContext'
import { providerRef } from '../../providers/payment'
import { openAttemptsOf } from '../money/paymentAttempts'
import type { Limit } from '../abuse/rateLimiter'
import { findUserOrderState } from './orders'
import type { OrderStateRow } from './orderView'
import { handlePaymentNotification } from './payments'

// GetPayStatusByOrderNo for an order still waiting for its payment: the provider is asked too, so a payer back from a
// web payment (or whose notification is late or lost) sees the payment as soon as the provider has it. A payment found
// this way is recorded exactly as its notification would be.

/** At most one provider query per order in this window, whoever polls and on whichever instance. */
export const PAYMENT_QUERY_INTERVAL_MS = 10_000

/**
 * How long a poll waits for the provider's answer before answering from the database: a slow provider must not hold
 * the page's poll up to its own 10 s deadline (the app's too). The query goes on, and records what it finds.
 */
export const PAYMENT_QUERY_WAIT_MS = 3000

const PAYMENT_QUERY: Limit = { name: 'payment-query:order', points: 1, windowMs: PAYMENT_QUERY_INTERVAL_MS }

/**
 * Asks each real provider about the order's open attempts; a payment one has is recorded as its notification would
 * be (on the order, or as an orphan payment). Never throws: logged instead.
 */
async function recordPaymentsFound(ctx: AppContext, orderNo: string): Promise<void> {
  for (const attempt of await openAttemptsOf(ctx.db, orderNo, null)) {
    const provider = ctx.providers.payment[attempt.lifePayType as LifePayType]
    if (!provider || provider.sandbox) continue
    try {
      const payment = await provider.queryPayment(attempt.outTradeNo)
      const transactionId = providerRef(payment.status === 'paid' ? payment.transactionId : null)
      if (payment.status !== 'paid' || !transactionId) continue
      const outcome = await handlePaymentNotification(
        ctx,
        {
          kind: 'paid',
          outTradeNo: attempt.outTradeNo,
          transactionId,
          lifePayType: attempt.lifePayType as LifePayType,
          amountFen: payment.amountFen,
          paidAt: payment.paidAt,
        },
        'query',
      )
      ctx.log.info({ orderNo, transactionId, outcome }, 'payment found by query')
    } catch (error) {
      ctx.log.warn({ err: error, orderNo, outTradeNo: attempt.outTradeNo }, 'payment query while polling failed')
    }
  }
}

/**
 * The caller's order's state, after asking its pay type's provider when it is still waiting for a payment there (the
 * sandbox notifies by itself and is not asked). Rate-limited per order through the shared limiter, so polling cannot
 * hammer the provider; a provider that cannot be reached, or answers late, leaves the answer as the database has it.
 */
export async function payStatusOf(ctx: AppContext, userId: string, orderNo: string): Promise<OrderStateRow> {
  const order = await findUserOrderState(ctx.db, userId, orderNo)
  const lifePayType = order.lifePayType as LifePayType | null
  const provider = lifePayType === null ? null : ctx.providers.payment[lifePayType]
  if (lifePayType === null || !provider || provider.sandbox || !canTransition(order, 'pay')) return order
  if ((await ctx.limiter.consume(PAYMENT_QUERY, orderNo)).exceeded) return order
  let timer: NodeJS.Timeout | undefined
  const answered = await Promise.race([
    recordPaymentsFound(ctx, orderNo).then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PAYMENT_QUERY_WAIT_MS))),
  ])
  clearTimeout(timer)
  return answered ? findUserOrderState(ctx.db, userId, orderNo) : order
}
