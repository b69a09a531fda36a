import { UNPAID_ORDER_CLOSE_MS } from '@domain/constants'

// H5 only (imported by the .h5 web payment files): the order whose web payment the browser left for, kept in
// localStorage so the way back — the provider's redirect, the back button, the app opened again — lands on its result
// page whatever became of the page that left. Small on purpose: the app shell reads it at start (webPayEntry.h5.ts).

const KEY = 'lifePay.webPayment'

export interface PendingWebPayment {
  orderNo: string
  /** The order's result page (path and query), where the provider sends the payer back. */
  resultPage: string
  /** When the browser left (ms). */
  at: number
}

/** Storage full or refused (private mode) keeps nothing: the provider's redirect still brings the payer back. */
function attempt<T>(run: () => T): T | null {
  try {
    return run()
  } catch {
    return null
  }
}

export function rememberWebPayment(pending: PendingWebPayment): void {
  attempt(() => localStorage.setItem(KEY, JSON.stringify(pending)))
}

/** The web payment left for, while its order could still be open and unpaid (30 minutes); null otherwise. */
export function pendingWebPayment(): PendingWebPayment | null {
  const pending = attempt(() => JSON.parse(localStorage.getItem(KEY) ?? 'null') as PendingWebPayment | null)
  const age = pending ? Date.now() - pending.at : NaN
  return pending && typeof pending.resultPage === 'string' && age >= 0 && age <= UNPAID_ORDER_CLOSE_MS ? pending : null
}

export function forgetWebPayment(): void {
  attempt(() => localStorage.removeItem(KEY))
}
