import type { AxiosResponse } from 'axios'
import { sensitiveWordFilter } from '../sensitiveWordList'

function isEnvelope(body: unknown): body is { data: unknown } {
  return typeof body === 'object' && body !== null && !(body instanceof ArrayBuffer) && 'success' in body
}

/**
 * SPEC §7: callers get the envelope's `data` after the sensitive-word filter; `getResponse: true` gets the whole axios
 * response untouched (used for credentials, which must never be masked).
 */
export async function resultInterceptor(response: AxiosResponse): Promise<unknown> {
  if (response.config.getResponse) return response
  const body: unknown = response.data
  const result = isEnvelope(body) ? body.data : body
  if (result instanceof ArrayBuffer) return result
  const filter = await sensitiveWordFilter()
  return filter(result)
}
