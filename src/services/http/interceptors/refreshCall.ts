import type { GetTokenByRefreshTokenInput, TokenResult } from '@contract/account'
import type { ApiEnvelope } from '@contract/envelope'
import { http } from '../instance'

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
