import type { AxiosRequestConfig, AxiosResponse } from 'axios'
import type { ApiEnvelope } from '@contract/envelope'
import { http } from './instance'
import { authInterceptor } from './interceptors/auth'
import { businessErrorInterceptor } from './interceptors/businessError'
import { channelInterceptor } from './interceptors/channel'
import { lifePayUserInterceptor } from './interceptors/lifePayUser'
import { errorHandlerInterceptor } from './interceptors/errorHandler'
import { loadingErrorInterceptor, loadingRequestInterceptor, loadingResponseInterceptor } from './interceptors/loading'
import { resultInterceptor } from './interceptors/result'
import { tokenRefreshInterceptor } from './interceptors/tokenRefresh'
import { inTurn } from './turn'

// Request interceptors run in the order added (instance.ts sets legacyInterceptorReqResOrdering: false):
//   1 channel       channel id into the query and the JSON body
//   2 lifePayUser   the recharge account's user id on /api/LifePay/* calls (virtual login has no token)
//   3 loading       counted loading indicator (skips the refresh call)
//   4 tokenRefresh  expired session → wait for the single refresh (skips the refresh call)
//   5 auth          bearer token, read after any refresh
// Then axios encodes the body and the Taro adapter sends it (a 401 for a token replaced meanwhile is resent once).
// Response interceptors run in the order added:
//   1 loading       hide the indicator (success or error)
//   2 businessError envelope `success: false` → BizError
//   3 errorHandler  SPEC §8 toasts, 401 logout; rethrows
//   4 result        envelope `data` through the sensitive-word filter, or the whole response (`getResponse`)
http.interceptors.request.use(channelInterceptor)
http.interceptors.request.use(lifePayUserInterceptor)
http.interceptors.request.use(loadingRequestInterceptor)
http.interceptors.request.use(tokenRefreshInterceptor)
http.interceptors.request.use(authInterceptor)
http.interceptors.response.use(loadingResponseInterceptor, loadingErrorInterceptor)
http.interceptors.response.use(businessErrorInterceptor)
http.interceptors.response.use(undefined, errorHandlerInterceptor)
// Callers receive the result in place of the response: request<T>() below types it.
http.interceptors.response.use(resultInterceptor as (response: AxiosResponse) => Promise<AxiosResponse>)

/** A call whose result is the envelope's `data`, filtered for sensitive words. */
export function request<T>(config: Omit<AxiosRequestConfig, 'getResponse'>): Promise<T> {
  return inTurn(() => http.request<ApiEnvelope<T>, unknown>({ ...config, getResponse: false }) as Promise<T>)
}

/** A call that resolves with the whole axios response, unfiltered (`getResponse: true`). */
export function requestResponse<T>(
  config: Omit<AxiosRequestConfig, 'getResponse'>,
): Promise<AxiosResponse<ApiEnvelope<T>>> {
  return inTurn(() => http.request<ApiEnvelope<T>>({ ...config, getResponse: true }))
}

/**
 * The envelope's `data` without the sensitive-word filter: for credentials and payment parameters a mask would break.
 */
export async function requestUnfiltered<T>(config: Omit<AxiosRequestConfig, 'getResponse'>): Promise<T> {
  const response = await requestResponse<T>(config)
  return response.data.data as T
}
