import { createHmac, randomBytes } from 'node:crypto'
import { errors } from '../http/errors'
import { systemClock, type Clock } from '../clock'
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

/**
 * What the phone-number button handed the app: WxMiniAppPhoneAuthLogin's fields. WeChat's `phoneCode` (base library
 * ≥ 2.21.2, exchanged with WeChat) or, from older clients and Alipay, encryptedData + iv.
 */
export interface PhoneAuthorisation {
  encryptedData?: string
  iv?: string
  phoneCode?: string
}

export interface IdentityProvider {
  readonly sandbox: boolean
  readonly appId: string
  code2Session(code: string, host: IdentityHost): Promise<WxSession>
  /** The phone number the host vouches for, for a session this provider issued; throws WX_PHONE_DATA_INVALID. */
  phoneNumber(session: WxSession, phone: PhoneAuthorisation): Promise<string>
  /** Sandbox only (/api/dev/wx/phone-auth): the one-use code the phone button would give this session's user. */
  issuePhoneCode?(session: WxSession, phoneNumber: string): string
}

/** How long WeChat's phone-button code may be exchanged (its documentation: 5 minutes, once). */
export const PHONE_CODE_TTL_MS = 5 * 60_000

/** The encrypted data of a legacy answer, both halves, or WX_PHONE_DATA_INVALID. */
export function encryptedPhoneOf(phone: PhoneAuthorisation): { encryptedData: string; iv: string } {
  if (!phone.encryptedData || !phone.iv) throw errors.wxPhoneDataInvalid()
  return { encryptedData: phone.encryptedData, iv: phone.iv }
}

export const SANDBOX_WX_APP_ID = 'wxsandbox0lifepay'

/**
 * Deterministic sandbox: the same code always gives the same openId and session key, whatever the host. Phone codes
 * are exchanged as WeChat's getuserphonenumber does: issued for one login (openId), usable once, for 5 minutes; kept
 * in this process's memory (a sandbox serves one process).
 */
export function createSandboxIdentity(secret: string, clock: Clock = systemClock): IdentityProvider {
  const derive = (purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}:${value}`).digest()
  const phoneCodes = new Map<string, { openId: string; phoneNumber: string; expiresAt: number }>()
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
    // The sandbox's phone data is WeChat's: a code or encryptedData + iv, both made by /api/dev/wx/phone-auth.
    async phoneNumber(session, phone) {
      if (!phone.phoneCode) {
        const { encryptedData, iv } = encryptedPhoneOf(phone)
        return wxPhoneFromEncryptedData(SANDBOX_WX_APP_ID, session.sessionKey, encryptedData, iv)
      }
      const issued = phoneCodes.get(phone.phoneCode)
      // Used, expired, made up, or another login's: WeChat answers 40029 invalid code for each.
      if (!issued || issued.openId !== session.openId || issued.expiresAt <= clock.now().getTime()) {
        throw errors.wxPhoneDataInvalid()
      }
      phoneCodes.delete(phone.phoneCode)
      return issued.phoneNumber
    },
    issuePhoneCode(session, phoneNumber) {
      const now = clock.now().getTime()
      for (const [code, issued] of phoneCodes) if (issued.expiresAt <= now) phoneCodes.delete(code)
      const code = randomBytes(16).toString('hex')
      phoneCodes.set(code, { openId: session.openId, phoneNumber, expiresAt: now + PHONE_CODE_TTL_MS })
      return code
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
    issuePhoneCode(session, phoneNumber) {
      const provider = all.find((one) => one.appId === session.appId)
      if (!provider?.issuePhoneCode) throw errors.wxSessionInvalid()
      return provider.issuePhoneCode(session, phoneNumber)
    },
  }
}
