import { Type, type Static } from '@sinclair/typebox'
import { carrierCodeValues } from '@domain/carrier'
import { electricAccountTypeValues, electricTypeValues } from '@domain/electric'
import { gasProviderValues } from '@domain/gas'
import { lifePayOrderStatusValues, lifePayStatusValues } from '@domain/lifePayStatus'
import { lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import { lifePayTypeValues } from '@domain/lifePayType'
import { lifePayRateTypeValues } from '@domain/rateType'
import { LifePayRate, refundApplyReason } from './lifePay'
import { PageModelInput } from './pageModel'
import { DateTime, Extension, Nullable, OneOf, Yuan } from './schema'

// The operator API (issue 19, X-Operator-Token). Where the production Life Pay back end published an operation, its
// path, method and field names are kept, misspellings included (`channles`): a console written against it works here.
// What production does not publish is an Extension (optional, marked); docs/operator-contract.md maps the two.

const lifePayOrderType = OneOf(lifePayOrderTypeValues, { description: '10 phone, 20 electricity, 30 gas' })
const lifePayType = OneOf(lifePayTypeValues, { description: '10 WxPay, 20 AliPay' })
const payStatus = OneOf(lifePayStatusValues, { description: '10 unpaid, 20 paid, 30 pending refund, 40 refunded' })
const lifePayOrderStatus = OneOf(lifePayOrderStatusValues, {
  description:
    '10 pending confirmation, 20 failed, 30 completed, 40 refund pending review, 50 refunded, 60 refund failed',
})

const time = (description: string) => Type.Optional(DateTime({ description }))

/** The filters of GetLifePayOrderPage and its export (the production QueryLifePayOrderListInput). */
export const LifePayOrderFilters = Type.Object({
  lifePayOrderType: Type.Optional(lifePayOrderType),
  lifePayType: Type.Optional(lifePayType),
  beginPayTime: time('Paid at or after'),
  endPayTime: time('Paid before'),
  payStatus: Type.Optional(payStatus),
  lifePayOrderStatus: Type.Optional(lifePayOrderStatus),
  beginFinishTime: time('Finished at or after'),
  endFinishTime: time('Finished before'),
  userId: Type.Optional(Type.String({ format: 'uuid' })),
  keyWords: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Order number (whole), or part of the phone / account number topped up or of the user’s phone',
    }),
  ),
})
export type LifePayOrderFilters = Static<typeof LifePayOrderFilters>

/** Production's ChannelsBaseInput field on operator inputs: accepted, and ignored (an operator sees every channel). */
const checkChannelId = Type.Optional(
  Type.String({ maxLength: 64, description: 'Accepted as production sends it; operator lists ignore it' }),
)

/** POST /api/LifePay/GetLifePayOrderPage */
export const QueryLifePayOrderListInput = Type.Object({
  pageModel: PageModelInput,
  checkChannelId,
  ...LifePayOrderFilters.properties,
})
export type QueryLifePayOrderListInput = Static<typeof QueryLifePayOrderListInput>

/** POST /api/LifePay/GetLifePayOrderPageExport: the same filters; `pageModel`, if sent, is ignored (every row). */
export const LifePayOrderExportInput = Type.Object({
  pageModel: Type.Optional(PageModelInput),
  checkChannelId,
  ...LifePayOrderFilters.properties,
})
export type LifePayOrderExportInput = Static<typeof LifePayOrderExportInput>

