import type { FastifyInstance } from 'fastify'
import type {
  AddUpdateUserAccountInput,
  CreateElectricOrderInput,
  CreateGasOrderInput,
  CreatePhoneOrderInput,
  GetPayOrderForJsApiInput,
  GetPayStatusByOrderNoInput,
  GetUserAccountAllListInput,
  GetUserAccountListInput,
  GetUserLifePayOrderPageInput,
  RefundUserLifePayOrderInput,
  SetLifePayOrderPayTypeInput,
} from '../../../../types/api/lifePay'
import { MAX_FACE_VALUE } from '../../../../src/domain/constants'
import { LifePayOrderType } from '../../../../src/domain/lifePayOrderType'
import {
  decimal2,
  electricAccount,
  gasAccount,
  holderName,
  mobilePhone,
  refundReason,
  required,
} from '../../../../src/domain/validators'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { arr, NO_DATA, query, routeSchema, str, type JsonSchema } from '../../http/schemas'
import { checkField } from '../../http/validation'
import {
  channelOf,
  getElectricParValues,
  getElectricSupportAreas,
  getGasParValues,
  getPhoneParValues,
  getRates,
} from './catalog'
import { electricAreaFor } from './electricArea'
import {
  applyRefund,
  createOrder,
  findUserOrderDetail,
  findUserOrderState,
  orderPage,
  preparePayment,
  setPayType,
  type NewOrder,
} from './orders'
import { toOrderDetail, toOrderState } from './orderView'
import * as s from './schemas'
import {
  addOrUpdateUserAccount,
  allUserAccounts,
  deleteUserAccount,
  userAccountDetail,
  userAccountPage,
} from './userAccounts'

const tags = ['LifePay']
const JSON_UTF8 = 'application/json; charset=utf-8'

function checkParValue(parValue: number): void {
  checkField('parValue', parValue, [required, decimal2])
}

