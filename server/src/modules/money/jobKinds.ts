// Job kinds of the money's edges (docs/money.md); the order lifecycle's are in ../lifePay/jobKinds.ts.

/** Close an order's attempts still open after another one took its payment. */
export const PAYMENT_ATTEMPTS_CLOSE_JOB = 'payment.closeAttempts'
