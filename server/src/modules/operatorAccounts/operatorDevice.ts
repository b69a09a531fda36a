import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// A browser an operator has logged in with (OWASP's device cookie): after each successful login it gets a cookie
// naming that login name, signed under JWT_SECRET, sent only to the login route. Its failures count apart from the
// name's (modules/abuse/loginDelay.ts), so a guesser hammering the name from elsewhere never slows its owner.

export const DEVICE_COOKIE = 'lp_operator_device'
export const DEVICE_COOKIE_PATH = '/api/operator/login'
export const DEVICE_MAX_AGE_S = 180 * 24 * 3600

const mac = (jwtSecret: string, payload: string) =>
  createHmac('sha256', jwtSecret).update(`operator-device:${payload}`).digest('base64url')

/** A new device cookie's value for the login name, issued at `now`. */
export function deviceToken(jwtSecret: string, loginName: string, now: Date): string {
  const payload = `${randomBytes(12).toString('base64url')}.${Math.floor(now.getTime() / 1000)}`
  return `${payload}.${mac(jwtSecret, `${loginName}:${payload}`)}`
}

/** The device's id when the cookie was issued to this login name and has not expired; null otherwise. */
export function deviceOf(jwtSecret: string, loginName: string, token: string | undefined, now: Date): string | null {
  const [id, issued, signature] = token?.split('.') ?? []
  if (!id || !issued || !signature) return null
  const expected = Buffer.from(mac(jwtSecret, `${loginName}:${id}.${issued}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return now.getTime() / 1000 - Number(issued) < DEVICE_MAX_AGE_S ? id : null
}
