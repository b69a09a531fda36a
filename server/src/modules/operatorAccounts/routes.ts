import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { NoData } from '@contract/envelope'
import {
  AuditEntry,
  AuditPage,
  CreateOperatorInput,
  OperatorAccount,
  OperatorLoginInput,
  OperatorSession,
  SetOperatorRoleInput,
  type OperatorRole,
} from '@contract/operators'
import { required } from '@domain/validators'
import type { AppContext } from '../../appContext'
import { operators } from '../../db/schema'
import { CSRF_HEADER, type AuthHooks } from '../../http/auth'
import { strictCookie } from '../../http/cookies'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema } from '../../http/schemas'
import { checkField } from '../../http/validation'
import { beginOperatorLoginAttempt } from '../abuse/abuseLimits'
import { hashPassword, verifyPassword } from '../account/passwords'
import { listAudit, recordAudit } from './audit'
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_MAX_AGE_S, deviceOf, deviceToken } from './operatorDevice'
import {
  createOperator,
  disableOperator,
  enableOperator,
  findOperator,
  listOperators,
  setOperatorRole,
  toOperatorAccount,
} from './operators'
import { secondFactorAccepted, totpEnrolmentRequired } from './secondFactor'
import { registerTotpRoutes } from './totpRoutes'
import {
  closeSession,
  csrfTokenMatches,
  csrfTokenOf,
  openSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  sessionOperator,
  type OperatorRow,
} from './sessions'

const tags = ['Operator']

/** Where the trail says a failed login came from when no operator has that name. */
const ANONYMOUS = 'anonymous'

function sessionOf(ctx: AppContext, sessionId: string, operator: OperatorRow): OperatorSession {
  return {
    // Roles are only ever written from the contract's list.
    operator: { loginName: operator.loginName, displayName: operator.displayName, role: operator.role as OperatorRole },
    csrfToken: csrfTokenOf(ctx, sessionId),
    totpEnabled: operator.totpSecret !== null,
    totpEnrolmentRequired: totpEnrolmentRequired(ctx.config, operator),
  }
}

/** Secure whenever the browser came over HTTPS (directly or through the proxy), and always in production. */
function secureCookie(ctx: AppContext, request: FastifyRequest): boolean {
  return ctx.config.production || request.protocol === 'https'
}

const loginNameParams = Type.Object({ loginName: Type.String({ minLength: 1, maxLength: 64 }) })

