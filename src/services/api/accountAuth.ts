import type { GetTokenByRefreshTokenInput, TokenResult } from '../../../types/api/account'
import type { ApiEnvelope } from '../../../types/api/envelope'
import { http } from '../http/instance'

// Called from inside the token interceptor, so it uses the bare instance (client.ts, which installs the interceptors,
// imports the interceptor that imports this file). The interceptors still run: they are installed on this instance.

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
