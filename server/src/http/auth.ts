import { timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../appContext'
import { verifyAccessToken } from '../modules/account/tokens'
import { errors } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the auth hooks of protected routes (onRequest: before the body is read). */
    userId: string
  }
}

/**
 * The recharge module's virtual login (phone + code) yields only an id (SPEC §4); it identifies the caller of
 * LifePay calls in this header when there is no bearer token. A random UUID per login (virtualLogins.ts).
 */
export const VIRTUAL_USER_HEADER = 'x-lifepay-user-id'

export const OPERATOR_TOKEN_HEADER = 'x-operator-token'

/** The bearer token of the request: undefined without an Authorization header, null when it is not a bearer. */
export function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization
  if (header === undefined) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

export function createAuthHooks(ctx: AppContext) {
  /** Full login only: a valid, unexpired bearer token of a family not revoked (401 otherwise). */
  async function user(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request)
    const claims = token ? verifyAccessToken(ctx, token) : null
    if (!claims || (await ctx.credentials.familyRevoked(claims.fid))) throw errors.unauthorized()
    request.userId = claims.sub
  }

  /** A bearer token, or else the virtual login id header of the recharge module (unexpired, not revoked). */
  async function userOrVirtual(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // A token that is present but bad is a 401 even with a virtual id: the app must refresh or log in again.
    if (bearerToken(request) !== undefined) return user(request, reply)
    const header = request.headers[VIRTUAL_USER_HEADER]
    const login = typeof header === 'string' ? await ctx.credentials.virtualLogin(header.trim().toLowerCase()) : null
    if (!login || login.revokedAt || login.expiresAt <= ctx.clock.now()) throw errors.unauthorized()
    request.userId = login.userId
  }

  async function operator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const given = Buffer.from(String(request.headers[OPERATOR_TOKEN_HEADER] ?? ''))
    const expected = Buffer.from(ctx.config.operatorToken)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw errors.operatorUnauthorized()
  }

  return { user, userOrVirtual, operator }
}

export type AuthHooks = ReturnType<typeof createAuthHooks>
