import type { FastifyInstance } from 'fastify'
import { refundReason, required } from '../../../../src/domain/validators'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { arr, dateTime, int, nullable, obj, oneOfValues, routeSchema, str, type JsonSchema } from '../../http/schemas'
import { checkField } from '../../http/validation'
import type { JobRow } from '../../jobs/jobQueue'
import { orderDetail } from '../lifePay/schemas'
import { toOrderDetail } from '../lifePay/orderView'
import { approveRefund, refundsPendingReview, rejectRefund } from '../lifePay/refunds'

const tags = ['Admin']

const job: JsonSchema = obj(
  {
    id: int(),
    kind: str(),
    payload: obj({}, [], { additionalProperties: true }),
    status: oneOfValues(['pending', 'running', 'done', 'failed']),
    attempts: int(),
    maxAttempts: int(),
    runAt: dateTime(),
    lastError: nullable(str()),
    creationTime: dateTime(),
    updatedTime: dateTime(),
  },
  ['id', 'kind', 'payload', 'status', 'attempts', 'maxAttempts', 'runAt', 'lastError', 'creationTime', 'updatedTime'],
)

function toJob(row: JobRow) {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload as Record<string, unknown>,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt.toISOString(),
    lastError: row.lastError,
    creationTime: row.creationTime.toISOString(),
    updatedTime: row.updatedTime.toISOString(),
  }
}

const orderNoParams = obj({ orderNo: str({ minLength: 1, maxLength: 64 }) }, ['orderNo'])

/** Operator calls (X-Operator-Token): refund review and failed jobs. `npm run admin` drives them. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const operator = { onRequest: auth.operator }

  app.get(
    '/api/admin/refunds',
    {
      ...operator,
      schema: routeSchema({
        tags,
        summary: 'Refunds waiting for review, oldest first',
        auth: 'operator',
        data: arr(orderDetail),
      }),
    },
    async () => ok((await refundsPendingReview(ctx)).map(toOrderDetail)),
  )

  app.post<{ Params: { orderNo: string }; Body: { remark?: string } }>(
    '/api/admin/refunds/:orderNo/approve',
    {
      ...operator,
      schema: routeSchema({
        tags,
        summary: 'Approve a refund: the money goes back (order 50, pay 40)',
        auth: 'operator',
        params: orderNoParams,
        body: obj({ remark: str({ maxLength: 400 }) }),
        data: orderDetail,
      }),
    },
    async (request) =>
      ok(toOrderDetail(await approveRefund(ctx, request.params.orderNo, request.body?.remark?.trim() || undefined))),
  )

  app.post<{ Params: { orderNo: string }; Body: { reason: string } }>(
    '/api/admin/refunds/:orderNo/reject',
    {
      ...operator,
      schema: routeSchema({
        tags,
        summary: 'Reject a refund with a reason the user sees (order 60, pay back to 20)',
        auth: 'operator',
        params: orderNoParams,
        body: obj({ reason: str({ maxLength: 400 }) }, ['reason']),
        data: orderDetail,
      }),
    },
    async (request) => {
      checkField('reason', request.body.reason, [required, refundReason])
      return ok(toOrderDetail(await rejectRefund(ctx, request.params.orderNo, request.body.reason)))
    },
  )

  app.get(
    '/api/admin/jobs/failed',
    {
      ...operator,
      schema: routeSchema({
        tags,
        summary: 'Jobs that used up their attempts, and the queue’s counts',
        auth: 'operator',
        data: obj({ counts: obj({ pending: int(), running: int(), done: int(), failed: int() }), items: arr(job) }, [
          'counts',
          'items',
        ]),
      }),
    },
    async () => ok({ counts: await ctx.jobs.counts(), items: (await ctx.jobs.listFailed()).map(toJob) }),
  )

  app.post<{ Params: { id: number } }>(
    '/api/admin/jobs/:id/retry',
    {
      ...operator,
      schema: routeSchema({
        tags,
        summary: 'Put a failed job back in the queue with fresh attempts',
        auth: 'operator',
        params: obj({ id: int({ minimum: 1 }) }, ['id']),
        data: job,
      }),
    },
    async (request) => {
      const row = await ctx.jobs.retry(request.params.id)
      if (!row) throw (await ctx.jobs.exists(request.params.id)) ? errors.jobNotFailed() : errors.jobNotFound()
      return ok(toJob(row))
    },
  )
}
