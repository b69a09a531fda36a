import { Type, type Static } from '@sinclair/typebox'
import { carrierCodeValues } from '@domain/carrier'
import { electricAccountTypeValues, electricTypeValues } from '@domain/electric'
import { gasProviderValues } from '@domain/gas'
import { duplicateReasonValues } from '@domain/duplicateOrder'
import { lifePayFrontStatusValues, lifePayOrderStatusValues, lifePayStatusValues } from '@domain/lifePayStatus'
import { LifePayOrderType, lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import { lifePayTypeValues } from '@domain/lifePayType'
import { runtimeHostValues } from '@domain/runtimeHost'
import { lifePayRateTypeValues } from '@domain/rateType'
import { refundProgressValues } from '@domain/orderDisplayStatus'
import { refundApplyReasonValues } from '@domain/refundApplyReason'
import { PageInput } from './envelope'
import { OrderNotification } from './notifications'
import { DateTime, Extension, Nullable, OneOf, Yuan } from './schema'

// Each shape once: the schema (server validation, serialisation, OpenAPI) and its type, of the same name.
// Money on the wire is yuan as a number with at most 2 decimals; the server keeps integer fen.

const ispCode = OneOf(carrierCodeValues)
const electricType = OneOf(electricTypeValues)
const electricAccountType = OneOf(electricAccountTypeValues)
const gasOrgType = OneOf(gasProviderValues)
const lifePayType = OneOf(lifePayTypeValues, { description: '10 WxPay, 20 AliPay' })
const lifePayOrderType = OneOf(lifePayOrderTypeValues, { description: '10 phone, 20 electricity, 30 gas' })
const orderNo = Type.String({ minLength: 1, maxLength: 64 })
const holderName = Type.String({ maxLength: 60 })
const sixID = Type.String({
  maxLength: 12,
  description:
    'Last 6 characters of the holder’s ID number (6 digits, or 5 and X): required for Southern Grid (nanwang)',
})

/** GET /api/LifePay/GetRate — the discount in force per rate type for the request's channel. */
export const LifePayRate = Type.Object({
  rateType: OneOf(lifePayRateTypeValues),
  rate: Type.Number({ description: 'Percent of face value paid, e.g. 98.5' }),
})
export type LifePayRate = Static<typeof LifePayRate>

const faceValues = Type.Array(Type.Number(), { description: 'Face values in yuan, ascending' })

/** POST /api/LifePay/GetPhoneParValue — every face value; the app offers those ≤ 300. */
export const PhoneParValue = Type.Object({ ispCode, ispName: Type.String(), parValue: faceValues })
export type PhoneParValue = Static<typeof PhoneParValue>

/** POST /api/LifePay/GetElectricParValue */
export const ElectricParValue = Type.Object({ electricType, parValue: faceValues })
export type ElectricParValue = Static<typeof ElectricParValue>

/** POST /api/LifePay/GetGasParValue */
export const GasParValue = Type.Object({ gasOrgType, gasOrgName: Type.String(), parValue: faceValues })
export type GasParValue = Static<typeof GasParValue>

/** POST /api/LifePay/GetElectricSupportArea — cities where electricity top-up is possible. */
export const ElectricSupportArea = Type.Object({
  provinceCode: Type.String(),
  provinceName: Type.String(),
  cityCode: Type.String(),
  cityName: Type.String(),
  electricType,
  /** The grid asks for the account holder's name (e.g. Southern Grid). */
  needHolderName: Type.Boolean(),
})
export type ElectricSupportArea = Static<typeof ElectricSupportArea>

const orderBase = {
  parValue: Type.Number({ exclusiveMinimum: 0, description: 'Face value (yuan): one of the par-value list' }),
  idempotencyKey: Type.String({
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Client-made key; a retry with it returns the same order',
  }),
  // Issue 20, duplicate guard.
  confirmDuplicate: Type.Optional(
    Type.Boolean({
      description: 'The user saw DUPLICATE_ORDER for this account and tops up anyway; OPEN_ORDER_LIMIT still applies',
    }),
  ),
  expectedPayAmount: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      description:
        'The price (yuan) the form showed: a new order at another price is refused with PRICE_CHANGED. The price is ' +
        'always the server’s (the user’s channel); this only keeps the pay page from showing one the user never saw',
    }),
  ),
}

