import { PassThrough } from 'node:stream'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { OssSts } from '@contract/account'
import { LifePayRate } from '@contract/lifePay'
import {
  ChannelIdInput,
  ChannelsPageInput,
  CreateEditPayChannelsInput,
  Dashboard,
  LifePayChannles,
  LifePayOrderExportInput,
  LifePayOrderListOutput,
  LifePayRateInput,
  OrderTimeline,
  QueryLifePayOrderListInput,
  QueryUserAccountListInput,
  QueryUserPageInput,
  RefundLifePayOrderInput,
  SetLifePayChannelsStatusInput,
  SetUserChannelInput,
  UserChannel,
  UserAccountOutput,
  UserListOutput,
} from '@contract/operator'
import { PageOutput } from '@contract/pageModel'
import type { OperatorRole } from '@contract/operators'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { localeOf, ok } from '../../http/envelope'
import { originOf } from '../../http/origin'
import { routeSchema } from '../../http/schemas'
import { channelDto, channelsPage, createEditPayChannel, setChannelStatus } from './channelsAdmin'
import { dashboard } from './dashboard'
import { writeOrderExport, XLSX_CONTENT_TYPE } from './orderExport'
import { lifePayOrderPage } from './orderPage'
import { setDefaultRates } from '../lifePay/rateWrites'
import { approveRefundAudited, orderListItem, orderNoOfId, rejectRefundAudited } from './refundReview'
import { issueVoucherCredentials, readOrderVoucher } from './refundVoucher'
import { orderByNo } from './auditedOrderStep'
import { errors } from '../../http/errors'
import { accountFor, orderFor, phoneFor } from './phoneMasking'
import { orderTimeline } from './timeline'
import { accountPage, userPage } from './users'
import { setUserChannel } from '../lifePay/userChannel'

const tags = ['Operator']

