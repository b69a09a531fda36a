import type { FastifyRequest } from 'fastify'

// The cookies the server reads (the operator's session and device): parsed by hand rather than adding a plugin.

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
  /** Where the browser sends it: '/' unless said. */
  path?: string
}

/** A Set-Cookie value: httpOnly (scripts never read it), SameSite=Strict (no cross-site request carries it). */
export function sessionCookie(name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${options.maxAgeS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}
