import { createHmac } from 'node:crypto'
import { errors } from '../http/errors'
import { wxPhoneFromEncryptedData } from './wxCrypto'

/** The mini-program host a login comes from (X-LifePay-Host, server/src/http/hostHeader.ts). */
export type IdentityHost = 'weapp' | 'alipay'

/**
 * The host's login code exchanged for the user's id in this app: WeChat's code2session (openId + session key) or
 * Alipay's oauth token (user id / open id; the "session key" is then ours, a random secret only the server keeps).
 */
export interface WxSession {
  appId: string
  openId: string
  sessionKey: string
  unionId: string | null
}

/** What the phone-number button handed the app: WxMiniAppPhoneAuthLogin's fields. */
export interface PhoneAuthorisation {
  encryptedData: string
  iv: string
  /** WeChat's getPhoneNumber `code` (base library ≥ 2.21.2): exchanged with WeChat instead of decrypting. */
  phoneCode?: string
}

export interface IdentityProvider {
  readonly sandbox: boolean
  readonly appId: string
  code2Session(code: string, host: IdentityHost): Promise<WxSession>
  /** The phone number the host vouches for, for a session this provider issued; throws WX_PHONE_DATA_INVALID. */
  phoneNumber(session: WxSession, phone: PhoneAuthorisation): Promise<string>
}

export const SANDBOX_WX_APP_ID = 'wxsandbox0lifepay'

/** Deterministic sandbox: the same code always gives the same openId and session key, whatever the host. */
export function createSandboxIdentity(secret: string): IdentityProvider {
  const derive = (purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}:${value}`).digest()
  return {
    sandbox: true,
    appId: SANDBOX_WX_APP_ID,
    async code2Session(code) {
      const openId = `o_sbx${derive('openid', code).toString('base64url').slice(0, 23)}`
      return {
        appId: SANDBOX_WX_APP_ID,
        openId,
        sessionKey: derive('session-key', openId).subarray(0, 16).toString('base64'),
        unionId: `u_sbx${derive('unionid', code).toString('base64url').slice(0, 23)}`,
      }
    },
    // The sandbox's phone data is WeChat's encryptedData, made by /api/dev/wx/phone-auth.
    async phoneNumber(session, phone) {
      return wxPhoneFromEncryptedData(SANDBOX_WX_APP_ID, session.sessionKey, phone.encryptedData, phone.iv)
    },
  }
}

/**
 * A server with both mini-programs: the login code goes to the host's own provider; the phone step to the provider
 * that issued the session (by its app id), whatever host the caller claims then.
 */
export function identityByHost(byHost: Partial<Record<IdentityHost, IdentityProvider>>): IdentityProvider {
  const all = Object.values(byHost)
  if (all.length === 0) throw new Error('identityByHost: no identity provider')
  return {
    sandbox: all.some((one) => one.sandbox),
    appId: all[0].appId,
    async code2Session(code, host) {
      const provider = byHost[host]
      if (!provider) throw errors.badRequest(`this server has no ${host === 'alipay' ? 'Alipay' : 'WeChat'} login`)
      return provider.code2Session(code, host)
    },
    async phoneNumber(session, phone) {
      const provider = all.find((one) => one.appId === session.appId)
      if (!provider) throw errors.wxSessionInvalid()
      return provider.phoneNumber(session, phone)
    },
  }
}
