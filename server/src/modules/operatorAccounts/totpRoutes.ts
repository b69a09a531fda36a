import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { OperatorAccount, TotpConfirmInput, TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '@contract/operators'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { routeSchema } from '../../http/schemas'
import { operatorById, toOperatorAccount } from './operators'
import { beginTotpEnrolment, confirmTotpEnrolment, resetTotp, totpStatus } from './secondFactor'
import { SESSION_COOKIE } from './sessions'

const tags = ['Operator']

/** Two-step verification: the logged-in operator's own (status, enrolment) and an admin's reset of another's. */
export function registerTotpRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const self = { onRequest: auth.operatorSelf }

  api.get(
    '/api/operator/totp',
    {
      ...self,
      schema: routeSchema({
        tags,
        summary: "The logged-in operator's two-step verification: on or not, since when, recovery codes left",
        auth: 'operator',
        data: TotpStatus,
      }),
    },
    async (request) => ok(await totpStatus(ctx, await operatorById(ctx.db, request.operator.id))),
  )

  api.post(
    '/api/operator/totp/enrolment',
    {
      ...self,
      schema: routeSchema({
        tags,
        summary:
          'Start two-step verification: a new key (base32, and as an otpauth:// URI for a QR code) to add to an ' +
          'authenticator app; not in force until confirmed with a code. Open to an admin who may only enrol',
        auth: 'operator',
        data: TotpEnrolment,
      }),
    },
    async (request) => ok(await beginTotpEnrolment(ctx, await operatorById(ctx.db, request.operator.id))),
  )

  api.post(
    '/api/operator/totp/enrolment/confirm',
    {
      ...self,
      schema: routeSchema({
        tags,
        summary:
          'Confirm the new key with a code the app shows: from now on login asks for a code, and the operator’s ' +
          'other sessions end; answers 10 recovery codes, shown this once (TOTP_CODE_WRONG, TOTP_NOT_ENROLLING)',
        auth: 'operator',
        body: TotpConfirmInput,
        data: TotpRecoveryCodes,
      }),
    },
    async (request) =>
      ok(
        await confirmTotpEnrolment(ctx, request.operator.id, request.body.code, {
          // operatorSelf let the request through on this session's cookie.
          sessionId: request.cookies[SESSION_COOKIE] ?? '',
          address: request.ip,
        }),
      ),
  )

  api.post(
    '/api/admin/operators/:loginName/totp/reset',
    {
      onRequest: auth.operatorRole('admin'),
      schema: routeSchema({
        tags,
        summary:
          "Turn another operator's two-step verification off (admin; a lost phone and lost recovery codes): their " +
          'sessions end, and they set it up again at their next login (TOTP_RESET_SELF for your own)',
        auth: 'operator',
        params: Type.Object({ loginName: Type.String({ minLength: 1, maxLength: 64 }) }),
        data: OperatorAccount,
      }),
    },
    async (request) =>
      ok(
        toOperatorAccount(
          await resetTotp(ctx, request.params.loginName, { actor: request.operator, address: request.ip }),
        ),
      ),
  )
}
