/**
 * Every call to a provider has a deadline (PROVIDER_TIMEOUT_MS unless the adapter says otherwise): Node's fetch waits
 * up to 300 s for an answer by default, and a payment call is made while the order's row is locked
 * (orders.ts preparePayment), so one hanging provider would hold the order, the request and a database connection
 * that long. A call past its deadline fails like an unreachable provider (the caller's existing path for that); a
 * call that brings its own signal keeps it.
 */
export const PROVIDER_TIMEOUT_MS = 10_000

export function timedFetch(doFetch: typeof fetch, timeoutMs = PROVIDER_TIMEOUT_MS): typeof fetch {
  return (input, init) => doFetch(input, init?.signal ? init : { ...init, signal: AbortSignal.timeout(timeoutMs) })
}