/** GetLifePayOrderPage items: the production LifePayOrderListOutput, plus what an operator needs beside it. */
export const LifePayOrderListOutput = Type.Object({
  id: Type.String({ format: 'uuid' }),
  orderNo: Type.String(),
  userId: Type.String({ format: 'uuid' }),
  /** The user's own phone number (login), not the number topped up. */
  phoneNumber: Nullable(Type.String()),
  lifePayOrderType,
  lifePayType: Nullable(lifePayType),
  account: Extension(Type.String(), 'Phone number, electricity or gas account topped up'),
  channelId: Extension(Nullable(Type.String()), 'The channel id the app sent with the order'),
  channelName: Nullable(Type.String({ description: 'Null for the default channel or an id the server does not know' })),
  rateChannelId: Extension(
    Nullable(Type.String()),
    "The channel whose rate priced the order: its user's ('' the default); null for orders from before the binding",
  ),
  rechargeAmount: Yuan('Face value topped up'),
  discountAmount: Yuan('Saving'),
  payAmount: Yuan('Amount paid'),
  payStatus,
  lifePayOrderStatus,
  creationTime: DateTime(),
  payTime: Nullable(DateTime()),
  finishTime: Nullable(DateTime()),
  /** The payment provider's transaction id. */
  outOrderNo: Nullable(Type.String()),
  /** The supplier's order number (渠道流水号). */
  acoolyOrderNo: Nullable(Type.String()),
  supplierResult: Extension(
    Nullable(Type.String()),
    "The supplier's last word: `success`, `failed: <reason>`, or null",
  ),
  refundApplyTime: Extension(Nullable(DateTime()), 'When the user asked for the refund'),
  refundApplyRemark: Nullable(Type.String()),
  refundApplyReason: Extension(
    Nullable(refundApplyReason),
    "The reason's code: as the app sent it, or recognised from the remark (a known reason in either language)",
  ),
  refundCheckRemark: Nullable(Type.String()),
  refundTime: Nullable(DateTime()),
  /** The voucher image the reviewer attached on approval (an object in the bucket's refund-vouchers/ folder). */
  refundCredentialsImgUrl: Nullable(Type.String()),
  refundCheckTime: Extension(Nullable(DateTime()), 'When a reviewer approved or rejected the refund'),
})
export type LifePayOrderListOutput = Static<typeof LifePayOrderListOutput>

/** POST /api/LifePay/RefundLifePayOrder and RejectRefundLifePayOrder: `id` is the order's id. */
export const RefundLifePayOrderInput = Type.Object({
  id: Type.String({ format: 'uuid' }),
  refundCredentialsImgUrl: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        'Approve: required, the URL of the voucher image uploaded with RefundVoucherCredentials (an object in our ' +
        "bucket's refund-vouchers/ folder); reject: ignored",
    }),
  ),
  refundCheckRemark: Type.Optional(
    Type.String({ maxLength: 400, description: 'Approve: a remark; reject: the reason the user sees (required)' }),
  ),
  acknowledgeDelivered: Extension(
    Type.Boolean(),
    'Approve only: refund a top-up the supplier reported delivered, after checking it did not arrive',
  ),
})
export type RefundLifePayOrderInput = Static<typeof RefundLifePayOrderInput>

/** POST /api/LifePay/CreateEditLifePayRate items: the default channel's rates, keyed by `rateType`. */
export const LifePayRateInput = Type.Object({
  rateType: OneOf(lifePayRateTypeValues),
  rate: Type.Number({ exclusiveMinimum: 0, maximum: 100, description: 'Percent of face value paid, e.g. 98.5' }),
  id: Type.Optional(Type.String({ maxLength: 64, description: 'Accepted for compatibility; rates are keyed by type' })),
})
export type LifePayRateInput = Static<typeof LifePayRateInput>

/** Channel status: the production LifePayChannelsStatsEnum. */
export const channelStatusValues = [10, 20] as const
export type ChannelStatus = (typeof channelStatusValues)[number]
const channelStatus = OneOf(channelStatusValues, { description: '10 enabled, 20 disabled' })

/** The production CreateEditPayChannels `switchType` and `channlesType`: stored and answered, not interpreted. */
export const switchTypeValues = [10, 20, 30] as const
export type SwitchType = (typeof switchTypeValues)[number]
const switchType = OneOf(switchTypeValues)
export const channlesTypeValues = [10, 20] as const
export type ChannlesType = (typeof channlesTypeValues)[number]
const channlesType = OneOf(channlesTypeValues)

/** GetLifePayChannlesPage items and GetLifePayChannlesDto: a channel as the production back end names it. */
export const LifePayChannles = Type.Object({
  /** The channel id the app sends as `channelId` (the same as `channlesNum`). */
  id: Type.String(),
  channlesName: Type.String(),
  channlesNum: Type.String(),
  /** The channel's own discount for phone, electricity and gas; null when it has none of its own. */
  channlesRate: Nullable(Type.Number({ description: 'Percent of face value paid' })),
  rates: Extension(Type.Array(LifePayRate), 'Every rate of its own, per rate type'),
  status: channelStatus,
  /** As CreateEditPayChannels last set it; null when never set. Kept for the console, pricing does not read it. */
  switchType: Nullable(switchType),
  /** As CreateEditPayChannels last set it; null when never set. */
  channlesType: Nullable(channlesType),
  creationTime: Extension(DateTime()),
})
export type LifePayChannles = Static<typeof LifePayChannles>

