import { createCipheriv, createDecipheriv } from 'node:crypto'
import { errors } from '../http/errors'

// WeChat's "encrypted data" algorithm (open data such as the phone number): AES-128-CBC, PKCS#7 padding, key =
// base64(session_key), iv = base64(iv), ciphertext base64.

/** What getPhoneNumber's encryptedData holds once decrypted. */
export interface WxPhoneData {
  phoneNumber: string
  purePhoneNumber: string
  countryCode: string
  watermark: { appid: string; timestamp: number }
}

function key16(base64: string, what: string): Buffer {
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length !== 16) throw new Error(`${what} must be 16 bytes in base64`)
  return bytes
}

export function decryptWxData<T>(sessionKey: string, encryptedData: string, iv: string): T {
  const decipher = createDecipheriv('aes-128-cbc', key16(sessionKey, 'sessionKey'), key16(iv, 'iv'))
  const plain = Buffer.concat([decipher.update(Buffer.from(encryptedData, 'base64')), decipher.final()])
  return JSON.parse(plain.toString('utf8')) as T
}

/** The inverse, as WeChat's servers do it: used by the sandbox to produce phone authorisations. */
export function encryptWxData(sessionKey: string, iv: string, data: unknown): string {
  const cipher = createCipheriv('aes-128-cbc', key16(sessionKey, 'sessionKey'), key16(iv, 'iv'))
  return Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]).toString('base64')
}

/** getPhoneNumber's encryptedData, decrypted with the session's key, as the phone number; only for this app id. */
export function wxPhoneFromEncryptedData(appId: string, sessionKey: string, encryptedData: string, iv: string): string {
  let data: WxPhoneData
  try {
    data = decryptWxData<WxPhoneData>(sessionKey, encryptedData, iv)
  } catch {
    throw errors.wxPhoneDataInvalid()
  }
  if (data?.watermark?.appid !== appId || typeof data.purePhoneNumber !== 'string') throw errors.wxPhoneDataInvalid()
  return data.purePhoneNumber
}
