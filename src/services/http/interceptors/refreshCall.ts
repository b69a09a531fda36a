import type { AxiosRequestConfig } from 'axios'
import type { GetTokenByRefreshTokenInput, TokenResult } from '../../../../types/api/account'
import type { ApiEnvelope } from '../../../../types/api/envelope'
import { http } from '../instance'

/**
 * SPEC §7: the refresh call (POST /api/accountAuth/GetTokenByRefreshToken) is recognised by its path and skips the
 * loading indicator and the token logic.
 */
export function isRefreshCall(config: Pick<AxiosRequestConfig, 'url'>): boolean {
  const path = (config.url ?? '').split(/[?#]/)[0]
  return path.toLowerCase().endsWith('/gettokenbyrefreshtoken')
}

// The http layer's own call, made from inside the token interceptor (as the sensitive-word list is): it lives here, not
// in services/api, so that this layer imports nothing above it. It uses the bare instance; the interceptors still run.

/**
 * POST /api/accountAuth/GetTokenByRefreshToken — no loading indicator and no token logic (matched by path), no toast:
 * the token interceptor turns failures into SPEC's errors. Unfiltered: tokens must never be masked.
 */
export async function getTokenByRefreshToken(input: GetTokenByRefreshTokenInput): Promise<TokenResult | null> {
  const response = await http.post<ApiEnvelope<TokenResult>>('/api/accountAuth/GetTokenByRefreshToken', input, {
    getResponse: true,
    showLoading: false,
    skipErrorHandler: true,
  })
  return response.data.data
}
