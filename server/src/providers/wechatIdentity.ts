import type { Clock } from '../clock'
import { errors } from '../http/errors'
import { encryptedPhoneOf, type IdentityProvider, type WxSession } from './identity'
import { createWechatAccessToken, TOKEN_STALE } from './wechatAccessToken'
import { wxPhoneFromEncryptedData } from './wxCrypto'
import { timedFetch } from './timedFetch'

// WeChat mini-program identity on the open API (api.weixin.qq.com), plain fetch like the payment adapters
// (docs/decisions/identity-providers.md): the login code through jscode2session, the phone number through
// getuserphonenumber with the phone button's one-use code (WeChat's recommendation; encryptedData + iv decrypted with
// the session key still works for old base libraries). getuserphonenumber needs the app's access token
// (wechatAccessToken.ts, shared with the subscribe-message adapter).

export interface WechatIdentityKeys {
  appId: string
  /** AppSecret of the mini-program (mp.weixin.qq.com → 开发管理 → 开发设置). */
  appSecret: string
  /** https://api.weixin.qq.com; tests point it at a local fake. */
  baseUrl: string
}

export interface WechatIdentityDeps {
  keys: WechatIdentityKeys
  clock: Clock
  fetch?: typeof fetch
  /** Each call's deadline; PROVIDER_TIMEOUT_MS by default. */
  timeoutMs?: number
}

/** WeChat errcodes: a bad or used code is the user's to redo; rate limit and "system busy" are worth a retry. */
const CODE_INVALID = new Set([40029, 40163])
const BUSY = new Set([-1, 45011])

interface WxAnswer {
  errcode?: number
  errmsg?: string
}

interface PhoneInfo {
  phoneNumber?: string
  purePhoneNumber?: string
  countryCode?: string
  watermark?: { appid?: string; timestamp?: number }
}

export function createWechatIdentity(deps: WechatIdentityDeps): IdentityProvider {
  const { keys, clock } = deps
  const doFetch = timedFetch(deps.fetch ?? fetch, deps.timeoutMs)

  /** One call; WeChat unreachable or answering garbage is "busy" to the user (logged by the caller as such). */
  async function request<T extends WxAnswer>(path: string, init?: { query?: Record<string, string>; body?: unknown }) {
    const url = new URL(path, keys.baseUrl)
    for (const [name, value] of Object.entries(init?.query ?? {})) url.searchParams.set(name, value)
    let answer: T
    try {
      const response = await doFetch(url, {
        method: init?.body === undefined ? 'GET' : 'POST',
        headers: init?.body === undefined ? {} : { 'content-type': 'application/json' },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      answer = (await response.json()) as T
    } catch {
      throw errors.identityBusy()
    }
    if (!answer || typeof answer !== 'object') throw errors.identityBusy()
    if (answer.errcode !== undefined && BUSY.has(answer.errcode)) throw errors.identityBusy()
    return answer
  }

  /** Anything else WeChat refuses is our configuration (secret, app id, whitelist): a server error, logged. */
  const unexpected = (what: string, answer: WxAnswer) =>
    new Error(`WeChat ${what}: errcode ${String(answer.errcode)} ${String(answer.errmsg ?? '')}`)

  // The token for getuserphonenumber; stable_token failures reach the user like any other call's (busy or a server
  // error).
  const token = createWechatAccessToken(keys, clock, (path, init) =>
    request<WxAnswer & { access_token?: string; expires_in?: number }>(path, init),
  )

  async function phoneByCode(code: string): Promise<PhoneInfo> {
    let current = await token.get()
    for (let attempt = 0; ; attempt++) {
      const answer = await request<WxAnswer & { phone_info?: PhoneInfo }>('/wxa/business/getuserphonenumber', {
        query: { access_token: current },
        body: { code },
      })
      if (answer.errcode && TOKEN_STALE.has(answer.errcode) && attempt === 0) {
        current = await token.get(current)
        continue
      }
      if (answer.errcode && CODE_INVALID.has(answer.errcode)) throw errors.wxPhoneDataInvalid()
      if (answer.errcode || !answer.phone_info) throw unexpected('getuserphonenumber', answer)
      return answer.phone_info
    }
  }

  return {
    sandbox: false,
    appId: keys.appId,

    async code2Session(code): Promise<WxSession> {
      const answer = await request<WxAnswer & { openid?: string; session_key?: string; unionid?: string }>(
        '/sns/jscode2session',
        { query: { appid: keys.appId, secret: keys.appSecret, js_code: code, grant_type: 'authorization_code' } },
      )
      if (answer.errcode && CODE_INVALID.has(answer.errcode)) throw errors.wxCodeInvalid()
      if (answer.errcode || !answer.openid || !answer.session_key) throw unexpected('jscode2session', answer)
      return {
        appId: keys.appId,
        openId: answer.openid,
        sessionKey: answer.session_key,
        unionId: answer.unionid ?? null,
      }
    },

    async phoneNumber(session, phone) {
      if (!phone.phoneCode) {
        const { encryptedData, iv } = encryptedPhoneOf(phone)
        return wxPhoneFromEncryptedData(keys.appId, session.sessionKey, encryptedData, iv)
      }
      const info = await phoneByCode(phone.phoneCode)
      // The watermark names the app the number was authorised for: another app's code is not ours to use.
      if (info.watermark?.appid !== keys.appId || typeof info.purePhoneNumber !== 'string') {
        throw errors.wxPhoneDataInvalid()
      }
      return info.purePhoneNumber
    },
  }
}
