import { createHmac, timingSafeEqual } from 'node:crypto'

/** Claims of our access tokens: `sub` the user id, `client_id` the app (SPEC §3 reads it from the token). */
export interface AccessTokenClaims {
  sub: string
  client_id: string
  /** Refresh-token family the token was issued with. */
  fid: string
  iat: number
  exp: number
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url')
}

export function signJwt(claims: AccessTokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret)}`
}

/** The claims of a well-signed HS256 token that has not expired at `nowS`; null otherwise. */
export function verifyJwt(token: string, secret: string, nowS: number): AccessTokenClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [header, payload, signature] = parts
  const expected = Buffer.from(sign(`${header}.${payload}`, secret))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }
    if (head.alg !== 'HS256') return null
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessTokenClaims>
    if (typeof claims.sub !== 'string' || typeof claims.client_id !== 'string' || typeof claims.exp !== 'number')
      return null
    if (claims.exp <= nowS) return null
    return claims as AccessTokenClaims
  } catch {
    return null
  }
}
