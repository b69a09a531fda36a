import { isAxiosError } from 'axios'
import { isBizError } from '../http/bizError'
import type { CallOptions } from '../http/requestOptions'

// Issue 36 (docs/decisions/absent-extensions.md): a back end without our extensions — the production one — answers
// their calls as unknown addresses. The feature then steps aside, and the user is told nothing.

/** The unknown-route code of our envelope (server/src/http/errors.ts `notFound`). */
const UNKNOWN_ROUTE = 'NOT_FOUND'

/** Is it the answer of a back end without the call: a 404 (bare or enveloped), or the unknown-route code? */
export function isExtensionAbsent(error: unknown): boolean {
  if (isBizError(error)) return error.code === UNKNOWN_ROUTE
  return isAxiosError(error) && error.response?.status === 404
}

/** An extension's call: no toast when the back end does not have it (the caller steps aside); the rest as asked. */
export const extensionCall = (call: CallOptions = {}): CallOptions => ({
  ...call,
  customErrorHandler: (error) => isExtensionAbsent(error) || call.customErrorHandler?.(error) === true,
})