/** POST /api/LifePay/GetLifePayChannlesPage */
export const ChannelsPageInput = Type.Object({
  pageModel: PageModelInput,
  keyWords: Extension(Type.String({ maxLength: 64 }), 'Part of the name or number'),
})
export type ChannelsPageInput = Static<typeof ChannelsPageInput>

/** POST /api/LifePay/CreateEditPayChannels — `id` absent creates channel `channlesNum`, present edits channel `id`. */
export const CreateEditPayChannelsInput = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  channlesName: Type.String({ minLength: 1, maxLength: 60 }),
  channlesNum: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The channelId the app sends' }),
  channlesRate: Type.Optional(
    Type.Number({ exclusiveMinimum: 0, maximum: 100, description: 'Percent for phone, electricity and gas' }),
  ),
  status: Type.Optional(channelStatus),
  switchType: Type.Optional(switchType),
  channlesType: Type.Optional(channlesType),
})
export type CreateEditPayChannelsInput = Static<typeof CreateEditPayChannelsInput>

/** GET /api/LifePay/SetLifePayChannelsStatus (query, as in the production back end): a write all the same */
export const SetLifePayChannelsStatusInput = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  status: channelStatus,
})
export type SetLifePayChannelsStatusInput = Static<typeof SetLifePayChannelsStatusInput>

/** GET /api/LifePay/GetLifePayChannlesDto (query) */
export const ChannelIdInput = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })
export type ChannelIdInput = Static<typeof ChannelIdInput>

/** POST /api/LifePay/GetUserPage */
export const QueryUserPageInput = Type.Object({
  pageModel: PageModelInput,
  keyWords: Extension(Type.String({ maxLength: 64 }), 'Part of the phone number or user name'),
})
export type QueryUserPageInput = Static<typeof QueryUserPageInput>

/** GetUserPage items: the production UserListOutput plus order counts. Never a password hash or a token. */
export const UserListOutput = Type.Object({
  id: Type.String({ format: 'uuid' }),
  phoneNumber: Nullable(Type.String()),
  userName: Extension(Type.String()),
  /** The newest login: a password, code or WeChat login (its first refresh token) or a recharge-module login. */
  lastLoginTime: Nullable(DateTime()),
  creationTime: DateTime(),
  channelId: Extension(
    Type.String(),
    "The channel whose rates price the user's orders: bound at sign-up, changed only by an operator; '' the default",
  ),
  channelName: Extension(Nullable(Type.String()), 'Null for the default channel'),
  orderCount: Extension(Type.Integer()),
  completedOrderCount: Extension(Type.Integer(), 'Orders delivered (order status 30)'),
})
export type UserListOutput = Static<typeof UserListOutput>

/** POST /api/operator/users/{userId}/channel: the channel that prices the user ('' for the default). */
export const SetUserChannelInput = Type.Object({
  channelId: Type.String({ pattern: '^[A-Za-z0-9_-]{0,64}$', description: "A channel the server knows, or ''" }),
})
export type SetUserChannelInput = Static<typeof SetUserChannelInput>

export const UserChannel = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  channelId: Type.String(),
})
export type UserChannel = Static<typeof UserChannel>

/** POST /api/LifePay/GetAccountPage: saved accounts, of one user or of all. */
export const QueryUserAccountListInput = Type.Object({
  pageModel: PageModelInput,
  checkChannelId,
  userId: Type.Optional(Type.String({ format: 'uuid' })),
  lifePayOrderType: Type.Optional(lifePayOrderType),
  keyWords: Extension(Type.String({ maxLength: 64 }), 'Part of the account number or remark'),
})
export type QueryUserAccountListInput = Static<typeof QueryUserAccountListInput>

