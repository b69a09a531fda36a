import type { IncomingHttpHeaders } from 'node:http'
import type { WxPayJsApiParams } from '../../../types/api/lifePay'
import type { LifePayType } from '../../../src/domain/lifePayType'
import type { Executor } from '../db/database'

/**
 * A payment from an ordinary phone browser (not inside WeChat or Alipay): the provider's web cashier (WeChat Pay H5,
 * Alipay mobile web), which sends the payer back to `returnUrl` when done.
 */
export interface WebPayment {
  /** The payer's IP as the server saw it (behind TRUST_PROXY's proxies): WeChat Pay checks the browser against it. */
  payerIp: string
  /** The order's result page on the H5 app's origin, checked by the server (modules/lifePay/webPayment.ts). */
  returnUrl: string
}

export interface PaymentOrder {
  orderNo: string
  lifePayType: LifePayType
  amountFen: number
  description: string
  /** The payer's WeChat openId (JSAPI payments need it). */
  openId?: string
  /** Set for a web payment; otherwise the payment is made in the host's wallet (JSAPI). */
  web?: WebPayment
  /** When the unpaid order closes: a web payment is refused by the provider after it. */
  expiresAt?: Date | null
}

export interface PreparedPayment {
  wxPay: WxPayJsApiParams | null
  aliPayTradeNo: string | null
  /** A web payment's address: the browser opens it and comes back to the order's return URL. */
  webPayUrl: string | null
}

/** A verified "paid" notification from the payment provider. */
export interface PaymentNotification {
  orderNo: string
  transactionId: string
  lifePayType: LifePayType
  amountFen: number
  paidAt: Date
}

export interface RefundRequest {
  orderNo: string
  /** Our refund number: the provider pays a refund number back once, however often it is asked. */
  refundNo: string
  amountFen: number
  transactionId: string | null
}

/**
 * The provider's answer to "what became of this order's payment" (WeChat Pay: query order by out_trade_no;
 * Alipay: alipay.trade.query). `notFound` when the provider never heard of the order number.
 */
export type PaymentQuery =
  | { status: 'paid'; amountFen: number; transactionId: string; paidAt: Date }
  | { status: 'unpaid' | 'closed' | 'notFound' }

/**
 * The provider's answer about one of our refund numbers (WeChat Pay: query refund by out_refund_no; Alipay:
 * alipay.trade.fastpay.refund.query). `processing` counts as money on its way back.
 */
export type RefundQuery =
  { status: 'succeeded' | 'processing'; amountFen: number; refundedAt: Date | null } | { status: 'failed' | 'notFound' }

/**
 * A verified WeChat Pay refund notification (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED): the refund's final
 * state. `abnormal` (the payer's card was closed…) and `closed` mean the money did NOT go back.
 */
export interface RefundNotification {
  orderNo: string
  refundNo: string
  status: 'succeeded' | 'abnormal' | 'closed'
  amountFen: number
  /** When it succeeded; the notification's own time otherwise. */
  at: Date
}

export interface PaymentProvider {
  readonly sandbox: boolean
  /**
   * Creates the provider-side payment (WxPay prepay / Alipay trade) and the parameters the app pays with: in the
   * host's wallet (JSAPI), or through the provider's web cashier when `order.web` is set.
   */
  prepare(executor: Executor, order: PaymentOrder): Promise<PreparedPayment>
  /** Checks the signature and content of a notification; null when it is not genuine. */
  verifyNotification(headers: IncomingHttpHeaders, rawBody: string): PaymentNotification | null
  /** Closes the provider-side payment before an unpaid order closes; 'paid' when the user already paid. */
  close(orderNo: string): Promise<'closed' | 'paid'>
  refund(request: RefundRequest): Promise<void>
  /** The provider's own record of an order's payment, for reconciliation. */
  queryPayment(orderNo: string): Promise<PaymentQuery>
  /**
   * The provider's own record of a refund, by our refund number. `orderNo` is the refunded order: Alipay finds a
   * refund only within its trade (WeChat Pay and the sandbox need the refund number alone).
   */
  queryRefund(refundNo: string, orderNo?: string): Promise<RefundQuery>
  /** Only providers that notify refund outcomes (WeChat Pay): checks one like a payment notification. */
  verifyRefundNotification?(headers: IncomingHttpHeaders, rawBody: string): RefundNotification | null
}

/** Each pay type's provider; null for a pay type this server does not offer. */
export type PaymentProviders = Record<LifePayType, PaymentProvider | null>
