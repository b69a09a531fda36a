import type { CarrierCode } from '../../src/domain/carrier'
import type { ElectricAccountType, ElectricType } from '../../src/domain/electric'
import type { GasProvider } from '../../src/domain/gas'
import type { LifePayFrontStatus, LifePayOrderStatus, LifePayStatus } from '../../src/domain/lifePayStatus'
import type { LifePayOrderType } from '../../src/domain/lifePayOrderType'
import type { LifePayType } from '../../src/domain/lifePayType'
import type { LifePayRateType } from '../../src/domain/rateType'
import type { PageInput } from './envelope'

// Money on the wire is yuan as a number with at most 2 decimals; the server keeps integer fen.

/** GET /api/LifePay/GetRate — the discount in force per rate type for the request's channel. */
export interface LifePayRate {
  rateType: LifePayRateType
  /** Percent of face value the user pays, e.g. 98.5. */
  rate: number
}

/** POST /api/LifePay/GetPhoneParValue */
export interface PhoneParValue {
  ispCode: CarrierCode
  ispName: string
  /** Face values in yuan, ascending. The app offers those ≤ 300. */
  parValue: number[]
}

/** POST /api/LifePay/GetElectricParValue */
export interface ElectricParValue {
  electricType: ElectricType
  parValue: number[]
}

/** POST /api/LifePay/GetGasParValue */
export interface GasParValue {
  gasOrgType: GasProvider
  gasOrgName: string
  parValue: number[]
}

/** POST /api/LifePay/GetElectricSupportArea — cities where electricity top-up is possible. */
export interface ElectricSupportArea {
  provinceCode: string
  provinceName: string
  cityCode: string
  cityName: string
  electricType: ElectricType
  /** The grid asks for the account holder's name (e.g. Southern Grid). */
  needHolderName: boolean
}

interface CreateOrderBase {
  parValue: number
  /** Client-made unique key: retries with the same key return the same order. */
  idempotencyKey: string
}

/** POST /api/LifePay/CreateLifePayPhoneOrder */
export interface CreatePhoneOrderInput extends CreateOrderBase {
  phone: string
  /** The carrier the user confirmed (detected from the prefix by default; numbers can be ported). */
  ispCode: CarrierCode
  name?: string
}

/** POST /api/LifePay/CreateLifePayElectricOrder */
export interface CreateElectricOrderInput extends CreateOrderBase {
  electricAccount: string
  electricType: ElectricType
  electricAccountType: ElectricAccountType
  province: string
  city: string
  /** Account holder's name, required where the area says `needHolderName`. */
  name?: string
}

/** POST /api/LifePay/CreateLifePayGasOrder */
export interface CreateGasOrderInput extends CreateOrderBase {
  gasAccount: string
  gasOrgType: GasProvider
  name?: string
}

export interface CreateLifePayOrderResult {
  orderNo: string
  /** What the user pays, computed by the server from face value × discount. */
  payAmount: number
  parValue: number
  discountAmount: number
}

/** POST /api/LifePay/SetLifePayOrderPayType */
export interface SetLifePayOrderPayTypeInput {
  orderNo: string
  lifePayType: LifePayType
}

/** POST /api/LifePay/GetPayOrderForJsAPI */
export interface GetPayOrderForJsApiInput {
  orderNo: string
  lifePayType: LifePayType
  /** WeChat JSAPI payments need the payer's openId; the sandbox accepts any. */
  openId?: string
}

/** The JSAPI parameter set of WeChat Pay (`Taro.requestPayment` / getBrandWCPayRequest). */
export interface WxPayJsApiParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA' | 'MD5' | 'HMAC-SHA256'
  paySign: string
}

export interface PayOrderForJsApi {
  orderNo: string
  lifePayType: LifePayType
  payAmount: number
  /** Sandbox payments are confirmed through the sandbox cashier, never by a real wallet. */
  sandbox: boolean
  wxPay: WxPayJsApiParams | null
  /** Alipay trade number for `my.tradePay`. */
  aliPayTradeNo: string | null
}

/** POST /api/LifePay/GetPayStatusByOrderNo */
export interface GetPayStatusByOrderNoInput {
  orderNo: string
}

export interface LifePayOrderState {
  orderNo: string
  payStatus: LifePayStatus
  lifePayOrderStatus: LifePayOrderStatus
  /** Null while unpaid, and for a failed recharge not yet refunded. */
  frontStatus: LifePayFrontStatus | null
}

/** POST /api/LifePay/GetUserLifePayOrderPage */
export interface GetUserLifePayOrderPageInput extends PageInput {
  /** Omitted for all types. */
  lifePayOrderType?: LifePayOrderType
}

export interface LifePayOrderListItem extends LifePayOrderState {
  lifePayOrderType: LifePayOrderType
  /** Phone number, electricity or gas account number (the app masks it for display). */
  account: string
  parValue: number
  payAmount: number
  lifePayType: LifePayType | null
  creationTime: string
}

/** GET /api/LifePay/GetUserLifePayOrderDetail?orderNo= */
export interface LifePayOrderDetail extends LifePayOrderListItem {
  discountAmount: number
  /** Discount percent applied when the order was created. */
  rate: number
  ispCode: CarrierCode | null
  electricType: ElectricType | null
  electricAccountType: ElectricAccountType | null
  gasOrgType: GasProvider | null
  province: string | null
  city: string | null
  name: string | null
  payTime: string | null
  finishTime: string | null
  refundApplyTime: string | null
  refundApplyRemark: string | null
  refundTime: string | null
  /** The operator's reason when a refund was refused, or why an automatic refund happened. */
  refundCheckRemark: string | null
  /** Unpaid orders close at this time (docs/decisions.md). */
  expireTime: string | null
  /** True when the user may apply for a refund now. */
  canApplyRefund: boolean
}

/** POST /api/LifePay/RefundUserLifePayOrder */
export interface RefundUserLifePayOrderInput {
  orderNo: string
  refundApplyRemark: string
}

/** A saved account (phone, electricity or gas). */
export interface UserAccount {
  id: string
  lifePayType: LifePayOrderType
  /** The phone number, electricity account or gas account. */
  content: string
  remark: string
  /** Carrier for phone accounts. */
  ispCode: CarrierCode | null
  electricType: ElectricType | null
  electricAccountType: ElectricAccountType | null
  gasOrgType: GasProvider | null
  province: string | null
  city: string | null
  name: string | null
  creationTime: string
}

/** POST /api/LifePay/GetUserAccountAllList */
export interface GetUserAccountAllListInput {
  /** Omitted for every type. */
  lifePayOrderType?: LifePayOrderType
}

/** POST /api/LifePay/GetUserAccountList */
export interface GetUserAccountListInput extends PageInput {
  lifePayOrderType?: LifePayOrderType
}

/** POST /api/LifePay/AddUpdateUserAccount — `id` absent adds, present updates. Returns the id. */
export interface AddUpdateUserAccountInput {
  id?: string
  lifePayType: LifePayOrderType
  content: string
  remark?: string
  ispCode?: CarrierCode
  electricType?: ElectricType
  electricAccountType?: ElectricAccountType
  gasOrgType?: GasProvider
  province?: string
  city?: string
  name?: string
}
