import type { PaymentQuery } from './payment'

export interface CloseCheckedSteps {
  /** Who is asked, for the error when the provider keeps the order open. */
  provider: string
  queryPayment(orderNo: string): Promise<PaymentQuery>
  /** The provider's close call. */
  close(orderNo: string): Promise<void>
  /** Errors the provider answers a close with (e.g. "already paid"): the query after it decides. */
  isProviderAnswer(error: unknown): boolean
}

/**
 * `PaymentProvider.close` the way both real providers need it: query, close, query. Asked first so an order the
 * provider never heard of, or one already paid, is answered without a close call; asked again after, because the
 * user may pay between the query and the close (both providers refuse to close a paid order), and that payment must
 * answer `paid`, never `closed`.
 */
export async function closeChecked(steps: CloseCheckedSteps, orderNo: string): Promise<'closed' | 'paid'> {
  const before = await steps.queryPayment(orderNo)
  if (before.status === 'paid') return 'paid'
  if (before.status !== 'unpaid') return 'closed'
  try {
    await steps.close(orderNo)
  } catch (error) {
    if (!steps.isProviderAnswer(error)) throw error
  }
  const after = await steps.queryPayment(orderNo)
  if (after.status === 'paid') return 'paid'
  if (after.status === 'unpaid') throw new Error(`${steps.provider} did not close ${orderNo}`)
  return 'closed'
}