/**
 * POST /api/LifePay/CreateLifePayPhoneOrder — `ispCode`: the carrier the user confirmed (numbers can be ported);
 * `name`: required for China Telecom (dianxin), 电信手机号必填.
 */
export const CreatePhoneOrderInput = Type.Object({
  ...orderBase,
  phone: Type.String({ maxLength: 20 }),
  ispCode,
  name: Type.Optional(holderName),
})
export type CreatePhoneOrderInput = Static<typeof CreatePhoneOrderInput>

/** POST /api/LifePay/CreateLifePayElectricOrder — `name` is required where the area says `needHolderName`. */
export const CreateElectricOrderInput = Type.Object({
  ...orderBase,
  electricAccount: Type.String({ maxLength: 32 }),
  electricType,
  electricAccountType: Type.Optional(
    OneOf(electricAccountTypeValues, { description: 'Required for State Grid (guowang): 国网必传' }),
  ),
  province: Type.String({ maxLength: 32, description: 'provinceCode (or name) of GetElectricSupportArea' }),
  city: Type.String({ maxLength: 32, description: 'cityCode (or name) of GetElectricSupportArea' }),
  sixID: Type.Optional(sixID),
  name: Type.Optional(holderName),
})
export type CreateElectricOrderInput = Static<typeof CreateElectricOrderInput>

/** POST /api/LifePay/CreateLifePayGasOrder */
export const CreateGasOrderInput = Type.Object({
  ...orderBase,
  gasAccount: Type.String({ maxLength: 32 }),
  gasOrgType,
  province: Type.Optional(
    Type.String({ maxLength: 32, description: 'Required: areaCode of GetRegionalManagementList' }),
  ),
  city: Type.Optional(Type.String({ maxLength: 32, description: 'Required: areaCode of a city of that province' })),
  name: Type.Optional(holderName),
})
export type CreateGasOrderInput = Static<typeof CreateGasOrderInput>

/** POST /api/LifePay/GetGasOrgType — the gas companies an order can name (`gasOrgType`). */
export const GasOrgTypeList = Type.Object({
  gasSupportMerchantInfos: Type.Array(Type.Object({ gasOrgTypeCode: gasOrgType, gasOrgTypeName: Type.String() })),
})
export type GasOrgTypeList = Static<typeof GasOrgTypeList>

export const CreateLifePayOrderResult = Type.Object({
  orderNo: Type.String(),
  payAmount: Yuan('What the user pays: face value × discount'),
  parValue: Yuan('Face value'),
  discountAmount: Yuan('Saving'),
})
export type CreateLifePayOrderResult = Static<typeof CreateLifePayOrderResult>

/** POST /api/LifePay/SetLifePayOrderPayType */
export const SetLifePayOrderPayTypeInput = Type.Object({ orderNo, lifePayType })
export type SetLifePayOrderPayTypeInput = Static<typeof SetLifePayOrderPayTypeInput>

/**
 * POST /api/LifePay/GetPayOrderForJsAPI — WeChat JSAPI payments need the payer's `openId`; the sandbox takes any. An
 * ordinary phone browser (`host: h5`) pays through the provider's web payment instead and names where it comes back.
 */
export const GetPayOrderForJsApiInput = Type.Object({
  orderNo,
  lifePayType,
  openId: Type.Optional(Type.String({ maxLength: 64 })),
  host: Type.Optional(
    OneOf(runtimeHostValues, {
      description:
        'Where the app runs: `h5` (a phone browser outside WeChat and Alipay) pays through the web payment ' +
        '(WeChat Pay H5, Alipay mobile web); any other, or none, in the host’s wallet (JSAPI)',
    }),
  ),
  returnUrl: Type.Optional(
    Type.String({
      maxLength: 512,
      description:
        'Web payment only (and then required): this order’s result page on the H5 app’s origin (H5_ORIGIN), where ' +
        'the provider sends the payer back',
    }),
  ),
})
export type GetPayOrderForJsApiInput = Static<typeof GetPayOrderForJsApiInput>

/** The JSAPI parameter set of WeChat Pay (`Taro.requestPayment` / getBrandWCPayRequest). */
export const WxPayJsApiParams = Type.Object({
  appId: Type.String(),
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  package: Type.String({ description: 'prepay_id=…' }),
  signType: OneOf(['RSA', 'MD5', 'HMAC-SHA256']),
  paySign: Type.String(),
})
export type WxPayJsApiParams = Static<typeof WxPayJsApiParams>

