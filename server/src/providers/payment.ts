import type { IncomingHttpHeaders } from 'node:http'
import type { WxPayJsApiParams } from '@contract/lifePay'
import type { LifePayType } from '@domain/lifePayType'
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
  /** The attempt's out_trade_no (payment_attempts): the order number, or `<orderNo>_<n>` for a later attempt. */
  outTradeNo: string
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

/**
 * A payment the provider took: from its verified notification, its answer to a query, or its bill. Only these
 * fields are believed, and each is bounded (`providerRef`): a provider field never reaches the database unchecked.
 */
export interface PaymentNotification {
  kind: 'paid'
  /** The attempt it paid: resolves to our order (payment_attempts), or to none (an orphan payment). */
  outTradeNo: string
  transactionId: string
  lifePayType: LifePayType
  amountFen: number
  paidAt: Date
}

/**
 * A genuine notification that reports no payment (Alipay's WAIT_BUYER_PAY, TRADE_CLOSED after a close or a full
 * refund): logged and acknowledged, so the provider stops delivering it; it changes nothing.
 */
export interface PaymentStateNotice {
  kind: 'state'
  outTradeNo: string
  lifePayType: LifePayType
  state: string
}

export interface RefundRequest {
  /** The out_trade_no the money was taken under. */
  outTradeNo: string
  /** Our refund number: the provider pays a refund number back once, however often it is asked. */
  refundNo: string
  /** The whole payment: every refund here returns all of it. */
  amountFen: number
  transactionId: string | null
}

/** Longest out_trade_no / transaction id / refund number any provider issues (Alipay: 64). */
export const PROVIDER_REF_MAX = 64

/**
 * A provider reference (out_trade_no, transaction id, refund number) as the providers define them: 1–64 printable
 * ASCII characters, no spaces; null for anything else, so a signed but oversized or binary field is refused.
 */
export function providerRef(value: unknown): string | null {
  return typeof value === 'string' && /^[\x21-\x7e]{1,64}$/.test(value) ? value : null
}

/** A payment in a provider's bill: the day's successful payments. */
export interface BillPayment {
  outTradeNo: string
  transactionId: string
  amountFen: number
  paidAt: Date
}

/** A refund in a provider's bill: accepted (WeChat Pay) or paid back (Alipay) that day. */
export interface BillRefund {
  outTradeNo: string
  transactionId: string
  refundNo: string
  amountFen: number
  at: Date
  /** WeChat Pay's bill keeps the status at the time it was cut; Alipay lists refunds paid back. */
  status: 'succeeded' | 'processing' | 'failed'
}

/** A provider's bill of an Asia/Shanghai day, as it was downloaded and checked. */
export interface ProviderBill {
  payments: BillPayment[]
  refunds: BillRefund[]
  /** The bill's own summary line, for the operator: counts and sums in fen. */
  summary: { paymentCount: number; paymentFen: number; refundCount: number; refundFen: number }
}

/** A day without a payment or a refund. */
export const emptyBill = (): ProviderBill => ({
  payments: [],
  refunds: [],
  summary: { paymentCount: 0, paymentFen: 0, refundCount: 0, refundFen: 0 },
})

/** The provider has not cut the day's bill yet (WeChat Pay: after 10:00, Alipay: after 09:00 the next day). */
export class BillNotReadyError extends Error {
  constructor(provider: string, date: string) {
    super(`${provider} has no bill for ${date} yet`)
    this.name = 'BillNotReadyError'
  }
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
  outTradeNo: string
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
  verifyNotification(headers: IncomingHttpHeaders, rawBody: string): PaymentNotification | PaymentStateNotice | null
  /** Closes the provider-side payment of an attempt; 'paid' when the user already paid it. */
  close(outTradeNo: string): Promise<'closed' | 'paid'>
  refund(request: RefundRequest): Promise<void>
  /** The provider's own record of an attempt's payment. */
  queryPayment(outTradeNo: string): Promise<PaymentQuery>
  /**
   * The provider's own record of a refund, by our refund number. `outTradeNo` is the refunded payment's: Alipay finds
   * a refund only within its trade (WeChat Pay and the sandbox need the refund number alone).
   */
  queryRefund(refundNo: string, outTradeNo?: string): Promise<RefundQuery>
  /** The day's bill (YYYY-MM-DD, Asia/Shanghai), downloaded and checked; BillNotReadyError before it is cut. */
  downloadBill(date: string): Promise<ProviderBill>
  /** Only providers that notify refund outcomes (WeChat Pay): checks one like a payment notification. */
  verifyRefundNotification?(headers: IncomingHttpHeaders, rawBody: string): RefundNotification | null
}

/** Each pay type's provider; null for a pay type this server does not offer. */
export type PaymentProviders = Record<LifePayType, PaymentProvider | null>
