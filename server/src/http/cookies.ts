import type { FastifyRequest } from 'fastify'

// The one cookie the server reads (the operator session): parsed by hand rather than adding a plugin for it.

/** The value of the request's cookie `name`, or undefined. */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0 || part.slice(0, index).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

export interface CookieOptions {
  maxAgeS: number
  secure: boolean
}

/** A Set-Cookie value: httpOnly (scripts never read it), SameSite=Strict (no cross-site request carries it). */
export function sessionCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${options.maxAgeS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}
