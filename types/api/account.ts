import type { VerificationCodeBusinessType } from '../../src/domain/verificationCodePurpose'

/** Token pair issued by every full login and by the refresh call. `creationTime` is epoch milliseconds. */
export interface TokenResult {
  accessToken: string
  refreshToken: string
  /** Seconds the access token lives. */
  expiresIn: number
  creationTime: number
}

/** GET /api/User/GetUserInfo */
export interface UserInfo {
  userId: string
  userName: string
  phoneNumber: string
  /** Absent when the user never uploaded one: the app shows its default avatar. */
  avatarUrl: string | null
  creationTime: string
}

/** POST /api/Account/PasswordLogin */
export interface PasswordLoginInput {
  loginName: string
  password: string
}

/** POST /api/Account/PhoneMesssageCodeRegister */
export interface PhoneMessageCodeRegisterInput {
  phoneNumber: string
  code: string
  password: string
  /** Optional display name; the masked phone number is used when empty. */
  userName?: string
}

/** POST /api/Account/LifePayPhoneMesssageCodeLogin — response `data` is the (virtual) user id. */
export interface LifePayPhoneMessageCodeLoginInput {
  phoneNumber: string
  code: string
}

/** POST /api/Account/SendPhoneMessageCode — the SPEC §4 captcha; purposes of SPEC §9. */
export interface SendPhoneMessageCodeInput {
  phoneNumber: string
  businessType: VerificationCodeBusinessType
}

export interface SendPhoneMessageCodeResult {
  /** Seconds until another code may be sent to this number. */
  resendAfter: number
}

/** GET /api/Account/GetWxIndentity and GetLifePayWxIndentity, query `code` from Taro.login. */
export interface WxIdentityInput {
  code: string
}

export interface WxIdentity {
  openId: string
  sessionKey: string
  unionId: string | null
}

/** GET /api/Account/WxMiniAppUserLogin (query) — logs in when the openId is bound to a user. */
export interface WxMiniAppUserLoginInput {
  code: string
}

/** POST /api/Account/WxMiniAppUserLoginFromScan */
export interface WxMiniAppUserLoginFromScanInput {
  /** The id carried by the scanned QR code (docs/qr.md). */
  uId: string
  userName: string
  openId: string
}

export interface WxMiniAppUserLoginResult {
  openId: string
  sessionKey: string
  /** Present when the openId already belongs to a user with a phone number: the login is complete. */
  token: TokenResult | null
}

/** POST /api/Account/WxMiniAppPhoneAuthLogin */
export interface WxMiniAppPhoneAuthLoginInput {
  openId: string
  sessionKey: string
  encryptedData: string
  iv: string
}

/** POST /api/Account/WxMiniAppPhoneAuthLoginFromScan */
export interface WxMiniAppPhoneAuthLoginFromScanInput extends WxMiniAppPhoneAuthLoginInput {
  uId: string
}

/** POST /api/Account/GetOssSTS — temporary upload credentials (valid 20 minutes). */
export interface OssSts {
  accessKeyId: string
  accessKeySecret: string
  securityToken: string
  /** ISO time the credentials stop working. */
  expiration: string
  bucket: string
  /** Where a client uploads (form POST) with the credentials. */
  host: string
  /** Key prefix the credentials are restricted to. */
  dir: string
}

/** POST /api/accountAuth/GetTokenByRefreshToken */
export interface GetTokenByRefreshTokenInput {
  refreshToken: string
  clientId: string
}