export function registerLifePayRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const user = { onRequest: auth.userOrVirtual }
  const orderRoute = (summary: string, body: JsonSchema, data: JsonSchema, description?: string) =>
    routeSchema({ tags, summary, description, body, data, auth: 'userOrVirtual' })

  app.get(
    '/api/LifePay/GetRate',
    {
      schema: routeSchema({
        tags,
        summary: 'Discount in force per rate type for the request’s channel (default channel’s where it has none)',
        querystring: query(),
        data: arr(s.rate),
      }),
    },
    async (request) => ok(getRates(await ctx.rates.all(), channelOf(request))),
  )

  app.post(
    '/api/LifePay/GetElectricSupportArea',
    {
      schema: routeSchema({
        tags,
        summary: 'Cities where electricity top-up works, with their grid',
        data: arr(s.electricSupportArea),
      }),
    },
    async () => ok(await getElectricSupportAreas(ctx.db)),
  )

  app.post(
    '/api/LifePay/GetElectricParValue',
    { schema: routeSchema({ tags, summary: 'Electricity face values per grid', data: arr(s.electricParValue) }) },
    async () => ok(await getElectricParValues(ctx.db)),
  )

  app.post(
    '/api/LifePay/GetPhoneParValue',
    {
      schema: routeSchema({
        tags,
        summary: 'Phone face values per carrier (all of them: the app offers ≤ 300)',
        data: arr(s.phoneParValue),
      }),
    },
    async () => ok(await getPhoneParValues(ctx.db)),
  )

  app.post(
    '/api/LifePay/GetGasParValue',
    { schema: routeSchema({ tags, summary: 'Gas face values per gas company', data: arr(s.gasParValue) }) },
    async () => ok(await getGasParValues(ctx.db)),
  )

  const create = async (userId: string, channelId: string, order: NewOrder) =>
    ok(await createOrder(ctx, userId, channelId, order))

  app.post<{ Body: CreatePhoneOrderInput }>(
    '/api/LifePay/CreateLifePayPhoneOrder',
    {
      ...user,
      schema: orderRoute(
        'Create a phone top-up order (face value ≤ 300); the server computes the price',
        s.createPhoneOrderBody,
        s.createOrderResult,
      ),
    },
    async (request) => {
      const { phone, ispCode, name, parValue, idempotencyKey } = request.body
      checkField('phone', phone, [required, mobilePhone])
      checkField('name', name, [holderName])
      checkParValue(parValue)
      if (parValue > MAX_FACE_VALUE) throw errors.parValueNotOffered()
      return create(request.userId, channelOf(request), {
        lifePayOrderType: LifePayOrderType.Phone,
        account: phone,
        subType: ispCode,
        ispCode,
        name: name?.trim() || null,
        parValue,
        idempotencyKey,
      })
    },
  )

  app.post<{ Body: CreateElectricOrderInput }>(
    '/api/LifePay/CreateLifePayElectricOrder',
    {
      ...user,
      schema: orderRoute(
        'Create an electricity top-up order; the area must be supported and its grid match',
        s.createElectricOrderBody,
        s.createOrderResult,
        'Southern Grid areas (needHolderName) require `name`. province/city are stored as area codes.',
      ),
    },
    async (request) => {
      const {
        electricAccount: account,
        electricType,
        electricAccountType,
        province,
        city,
        name,
        parValue,
        idempotencyKey,
      } = request.body
      checkField('electricAccount', account, [required, electricAccount])
      checkParValue(parValue)
      const area = await electricAreaFor(ctx.db, province, city, electricType)
      checkField('name', name, area.needHolderName ? [required, holderName] : [holderName])
      return create(request.userId, channelOf(request), {
        lifePayOrderType: LifePayOrderType.Electric,
        account,
        subType: electricType,
        electricType,
        electricAccountType,
        province: area.provinceCode,
        city: area.cityCode,
        name: name?.trim() || null,
        parValue,
        idempotencyKey,
      })
    },
  )

  app.post<{ Body: CreateGasOrderInput }>(
    '/api/LifePay/CreateLifePayGasOrder',
    {
      ...user,
      schema: orderRoute('Create a gas top-up order', s.createGasOrderBody, s.createOrderResult),
    },
    async (request) => {
      const { gasAccount: account, gasOrgType, name, parValue, idempotencyKey } = request.body
      checkField('gasAccount', account, [required, gasAccount])
      checkField('name', name, [holderName])
      checkParValue(parValue)
      return create(request.userId, channelOf(request), {
        lifePayOrderType: LifePayOrderType.Gas,
        account,
        subType: gasOrgType,
        gasOrgType,
        name: name?.trim() || null,
        parValue,
        idempotencyKey,
      })
    },
  )

  app.post<{ Body: GetPayStatusByOrderNoInput }>(
    '/api/LifePay/GetPayStatusByOrderNo',
    {
      ...user,
      schema: orderRoute('Payment and recharge status of an order (poll it after paying)', s.orderNoBody, s.orderState),
    },
    async (request) => ok(toOrderState(await findUserOrderState(ctx.db, request.userId, request.body.orderNo))),
  )

  app.post<{ Body: SetLifePayOrderPayTypeInput }>(
    '/api/LifePay/SetLifePayOrderPayType',
    { ...user, schema: orderRoute('Choose WxPay (10) or AliPay (20) for an unpaid order', s.setPayTypeBody, NO_DATA) },
    async (request) => {
      await setPayType(ctx, request.userId, request.body.orderNo, request.body.lifePayType)
      return ok(null)
    },
  )

  app.post<{ Body: GetUserLifePayOrderPageInput }>(
    '/api/LifePay/GetUserLifePayOrderPage',
    {
      ...user,
      schema: orderRoute(
        'The user’s orders, newest first, optionally of one type',
        s.orderPageBody,
        s.page(s.orderListItem),
      ),
    },
    async (request, reply) => {
      const { pageIndex, pageSize, lifePayOrderType } = request.body
      // Cached serialized (by this route's schema), so a hit is sent as it is: docs/server.md § Caches.
      const body = await ctx.orderPages.page(
        request.userId,
        { pageIndex, pageSize, lifePayOrderType },
        async () =>
          reply.serialize(ok(await orderPage(ctx.db, request.userId, pageIndex, pageSize, lifePayOrderType))) as string,
      )
      return reply.type(JSON_UTF8).send(body)
    },
  )

  app.post<{ Body: GetPayOrderForJsApiInput }>(
    '/api/LifePay/GetPayOrderForJsAPI',
    {
      ...user,
      schema: orderRoute(
        'Payment parameters: WeChat JSAPI set for WxPay, trade number for AliPay',
        s.payOrderForJsApiBody,
        s.payOrderForJsApi,
        'A closed order (unpaid for 30 minutes) is refused with ORDER_CLOSED.',
      ),
    },
    async (request) => {
      const { orderNo, lifePayType, openId } = request.body
      return ok(await preparePayment(ctx, request.userId, orderNo, lifePayType, openId))
    },
  )

  app.post<{ Body: RefundUserLifePayOrderInput }>(
    '/api/LifePay/RefundUserLifePayOrder',
    {
      ...user,
      schema: orderRoute(
        'Apply for a refund (paid orders, recharging or completed): pending review until an operator decides',
        s.refundBody,
        NO_DATA,
      ),
    },
    async (request) => {
      checkField('refundApplyRemark', request.body.refundApplyRemark, [required, refundReason])
      await applyRefund(ctx, request.userId, request.body.orderNo, request.body.refundApplyRemark)
      return ok(null)
    },
  )

  app.get<{ Querystring: { orderNo: string } }>(
    '/api/LifePay/GetUserLifePayOrderDetail',
    {
      ...user,
      schema: routeSchema({
        tags,
        summary: 'One of the user’s orders',
        querystring: s.orderNoQuery,
        data: s.orderDetail,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => ok(toOrderDetail(await findUserOrderDetail(ctx.db, request.userId, request.query.orderNo))),
  )

  app.post<{ Body: GetUserAccountAllListInput }>(
    '/api/LifePay/GetUserAccountAllList',
    {
      ...user,
      schema: orderRoute(
        'Every saved account, newest first, optionally of one type',
        s.accountAllListBody,
        arr(s.userAccount),
      ),
    },
    async (request) => ok(await allUserAccounts(ctx, request.userId, request.body.lifePayOrderType)),
  )

  app.post<{ Body: GetUserAccountListInput }>(
    '/api/LifePay/GetUserAccountList',
    { ...user, schema: orderRoute('Saved accounts, paged', s.accountListBody, s.page(s.userAccount)) },
    async (request) => {
      const { pageIndex, pageSize, lifePayOrderType } = request.body
      return ok(await userAccountPage(ctx, request.userId, pageIndex, pageSize, lifePayOrderType))
    },
  )

  app.post<{ Body: AddUpdateUserAccountInput }>(
    '/api/LifePay/AddUpdateUserAccount',
    {
      ...user,
      schema: orderRoute(
        'Save an account (no id) or change one (id); returns its id. The same account is saved once.',
        s.addUpdateUserAccountBody,
        str({ format: 'uuid' }),
      ),
    },
    async (request) => ok(await addOrUpdateUserAccount(ctx, request.userId, request.body)),
  )

  app.post<{ Querystring: { id: string } }>(
    '/api/LifePay/DeleteUserAccount',
    {
      ...user,
      schema: routeSchema({
        tags,
        summary: 'Delete a saved account (id in the query)',
        querystring: s.idQuery,
        data: NO_DATA,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => {
      await deleteUserAccount(ctx, request.userId, request.query.id)
      return ok(null)
    },
  )

  app.get<{ Querystring: { id: string } }>(
    '/api/LifePay/GetUserAccountDetail',
    {
      ...user,
      schema: routeSchema({
        tags,
        summary: 'One saved account',
        querystring: s.idQuery,
        data: s.userAccount,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => ok(await userAccountDetail(ctx, request.userId, request.query.id)),
  )
}
