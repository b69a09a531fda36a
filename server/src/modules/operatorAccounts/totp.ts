import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// Time-based one-time passwords, RFC 6238 over RFC 4226's HOTP, as every authenticator app reads them: HMAC-SHA1,
// 6 digits, 30-second steps, a base32 key in an otpauth:// URI. Node's crypto is all it takes; the rules around it
// (a step never accepted twice, the clock window) live in secondFactor.ts, with the database.

export const TOTP_PERIOD_S = 30
export const TOTP_DIGITS = 6
/** Steps either side of now still accepted: a phone's clock a little off, a code typed as it turns. */
export const TOTP_WINDOW = 1

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding, as otpauth:// URIs carry keys. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let text = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31]
  return text
}

export function base32Decode(text: string): Buffer {
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error('not base32')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** A new key: 20 random bytes, the HMAC-SHA1 block RFC 4226 recommends. */
export function newTotpKey(): Buffer {
  return randomBytes(20)
}

/** RFC 4226 HOTP: the HMAC-SHA1 of the counter, dynamically truncated, as `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', key).update(message).digest()
  const offset = mac[mac.length - 1] & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The 30-second step a moment falls in (RFC 6238's T). */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S)
}

/** The code an authenticator shows at `now`. */
export function totpCode(key: Buffer, now: Date): string {
  return hotp(key, totpStep(now))
}

/** The step whose code `code` is, within the window around `now`; null when none is. Compared in constant time. */
export function matchingStep(key: Buffer, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const given = Buffer.from(code)
  const current = totpStep(now)
  let found: number | null = null
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    // Every step is computed and compared, whichever matches: the time taken says nothing.
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && found === null) found = step
  }
  return found
}

/** The otpauth:// URI an authenticator app scans (Google's Key Uri Format): issuer, account, key and parameters. */
export function otpauthUri(issuer: string, account: string, key: Buffer): string {
  // Percent-encoding (%20), not form encoding (+): apps read a + in the issuer as a plus sign.
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const params = [
    ['secret', base32Encode(key)],
    ['issuer', issuer],
    ['algorithm', 'SHA1'],
    ['digits', String(TOTP_DIGITS)],
    ['period', String(TOTP_PERIOD_S)],
  ]
  return `otpauth://totp/${label}?${params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`
}