export const PayOrderForJsApi = Type.Object({
  orderNo: Type.String(),
  lifePayType,
  payAmount: Yuan('Amount to pay'),
  sandbox: Type.Boolean({ description: 'Pay through the sandbox cashier (POST /api/dev/pay/confirm), not a wallet' }),
  wxPay: Nullable(WxPayJsApiParams),
  /** Alipay trade number for `my.tradePay`. */
  aliPayTradeNo: Nullable(Type.String()),
  webPayUrl: Nullable(
    Type.String({
      description:
        'Web payment (host h5): the address to open — WeChat Pay’s h5_url with redirect_url, or the Alipay gateway ' +
        'with the signed alipay.trade.wap.pay request',
    }),
  ),
})
export type PayOrderForJsApi = Static<typeof PayOrderForJsApi>

/** POST /api/LifePay/GetPayStatusByOrderNo (body), GET /api/LifePay/GetUserLifePayOrderDetail (query). */
export const GetPayStatusByOrderNoInput = Type.Object({ orderNo })
export type GetPayStatusByOrderNoInput = Static<typeof GetPayStatusByOrderNoInput>

export const LifePayOrderState = Type.Object({
  orderNo: Type.String(),
  payStatus: OneOf(lifePayStatusValues, { description: '10 unpaid, 20 paid, 30 pending refund, 40 refunded' }),
  lifePayOrderStatus: OneOf(lifePayOrderStatusValues, {
    description:
      '10 pending confirmation, 20 failed, 30 completed, 40 refund pending review, 50 refunded, 60 refund failed',
  }),
  frontStatus: Nullable(
    OneOf(lifePayFrontStatusValues, { description: 'What the user sees; null while unpaid or failed' }),
  ),
  refundProgress: Type.Optional(
    Nullable(
      OneOf(refundProgressValues, {
        description:
          "Extension: where a refunded order's money is — processing until the payment provider confirms it back " +
          '(the app shows "refund in progress"), returned, or notReturned (an operator returns it another way); null ' +
          'unless refunded. A back end without it: refunded means returned.',
      }),
    ),
  ),
  /**
   * The supplier delivered the top-up: a declined refund (60) on a delivered order is settled, on another its recharge
   * resumes. Ours, not production's: absent, the app takes it as not delivered.
   */
  rechargeDelivered: Type.Optional(Type.Boolean()),
})
export type LifePayOrderState = Static<typeof LifePayOrderState>

/** POST /api/LifePay/GetUserLifePayOrderPage — `lifePayOrderType` omitted for all types. */
export const GetUserLifePayOrderPageInput = Type.Object({
  ...PageInput.properties,
  lifePayOrderType: Type.Optional(lifePayOrderType),
})
export type GetUserLifePayOrderPageInput = Static<typeof GetUserLifePayOrderPageInput>

export const LifePayOrderListItem = Type.Object({
  ...LifePayOrderState.properties,
  lifePayOrderType,
  /** Phone number, electricity or gas account number (the app masks it for display). */
  account: Type.String(),
  parValue: Yuan('Face value'),
  payAmount: Yuan('Amount paid'),
  lifePayType: Nullable(lifePayType),
  creationTime: DateTime(),
})
export type LifePayOrderListItem = Static<typeof LifePayOrderListItem>

