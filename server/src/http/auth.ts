import { timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../appContext'
import { LruMap } from '../cache/lruMap'
import { findUserIdByVirtualId } from '../modules/account/users'
import { verifyAccessToken } from '../modules/account/tokens'
import { errors } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the auth hooks of protected routes (onRequest: before the body is read). */
    userId: string
  }
}

/**
 * The recharge module's virtual login (phone + code) yields only a user id (SPEC §4); it identifies the caller of
 * LifePay calls in this header when there is no bearer token. It is a random UUID kept for that purpose alone.
 */
export const VIRTUAL_USER_HEADER = 'x-lifepay-user-id'

export const OPERATOR_TOKEN_HEADER = 'x-operator-token'

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization
  if (header === undefined) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1] : null
}

export function createAuthHooks(ctx: AppContext) {
  // A virtual id is given to one user when the user is created and never changes, and no code path deletes users:
  // a mapping once read stays true. Unknown ids are not remembered, so a login that just created one works at once.
  const userIdOfVirtualId = new LruMap<string, string>(ctx.config.virtualUserCacheEntries)

  async function virtualUser(virtualId: string): Promise<string | null> {
    const cached = userIdOfVirtualId.get(virtualId)
    if (cached !== undefined) return cached
    const userId = await findUserIdByVirtualId(ctx.db, virtualId)
    if (userId !== null) userIdOfVirtualId.set(virtualId, userId)
    return userId
  }

  /** Full login only: a valid, unexpired bearer token (401 otherwise). */
  async function user(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request)
    const claims = token ? verifyAccessToken(ctx, token) : null
    if (!claims) throw errors.unauthorized()
    request.userId = claims.sub
  }

  /** A bearer token, or else the virtual user id header of the recharge module. */
  async function userOrVirtual(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // A token that is present but bad is a 401 even with a virtual id: the app must refresh or log in again.
    if (bearerToken(request) !== undefined) return user(request, reply)
    const virtualId = request.headers[VIRTUAL_USER_HEADER]
    const userId = typeof virtualId === 'string' ? await virtualUser(virtualId.trim().toLowerCase()) : null
    if (userId === null) throw errors.unauthorized()
    request.userId = userId
  }

  async function operator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const given = Buffer.from(String(request.headers[OPERATOR_TOKEN_HEADER] ?? ''))
    const expected = Buffer.from(ctx.config.operatorToken)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw errors.operatorUnauthorized()
  }

  return { user, userOrVirtual, operator }
}

export type AuthHooks = ReturnType<typeof createAuthHooks>
