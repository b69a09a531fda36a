import type { AxiosResponse } from 'axios'
import type { ApiEnvelope } from '@contract/envelope'
import { BizError } from '../bizError'

function isFailedEnvelope(body: unknown): body is ApiEnvelope<unknown> {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false
}

/** SPEC §7/§8: a response is successful unless its envelope says `success: false`; that one becomes a BizError. */
export function businessErrorInterceptor(response: AxiosResponse): AxiosResponse {
  if (isFailedEnvelope(response.data)) throw new BizError(response as AxiosResponse<ApiEnvelope<unknown>>)
  return response
}