/** The operator API under the production Life Pay back end's paths and names, plus the dashboard and timelines. */
export function registerOperatorRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  // Each route's role (docs/server.md § Operator side): viewers read, reviewers decide refunds, admins change rates
  // and channels. Every write is recorded in the audit trail in the transaction of the change.
  const guard = (role: OperatorRole) => ({ onRequest: auth.operatorRole(role) })
  const actedBy = (request: FastifyRequest) => ({ actor: request.operator, address: request.ip })

  api.post(
    '/api/LifePay/GetLifePayOrderPage',
    {
      ...guard('viewer'),
      schema: routeSchema({
        tags,
        summary: 'Every user’s orders, filtered and paged, newest first unless pageModel.orderInput says otherwise',
        auth: 'operator',
        body: QueryLifePayOrderListInput,
        data: PageOutput(LifePayOrderListOutput),
      }),
    },
    async (request) => {
      const page = await lifePayOrderPage(ctx, request.body)
      return ok({ ...page, data: page.data.map((item) => orderFor(request.operator, item)) })
    },
  )

  const exportSchema = routeSchema({
    tags,
    summary:
      'The orders GetLifePayOrderPage would list (same filters, every page, newest first) as an .xlsx file, streamed',
    description: `200 answers the workbook (${XLSX_CONTENT_TYPE}), not an envelope; a refused request answers the envelope.`,
    auth: 'operator',
    body: LifePayOrderExportInput,
    data: Type.Null(),
  })
  const { 200: _workbook, ...errorResponses } = exportSchema.response
  // Answers a stream, not the envelope: the plain instance, so the reply is not typed as the envelope.
  app.post<{ Body: LifePayOrderExportInput }>(
    '/api/LifePay/GetLifePayOrderPageExport',
    { ...guard('viewer'), schema: { ...exportSchema, response: errorResponses } },
    async (request, reply) => {
      const out = new PassThrough()
      writeOrderExport(ctx, request.body, out, { actor: request.operator, locale: localeOf(request) }).catch(
        (error: unknown) => {
          // The status line has gone: all that can be said now is that the file is incomplete.
          request.log.error({ err: error }, 'order export failed')
          out.destroy(error instanceof Error ? error : new Error(String(error)))
        },
      )
      const stamp = ctx.clock.now().toISOString().slice(0, 19).replace(/\D/g, '')
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="life-pay-orders-${stamp}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(out)
    },
  )

  api.post(
    '/api/operator/refundVoucherCredentials',
    {
      ...guard('reviewer'),
      schema: routeSchema({
        tags,
        summary:
          'Upload credentials (20 minutes) for a refund voucher image, limited to the reviewer’s own folder ' +
          'refund-vouchers/<operator id>/: POST the OSS PostObject form to `host`, then send `${host}/${key}` as ' +
          'RefundLifePayOrder’s refundCredentialsImgUrl',
        auth: 'operator',
        data: OssSts,
      }),
    },
    async (request) => ok(await issueVoucherCredentials(ctx, request.operator, originOf(request))),
  )

  const voucherSchema = routeSchema({
    tags,
    summary: 'The refund voucher image of an order, for operators only (the bucket folder is private)',
    description:
      '200 answers the image (its type read from its bytes; Cache-Control: private, no-store), not an envelope. ' +
      'An order without a voucher: 404 NOT_FOUND; a stored voucher that is not an image: 415 VOUCHER_NOT_IMAGE.',
    auth: 'operator',
    params: Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 64 }) }),
    data: Type.Null(),
  })
  const { 200: _image, ...voucherErrors } = voucherSchema.response
  app.get<{ Params: { orderNo: string } }>(
    '/api/operator/orders/:orderNo/refundVoucher',
    { ...guard('viewer'), schema: { ...voucherSchema, response: voucherErrors } },
    async (request, reply) => {
      const order = await orderByNo(ctx, request.params.orderNo)
      if (!order) throw errors.orderNotFound()
      const voucher = await readOrderVoucher(ctx, order.refundCredentialsImgUrl, originOf(request))
      return reply
        .header('content-type', voucher.type)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(voucher.bytes)
    },
  )

  api.post(
    '/api/LifePay/RefundLifePayOrder',
    {
      ...guard('reviewer'),
      schema: routeSchema({
        tags,
        summary:
          'Approve a refund (order 50, pay 40) with the voucher image refundCredentialsImgUrl (required, uploaded ' +
          'with /api/operator/refundVoucherCredentials): refused while a recharge attempt is in flight, and for a ' +
          'delivered top-up without acknowledgeDelivered',
        auth: 'operator',
        body: RefundLifePayOrderInput,
        data: LifePayOrderListOutput,
      }),
    },
    async (request) => {
      const orderNo = await orderNoOfId(ctx, request.body.id)
      await approveRefundAudited(ctx, actedBy(request), orderNo, {
        remark: request.body.refundCheckRemark,
        acknowledgeDelivered: request.body.acknowledgeDelivered,
        voucherUrl: request.body.refundCredentialsImgUrl,
        voucherRequired: true,
        origin: originOf(request),
      })
      return ok(await orderListItem(ctx, orderNo))
    },
  )

  api.post(
    '/api/LifePay/RejectRefundLifePayOrder',
    {
      ...guard('reviewer'),
      schema: routeSchema({
        tags,
        summary: 'Reject a refund with refundCheckRemark, the reason the user sees (order 60, pay back to 20)',
        auth: 'operator',
        body: RefundLifePayOrderInput,
        data: LifePayOrderListOutput,
      }),
    },
    async (request) => {
      const orderNo = await orderNoOfId(ctx, request.body.id)
      await rejectRefundAudited(ctx, actedBy(request), orderNo, 'refundCheckRemark', request.body.refundCheckRemark)
      return ok(await orderListItem(ctx, orderNo))
    },
  )

  api.post(
    '/api/LifePay/CreateEditLifePayRate',
    {
      ...guard('admin'),
      schema: routeSchema({
        tags,
        summary: 'Set default rates by type (SPEC §9); new orders price at them at once, existing orders keep theirs',
        auth: 'operator',
        body: Type.Array(LifePayRateInput, { minItems: 1, maxItems: 4 }),
        data: Type.Array(LifePayRate),
      }),
    },
    async (request) =>
      ok(
        await setDefaultRates(
          ctx,
          request.body.map(({ rateType, rate }) => ({ rateType, rate })),
          { actor: request.operator, address: request.ip },
        ),
      ),
  )

  api.post(
    '/api/LifePay/GetLifePayChannlesPage',
    {
      ...guard('viewer'),
      schema: routeSchema({
        tags,
        summary: 'Channels, paged, by channel number unless pageModel.orderInput says otherwise',
        auth: 'operator',
        body: ChannelsPageInput,
        data: PageOutput(LifePayChannles),
      }),
    },
    async (request) => ok(await channelsPage(ctx, request.body)),
  )

  api.get(
    '/api/LifePay/GetLifePayChannlesDto',
    {
      ...guard('viewer'),
      schema: routeSchema({
        tags,
        summary: 'One channel',
        auth: 'operator',
        querystring: ChannelIdInput,
        data: LifePayChannles,
      }),
    },
    async (request) => ok(await channelDto(ctx.db, request.query.id)),
  )

  api.post(
    '/api/LifePay/CreateEditPayChannels',
    {
      ...guard('admin'),
      schema: routeSchema({
        tags,
        summary:
          'Create a channel (no id) or edit one (id = channlesNum); channlesRate sets its phone, electricity and gas ' +
          'rate for new orders',
        auth: 'operator',
        body: CreateEditPayChannelsInput,
        data: LifePayChannles,
      }),
    },
    async (request) => ok(await createEditPayChannel(ctx, request.body, actedBy(request))),
  )

  // A GET, as in production, that changes state: an admin's, with the session's CSRF token (docs/decisions).
  api.get(
    '/api/LifePay/SetLifePayChannelsStatus',
    {
      ...guard('admin'),
      config: { changesState: true },
      schema: routeSchema({
        tags,
        summary:
          'Enable (10) or disable (20) a channel: a disabled channel’s orders price at the default rates. A GET as in ' +
          'production, but a write: admin role, and X-CSRF-Token with a session cookie',
        auth: 'operator',
        querystring: SetLifePayChannelsStatusInput,
        data: LifePayChannles,
      }),
    },
    async (request, reply) => {
      const channel = await setChannelStatus(ctx, request.query.id, request.query.status, actedBy(request))
      void reply.header('cache-control', 'no-store')
      return ok(channel)
    },
  )

  api.post(
    '/api/LifePay/GetUserPage',
    {
      ...guard('viewer'),
      schema: routeSchema({
        tags,
        summary: 'Users with last login and order counts, newest first; never a password or a token',
        auth: 'operator',
        body: QueryUserPageInput,
        data: PageOutput(UserListOutput),
      }),
    },
    async (request) => {
      const page = await userPage(ctx, request.body)
      const data = page.data.map((user) => ({ ...user, phoneNumber: phoneFor(request.operator, user.phoneNumber) }))
      return ok({ ...page, data })
    },
  )

  api.post(
    '/api/operator/users/:userId/channel',
    {
      ...guard('admin'),
      schema: routeSchema({
        tags,
        summary:
          "Bind a user to a channel ('' the default): their prices follow it from now on (GetRate, new orders); " +
          'orders already made keep theirs. Audited (user.channel)',
        auth: 'operator',
        params: Type.Object({ userId: Type.String({ format: 'uuid' }) }),
        body: SetUserChannelInput,
        data: UserChannel,
      }),
    },
    async (request) => {
      const { userId } = request.params
      return ok({ userId, channelId: await setUserChannel(ctx, userId, request.body.channelId, actedBy(request)) })
    },
  )

  api.post(
    '/api/LifePay/GetAccountPage',
    {
      ...guard('viewer'),
      schema: routeSchema({
        tags,
        summary: 'Saved accounts of every user (or of userId), newest first, with their order counts',
        auth: 'operator',
        body: QueryUserAccountListInput,
        data: PageOutput(UserAccountOutput),
      }),
    },
    async (request) => {
      const page = await accountPage(ctx, request.body)
      const data = page.data.map((account) => ({
        ...account,
        phoneNumber: phoneFor(request.operator, account.phoneNumber),
        content: accountFor(request.operator, account.lifePayType, account.content),
      }))
      return ok({ ...page, data })
    },
  )

  api.get(
    '/api/operator/dashboard',
    {
      ...guard('viewer'),
      schema: routeSchema({
        tags,
        summary:
          'Today and this month (Asia/Shanghai): orders, amount paid, success rate, median time to delivery, ' +
          'supplier failure rate; refunds waiting, failed jobs, and the last 30 days',
        auth: 'operator',
        data: Dashboard,
      }),
    },
    async () => ok(await dashboard(ctx)),
  )

  api.get(
    '/api/operator/orders/:orderNo/timeline',
    {
      ...guard('viewer'),
      schema: routeSchema({
        tags,
        summary:
          'What happened to an order, oldest first: state changes, payment notifications, supplier attempts, refunds',
        auth: 'operator',
        params: Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 64 }) }),
        data: OrderTimeline,
      }),
    },
    async (request) => ok(await orderTimeline(ctx, request.params.orderNo, request.operator, localeOf(request))),
  )
}
