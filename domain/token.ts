import { TOKEN_EXPIRY_MARGIN_S } from './constants'

/** The part of a token result the expiry rule reads: lifetime in seconds, creation time in epoch ms. */
export interface TokenTiming {
  expiresIn: number
  creationTime: number
}

/** SPEC §4 rule; a missing or malformed token counts as expired, so the caller refreshes instead of failing. */
export function isTokenExpired(token: Partial<TokenTiming> | null | undefined, nowMs: number = Date.now()): boolean {
  const expiresIn = token?.expiresIn
  const creationTime = token?.creationTime
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn)) return true
  if (typeof creationTime !== 'number' || !Number.isFinite(creationTime)) return true
  const elapsedSeconds = (nowMs - creationTime) / 1000
  return elapsedSeconds > expiresIn - TOKEN_EXPIRY_MARGIN_S
}

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const BASE64_VALUE = new Int16Array(128).fill(-1)
for (let i = 0; i < 64; i++) BASE64_VALUE[BASE64URL_ALPHABET.charCodeAt(i)] = i
// Standard base64 as well: some issuers pad or use '+' and '/' in the payload part.
BASE64_VALUE['+'.charCodeAt(0)] = 62
BASE64_VALUE['/'.charCodeAt(0)] = 63

/** Bytes of a base64url (or base64) text; undefined when it is not one. No atob/Buffer: mini-programs lack them. */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  const body = text.replace(/=+$/, '')
  if (body.length % 4 === 1) return undefined
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4))
  let buffer = 0
  let bits = 0
  let at = 0
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i)
    const value = code < 128 ? BASE64_VALUE[code] : -1
    if (value < 0) return undefined
    buffer = ((buffer << 6) | value) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes[at++] = (buffer >> bits) & 0xff
    }
  }
  return bytes
}

/** Strict UTF-8 → string; undefined on an invalid, overlong or surrogate sequence. No TextDecoder needed. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  const units: number[] = []
  let result = ''
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i]
    let codePoint: number
    let extra: number
    let min: number
    if (first < 0x80) {
      codePoint = first
      extra = 0
      min = 0
    } else if (first >= 0xc2 && first <= 0xdf) {
      codePoint = first & 0x1f
      extra = 1
      min = 0x80
    } else if (first >= 0xe0 && first <= 0xef) {
      codePoint = first & 0x0f
      extra = 2
      min = 0x800
    } else if (first >= 0xf0 && first <= 0xf4) {
      codePoint = first & 0x07
      extra = 3
      min = 0x10000
    } else {
      return undefined
    }
    for (let k = 1; k <= extra; k++) {
      if (i + k >= bytes.length) return undefined
      const next = bytes[i + k]
      if ((next & 0xc0) !== 0x80) return undefined
      codePoint = (codePoint << 6) | (next & 0x3f)
    }
    if (codePoint < min || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined
    if (codePoint >= 0x10000) {
      const offset = codePoint - 0x10000
      units.push(0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff))
    } else {
      units.push(codePoint)
    }
    // Flush in chunks: String.fromCharCode takes its units as arguments, which are limited in number.
    if (units.length >= 4096) result += String.fromCharCode(...units.splice(0))
    i += extra + 1
  }
  return result + String.fromCharCode(...units)
}

/** The JSON object in the middle part of a JWT; undefined for anything malformed. Never throws. */
export function decodeJwtPayload(jwt: string | null | undefined): Record<string, unknown> | undefined {
  if (typeof jwt !== 'string') return undefined
  const parts = jwt.split('.')
  if (parts.length !== 3 || parts[1] === '') return undefined
  const bytes = decodeBase64Url(parts[1])
  const json = bytes && decodeUtf8(bytes)
  if (json === undefined) return undefined
  try {
    const payload: unknown = JSON.parse(json)
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** The `client_id` claim of an access token (SPEC §3 account info), used by the refresh call. */
export function readClientId(jwt: string | null | undefined): string | undefined {
  const clientId = decodeJwtPayload(jwt)?.client_id
  return typeof clientId === 'string' && clientId !== '' ? clientId : undefined
}
