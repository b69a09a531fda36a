import type { AppContext } from '../../appContext'
import { handlePaymentNotification } from '../lifePay/payments'
import { PAYMENT_ATTEMPTS_CLOSE_JOB } from './jobKinds'
import { closeOpenAttempts, PaidElsewhereError } from './paymentAttempts'

/**
 * Closes the attempts an order still has open once another one took its payment, so no second wallet can pay it.
 * A close that finds the attempt paid meanwhile records that payment (an orphan, refunded automatically).
 */
export async function closeAttemptsOfPaidOrder(ctx: AppContext, orderNo: string): Promise<void> {
  try {
    await closeOpenAttempts(ctx, orderNo, null)
  } catch (error) {
    if (!(error instanceof PaidElsewhereError)) throw error
    await handlePaymentNotification(ctx, error.payment, 'query')
    // The attempt is paid now; any other still open is closed on the next run.
    await closeAttemptsOfPaidOrder(ctx, orderNo)
  }
}

export function defineAttemptJobs(ctx: AppContext): void {
  ctx.jobs.define<{ orderNo: string }>({
    kind: PAYMENT_ATTEMPTS_CLOSE_JOB,
    handle: ({ orderNo }) => closeAttemptsOfPaidOrder(ctx, orderNo),
  })
}
