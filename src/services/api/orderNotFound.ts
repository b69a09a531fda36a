import { BizError, isBizError } from '../http/bizError'
import type { CallOptions } from '../http/requestOptions'

/** The server's answer for an order that does not exist or is someone else's (docs/api.md). */
export function isOrderNotFound(error: unknown): boolean {
  if (isBizError(error)) return error.code === 'ORDER_NOT_FOUND'
  const status = (error as { response?: { status?: number } } | null)?.response?.status
  return status === 404
}

/** An order page's detail read: the page draws its own "not found"; other errors keep their toast (a 401 its login). */
export const ORDER_DETAIL_CALL: CallOptions = {
  showLoading: false,
  customErrorHandler: (error) => error instanceof BizError && error.code === 'ORDER_NOT_FOUND',
}