/** GET /api/LifePay/GetUserLifePayOrderDetail?orderNo= */
export const LifePayOrderDetail = Type.Object({
  ...LifePayOrderListItem.properties,
  discountAmount: Yuan('Saving'),
  rate: Type.Number({ description: 'Discount percent applied' }),
  ispCode: Nullable(ispCode),
  electricType: Nullable(electricType),
  electricAccountType: Nullable(electricAccountType),
  gasOrgType: Nullable(gasOrgType),
  province: Nullable(Type.String()),
  city: Nullable(Type.String()),
  name: Nullable(Type.String()),
  sixID: Nullable(Type.String({ description: 'Southern Grid: the holder’s ID number’s last six, masked (*****X)' })),
  id: Type.String({ description: 'The order’s id (GetUserLifePayOrderRefund?id=)' }),
  payTime: Nullable(DateTime()),
  finishTime: Nullable(DateTime()),
  refundApplyTime: Nullable(DateTime()),
  refundApplyRemark: Nullable(Type.String()),
  refundTime: Nullable(DateTime()),
  /** The operator's reason when a refund was refused, or why an automatic refund happened. */
  refundCheckRemark: Nullable(Type.String()),
  expireTime: Nullable(DateTime({ description: 'When an unpaid order closes' })),
  /** True when the user may apply for a refund now. */
  canApplyRefund: Type.Boolean(),
  // Issue 20, item 5: the receipt and the stated delivery time.
  /** The supplier's serial number of the top-up (the receipt shows it); null until a supplier accepted it. */
  supplierOrderNo: Nullable(Type.String()),
  expectedDeliveryTime: Nullable(
    DateTime({
      description: 'While the recharge is under way: the payment time plus the usual delivery time of its type',
    }),
  ),
  /** Issue 20: what the user subscribed to for this order and what became of it (the user's own view only). */
  notifications: Type.Optional(Type.Array(OrderNotification)),
})
export type LifePayOrderDetail = Static<typeof LifePayOrderDetail>

/** The reason a user chose (not in the production back end: our addition, domain/refundApplyReason.ts). */
export const refundApplyReason = OneOf(refundApplyReasonValues, {
  description:
    "The chosen reason's code, beside refundApplyRemark (which still carries it in words, for a back end without " +
    'codes): the console shows the reason in the reader’s language and the user’s own words as written',
})

/**
 * POST /api/LifePay/RefundUserLifePayOrder — production's input: `id` is the order's id (detail `id`); `userId` is
 * ignored (the caller's token names the user). Answers 1 once the application is recorded, as production's number.
 */
export const RefundUserLifePayOrderInput = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The order’s id (GetUserLifePayOrderDetail `id`)' }),
  userId: Type.Optional(Type.String({ maxLength: 64, description: 'Ignored: the caller is the user' })),
  refundApplyRemark: Type.String({
    maxLength: 400,
    description:
      'Why (1 to 200 characters): the chosen reason in the user’s words, then their own, e.g. 重复充值：多充了一次',
  }),
  refundApplyReason: Extension(
    refundApplyReason,
    'The chosen reason’s code; without it the reason is read from the remark',
  ),
})
export type RefundUserLifePayOrderInput = Static<typeof RefundUserLifePayOrderInput>

/** GET /api/LifePay/GetUserLifePayOrderRefund?id= — `id`: the order's id (detail `id`). */
export const GetUserLifePayOrderRefundInput = Type.Object({ id: Type.String({ format: 'uuid' }) })
export type GetUserLifePayOrderRefundInput = Static<typeof GetUserLifePayOrderRefundInput>

/** What became of a refund application: the user's reason and, when refused, the operator's. */
export const UserLifePayOrderRefund = Type.Object({
  id: Type.String(),
  orderNo,
  refundApplyRemark: Nullable(Type.String()),
  refundCheckRemark: Nullable(Type.String()),
  lifePayOrderStatus: OneOf(lifePayOrderStatusValues),
})
export type UserLifePayOrderRefund = Static<typeof UserLifePayOrderRefund>

/** A saved account (phone, electricity or gas). */
export const UserAccount = Type.Object({
  id: Type.String({ format: 'uuid' }),
  lifePayType: lifePayOrderType,
  content: Type.String({ description: 'Phone number, electricity or gas account' }),
  remark: Type.String(),
  /** Carrier for phone accounts. */
  ispCode: Nullable(ispCode),
  electricType: Nullable(electricType),
  electricAccountType: Nullable(electricAccountType),
  gasOrgType: Nullable(gasOrgType),
  province: Nullable(Type.String()),
  city: Nullable(Type.String()),
  name: Nullable(Type.String()),
  creationTime: DateTime(),
})
export type UserAccount = Static<typeof UserAccount>

/** The id AddUpdateUserAccount answers. */
export const UserAccountId = Type.String({ format: 'uuid' })

/** POST /api/LifePay/GetUserAccountAllList — `lifePayOrderType` omitted for every type. */
export const GetUserAccountAllListInput = Type.Object({ lifePayOrderType: Type.Optional(lifePayOrderType) })
export type GetUserAccountAllListInput = Static<typeof GetUserAccountAllListInput>