/** Operator login, logout and profile; operator accounts and the audit trail (docs/server.md § Operator side). */
export function registerOperatorAccountRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.post(
    '/api/operator/login',
    {
      schema: routeSchema({
        tags,
        summary:
          'Operator login: sets the httpOnly session cookie lp_operator (8 h at most, 30 min idle) and answers the ' +
          'CSRF token to send as X-CSRF-Token. With two-step verification on, the password alone answers ' +
          'TOTP_REQUIRED; send it again with totpCode (or a recoveryCode). 5 failures from one IP lock that IP out ' +
          'of that name for 15 min; past 10 failures of a name from anywhere each attempt waits a doubling delay ' +
          '(LOGIN_DELAYED), except from a browser that logged in as that name before (cookie lp_operator_device)',
        body: OperatorLoginInput,
        data: OperatorSession,
      }),
    },
    async (request, reply) => {
      const loginName = request.body.loginName.trim()
      checkField('loginName', loginName, [required])
      checkField('password', request.body.password, [required])
      const device = deviceOf(ctx.config.jwtSecret, loginName, request.cookies[DEVICE_COOKIE], ctx.clock.now())
      const attempt = await beginOperatorLoginAttempt(ctx, request.ip, loginName, device)
      const operator = await findOperator(ctx.db, loginName)
      // A missing or disabled operator costs a hash too, so timing does not tell which names exist.
      const valid =
        operator && !operator.disabled
          ? await verifyPassword(operator.passwordHash, request.body.password)
          : (await hashPassword(request.body.password), false)
      const now = ctx.clock.now()
      const failed = async (remark: string | null) => {
        await recordAudit(ctx.db, now, {
          actor: operator ? { id: operator.id, name: operator.loginName } : { id: ANONYMOUS, name: ANONYMOUS },
          action: 'operator.login.failed',
          targetType: 'operator',
          targetId: loginName,
          remark,
          address: request.ip,
        })
      }
      if (!operator || !valid) {
        await failed(operator?.disabled ? 'disabled' : null)
        throw errors.loginFailed()
      }
      const { totpCode, recoveryCode } = request.body
      if (operator.totpSecret !== null && !totpCode && !recoveryCode) {
        // The right password is half a login: it neither counts as a failure nor ends a run of them.
        await attempt.withdrawn()
        throw errors.totpRequired()
      }
      if (!(await secondFactorAccepted(ctx, operator, { totpCode, recoveryCode }, request.ip))) {
        await failed(recoveryCode ? 'wrong recovery code' : 'wrong one-time code')
        throw errors.totpCodeWrong()
      }
      await attempt.succeeded()
      await ctx.db.update(operators).set({ lastLoginTime: now }).where(eq(operators.id, operator.id))
      const { sessionId } = await openSession(ctx, operator.id)
      await recordAudit(ctx.db, now, {
        actor: { id: operator.id, name: operator.loginName },
        action: 'operator.login',
        targetType: 'operator',
        targetId: operator.loginName,
        address: request.ip,
      })
      const secure = secureCookie(ctx, request)
      reply.setCookie(SESSION_COOKIE, sessionId, strictCookie({ maxAgeS: SESSION_ABSOLUTE_MS / 1000, secure }))
      // This browser logged in as this name: its own failures count apart from strangers' (operatorDevice.ts).
      reply.setCookie(
        DEVICE_COOKIE,
        deviceToken(ctx.config.jwtSecret, operator.loginName, now),
        strictCookie({ maxAgeS: DEVICE_MAX_AGE_S, secure, path: DEVICE_COOKIE_PATH }),
      )
      return ok(sessionOf(ctx, sessionId, operator))
    },
  )

  api.get(
    '/api/operator/me',
    {
      schema: routeSchema({
        tags,
        summary: "The logged-in operator and the session's CSRF token (a reloaded console reads it here)",
        data: OperatorSession,
      }),
    },
    async (request) => {
      const sessionId = request.cookies[SESSION_COOKIE]
      const operator = sessionId ? await sessionOperator(ctx, sessionId) : null
      if (!sessionId || !operator) throw errors.operatorUnauthorized()
      return ok(sessionOf(ctx, sessionId, operator))
    },
  )

  api.post(
    '/api/operator/logout',
    {
      schema: routeSchema({
        tags,
        summary: 'Ends the session (X-CSRF-Token required while it is live) and clears the cookie',
        data: NoData,
      }),
    },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE]
      if (sessionId && (await sessionOperator(ctx, sessionId))) {
        // Another site must not be able to log an operator out either.
        if (!csrfTokenMatches(ctx, sessionId, request.headers[CSRF_HEADER])) throw errors.csrfTokenInvalid()
        await closeSession(ctx, sessionId)
      }
      reply.clearCookie(SESSION_COOKIE, strictCookie({ maxAgeS: 0, secure: secureCookie(ctx, request) }))
      return ok(null)
    },
  )

  registerTotpRoutes(app, ctx, auth)

  const admin = { onRequest: auth.operatorRole('admin') }
  const viewer = { onRequest: auth.operatorRole('viewer') }
  const actedBy = (request: FastifyRequest) => ({ actor: request.operator, address: request.ip })

  api.get(
    '/api/admin/operators',
    {
      ...admin,
      schema: routeSchema({
        tags,
        summary: 'Operator accounts (admin)',
        auth: 'operator',
        data: Type.Array(OperatorAccount),
      }),
    },
    async () => ok(await listOperators(ctx)),
  )

  api.post(
    '/api/admin/operators',
    {
      ...admin,
      schema: routeSchema({
        tags,
        summary: 'Create an operator account (admin); `npm run admin -- operators add` calls it',
        auth: 'operator',
        body: CreateOperatorInput,
        data: OperatorAccount,
      }),
    },
    async (request) => ok(toOperatorAccount(await createOperator(ctx, request.body, actedBy(request)))),
  )

  api.post(
    '/api/admin/operators/:loginName/disable',
    {
      ...admin,
      schema: routeSchema({
        tags,
        summary:
          'Disable an operator (admin): their sessions end at once and they can no longer log in; LAST_ADMIN for ' +
          'the last enabled admin',
        auth: 'operator',
        params: loginNameParams,
        data: OperatorAccount,
      }),
    },
    async (request) => ok(toOperatorAccount(await disableOperator(ctx, request.params.loginName, actedBy(request)))),
  )

  api.post(
    '/api/admin/operators/:loginName/enable',
    {
      ...admin,
      schema: routeSchema({
        tags,
        summary: 'Re-enable a disabled operator (admin): they log in again with their password, under their role',
        auth: 'operator',
        params: loginNameParams,
        data: OperatorAccount,
      }),
    },
    async (request) => ok(toOperatorAccount(await enableOperator(ctx, request.params.loginName, actedBy(request)))),
  )

  api.post(
    '/api/admin/operators/:loginName/role',
    {
      ...admin,
      schema: routeSchema({
        tags,
        summary:
          "Change an operator's role (admin): their sessions end, they log in again under the new role; LAST_ADMIN " +
          'when it would demote the last enabled admin',
        auth: 'operator',
        params: loginNameParams,
        body: SetOperatorRoleInput,
        data: OperatorAccount,
      }),
    },
    async (request) =>
      ok(toOperatorAccount(await setOperatorRole(ctx, request.params.loginName, request.body.role, actedBy(request)))),
  )

  api.get(
    '/api/admin/audit',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary: 'The audit trail, newest first: every operator action with who, when, before and after',
        auth: 'operator',
        querystring: Type.Object({
          targetId: Type.Optional(
            Type.String({ minLength: 1, maxLength: 64, description: 'Order number, channel id, job id or login name' }),
          ),
          operatorId: Type.Optional(
            Type.String({ minLength: 1, maxLength: 64, description: "An operator's id, or service:token" }),
          ),
          page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
        }),
        data: AuditPage,
      }),
    },
    async (request) =>
      ok(
        await listAudit(ctx.db, {
          targetId: request.query.targetId,
          operatorId: request.query.operatorId,
          page: request.query.page ?? 1,
          rows: request.query.rows ?? 20,
        }),
      ),
  )

  api.get(
    '/api/admin/orders/:orderNo/audit',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary: "An order's operator actions, newest first",
        auth: 'operator',
        params: Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 64 }) }),
        data: Type.Array(AuditEntry),
      }),
    },
    async (request) =>
      ok(
        (await listAudit(ctx.db, { targetType: 'order', targetId: request.params.orderNo, page: 1, rows: 200 })).items,
      ),
  )
}
