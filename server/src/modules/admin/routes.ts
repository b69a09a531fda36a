import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  ApproveRefundInput,
  Channel,
  FailedJob,
  JobQueueCounts,
  OperatorOrder,
  ProviderNotification,
  RefundReturnedInput,
} from '@contract/admin'
import { required } from '@domain/validators'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema } from '../../http/schemas'
import { checkField } from '../../http/validation'
import type { JobRow } from '../../jobs/jobQueue'
import { listChannels, setChannelEnabled } from '../lifePay/channels'
import { toOperatorOrder, type OrderRow } from '../lifePay/orderView'
import { attemptsOfOrders } from '../lifePay/rechargeAttempts'
import { refundsPendingReview } from '../lifePay/refunds'
import { markRefundReturned, refundsNotReturned } from '../lifePay/refundNotifications'
import { listNotifications, type NotificationRow } from '../notifications/recordNotification'
import { recordAudit } from '../operatorAccounts/audit'
import { SERVICE_ACTOR, type OperatorActor } from '../operatorAccounts/roles'
import { orderFor } from '../operator/phoneMasking'
import { auditedOrderStep, orderByNo } from '../operator/auditedOrderStep'
import { approveRefundAudited, rejectRefundAudited } from '../operator/refundReview'
import { originOf } from '../../http/origin'

const tags = ['Admin']

function toJob(row: JobRow): FailedJob {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload as Record<string, unknown>,
    // The queue writes only these.
    status: row.status as FailedJob['status'],
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt.toISOString(),
    lastError: row.lastError,
    creationTime: row.creationTime.toISOString(),
    updatedTime: row.updatedTime.toISOString(),
  }
}

/** The orders as `actor` may see them (phone numbers masked for a viewer, modules/operator/phoneMasking.ts). */
async function operatorOrders(
  ctx: AppContext,
  actor: OperatorActor,
  orders: readonly OrderRow[],
): Promise<OperatorOrder[]> {
  const attempts = await attemptsOfOrders(
    ctx.db,
    orders.map((order) => order.id),
  )
  const now = ctx.clock.now()
  return orders.map((order) => orderFor(actor, toOperatorOrder(order, attempts.get(order.id) ?? [], now)))
}

async function operatorOrder(ctx: AppContext, actor: OperatorActor, order: OrderRow): Promise<OperatorOrder> {
  const [view] = await operatorOrders(ctx, actor, [order])
  return view
}

function toNotification(row: NotificationRow): ProviderNotification {
  return {
    id: row.id,
    provider: row.provider,
    route: row.route,
    receivedTime: row.receivedTime.toISOString(),
    headers: row.headers as Record<string, string>,
    body: row.body,
    verified: row.verified,
    // recordNotification writes only these.
    outcome: row.outcome as ProviderNotification['outcome'],
    reason: row.reason,
    orderNo: row.orderNo,
  }
}

const orderNoParams = Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 64 }) })

