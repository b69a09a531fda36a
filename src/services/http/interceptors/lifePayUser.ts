import type { InternalAxiosRequestConfig } from 'axios'
import { useLifePayStore } from '../../../stores/lifePay'

/** Header that carries the recharge account's user id; the server reads it on /api/LifePay/* calls. */
export const LIFE_PAY_USER_HEADER = 'X-LifePay-User-Id'

/**
 * SPEC §3–§4: the recharge module identifies its user by the user id of the phone-code (virtual) login, which has no
 * token. Every LifePay call carries that id; with a full login the bearer token is sent too and takes precedence.
 */
export function lifePayUserInterceptor(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const { userId } = useLifePayStore.getState()
  if (userId && /\/api\/LifePay\//i.test(config.url ?? '')) config.headers.set(LIFE_PAY_USER_HEADER, userId)
  return config
}
