import { isAxiosError, type AxiosAdapter } from 'axios'
import { hasFullLogin, useSessionStore } from '../../stores/session'
import { bearer } from './interceptors/auth'
import { wasReplacedByRefresh } from './replacedTokens'

/**
 * A 401 for a request that carried a token a refresh has since replaced (the refresh finished while the request was
 * on the way) is sent once more with the current token: the same encoded body, a fresh header. Any other 401 is final.
 * Wraps the adapter so the retry is invisible to the interceptors: one loading indicator, one result, one error.
 */
export function staleTokenRetry(adapter: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    try {
      return await adapter(config)
    } catch (error) {
      const sent = String(config.headers.get('Authorization') ?? '')
      const session = useSessionStore.getState()
      const retry =
        isAxiosError(error) &&
        error.response?.status === 401 &&
        !config.staleTokenRetried &&
        hasFullLogin(session) &&
        sent.startsWith('Bearer ') &&
        wasReplacedByRefresh(sent.slice('Bearer '.length))
      if (!retry) throw error
      config.staleTokenRetried = true
      config.headers.set('Authorization', bearer(session.token))
      return adapter(config)
    }
  }
}
