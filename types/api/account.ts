import { Type, type Static } from '@sinclair/typebox'
import { verificationCodeBusinessTypeValues } from '@domain/verificationCodePurpose'
import { DateTime, Extension, Nullable, OneOf } from './schema'

// Each shape once: the schema (server validation, serialisation, OpenAPI) and its type, of the same name.

/** Token pair issued by every full login and by the refresh call. */
export const TokenResult = Type.Object({
  accessToken: Type.String({ description: 'HS256 JWT with sub (user id) and client_id' }),
  refreshToken: Type.String({ description: 'Single use: each refresh returns a new one' }),
  expiresIn: Type.Integer({ description: 'Seconds the access token lives' }),
  creationTime: Type.Integer({ description: 'Epoch milliseconds' }),
})
export type TokenResult = Static<typeof TokenResult>

/** GET /api/User/GetUserInfo */
export const UserInfo = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  userName: Type.String(),
  phoneNumber: Type.String(),
  /** Absent when the user never uploaded one: the app shows its default avatar. */
  avatarUrl: Nullable(Type.String()),
  creationTime: DateTime(),
})
export type UserInfo = Static<typeof UserInfo>

const phoneNumber = Type.String({ maxLength: 20, description: '11-digit mainland mobile number' })
const smsCode = Type.String({
  minLength: 1,
  maxLength: 10,
  description: 'The 6-digit code sent by SendPhoneMessageCode',
})
const wxCode = Type.String({ minLength: 1, maxLength: 128, description: 'Login code from wx.login / Taro.login' })
const uId = Type.String({ maxLength: 64, description: "The referring user's id carried by the QR code" })
/** Ours, not production's: the referral of a QR code, recorded on an account this call creates (never on another). */
const newAccountUId = Type.Optional(
  Type.String({
    maxLength: 64,
    description: "The referring user's id of the QR code the login page was opened from; applied to a new account only",
  }),
)

/** POST /api/Account/PasswordLogin */
export const PasswordLoginInput = Type.Object({
  loginName: Type.String({ maxLength: 64, description: 'The phone number' }),
  password: Type.String({ maxLength: 128 }),
})
export type PasswordLoginInput = Static<typeof PasswordLoginInput>

/** POST /api/Account/PhoneMesssageCodeRegister — `userName` empty: the masked phone number is used. */
export const PhoneMessageCodeRegisterInput = Type.Object({
  phoneNumber,
  code: smsCode,
  password: Type.String({ maxLength: 128 }),
  userName: Type.Optional(Type.String({ maxLength: 30 })),
  uId: newAccountUId,
})
export type PhoneMessageCodeRegisterInput = Static<typeof PhoneMessageCodeRegisterInput>

/** POST /api/Account/LifePayPhoneMesssageCodeLogin — response `data` is the (virtual) user id. */
export const LifePayPhoneMessageCodeLoginInput = Type.Object({
  phoneNumber,
  code: smsCode,
  // Production takes no referral here (its login has phoneNumber alone): ours, marked.
  uId: Extension(newAccountUId),
})
export type LifePayPhoneMessageCodeLoginInput = Static<typeof LifePayPhoneMessageCodeLoginInput>

/** The (virtual) user id LifePayPhoneMesssageCodeLogin answers. */
export const VirtualUserId = Type.String({ format: 'uuid' })

/** POST /api/Account/SendPhoneMessageCode — the SPEC §4 captcha; purposes of SPEC §9. */
export const SendPhoneMessageCodeInput = Type.Object({
  phoneNumber,
  businessType: OneOf(verificationCodeBusinessTypeValues, { description: 'SPEC §9 purpose' }),
})
export type SendPhoneMessageCodeInput = Static<typeof SendPhoneMessageCodeInput>

export const SendPhoneMessageCodeResult = Type.Object({
  /** Seconds until another code may be sent to this number. */
  resendAfter: Type.Integer(),
})
export type SendPhoneMessageCodeResult = Static<typeof SendPhoneMessageCodeResult>

