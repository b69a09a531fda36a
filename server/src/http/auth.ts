import { timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../appContext'
import type { OperatorRole } from '@contract/operators'
import { verifyAccessToken } from '../modules/account/tokens'
import type { VirtualLoginRow } from '../modules/account/credentialReads'
import { roleAtLeast } from '@domain/operatorRole'
import { serviceActor, type OperatorActor } from '../modules/operatorAccounts/roles'
import { totpEnrolmentRequired } from '../modules/operatorAccounts/secondFactor'
import {
  csrfTokenMatches,
  SESSION_COOKIE,
  sessionOperator,
  type OperatorRow,
} from '../modules/operatorAccounts/sessions'
import type { ApiError } from './apiError'
import { errors } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the auth hooks of protected routes (onRequest: before the body is read). */
    userId: string
    /** The operator of an operator route, set by its role hook (a logged-in operator or the automation token). */
    operator: OperatorActor
  }
  interface FastifyContextConfig {
    /**
     * A GET that changes something (production's SetLifePayChannelsStatus): it needs the session's CSRF token like
     * any write, and its answer is never cached.
     */
    changesState?: boolean
  }
}

/**
 * The recharge module's virtual login (phone + code) yields only an id (SPEC §4); it identifies the caller of
 * LifePay calls in this header when there is no bearer token. A random UUID per login (virtualLogins.ts).
 */
export const VIRTUAL_USER_HEADER = 'x-lifepay-user-id'

export const OPERATOR_TOKEN_HEADER = 'x-operator-token'

export const CSRF_HEADER = 'x-csrf-token'

/** Requests that change nothing need no CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether the request changes something: any unsafe method, and the GET routes that say so. */
const changesState = (request: FastifyRequest) =>
  !SAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true

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

  /** The caller of a virtual login, or the refusal: unknown, revoked or expired. */
  function virtualCaller(request: FastifyRequest, login: VirtualLoginRow | null): ApiError | undefined {
    if (!login || login.revokedAt || login.expiresAt <= ctx.clock.now()) return errors.unauthorized()
    request.userId = login.userId
    return undefined
  }

  /**
   * A bearer token, or else the virtual login id header of the recharge module (unexpired, not revoked). Callback
   * style: a login remembered in memory answers with no promise and no microtask (issue 21: every LifePay call).
   */
  function userOrVirtual(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    // A token that is present but bad is a 401 even with a virtual id: the app must refresh or log in again.
    if (bearerToken(request) !== undefined) {
      user(request, reply).then(() => done(), done)
      return
    }
    const header = request.headers[VIRTUAL_USER_HEADER]
    if (typeof header !== 'string') return done(errors.unauthorized())
    const id = header.trim().toLowerCase()
    const remembered = ctx.credentials.virtualLoginInMemory(id)
    if (remembered) return done(virtualCaller(request, remembered))
    ctx.credentials.virtualLogin(id).then((login) => done(virtualCaller(request, login)), done)
  }

  function operatorTokenMatches(header: string | string[]): boolean {
    const given = Buffer.from(String(header))
    const expected = Buffer.from(ctx.config.operatorToken)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  /** The operator of the request's live session, its CSRF token checked on writes; 401 without a session. */
  async function sessionAccount(request: FastifyRequest): Promise<OperatorRow> {
    const sessionId = request.cookies[SESSION_COOKIE]
    const operator = sessionId ? await sessionOperator(ctx, sessionId) : null
    if (!sessionId || !operator) throw errors.operatorUnauthorized()
    if (changesState(request) && !csrfTokenMatches(ctx, sessionId, request.headers[CSRF_HEADER]))
      throw errors.csrfTokenInvalid()
    return operator
  }

  // Roles are only ever written from the contract's list (modules/operatorAccounts/operators.ts).
  const actorOf = (operator: OperatorRow): OperatorActor => ({
    id: operator.id,
    name: operator.loginName,
    role: operator.role as OperatorRole,
  })

  /** The caller of an operator route: the automation token if sent (it must be right), else the session cookie. */
  async function operatorOf(request: FastifyRequest): Promise<OperatorActor> {
    const token = request.headers[OPERATOR_TOKEN_HEADER]
    // Automation (the CLI, cron) acts as an admin-equivalent service, recorded as such in the audit trail. A header
    // cannot be sent by another site's page, so it needs no CSRF token.
    if (token !== undefined) {
      if (!operatorTokenMatches(token)) throw errors.operatorUnauthorized()
      return serviceActor
    }
    const operator = await sessionAccount(request)
    // An admin who must have a second factor and has none may only set one up (operatorSelf routes).
    if (totpEnrolmentRequired(ctx.config, operator)) throw errors.totpEnrolmentRequired()
    return actorOf(operator)
  }

  /**
   * Operator routes: a live session whose role is at least `needed` (viewer < reviewer < admin), with the
   * X-CSRF-Token of that session on every request that changes something; or the automation token.
   */
  function operatorRole(needed: OperatorRole) {
    return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      const operator = await operatorOf(request)
      if (!roleAtLeast(operator.role, needed)) throw errors.operatorForbidden(needed)
      request.operator = operator
    }
  }

  /**
   * The logged-in operator's own account (two-step verification): any live session, whatever its role, including
   * one that may only enrol; never the automation token, which has no account.
   */
  async function operatorSelf(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.operator = actorOf(await sessionAccount(request))
  }

  return { user, userOrVirtual, operatorRole, operatorSelf }
}

export type AuthHooks = ReturnType<typeof createAuthHooks>
