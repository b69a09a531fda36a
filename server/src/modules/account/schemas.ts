import { verificationCodeBusinessTypeValues } from '../../../../src/domain/verificationCodePurpose'
import { body, int, nullable, obj, oneOfValues, query, str, dateTime } from '../../http/schemas'

// Request and response shapes of types/api/account.ts.

export const tokenResult = obj(
  {
    accessToken: str({ description: 'HS256 JWT with sub (user id) and client_id' }),
    refreshToken: str({ description: 'Single use: each refresh returns a new one' }),
    expiresIn: int({ description: 'Seconds the access token lives' }),
    creationTime: int({ description: 'Epoch milliseconds' }),
  },
  ['accessToken', 'refreshToken', 'expiresIn', 'creationTime'],
)

export const userInfo = obj(
  {
    userId: str({ format: 'uuid' }),
    userName: str(),
    phoneNumber: str(),
    avatarUrl: nullable(str()),
    creationTime: dateTime(),
  },
  ['userId', 'userName', 'phoneNumber', 'avatarUrl', 'creationTime'],
)

const phoneNumber = str({ maxLength: 20, description: '11-digit mainland mobile number' })
const smsCode = str({ minLength: 1, maxLength: 10, description: 'The 6-digit code sent by SendPhoneMessageCode' })
const wxCode = str({ minLength: 1, maxLength: 128, description: 'Login code from wx.login / Taro.login' })

export const sendPhoneMessageCodeBody = body(
  { phoneNumber, businessType: oneOfValues(verificationCodeBusinessTypeValues, { description: 'SPEC §9 purpose' }) },
  ['phoneNumber', 'businessType'],
)
export const sendPhoneMessageCodeResult = obj({ resendAfter: int() }, ['resendAfter'])

export const lifePayPhoneCodeLoginBody = body({ phoneNumber, code: smsCode }, ['phoneNumber', 'code'])

export const passwordLoginBody = body(
  { loginName: str({ maxLength: 64, description: 'The phone number' }), password: str({ maxLength: 128 }) },
  ['loginName', 'password'],
)

export const registerBody = body(
  { phoneNumber, code: smsCode, password: str({ maxLength: 128 }), userName: str({ maxLength: 30 }) },
  ['phoneNumber', 'code', 'password'],
)

export const wxCodeQuery = query({ code: wxCode }, ['code'])

export const wxIdentity = obj({ openId: str(), sessionKey: str(), unionId: nullable(str()) }, [
  'openId',
  'sessionKey',
  'unionId',
])

export const wxUserLoginResult = obj({ openId: str(), sessionKey: str(), token: nullable(tokenResult) }, [
  'openId',
  'sessionKey',
  'token',
])

const uId = str({ maxLength: 64, description: "The referring user's id carried by the QR code" })

export const wxUserLoginFromScanBody = body(
  { uId, userName: str({ maxLength: 30 }), openId: str({ minLength: 1, maxLength: 64 }) },
  ['uId', 'openId'],
)

const phoneAuthProperties = {
  openId: str({ minLength: 1, maxLength: 64 }),
  sessionKey: str({ minLength: 1, maxLength: 64 }),
  encryptedData: str({ minLength: 1, maxLength: 4096 }),
  iv: str({ minLength: 1, maxLength: 64 }),
}
const phoneAuthRequired = ['openId', 'sessionKey', 'encryptedData', 'iv']

export const wxPhoneAuthBody = body(phoneAuthProperties, phoneAuthRequired)
export const wxPhoneAuthFromScanBody = body({ ...phoneAuthProperties, uId }, [...phoneAuthRequired, 'uId'])

export const ossSts = obj(
  {
    accessKeyId: str(),
    accessKeySecret: str(),
    securityToken: str(),
    expiration: dateTime(),
    bucket: str(),
    host: str({ description: 'Form POST target of uploads' }),
    dir: str({ description: 'Key prefix the credentials are limited to' }),
  },
  ['accessKeyId', 'accessKeySecret', 'securityToken', 'expiration', 'bucket', 'host', 'dir'],
)

export const refreshBody = body(
  { refreshToken: str({ minLength: 1, maxLength: 256 }), clientId: str({ minLength: 1, maxLength: 64 }) },
  ['refreshToken', 'clientId'],
)
