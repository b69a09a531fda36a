import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'

/** Parses every request's Cookie header into `request.cookies`; `reply.setCookie` / `clearCookie` write them. */
export async function installCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie)
}

export interface CookieOptions {
  maxAgeS: number
  secure: boolean
  /** Where the browser sends it: '/' unless said. */
  path?: string
}

/** Every cookie of ours: httpOnly (scripts never read it), SameSite=Strict (no cross-site request carries it). */
export function strictCookie(options: CookieOptions): CookieSerializeOptions {
  return {
    path: options.path ?? '/',
    maxAge: options.maxAgeS,
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
  }
}