/**
 * Operator calls, each checked by role (docs/server.md § Operator side): reads for viewers, refund review for
 * reviewers, channels and jobs for admins. `npm run admin` drives them with the automation token. Every write is
 * recorded in the audit trail in its own transaction: the row exists exactly when the change does.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const viewer = { onRequest: auth.operatorRole('viewer') }
  const reviewer = { onRequest: auth.operatorRole('reviewer') }
  const admin = { onRequest: auth.operatorRole('admin') }
  const actedBy = (request: FastifyRequest) => ({ actor: request.operator, address: request.ip })

  api.get(
    '/api/admin/refunds',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary: 'Refunds waiting for review, oldest first',
        auth: 'operator',
        data: Type.Array(OperatorOrder),
      }),
    },
    async (request) => ok(await operatorOrders(ctx, request.operator, await refundsPendingReview(ctx))),
  )

  api.get(
    '/api/admin/refunds/not-returned',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary:
          'Refunds the payment provider reported abnormal or closed: the money did NOT go back, return it another ' +
          'way (docs/deploy.md § Refunds that did not return the money)',
        auth: 'operator',
        data: Type.Array(OperatorOrder),
      }),
    },
    async (request) => ok(await operatorOrders(ctx, request.operator, await refundsNotReturned(ctx))),
  )

  api.post(
    '/api/admin/refunds/:orderNo/returned',
    {
      ...reviewer,
      schema: routeSchema({
        tags,
        summary:
          'The money of an abnormal or closed refund was returned another way (abnormal refund to another account, ' +
          'transfer): recorded with how, the order leaves the not-returned list',
        auth: 'operator',
        params: orderNoParams,
        body: RefundReturnedInput,
        data: OperatorOrder,
      }),
    },
    async (request) => {
      checkField('remark', request.body.remark, [required])
      const returned = await auditedOrderStep(ctx, actedBy(request), {
        orderNo: request.params.orderNo,
        action: 'refund.returnedManually',
        remark: request.body.remark,
        act: (tx) => markRefundReturned(ctx, tx, request.params.orderNo, request.body.remark),
      })
      return ok(await operatorOrder(ctx, request.operator, returned))
    },
  )

  api.get(
    '/api/admin/notifications',
    {
      // Raw bodies (a supplier's callback names the number topped up): not for viewers, whose phones are masked.
      ...reviewer,
      schema: routeSchema({
        tags,
        summary: 'Deliveries to the notify routes (genuine, duplicate, refused), newest first',
        auth: 'operator',
        querystring: Type.Object({
          orderNo: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
        }),
        data: Type.Array(ProviderNotification),
      }),
    },
    async (request) =>
      ok(
        (await listNotifications(ctx, { orderNo: request.query.orderNo, limit: request.query.limit ?? 50 })).map(
          toNotification,
        ),
      ),
  )

  api.post(
    '/api/admin/refunds/:orderNo/approve',
    {
      ...reviewer,
      schema: routeSchema({
        tags,
        summary:
          'Approve a refund: the money goes back (order 50, pay 40). Refused while a recharge attempt is in flight, ' +
          'and for a delivered top-up without acknowledgeDelivered',
        auth: 'operator',
        params: orderNoParams,
        body: ApproveRefundInput,
        data: OperatorOrder,
      }),
    },
    async (request) => {
      const approved = await approveRefundAudited(ctx, actedBy(request), request.params.orderNo, {
        remark: request.body?.remark,
        acknowledgeDelivered: request.body?.acknowledgeDelivered,
        voucherUrl: request.body?.refundCredentialsImgUrl,
        // The automation token (the CLI, scripts) has no console to upload from; a person always attaches one.
        voucherRequired: request.operator.id !== SERVICE_ACTOR,
        origin: originOf(request),
      })
      return ok(await operatorOrder(ctx, request.operator, approved))
    },
  )

  api.post(
    '/api/admin/refunds/:orderNo/reject',
    {
      ...reviewer,
      schema: routeSchema({
        tags,
        summary:
          'Reject a refund with a reason the user sees (order 60, pay back to 20); a recharge still owed resumes',
        auth: 'operator',
        params: orderNoParams,
        body: Type.Object({ reason: Type.String({ maxLength: 400 }) }),
        data: OperatorOrder,
      }),
    },
    async (request) => {
      const rejected = await rejectRefundAudited(
        ctx,
        actedBy(request),
        request.params.orderNo,
        'reason',
        request.body.reason,
      )
      return ok(await operatorOrder(ctx, request.operator, rejected))
    },
  )

  api.get(
    '/api/admin/orders/:orderNo',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary: "One order as the operator sees it: the user's view, the supplier's attempts and result",
        auth: 'operator',
        params: orderNoParams,
        data: OperatorOrder,
      }),
    },
    async (request) => {
      const order = await orderByNo(ctx, request.params.orderNo)
      if (!order) throw errors.orderNotFound()
      return ok(await operatorOrder(ctx, request.operator, order))
    },
  )

  api.get(
    '/api/admin/channels',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary: 'Channels and their own rates; a disabled or unknown channel prices at the default rates',
        auth: 'operator',
        data: Type.Array(Channel),
      }),
    },
    async () => ok(await listChannels(ctx)),
  )

  for (const action of ['enable', 'disable'] as const) {
    api.post(
      `/api/admin/channels/:channelId/${action}`,
      {
        ...admin,
        schema: routeSchema({
          tags,
          summary:
            action === 'enable'
              ? 'Enable a channel: its own rates apply from now on, on every instance'
              : 'Disable a channel: requests that send it price at the default rates from now on',
          auth: 'operator',
          params: Type.Object({ channelId: Type.String({ minLength: 1, maxLength: 64 }) }),
          data: Channel,
        }),
      },
      async (request) =>
        ok(await setChannelEnabled(ctx, request.params.channelId, action === 'enable', actedBy(request))),
    )
  }

  api.get(
    '/api/admin/jobs/failed',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary: 'Jobs that used up their attempts, and the queue’s counts',
        auth: 'operator',
        data: Type.Object({ counts: JobQueueCounts, items: Type.Array(FailedJob) }),
      }),
    },
    async () => ok({ counts: await ctx.jobs.counts(), items: (await ctx.jobs.listFailed()).map(toJob) }),
  )

  api.post(
    '/api/admin/jobs/:id/retry',
    {
      ...admin,
      schema: routeSchema({
        tags,
        summary: 'Put a failed job back in the queue with fresh attempts',
        auth: 'operator',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        data: FailedJob,
      }),
    },
    async (request) => {
      const row = await ctx.db.transaction(async (tx) => {
        const retried = await ctx.jobs.retry(tx, request.params.id)
        if (!retried) return null
        await recordAudit(tx, ctx.clock.now(), {
          actor: request.operator,
          address: request.ip,
          action: 'job.retry',
          targetType: 'job',
          targetId: String(retried.id),
          before: { status: 'failed' },
          after: { status: retried.status, attempts: retried.attempts, kind: retried.kind },
        })
        return retried
      })
      if (!row) throw (await ctx.jobs.exists(request.params.id)) ? errors.jobNotFailed() : errors.jobNotFound()
      ctx.jobs.kick()
      return ok(toJob(row))
    },
  )
}
