import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Done, NoData, Page } from '@contract/envelope'
import {
  AddUpdateUserAccountInput,
  CheckLifePayAccountInput,
  CheckPhoneCarrierInput,
  CreateElectricOrderInput,
  CreateGasOrderInput,
  CreateLifePayOrderResult,
  CreatePhoneOrderInput,
  DuplicateOrderRefusal,
  ElectricParValue,
  ElectricSupportArea,
  GasOrgTypeList,
  GasParValue,
  GetUserLifePayOrderRefundInput,
  UserLifePayOrderRefund,
  GetPayOrderForJsApiInput,
  GetPayStatusByOrderNoInput,
  GetUserAccountAllListInput,
  GetUserAccountListInput,
  GetUserLifePayOrderPageInput,
  LifePayAccountCheck,
  LifePayOrderDetail,
  LifePayOrderListItem,
  LifePayOrderState,
  LifePayRate,
  PayOrderForJsApi,
  PhoneCarrierCheck,
  PhoneParValue,
  RefundUserLifePayOrderInput,
  SetLifePayOrderPayTypeInput,
  UserAccount,
  UserAccountId,
  UserAccountIdInput,
} from '@contract/lifePay'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import {
  decimal2,
  electricAccount,
  gasAccount,
  holderName,
  mobilePhone,
  refundReason,
  required,
  requiredBecause,
  sixId,
} from '@domain/validators'
import { orderRequirements } from '@domain/orderRequirements'
import { normalizeSixId } from '@domain/sixId'
import type { AppContext } from '../../appContext'
import { bearerToken, VIRTUAL_USER_HEADER, type AuthHooks } from '../../http/auth'
import { precompressed } from '../../http/compression'
import { ok } from '../../http/envelope'
import { routeSchema, withChannel, withChannelsBase } from '../../http/schemas'
import { checkField } from '../../http/validation'
import {
  channelOf,
  getElectricParValues,
  type Offered,
  getElectricSupportAreas,
  getGasParValues,
  getPhoneParValues,
  getRates,
} from './catalog'
import { checkLifePayAccount, checkPhoneCarrier } from './accountChecks'
import { electricAreaFor } from './electricArea'
import { gasRegionFor } from './gasRegion'
import {
  applyRefund,
  createOrder,
  findUserOrderDetail,
  findUserOrderRefund,
  orderPage,
  preparePayment,
  setPayType,
  type CreateOptions,
  type NewOrder,
} from './orders'
import { toOrderDetail, toOrderState } from './orderView'
import { paymentFor } from './paymentFor'
import { payStatusOf } from './paymentStatus'
import { webPaymentOf } from './webPayment'
import { userChannel } from './userChannel'
import { orderNotificationsOf } from '../notifications/orderSubscriptions'
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
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const user = { onRequest: auth.userOrVirtual }
  // A read anyone may make that answers a logged-in caller for them (their channel's rates): credentials, when sent,
  // are checked as on every user call.
  const callerIfAny = {
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
      bearerToken(request) !== undefined || request.headers[VIRTUAL_USER_HEADER] !== undefined
        ? auth.userOrVirtual(request, reply, done)
        : done(),
  }
  const orderRoute = <B extends TSchema, D extends TSchema>(summary: string, body: B, data: D, description?: string) =>
    routeSchema({ tags, summary, description, body, data, auth: 'userOrVirtual' as const })
  // The catalog shows what the supplier can take (a utility top-up Fulu sells us no product for is not).
  const offered: Offered = (kind) => ctx.providers.supplier.offers?.(kind) ?? true

  api.get(
    '/api/LifePay/GetRate',
    {
      ...callerIfAny,
      schema: routeSchema({
        tags,
        summary:
          'Discount in force per rate type: the logged-in caller’s own channel’s (the default channel’s where it has ' +
          'none), the default channel’s for an anonymous caller; the request’s channelId never changes it',
        querystring: withChannel(Type.Object({})),
        data: Type.Array(LifePayRate),
      }),
    },
    async (request) => {
      const [rates, channelId] = await Promise.all([ctx.rates.all(), userChannel(ctx.db, request.userId)])
      return ok(getRates(rates, channelId))
    },
  )

  api.post(
    '/api/LifePay/GetElectricSupportArea',
    {
      schema: routeSchema({
        tags,
        summary: 'Cities where electricity top-up works, with their grid',
        data: Type.Array(ElectricSupportArea),
      }),
    },
    async () => ok(await getElectricSupportAreas(ctx.db)),
  )

  api.post(
    '/api/LifePay/GetElectricParValue',
    { schema: routeSchema({ tags, summary: 'Electricity face values per grid', data: Type.Array(ElectricParValue) }) },
    async () => ok(await getElectricParValues(ctx.db, offered)),
  )

  api.post(
    '/api/LifePay/GetPhoneParValue',
    {
      schema: routeSchema({
        tags,
        summary: 'Phone face values per carrier (all of them: the app offers ≤ 300)',
        data: Type.Array(PhoneParValue),
      }),
    },
    async () => ok(await getPhoneParValues(ctx.db)),
  )

  api.post(
    '/api/LifePay/GetGasParValue',
    { schema: routeSchema({ tags, summary: 'Gas face values per gas company', data: Type.Array(GasParValue) }) },
    async () => ok(await getGasParValues(ctx.db, offered)),
  )

  api.post(
    '/api/LifePay/GetGasOrgType',
    {
      schema: routeSchema({
        tags,
        summary: 'The gas companies an order can name (those with face values on offer)',
        data: GasOrgTypeList,
      }),
    },
    async () => {
      const companies = await getGasParValues(ctx.db, offered)
      return ok({
        gasSupportMerchantInfos: companies.map((company) => ({
          gasOrgTypeCode: company.gasOrgType,
          gasOrgTypeName: company.gasOrgName,
        })),
      })
    },
  )

  const create = async (userId: string, channelId: string, order: NewOrder, options: CreateOptions) =>
    ok(await createOrder(ctx, userId, channelId, order, options))
  // Issue 20, duplicate guard: a DUPLICATE_ORDER refusal names the earlier order.
  const createRoute = <B extends TSchema>(summary: string, body: B, description?: string) =>
    routeSchema({
      tags,
      summary,
      description,
      body,
      data: CreateLifePayOrderResult,
      refusal: DuplicateOrderRefusal,
      auth: 'userOrVirtual' as const,
    })

  api.post(
    '/api/LifePay/CreateLifePayPhoneOrder',
    {
      ...user,
      schema: createRoute(
        'Create a phone top-up order (face value ≤ 300); the server computes the price',
        withChannelsBase(CreatePhoneOrderInput),
      ),
    },
    async (request) => {
      const { phone, ispCode, name, parValue, idempotencyKey } = request.body
      checkField('phone', phone, [required, mobilePhone])
      const needs = orderRequirements({ lifePayOrderType: LifePayOrderType.Phone, ispCode })
      checkField('name', name, needs.holderName ? [requiredBecause('telecomHolderName'), holderName] : [holderName])
      checkParValue(parValue)
      return create(
        request.userId,
        channelOf(request),
        {
          lifePayOrderType: LifePayOrderType.Phone,
          account: phone,
          subType: ispCode,
          ispCode,
          name: name?.trim() || null,
          parValue,
          idempotencyKey,
        },
        request.body,
      )
    },
  )

  api.post(
    '/api/LifePay/CreateLifePayElectricOrder',
    {
      ...user,
      schema: createRoute(
        'Create an electricity top-up order (face value ≤ 300); the area must be supported and its grid match',
        withChannelsBase(CreateElectricOrderInput),
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
        sixID,
        parValue,
        idempotencyKey,
      } = request.body
      checkField('electricAccount', account, [required, electricAccount])
      const needs = orderRequirements({ lifePayOrderType: LifePayOrderType.Electric, electricType })
      checkField(
        'electricAccountType',
        electricAccountType,
        needs.electricAccountType ? [requiredBecause('electricAccountTypeRequired')] : [],
      )
      checkField('sixID', sixID, needs.sixId ? [requiredBecause('sixIdRequired'), sixId] : [sixId])
      checkParValue(parValue)
      const area = await electricAreaFor(ctx.db, province, city, electricType)
      checkField('name', name, area.needHolderName ? [required, holderName] : [holderName])
      return create(
        request.userId,
        channelOf(request),
        {
          lifePayOrderType: LifePayOrderType.Electric,
          account,
          subType: electricType,
          electricType,
          // Production asks it of State Grid only; another grid's is kept when sent (the supplier may use it).
          electricAccountType: electricAccountType ?? null,
          province: area.provinceCode,
          city: area.cityCode,
          name: name?.trim() || null,
          sixId: needs.sixId && sixID ? normalizeSixId(sixID) : null,
          parValue,
          idempotencyKey,
        },
        request.body,
      )
    },
  )

  api.post(
    '/api/LifePay/CreateLifePayGasOrder',
    {
      ...user,
      schema: createRoute('Create a gas top-up order (face value ≤ 300)', withChannelsBase(CreateGasOrderInput)),
    },
    async (request) => {
      const { gasAccount: account, gasOrgType, province, city, name, parValue, idempotencyKey } = request.body
      checkField('gasAccount', account, [required, gasAccount])
      checkField('name', name, [holderName])
      checkParValue(parValue)
      const region = await gasRegionFor(ctx, province, city)
      return create(
        request.userId,
        channelOf(request),
        {
          lifePayOrderType: LifePayOrderType.Gas,
          account,
          subType: gasOrgType,
          gasOrgType,
          province: region.provinceCode,
          city: region.cityCode,
          name: name?.trim() || null,
          parValue,
          idempotencyKey,
        },
        request.body,
      )
    },
  )

  api.post(
    '/api/LifePay/GetPayStatusByOrderNo',
    {
      ...user,
      schema: orderRoute(
        'Payment and recharge status of an order (poll it after paying): an order still waiting for a real ' +
          'provider’s payment is asked of the provider too, at most once per order every 10 s',
        withChannelsBase(GetPayStatusByOrderNoInput),
        LifePayOrderState,
      ),
    },
    async (request) => ok(toOrderState(await payStatusOf(ctx, request.userId, request.body.orderNo))),
  )

  api.post(
    '/api/LifePay/SetLifePayOrderPayType',
    {
      ...user,
      schema: orderRoute(
        'Choose WxPay (10) or AliPay (20) for an unpaid order',
        withChannelsBase(SetLifePayOrderPayTypeInput),
        NoData,
      ),
    },
    async (request) => {
      await setPayType(ctx, request.userId, request.body.orderNo, request.body.lifePayType)
      return ok(null)
    },
  )

  api.post(
    '/api/LifePay/GetUserLifePayOrderPage',
    {
      ...user,
      // The handler sends the page's gzip itself (precompressed): the plugin's two hooks would only look and pass.
      compress: false,
      schema: orderRoute(
        'The user’s orders, newest first, optionally of one type',
        withChannelsBase(GetUserLifePayOrderPageInput),
        Page(LifePayOrderListItem),
      ),
    },
    async (request, reply) => {
      const { pageIndex, pageSize, lifePayOrderType } = request.body
      const key = { pageIndex, pageSize, lifePayOrderType }
      // Cached serialized (by this route's schema), and gzipped once, so a hit is sent as it is: docs/server.md
      // § Caches.
      const body = await ctx.orderPages.page(
        request.userId,
        key,
        async () =>
          reply.serialize(ok(await orderPage(ctx.db, request.userId, pageIndex, pageSize, lifePayOrderType))) as string,
      )
      const payload = precompressed(request, reply, body, () => ctx.orderPages.gzipped(request.userId, key, body))
      // Already serialized: Fastify sends a string (or the gzipped Buffer) as it is.
      return reply.type(JSON_UTF8).send(payload as never)
    },
  )

  api.post(
    '/api/LifePay/GetPayOrderForJsAPI',
    {
      ...user,
      schema: orderRoute(
        'Payment parameters: WeChat JSAPI set for WxPay, trade number for AliPay; from a phone browser (host h5) ' +
          'the web payment’s address',
        withChannelsBase(GetPayOrderForJsApiInput),
        PayOrderForJsApi,
        'A closed order (unpaid for 30 minutes) is refused with ORDER_CLOSED.',
      ),
    },
    async (request) => {
      const { orderNo, lifePayType, openId } = request.body
      // The sandbox pays every order in its cashier: only a real provider's web payment needs the way back checked.
      const web = paymentFor(ctx, lifePayType).sandbox ? undefined : webPaymentOf(ctx, request, request.body)
      return ok(await preparePayment(ctx, request.userId, orderNo, lifePayType, openId, web))
    },
  )

  api.post(
    '/api/LifePay/RefundUserLifePayOrder',
    {
      ...user,
      schema: orderRoute(
        'Apply for a refund (completed, or recharging past the delivery time): pending review until settled',
        withChannelsBase(RefundUserLifePayOrderInput),
        Done,
      ),
    },
    async (request) => {
      checkField('refundApplyRemark', request.body.refundApplyRemark, [required, refundReason])
      const { id, refundApplyRemark, refundApplyReason } = request.body
      await applyRefund(ctx, request.userId, id, refundApplyRemark, refundApplyReason)
      return ok(1)
    },
  )

  api.get(
    '/api/LifePay/GetUserLifePayOrderDetail',
    {
      ...user,
      schema: routeSchema({
        tags,
        summary: 'One of the user’s orders',
        querystring: withChannel(GetPayStatusByOrderNoInput),
        data: LifePayOrderDetail,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => {
      const order = await findUserOrderDetail(ctx.db, request.userId, request.query.orderNo)
      // Issue 20: what the user subscribed to for this order, and what became of it.
      const notifications = await orderNotificationsOf(ctx.db, request.userId, order)
      return ok({ ...toOrderDetail(order, ctx.clock.now()), notifications })
    },
  )

  api.get(
    '/api/LifePay/GetUserLifePayOrderRefund',
    {
      ...user,
      schema: routeSchema({
        tags,
        summary: 'Why a refund was refused: the user’s reason and the operator’s (by the order’s id)',
        querystring: withChannel(GetUserLifePayOrderRefundInput),
        data: UserLifePayOrderRefund,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => ok(await findUserOrderRefund(ctx.db, request.userId, request.query.id)),
  )

  api.post(
    '/api/LifePay/GetUserAccountAllList',
    {
      ...user,
      schema: orderRoute(
        'Every saved account, newest first, optionally of one type',
        withChannelsBase(GetUserAccountAllListInput),
        Type.Array(UserAccount),
      ),
    },
    async (request) => ok(await allUserAccounts(ctx, request.userId, request.body.lifePayOrderType)),
  )

  api.post(
    '/api/LifePay/GetUserAccountList',
    {
      ...user,
      schema: orderRoute('Saved accounts, paged', withChannelsBase(GetUserAccountListInput), Page(UserAccount)),
    },
    async (request) => {
      const { pageIndex, pageSize, lifePayOrderType } = request.body
      return ok(await userAccountPage(ctx, request.userId, pageIndex, pageSize, lifePayOrderType))
    },
  )

  api.post(
    '/api/LifePay/AddUpdateUserAccount',
    {
      ...user,
      schema: orderRoute(
        'Save an account (no id) or change one (id); returns its id. The same account is saved once.',
        withChannelsBase(AddUpdateUserAccountInput),
        UserAccountId,
      ),
    },
    async (request) => ok(await addOrUpdateUserAccount(ctx, request.userId, request.body)),
  )

  api.post(
    '/api/LifePay/DeleteUserAccount',
    {
      ...user,
      schema: routeSchema({
        tags,
        summary: 'Delete a saved account (id in the query)',
        querystring: withChannel(UserAccountIdInput),
        data: Done,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => {
      await deleteUserAccount(ctx, request.userId, request.query.id)
      return ok(1)
    },
  )

  api.get(
    '/api/LifePay/GetUserAccountDetail',
    {
      ...user,
      schema: routeSchema({
        tags,
        summary: 'One saved account',
        querystring: withChannel(UserAccountIdInput),
        data: UserAccount,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => ok(await userAccountDetail(ctx, request.userId, request.query.id)),
  )

  // Issue 20 — checks before paying (accountChecks.ts). Logged in like the order routes: a lookup reveals a masked
  // holder name, so it is counted per user.
  api.post(
    '/api/LifePay/CheckLifePayAccount',
    {
      config: { extension: true },
      ...user,
      schema: orderRoute(
        'Look an electricity or gas account up at the supplier before paying: masked holder name, balance or owed',
        withChannelsBase(CheckLifePayAccountInput),
        LifePayAccountCheck,
        'An account the supplier does not know is refused with LIFE_PAY_ACCOUNT_NOT_FOUND; when the supplier cannot ' +
          'answer now the status is `unavailable` and the user may go on. Counted per user (TOO_MANY_REQUESTS). ' +
          'Creating an order does not need it.',
      ),
    },
    async (request) => ok(await checkLifePayAccount(ctx, request.userId, request.body)),
  )

  api.post(
    '/api/LifePay/CheckPhoneCarrier',
    {
      config: { extension: true },
      ...user,
      schema: orderRoute(
        'The carrier serving a mobile number today (number portability), with its province and city',
        withChannelsBase(CheckPhoneCarrierInput),
        PhoneCarrierCheck,
        'When the lookup cannot say, `verified` is false and `ispCode` is the prefix guess. Counted per user.',
      ),
    },
    async (request) => ok(await checkPhoneCarrier(ctx, request.userId, request.body.phone)),
  )
}
