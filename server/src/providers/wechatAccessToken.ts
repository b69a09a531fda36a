import type { Clock } from '../clock'

// The WeChat mini-program's access token (stable_token), shared by every adapter that calls WeChat's open API with it:
// the identity adapter (getuserphonenumber) and the subscribe-message adapter. One token per process, fetched once for
// all concurrent callers and renewed shortly before it expires. stable_token in normal mode (force_refresh false)
// returns the token WeChat currently holds valid without invalidating the one other servers use, so several instances
// (and several adapters) can each keep their own cache.

/** A token is renewed this long before WeChat says it expires: a call in flight never carries a dead one. */
export const ACCESS_TOKEN_MARGIN_MS = 5 * 60_000

/** errcodes of a token WeChat no longer takes: 40001 unknown or replaced, 42001 expired. */
export const TOKEN_STALE = new Set([40001, 42001])

export interface WechatAppCredentials {
  appId: string
  appSecret: string
}

/** How the adapter reaches WeChat (its own error mapping for an unreachable or busy WeChat). */
export type WechatTokenRequest = (
  path: string,
  init: { body: unknown },
) => Promise<{ errcode?: number; errmsg?: string; access_token?: string; expires_in?: number }>

export interface WechatAccessToken {
  /**
   * The access token. `stale` is a token WeChat just refused: a newer one in hand is used as it is; otherwise
   * stable_token is asked again.
   */
  get(stale?: string): Promise<string>
}

export function createWechatAccessToken(
  credentials: WechatAppCredentials,
  clock: Clock,
  request: WechatTokenRequest,
): WechatAccessToken {
  let token: { value: string; renewAt: number } | null = null
  let pending: Promise<string> | null = null

  return {
    get(stale) {
      if (token && token.value !== stale && clock.now().getTime() < token.renewAt) return Promise.resolve(token.value)
      pending ??= (async () => {
        try {
          const answer = await request('/cgi-bin/stable_token', {
            body: {
              grant_type: 'client_credential',
              appid: credentials.appId,
              secret: credentials.appSecret,
              force_refresh: false,
            },
          })
          if (!answer.access_token || !answer.expires_in) {
            throw new Error(`WeChat stable_token: errcode ${String(answer.errcode)} ${String(answer.errmsg ?? '')}`)
          }
          // A token with less than twice the margin left is renewed halfway through what remains.
          const lifetimeMs = answer.expires_in * 1000
          token = {
            value: answer.access_token,
            renewAt: clock.now().getTime() + lifetimeMs - Math.min(ACCESS_TOKEN_MARGIN_MS, lifetimeMs / 2),
          }
          return token.value
        } finally {
          pending = null
        }
      })()
      return pending
    },
  }
}