/** GET /api/Account/GetWxIndentity, GetLifePayWxIndentity and WxMiniAppUserLogin: query `code` from Taro.login. */
export const WxIdentityInput = Type.Object({ code: wxCode })
export type WxIdentityInput = Static<typeof WxIdentityInput>
/** GET /api/Account/WxMiniAppUserLogin (query) — logs in when the openId is bound to a user. */
export type WxMiniAppUserLoginInput = WxIdentityInput

export const WxIdentity = Type.Object({
  openId: Type.String(),
  sessionKey: Type.String(),
  unionId: Nullable(Type.String()),
  /** Production's: the name of the user this WeChat account already logs in (phone bound); null: phone login needed. */
  userName: Nullable(Type.String()),
})
export type WxIdentity = Static<typeof WxIdentity>

/** POST /api/Account/WxMiniAppUserLoginFromScan */
export const WxMiniAppUserLoginFromScanInput = Type.Object({
  uId,
  userName: Type.Optional(Type.String({ maxLength: 30 })),
  openId: Type.String({ minLength: 1, maxLength: 64 }),
})
export type WxMiniAppUserLoginFromScanInput = Static<typeof WxMiniAppUserLoginFromScanInput>

export const WxMiniAppUserLoginResult = Type.Object({
  openId: Type.String(),
  sessionKey: Type.String(),
  /** Present when the openId already belongs to a user with a phone number: the login is complete. */
  token: Nullable(TokenResult),
})
export type WxMiniAppUserLoginResult = Static<typeof WxMiniAppUserLoginResult>

/** POST /api/Account/WxMiniAppPhoneAuthLogin */
export const WxMiniAppPhoneAuthLoginInput = Type.Object({
  openId: Type.String({ minLength: 1, maxLength: 64 }),
  sessionKey: Type.String({ minLength: 1, maxLength: 64 }),
  /** The legacy answer (WeChat base library < 2.21.2, and Alipay): with `iv`, when there is no `phoneCode`. */
  encryptedData: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  /** WeChat's base64 IV (24 characters), or Alipay's RSA2 `sign` of the response (344 for a 2048-bit key). */
  iv: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  /**
   * WeChat's getPhoneNumber `code` (base library ≥ 2.21.2): the server exchanges it with WeChat (getuserphonenumber,
   * once, within 5 minutes) and needs no encryptedData then. Not in SPEC §7; optional, so the SPEC's calls stay valid.
   */
  phoneCode: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
})
export type WxMiniAppPhoneAuthLoginInput = Static<typeof WxMiniAppPhoneAuthLoginInput>

/** POST /api/Account/WxMiniAppPhoneAuthLoginFromScan */
export const WxMiniAppPhoneAuthLoginFromScanInput = Type.Object({ ...WxMiniAppPhoneAuthLoginInput.properties, uId })
export type WxMiniAppPhoneAuthLoginFromScanInput = Static<typeof WxMiniAppPhoneAuthLoginFromScanInput>

/** POST /api/Account/GetOssSTS — temporary upload credentials (valid 20 minutes). */
export const OssSts = Type.Object({
  accessKeyId: Type.String(),
  accessKeySecret: Type.String(),
  securityToken: Type.String(),
  expiration: DateTime(),
  bucket: Type.String(),
  host: Type.String({ description: 'Form POST target of uploads' }),
  dir: Type.String({ description: 'Key prefix the credentials are limited to' }),
})
export type OssSts = Static<typeof OssSts>

/** POST /api/accountAuth/GetTokenByRefreshToken */
export const GetTokenByRefreshTokenInput = Type.Object({
  refreshToken: Type.String({ minLength: 1, maxLength: 256 }),
  clientId: Type.String({ minLength: 1, maxLength: 64 }),
})
export type GetTokenByRefreshTokenInput = Static<typeof GetTokenByRefreshTokenInput>
