import type { AxiosRequestConfig } from 'axios'

// A leaf: the interceptors ask whether a request is the refresh call without importing the call itself (which uses
// the axios instance, whose adapter reaches the token interceptor: a loop).

/**
 * SPEC §7: the refresh call (POST /api/accountAuth/GetTokenByRefreshToken) is recognised by its path and skips the
 * loading indicator and the token logic.
 */
export function isRefreshCall(config: Pick<AxiosRequestConfig, 'url'>): boolean {
  const path = (config.url ?? '').split(/[?#]/)[0]
  return path.toLowerCase().endsWith('/gettokenbyrefreshtoken')
}
