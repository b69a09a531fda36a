import type { ApiErrorCode } from '@contract/errorCodes'
import { isBizError, type BizError } from '../../../services/http/bizError'
import type { CallOptions } from '../../../services/http/requestOptions'

// Issue 20, duplicate guard: the create call's two refusals that the user answers in a dialog rather than reads in a
// toast (the dialog: duplicateOrderPrompt.ts; the server's rule: domain/duplicateOrder.ts).

const GUARD_CODES: readonly ApiErrorCode[] = ['DUPLICATE_ORDER', 'OPEN_ORDER_LIMIT']

export const isGuardRefusal = (error: unknown): error is BizError =>
  isBizError(error) && error.code !== null && GUARD_CODES.includes(error.code)

/** The create call's options: the guard's refusals are left to the prompt, so no toast repeats the dialog. */
export const duplicateGuardCall: CallOptions = { customErrorHandler: (error) => isGuardRefusal(error) }
