import { isBizError } from '../../services/http/bizError'
import { NO_RESPONSE_MESSAGE, httpStatusMessage } from '../../services/http/errorMessages'

interface HttpFailure {
  response?: { status: number; data?: unknown }
  request?: unknown
  cause?: unknown
}

function messageInBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { msg, error } = body as { msg?: unknown; error?: unknown }
  if (typeof msg === 'string' && msg !== '') return msg
  const nested = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined
  return typeof nested === 'string' && nested !== '' ? nested : undefined
}

/**
 * What to tell the user when a login is refused. Login calls are silent (SPEC §7), so the page says it: the server's
 * own message, found through the phone-code login's wrapper; the SPEC §8 texts when there is none.
 */
export function loginErrorText(error: unknown, fallback: string): string {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    if (isBizError(current)) return current.msg || fallback
    const { response, request, cause } = current as HttpFailure
    if (response) return messageInBody(response.data) ?? httpStatusMessage(response.status)
    if (request) return NO_RESPONSE_MESSAGE
    current = cause
  }
  return fallback
}