/** POST /api/LifePay/GetUserAccountList */
export const GetUserAccountListInput = Type.Object({
  ...PageInput.properties,
  lifePayOrderType: Type.Optional(lifePayOrderType),
})
export type GetUserAccountListInput = Static<typeof GetUserAccountListInput>

/** POST /api/LifePay/DeleteUserAccount, GET /api/LifePay/GetUserAccountDetail (query). */
export const UserAccountIdInput = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) })
export type UserAccountIdInput = Static<typeof UserAccountIdInput>

/** POST /api/LifePay/AddUpdateUserAccount — `id` absent adds, present updates. Returns the id. */
export const AddUpdateUserAccountInput = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64, description: 'Absent: add; present: update that account' })),
  lifePayType: lifePayOrderType,
  content: Type.String({ maxLength: 32 }),
  remark: Type.Optional(Type.String({ maxLength: 100 })),
  ispCode: Type.Optional(ispCode),
  electricType: Type.Optional(electricType),
  electricAccountType: Type.Optional(electricAccountType),
  gasOrgType: Type.Optional(gasOrgType),
  province: Type.Optional(Type.String({ maxLength: 32 })),
  city: Type.Optional(Type.String({ maxLength: 32 })),
  name: Type.Optional(holderName),
})
export type AddUpdateUserAccountInput = Static<typeof AddUpdateUserAccountInput>

// Issue 20 — checks before paying: the supplier's account lookup (electricity, gas) and the phone carrier lookup.

/**
 * POST /api/LifePay/CheckLifePayAccount — electricity: `electricType`, `province`, `city` (as for the order); gas:
 * `gasOrgType`.
 */
export const CheckLifePayAccountInput = Type.Object({
  lifePayOrderType: OneOf([LifePayOrderType.Electric, LifePayOrderType.Gas], { description: '20 electricity, 30 gas' }),
  account: Type.String({ maxLength: 32 }),
  electricType: Type.Optional(electricType),
  province: Type.Optional(Type.String({ maxLength: 32 })),
  city: Type.Optional(Type.String({ maxLength: 32 })),
  gasOrgType: Type.Optional(gasOrgType),
})
export type CheckLifePayAccountInput = Static<typeof CheckLifePayAccountInput>

/**
 * The supplier's word on the account. `found`: the holder's masked name and the figures it keeps; `unavailable`: it
 * cannot answer now (the user may go on). An account it does not know is refused with LIFE_PAY_ACCOUNT_NOT_FOUND.
 */
export const LifePayAccountCheck = Type.Object({
  status: OneOf(['found', 'unavailable'] as const),
  holderName: Nullable(Type.String({ description: 'Masked on the server: 张*三, 王*' })),
  balance: Nullable(Yuan('Balance on the account, where the supplier reports one')),
  owed: Nullable(Yuan('Amount owed, where the supplier reports one')),
})
export type LifePayAccountCheck = Static<typeof LifePayAccountCheck>

/** POST /api/LifePay/CheckPhoneCarrier */
export const CheckPhoneCarrierInput = Type.Object({ phone: Type.String({ maxLength: 20 }) })
export type CheckPhoneCarrierInput = Static<typeof CheckPhoneCarrierInput>

/**
 * The carrier serving the number today. `verified`: the lookup answered (else `ispCode` is the prefix guess);
 * `ported`: the number now belongs to another carrier than its segment's (携号转网).
 */
export const PhoneCarrierCheck = Type.Object({
  verified: Type.Boolean(),
  ispCode: Nullable(ispCode),
  guessedIspCode: Nullable(ispCode),
  ported: Type.Boolean(),
  province: Nullable(Type.String()),
  city: Nullable(Type.String()),
})
export type PhoneCarrierCheck = Static<typeof PhoneCarrierCheck>

// Issue 20 — duplicate guard.

/**
 * `data` of a DUPLICATE_ORDER refusal of Create…Order: the user's earlier order on the same account, and why it
 * asks for confirmation (resend with `confirmDuplicate: true` to top up anyway).
 */
export const DuplicateOrderRefusal = Type.Object({
  reason: OneOf(duplicateReasonValues, {
    description: 'unpaid, paying or recharging: an open order; recentlyPaid: the same face value paid in 10 minutes',
  }),
  order: LifePayOrderListItem,
})
export type DuplicateOrderRefusal = Static<typeof DuplicateOrderRefusal>
