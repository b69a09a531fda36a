import { AxiosError, type InternalAxiosRequestConfig } from 'axios'
import { readClientId } from '@domain/token'
import { hasFullLogin, isSessionExpired, useSessionStore } from '../../../stores/session'
import { endSession } from '../endSession'
import { rememberReplacedToken } from '../replacedTokens'
import { allowsCredentials } from './auth'
import { getTokenByRefreshToken } from './refreshCall'

/** SPEC §4/§8 message when the refresh call answers without a token. */
export const REFRESH_EMPTY_MESSAGE = 'refresh token failed'
/** SPEC §8 generic message for every other refresh failure. */
export const REFRESH_FAILED_MESSAGE = 'error'

// The single refresh in flight; every request that needs a token meanwhile waits on it.
let refreshing: Promise<void> | null = null

async function refreshSession(): Promise<void> {
  const { token, refreshToken } = useSessionStore.getState()
  try {
    const result = await getTokenByRefreshToken({ refreshToken, clientId: readClientId(token) ?? '' })
    if (!result?.accessToken) throw new Error(REFRESH_EMPTY_MESSAGE)
    rememberReplacedToken(token)
    useSessionStore.getState().setTokens(result)
  } catch (error) {
    // Any failure of the refresh call ends the session, once, here (the call itself skips the error handler).
    endSession()
    if (error instanceof Error && error.message === REFRESH_EMPTY_MESSAGE) throw error
    throw new Error(REFRESH_FAILED_MESSAGE, { cause: error })
  }
}

/** Starts the refresh unless one is running; resolves or rejects with it. */
export function refreshOnce(): Promise<void> {
  refreshing ??= refreshSession().finally(() => {
    refreshing = null
  })
  return refreshing
}

/**
 * SPEC §4: a request that would carry the token waits while the session is expired or a refresh is running, then goes
 * on with the new token (the auth interceptor, next, reads it). When the refresh fails the request is released without
 * a token and rejects with the refresh error (wrapped to carry this request's config, so its flags still apply).
 */
export async function tokenRefreshInterceptor(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  if (!allowsCredentials(config)) return config
  const session = useSessionStore.getState()
  if (!refreshing && !(hasFullLogin(session) && isSessionExpired(session))) return config
  try {
    await refreshOnce()
  } catch (error) {
    throw AxiosError.from(error as Error, undefined, config)
  }
  return config
}
