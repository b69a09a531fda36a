import type {
  LifePayPhoneMessageCodeLoginInput,
  OssSts,
  PasswordLoginInput,
  PhoneMessageCodeRegisterInput,
  SendPhoneMessageCodeInput,
  SendPhoneMessageCodeResult,
  TokenResult,
  WxIdentity,
  WxIdentityInput,
  WxMiniAppPhoneAuthLoginFromScanInput,
  WxMiniAppPhoneAuthLoginInput,
  WxMiniAppUserLoginFromScanInput,
  WxMiniAppUserLoginInput,
  WxMiniAppUserLoginResult,
} from '@contract/account'
import { OSS_STS_CACHE_MS } from '@domain/constants'
import { useSessionStore } from '../../stores/session'
import { request, requestUnfiltered } from '../http/client'
import { bearer } from '../http/interceptors/auth'
import { LIFE_PAY_USER_HEADER } from '../http/interceptors/lifePayUser'

// Login calls fail silently (SPEC §7): no toast, the caller decides what to say. Tokens, session keys and storage
// credentials are read unfiltered: a sensitive-word mask inside them would break them.
const SILENT = { skipErrorHandler: true } as const

interface OssStsCache {
  /** The session it was issued to: another user never reuses it. */
  token: string
  fetchedAt: number
  sts: Promise<OssSts>
}

let ossSts: OssStsCache | null = null

/** POST /api/Account/GetOssSTS — temporary storage credentials, reused for 20 minutes (SPEC §7/§9). */
export function getOssSTS(): Promise<OssSts> {
  const { token } = useSessionStore.getState()
  const now = Date.now()
  const age = ossSts ? now - ossSts.fetchedAt : Infinity
  if (ossSts && ossSts.token === token && age >= 0 && age < OSS_STS_CACHE_MS) return ossSts.sts
  const entry: OssStsCache = {
    token,
    fetchedAt: now,
    sts: requestUnfiltered<OssSts>({ method: 'POST', url: '/api/Account/GetOssSTS' }),
  }
  ossSts = entry
  // A failed fetch is not kept.
  entry.sts.catch(() => {
    if (ossSts === entry) ossSts = null
  })
  return entry.sts
}

/** Drops the cached credentials, e.g. when the storage rejected them before their 20 minutes were up. */
export function forgetOssSTS(): void {
  ossSts = null
}

/** GET /api/Account/GetWxIndentity */
export function getWxIndentity(input: WxIdentityInput): Promise<WxIdentity> {
  return requestUnfiltered<WxIdentity>({ method: 'GET', url: '/api/Account/GetWxIndentity', params: input })
}

/** GET /api/Account/GetLifePayWxIndentity */
export function getLifePayWxIndentity(input: WxIdentityInput): Promise<WxIdentity> {
  return requestUnfiltered<WxIdentity>({ method: 'GET', url: '/api/Account/GetLifePayWxIndentity', params: input })
}

/**
 * POST /api/Account/LifePayPhoneMesssageCodeLogin — resolves with the (virtual) user id; any failure is Error('error').
 */
export async function lifePayPhoneMesssageCodeLogin(input: LifePayPhoneMessageCodeLoginInput): Promise<string> {
  try {
    return await requestUnfiltered<string>({
      method: 'POST',
      url: '/api/Account/LifePayPhoneMesssageCodeLogin',
      data: input,
      ...SILENT,
    })
  } catch (cause) {
    throw new Error('error', { cause })
  }
}

/**
 * POST /api/Account/Logout — the server ends the login presented here (its tokens and the recharge id stop working
 * at once, on every instance). Credentials are passed in, not read from the session: logout clears the session.
 */
export function logout(credentials: { token: string; virtualUserId: string }): Promise<null> {
  const headers: Record<string, string> = {}
  if (credentials.token) headers.Authorization = bearer(credentials.token)
  if (credentials.virtualUserId) headers[LIFE_PAY_USER_HEADER] = credentials.virtualUserId
  return request<null>({ method: 'POST', url: '/api/Account/Logout', headers, withCredentials: false, ...SILENT })
}

/** POST /api/Account/PasswordLogin */
export function passwordLogin(input: PasswordLoginInput): Promise<TokenResult> {
  return requestUnfiltered<TokenResult>({ method: 'POST', url: '/api/Account/PasswordLogin', data: input, ...SILENT })
}

/** POST /api/Account/PhoneMesssageCodeRegister — registers and logs in. */
export function phoneMesssageCodeRegister(input: PhoneMessageCodeRegisterInput): Promise<TokenResult> {
  return requestUnfiltered<TokenResult>({ method: 'POST', url: '/api/Account/PhoneMesssageCodeRegister', data: input })
}

/** POST /api/Account/WxMiniAppPhoneAuthLogin */
export function wxMiniAppPhoneAuthLogin(input: WxMiniAppPhoneAuthLoginInput): Promise<TokenResult> {
  return requestUnfiltered<TokenResult>({
    method: 'POST',
    url: '/api/Account/WxMiniAppPhoneAuthLogin',
    data: input,
    ...SILENT,
  })
}

/** POST /api/Account/WxMiniAppPhoneAuthLoginFromScan */
export function wxMiniAppPhoneAuthLoginFromScan(input: WxMiniAppPhoneAuthLoginFromScanInput): Promise<TokenResult> {
  return requestUnfiltered<TokenResult>({
    method: 'POST',
    url: '/api/Account/WxMiniAppPhoneAuthLoginFromScan',
    data: input,
    ...SILENT,
  })
}

/** GET /api/Account/WxMiniAppUserLogin */
export function wxMiniAppUserLogin(input: WxMiniAppUserLoginInput): Promise<WxMiniAppUserLoginResult> {
  return requestUnfiltered<WxMiniAppUserLoginResult>({
    method: 'GET',
    url: '/api/Account/WxMiniAppUserLogin',
    params: input,
    ...SILENT,
  })
}

/** POST /api/Account/WxMiniAppUserLoginFromScan */
export function wxMiniAppUserLoginFromScan(input: WxMiniAppUserLoginFromScanInput): Promise<WxMiniAppUserLoginResult> {
  return requestUnfiltered<WxMiniAppUserLoginResult>({
    method: 'POST',
    url: '/api/Account/WxMiniAppUserLoginFromScan',
    data: input,
    ...SILENT,
  })
}

/** POST /api/Account/SendPhoneMessageCode — the captcha of SPEC §4 (the SPEC names no path; docs/api.md does). */
export function sendPhoneMessageCode(input: SendPhoneMessageCodeInput): Promise<SendPhoneMessageCodeResult> {
  return request<SendPhoneMessageCodeResult>({ method: 'POST', url: '/api/Account/SendPhoneMessageCode', data: input })
}
