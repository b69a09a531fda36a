import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import {
  OrphanPayment,
  OrphanReturnedInput,
  ReconciliationReport,
  ResolveReconciliationItemInput,
} from '@contract/admin'
import { orphanStatuses } from '@domain/moneyEdges'
import { required } from '@domain/validators'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { localeOf, ok } from '../../http/envelope'
import { routeSchema } from '../../http/schemas'
import { checkField } from '../../http/validation'
import { recordAudit } from '../operatorAccounts/audit'
import { XLSX_CONTENT_TYPE } from '../operator/orderExport'
import { listOrphanPayments, markOrphanReturned, type OrphanPaymentRow } from './orphanPayments'
import { reconciliationWorkbook } from './reconciliationExport'
import { reconciliationReport, resolveReconciliationItem, runReconciliation } from './reconciliation'
import { previousShanghaiDate } from './shanghaiDay'

const tags = ['Admin']

const dateQuery = Type.Object({
  date: Type.Optional(
    Type.String({ format: 'date', description: 'YYYY-MM-DD, Asia/Shanghai; yesterday when left out' }),
  ),
})

function toOrphan(row: OrphanPaymentRow): OrphanPayment {
  const iso = (date: Date | null) => (date ? date.toISOString() : null)
  return {
    id: row.id,
    lifePayType: row.lifePayType,
    provider: row.provider,
    outTradeNo: row.outTradeNo,
    orderNo: row.orderNo,
    transactionId: row.transactionId,
    amountFen: row.amountFen,
    paidAt: row.paidAt.toISOString(),
    reason: row.reason as OrphanPayment['reason'],
    source: row.source as OrphanPayment['source'],
    status: row.status as OrphanPayment['status'],
    refundNo: row.refundNo,
    refundRemark: row.refundRemark,
    refundTime: iso(row.refundTime),
    operatorRemark: row.operatorRemark,
    creationTime: row.creationTime.toISOString(),
    updatedTime: row.updatedTime.toISOString(),
  }
}

/**
 * The money's edges for operators (docs/money.md): the day's reconciliation against the providers' bills — read,
 * run again, resolved item by item, exported — and the orphan payments with their refunds. Reads for viewers, the
 * rest for reviewers; every write in the audit trail, in the transaction of the change it records.
 */
export function registerMoneyRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const viewer = { onRequest: auth.operatorRole('viewer') }
  const reviewer = { onRequest: auth.operatorRole('reviewer') }
  const dayOf = (date: string | undefined) => date ?? previousShanghaiDate(ctx.clock.now())

  api.get(
    '/api/admin/reconciliation',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary:
          "A day's reconciliation as last run: each pay type against its provider's bills, the supplier against " +
          'our deliveries; every difference with what was done about it (empty runs: not reconciled yet)',
        auth: 'operator',
        querystring: dateQuery,
        data: ReconciliationReport,
      }),
    },
    async (request) => ok(await reconciliationReport(ctx, dayOf(request.query.date), localeOf(request))),
  )

  api.post(
    '/api/admin/reconciliation/run',
    {
      ...reviewer,
      schema: routeSchema({
        tags,
        summary:
          'Reconciles a finished day again (each morning it runs by itself for the day before): bills downloaded ' +
          'and compared both ways, payments only the bill has recorded, the report answered',
        auth: 'operator',
        body: dateQuery,
        data: ReconciliationReport,
      }),
    },
    async (request) => {
      const date = dayOf(request.body.date)
      await runReconciliation(ctx, date)
      await recordAudit(ctx.db, ctx.clock.now(), {
        actor: request.operator,
        address: request.ip,
        action: 'reconciliation.run',
        targetType: 'reconciliation',
        targetId: date,
      })
      return ok(await reconciliationReport(ctx, date, localeOf(request)))
    },
  )

  api.post(
    '/api/admin/reconciliation/items/:id/resolve',
    {
      ...reviewer,
      schema: routeSchema({
        tags,
        summary: 'An open reconciliation item dealt with: resolved, with what was done',
        auth: 'operator',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: ResolveReconciliationItemInput,
        data: Type.Object({ id: Type.Integer() }),
      }),
    },
    async (request) => {
      checkField('remark', request.body.remark, [required])
      const id = await ctx.db.transaction(async (tx) => {
        const resolved = await resolveReconciliationItem(
          ctx,
          tx,
          request.params.id,
          request.operator.name,
          request.body.remark,
        )
        await recordAudit(tx, ctx.clock.now(), {
          actor: request.operator,
          address: request.ip,
          action: 'reconciliation.resolve',
          targetType: 'reconciliation',
          targetId: `${resolved.date}#${resolved.id}`,
          after: { status: 'resolved' },
          remark: request.body.remark,
        })
        return resolved.id
      })
      return ok({ id })
    },
  )

  const exportSchema = routeSchema({
    tags,
    summary: "A day's reconciliation as an Excel workbook, in the operator's language",
    description: `200 answers the workbook (${XLSX_CONTENT_TYPE}), not an envelope; a refused request answers the envelope.`,
    auth: 'operator',
    querystring: dateQuery,
    data: Type.Null(),
  })
  const { 200: _workbook, ...errorResponses } = exportSchema.response
  // Answers a file, not the envelope: the plain instance, so the reply is not typed as the envelope.
  app.get<{ Querystring: { date?: string } }>(
    '/api/admin/reconciliation/export',
    { ...viewer, schema: { ...exportSchema, response: errorResponses } },
    async (request, reply) => {
      const date = dayOf(request.query.date)
      const locale = localeOf(request)
      const file = await reconciliationWorkbook(await reconciliationReport(ctx, date, locale), locale)
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="reconciliation-${date}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(file)
    },
  )

  api.get(
    '/api/admin/orphan-payments',
    {
      ...viewer,
      schema: routeSchema({
        tags,
        summary:
          'Orphan payments, newest first: money a provider took that no order keeps (a second payment, a closed or ' +
          'unknown order, another amount), each refunded automatically through the provider that took it',
        auth: 'operator',
        querystring: Type.Object({
          status: Type.Optional(Type.Union(orphanStatuses.map((status) => Type.Literal(status)))),
        }),
        data: Type.Array(OrphanPayment),
      }),
    },
    async (request) => {
      const rows = await listOrphanPayments(ctx, request.query.status ? [request.query.status] : undefined)
      return ok(rows.map(toOrphan))
    },
  )

  api.post(
    '/api/admin/orphan-payments/:id/returned',
    {
      ...reviewer,
      schema: routeSchema({
        tags,
        summary: 'The money of an orphan payment whose refund failed was returned another way: recorded with how',
        auth: 'operator',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: OrphanReturnedInput,
        data: OrphanPayment,
      }),
    },
    async (request) => {
      checkField('remark', request.body.remark, [required])
      const returned = await ctx.db.transaction(async (tx) => {
        const row = await markOrphanReturned(ctx, tx, request.params.id, request.body.remark)
        await recordAudit(tx, ctx.clock.now(), {
          actor: request.operator,
          address: request.ip,
          action: 'orphan.returnedManually',
          targetType: 'orphanPayment',
          targetId: row.id,
          before: { status: 'notReturned' },
          after: { status: row.status },
          remark: request.body.remark,
        })
        return row
      })
      return ok(toOrphan(returned))
    },
  )
}
