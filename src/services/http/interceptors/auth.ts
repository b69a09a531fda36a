import type { InternalAxiosRequestConfig } from 'axios'
import { hasFullLogin, useSessionStore } from '../../../stores/session'
import { isRefreshCall } from './refreshPath'

export function bearer(token: string): string {
  return `Bearer ${token}`
}

/** True when the request may carry the session's credentials (SPEC §6: `withCredentials` not switched off). */
export function allowsCredentials(config: InternalAxiosRequestConfig): boolean {
  return config.withCredentials !== false && !isRefreshCall(config)
}

/** SPEC §6/§7: `Authorization: Bearer <token>` only when the request allows credentials and a user and token exist. */
export function authInterceptor(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const session = useSessionStore.getState()
  if (allowsCredentials(config) && hasFullLogin(session)) {
    config.headers.set('Authorization', bearer(session.token))
  }
  return config
}
