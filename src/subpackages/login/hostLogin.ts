import Taro from '@tarojs/taro'
import type { TokenResult } from '@contract/account'
import { useSessionStore } from '../../stores/session'

// The calls load at the first tap (import()), not with the page: see loginActions.ts.
const accountApi = () => import('../../services/api/account')

/** Who the mini-program host says the user is; `token` when that identity already belongs to a user with a phone. */
export interface PlatformIdentity {
  openId: string
  sessionKey: string
  token: TokenResult | null
}

/**
 * The phone number the host hands over: WeChat's getPhoneNumber `code` (base library ≥ 2.21.2), which the server
 * exchanges with WeChat, or the legacy answer encrypted for the server (older WeChat clients, Alipay): docs/login.md.
 */
export type EncryptedPhone = { phoneCode: string } | { encryptedData: string; iv: string }

/** WeChat's phone-button answer as the server takes it: the code when there is one, else encryptedData + iv. */
export function weappPhoneOf(detail: { code?: string; encryptedData?: string; iv?: string }): EncryptedPhone | null {
  if (detail.code) return { phoneCode: detail.code }
  if (detail.encryptedData && detail.iv) return { encryptedData: detail.encryptedData, iv: detail.iv }
  return null
}

/**
 * Taro.login (WeChat wx.login, Alipay my.getAuthCode) → WxMiniAppUserLogin; from a scanned code with a `uId`,
 * GetLifePayWxIndentity first (the scan call takes an openId, not a code) → WxMiniAppUserLoginFromScan.
 */
export async function platformLogin(uId: string): Promise<PlatformIdentity> {
  const { code } = await Taro.login()
  useSessionStore.getState().setWxCode(code)
  const { getLifePayWxIndentity, wxMiniAppUserLogin, wxMiniAppUserLoginFromScan } = await accountApi()
  let identity: PlatformIdentity
  if (uId) {
    const wx = await getLifePayWxIndentity({ code })
    // The host gives no nickname any more; the server names the user after the masked phone number.
    const result = await wxMiniAppUserLoginFromScan({ uId, userName: '', openId: wx.openId })
    identity = {
      openId: result.openId || wx.openId,
      sessionKey: result.sessionKey || wx.sessionKey,
      token: result.token,
    }
  } else {
    const result = await wxMiniAppUserLogin({ code })
    identity = { openId: result.openId, sessionKey: result.sessionKey, token: result.token }
  }
  useSessionStore.getState().setWxOpenId(identity.openId)
  return identity
}

/** WxMiniAppPhoneAuthLogin, or its FromScan twin with the `uId` of the scanned code. */
export async function phoneAuthLogin(
  identity: PlatformIdentity,
  phone: EncryptedPhone,
  uId: string,
): Promise<TokenResult> {
  const { wxMiniAppPhoneAuthLogin, wxMiniAppPhoneAuthLoginFromScan } = await accountApi()
  const input = { openId: identity.openId, sessionKey: identity.sessionKey, ...phone }
  return uId ? wxMiniAppPhoneAuthLoginFromScan({ ...input, uId }) : wxMiniAppPhoneAuthLogin(input)
}

/**
 * Alipay's my.getPhoneNumber answers `{ response: '{"response":"<encrypted>","sign":"..."}' }`: the encrypted
 * number travels as encryptedData and its signature in the iv field of the same contract (docs/login.md).
 */
export async function alipayEncryptedPhone(): Promise<EncryptedPhone> {
  const host = Taro as unknown as { getPhoneNumber: () => Promise<{ response: string }> }
  const { response } = await host.getPhoneNumber()
  const parsed = JSON.parse(response) as { response?: string; sign?: string }
  if (!parsed.response) throw new Error('no phone number')
  return { encryptedData: parsed.response, iv: parsed.sign ?? '' }
}