/** GetAccountPage items: the production UserAccountOutput plus its user and how often it was topped up. */
export const UserAccountOutput = Type.Object({
  id: Type.String({ format: 'uuid' }),
  userId: Extension(Type.String({ format: 'uuid' })),
  phoneNumber: Extension(Nullable(Type.String()), "The user's own phone number"),
  lifePayType: lifePayOrderType,
  content: Type.String({ description: 'Phone number, electricity or gas account' }),
  remark: Type.String(),
  /** The carrier, for phone accounts (production name). */
  operators: Nullable(OneOf(carrierCodeValues)),
  /** Production's 拓展字段（电费类型）: the electricity account's electricAccountType; null for other accounts. */
  extraProperties: Nullable(Type.String()),
  electricType: Extension(Nullable(OneOf(electricTypeValues))),
  electricAccountType: Extension(Nullable(OneOf(electricAccountTypeValues))),
  gasOrgType: Extension(Nullable(OneOf(gasProviderValues))),
  /** Region codes as saved (GetElectricSupportArea's codes). */
  province: Nullable(Type.String()),
  city: Nullable(Type.String()),
  provinceName: Extension(
    Nullable(Type.String()),
    "The region's name (in Chinese, as the server names regions), or the value saved when it is not a known code",
  ),
  cityName: Extension(Nullable(Type.String()), 'As provinceName, for the city'),
  name: Extension(Nullable(Type.String()), 'The account holder’s name, where the account type asks for it'),
  creationTime: DateTime(),
  /** Always false here: a deleted account is gone, where production lists it flagged. */
  isDeleted: Type.Boolean(),
  orderCount: Extension(Type.Integer(), "The user's orders to this account"),
})
export type UserAccountOutput = Static<typeof UserAccountOutput>

/** One period of the dashboard (an Asia/Shanghai day or month so far). */
export const DashboardPeriod = Type.Object({
  from: DateTime(),
  to: DateTime(),
  /** Orders created in the period. */
  orders: Type.Integer(),
  /** Orders paid in the period, and what they paid. */
  paidOrders: Type.Integer(),
  amountPaid: Yuan('Paid in the period'),
  /**
   * Of the orders paid in the period whose outcome is known (delivered, failed or refunded), the share delivered,
   * 0–1; null when none is known yet.
   */
  successRate: Nullable(Type.Number()),
  /** Median seconds from payment to delivery of the orders delivered in the period; null when none. */
  medianSecondsToDelivery: Nullable(Type.Number()),
  /** Of the supplier's answers in the period (attempts finished succeeded or failed), the share failed; or null. */
  supplierFailureRate: Nullable(Type.Number()),
})
export type DashboardPeriod = Static<typeof DashboardPeriod>

export const DashboardDay = Type.Object({
  /** Asia/Shanghai date, YYYY-MM-DD. */
  date: Type.String({ format: 'date' }),
  orders: Type.Integer(),
  paidOrders: Type.Integer(),
  amountPaid: Yuan('Paid that day'),
  completedOrders: Type.Integer({ description: 'Delivered that day' }),
})
export type DashboardDay = Static<typeof DashboardDay>

/** GET /api/operator/dashboard */
export const Dashboard = Type.Object({
  generatedAt: DateTime(),
  today: DashboardPeriod,
  thisMonth: DashboardPeriod,
  refundsWaiting: Type.Integer({ description: 'Refund applications waiting for review (order status 40)' }),
  failedJobs: Type.Integer({ description: 'Background jobs that used up their attempts' }),
  /** The last 30 Asia/Shanghai days, oldest first, today last. */
  last30Days: Type.Array(DashboardDay),
})
export type Dashboard = Static<typeof Dashboard>

export const timelineEventKinds = [
  'created',
  'paid',
  'notification',
  'supplierAttempt',
  'supplierResult',
  'delivered',
  'failed',
  'refundApplied',
  'refunded',
  'refundRejected',
  'refundStatus',
] as const
export type TimelineEventKind = (typeof timelineEventKinds)[number]

/** One thing that happened to an order. */
export const TimelineEvent = Type.Object({
  time: DateTime(),
  kind: OneOf(timelineEventKinds),
  /** What happened, in plain words with the values that matter. */
  detail: Type.String(),
})
export type TimelineEvent = Static<typeof TimelineEvent>

/** GET /api/operator/orders/:orderNo/timeline */
export const OrderTimeline = Type.Object({
  orderNo: Type.String(),
  payStatus,
  lifePayOrderStatus,
  /** Oldest first. */
  events: Type.Array(TimelineEvent),
})
export type OrderTimeline = Static<typeof OrderTimeline>
