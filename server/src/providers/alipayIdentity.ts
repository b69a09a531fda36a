import { createDecipheriv, randomBytes } from 'node:crypto'
import type { Clock } from '../clock'
import { errors } from '../http/errors'
import { AlipayError, createAlipayGateway, type AlipayGatewayKeys } from './alipayGateway'
import { encryptedPhoneOf, type IdentityProvider } from './identity'
import { timedFetch } from './timedFetch'
import { rsaVerify } from './wechatPay'

// Alipay mini-program identity: my.getAuthCode's code through `alipay.system.oauth.token` (the same signed gateway
// call as payments, alipayGateway.ts) gives the user's id; my.getPhoneNumber's answer is Alipay's "sensitive data"
// envelope: `response` AES-128-CBC encrypted with the app's content-encryption key (IV 16 zero bytes, PKCS#7) and
// `sign`, RSA2 by Alipay's key. The signed text of encrypted content is the response as a JSON string, quotes
// included (Alipay's SDK: `"\"" + content + "\""`), as in its answers, where the signed text is the value's JSON.

export interface AlipayIdentityKeys extends AlipayGatewayKeys {
  /** The content-encryption (AES) key of the mini-program, base64 of 16 bytes (开发设置 → 接口内容加密方式). */
  aesKey: Buffer
}

export interface AlipayIdentityDeps {
  keys: AlipayIdentityKeys
  clock: Clock
  fetch?: typeof fetch
  /** Each call's deadline; PROVIDER_TIMEOUT_MS by default. */
  timeoutMs?: number
}

/** Sub-codes of a login code that is wrong, used or expired: the user logs in again. */
const CODE_INVALID = new Set(['isv.code-invalid', 'isv.invalid-auth-code', 'isv.auth-code-expired'])

interface OauthToken {
  user_id?: string
  open_id?: string
}

interface PhoneAnswer {
  code?: string
  msg?: string
  mobile?: string
}

/** The phone answer's plaintext, or null when it does not decrypt with this key. */
function decrypt(aesKey: Buffer, response: string): PhoneAnswer | null {
  try {
    const decipher = createDecipheriv('aes-128-cbc', aesKey, Buffer.alloc(16))
    const plain = Buffer.concat([decipher.update(Buffer.from(response, 'base64')), decipher.final()]).toString('utf8')
    const parsed = JSON.parse(plain) as unknown
    return parsed && typeof parsed === 'object' ? (parsed as PhoneAnswer) : null
  } catch {
    return null
  }
}

export function createAlipayIdentity(deps: AlipayIdentityDeps): IdentityProvider {
  const { keys } = deps
  if (keys.aesKey.length !== 16) throw new Error('Alipay AES key must be 16 bytes')
  const gateway = createAlipayGateway(keys, deps.clock, timedFetch(deps.fetch ?? fetch, deps.timeoutMs))

  return {
    sandbox: false,
    appId: keys.appId,

    async code2Session(code) {
      let answer: OauthToken
      try {
        answer = await gateway<OauthToken>('alipay.system.oauth.token', {
          params: { grant_type: 'authorization_code', code },
        })
      } catch (error) {
        if (error instanceof AlipayError && CODE_INVALID.has(error.subCode)) throw errors.wxCodeInvalid()
        // 20000 (service unavailable), isp.* (Alipay's own failure), the gateway unreachable: worth a retry.
        if (error instanceof AlipayError && (error.code === '20000' || error.subCode.startsWith('isp.'))) {
          throw errors.identityBusy()
        }
        if (error instanceof AlipayError) throw error
        // Unreachable (fetch's TypeError), an HTTP error or garbage; an answer not signed by Alipay stays a server
        // error.
        if (error instanceof TypeError || /: (HTTP \d+|answer is not JSON)$/.test((error as Error).message)) {
          throw errors.identityBusy()
        }
        throw error
      }
      // open_id for apps created since 2023, user_id (2088…) for older ones: whichever the app is given.
      const openId = answer.open_id ?? answer.user_id
      if (!openId) throw new Error('Alipay oauth.token answered neither open_id nor user_id')
      // No session key in Alipay's login: a random one, kept by the server, backs the proof the app gets.
      return { appId: keys.appId, openId, sessionKey: randomBytes(16).toString('base64'), unionId: null }
    },

    async phoneNumber(_session, phone) {
      const { encryptedData: response, iv: sign } = encryptedPhoneOf(phone)
      if (!rsaVerify(keys.alipayPublicKey, `"${response}"`, sign)) throw errors.wxPhoneDataInvalid()
      const answer = decrypt(keys.aesKey, response)
      if (answer?.code !== '10000' || typeof answer.mobile !== 'string') throw errors.wxPhoneDataInvalid()
      return answer.mobile
    },
  }
}
