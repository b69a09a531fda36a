import type { KeyObject } from 'node:crypto'
import { LifePayType } from '../../../src/domain/lifePayType'
import type { Clock } from '../clock'
import { errors } from '../http/errors'
import type { PaymentNotification, PaymentProvider, PaymentQuery, RefundQuery } from './payment'
import type { AlipayCertificates } from './alipayCertificates'
import { closeChecked } from './closeChecked'
import { rsaSign, rsaVerify } from './wechatPay'

// Alipay open platform (OpenAPI v1 gateway, `alipay.trade.*`) for the Alipay mini-program's `my.tradePay`, in
// public-key mode: our app private key signs requests (RSA2 = RSA-SHA256 over the sorted parameters), Alipay's public
// key verifies its answers and notifications — or, in certificate mode, the Alipay public certificate's key, with
// the certificates' serials on every request and checked on every answer (alipayCertificates.ts). Plain Node crypto +
// fetch like the WeChat Pay adapter (docs/decisions.md § Alipay adapter says why not `alipay-sdk`).

export interface AlipayKeys {
  appId: string
  /** The app private key (RSA-2048) whose public half is uploaded to the Alipay open platform. */
  appPrivateKey: KeyObject
  /**
   * What signs answers and notifications: the "Alipay public key" shown for the app in public-key mode, the key of
   * the Alipay public certificate in certificate mode.
   */
  alipayPublicKey: KeyObject
  /** Certificate mode's serials (null in public-key mode). */
  certificates: Pick<AlipayCertificates, 'appCertSn' | 'alipayRootCertSn' | 'alipayCertSn'> | null
  /** Where Alipay posts payment notifications: our /api/pay/notify/alipay. */
  notifyUrl: string
  /** The gateway, https://openapi.alipay.com/gateway.do; tests point it at a local fake. */
  gateway: string
}

export interface AlipayDeps {
  keys: AlipayKeys
  clock: Clock
  fetch?: typeof fetch
}

/** An Alipay answer other than 10000: its code and sub_code (e.g. 40004 ACQ.TRADE_NOT_EXIST). */
export class AlipayError extends Error {
  constructor(
    readonly code: string,
    readonly subCode: string,
    message: string,
    /** Whether the answer carried a valid Alipay signature: only a signed "no such trade" is believed. */
    readonly signed: boolean,
  ) {
    super(`Alipay answered ${code} ${subCode}: ${message}`)
    this.name = 'AlipayError'
  }
}

/** Alipay's time format, always China time: `yyyy-MM-dd HH:mm:ss`. */
export function alipayTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
}

function parseAlipayTime(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null
  const date = new Date(`${text.replace(' ', 'T')}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Fen to Alipay's yuan string ("9.85"): integers only, so no float ever reaches the amount. */
export function yuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

/** Alipay's yuan string to fen; null for anything that is not a plain amount with at most two decimals. */
export function fenOf(text: unknown): number | null {
  if (typeof text !== 'string') return null
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** The string Alipay signs: `k=v&k=v` sorted by key, without the excluded keys (and, for requests, empty values). */
export function signContent(params: Record<string, string>, exclude: string[], skipEmpty: boolean): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && !(skipEmpty && params[key] === ''))
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')
}

/**
 * The exact JSON text of `"<key>": {...}` in an answer: Alipay signs those bytes, not a re-serialisation. The value
 * ends where the top-level `,"sign"` (or `,"alipay_cert_sn"`) begins, as Alipay always writes the sign last.
 */
export function responseText(body: string, key: string): string | null {
  const marker = `"${key}":`
  const start = body.indexOf(marker)
  if (start < 0) return null
  const ends = [body.lastIndexOf(',"sign":'), body.lastIndexOf(',"alipay_cert_sn":')].filter((i) => i > start)
  const end = ends.length > 0 ? Math.min(...ends) : body.lastIndexOf('}')
  return end > start ? body.slice(start + marker.length, end).trim() : null
}

interface TradeAnswer {
  code?: string
  msg?: string
  sub_code?: string
  sub_msg?: string
  trade_no?: string
  out_trade_no?: string
  trade_status?: string
  total_amount?: string
  send_pay_date?: string
  fund_change?: string
  refund_status?: string
  refund_amount?: string
  gmt_refund_pay?: string
}

export function createAlipay(deps: AlipayDeps): PaymentProvider {
  const { keys, clock } = deps
  const doFetch = deps.fetch ?? fetch

  /** One signed gateway call; a 10000 answer is believed only with Alipay's signature over its exact text. */
  async function call(method: string, biz: Record<string, unknown>, notify = false): Promise<TradeAnswer> {
    const params: Record<string, string> = {
      app_id: keys.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(clock.now()),
      version: '1.0',
      ...(notify ? { notify_url: keys.notifyUrl } : {}),
      ...(keys.certificates
        ? { app_cert_sn: keys.certificates.appCertSn, alipay_root_cert_sn: keys.certificates.alipayRootCertSn }
        : {}),
      biz_content: JSON.stringify(biz),
    }
    params.sign = rsaSign(keys.appPrivateKey, signContent(params, ['sign'], true))
    // charset in the query too: Alipay decodes the form body by it.
    const url = new URL(keys.gateway)
    url.searchParams.set('charset', 'utf-8')
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`Alipay ${method}: HTTP ${response.status}`)
    const key = `${method.replaceAll('.', '_')}_response`
    let parsed: Record<string, unknown>
    try {
      parsed = JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new Error(`Alipay ${method}: answer is not JSON`)
    }
    const answer = parsed[key] as TradeAnswer | undefined
    const signedText = responseText(text, key)
    const signature = typeof parsed.sign === 'string' ? parsed.sign : ''
    // Certificate mode: an answer naming another Alipay certificate is not checked against ours (Alipay rotated it).
    const answerCertSn = typeof parsed.alipay_cert_sn === 'string' ? parsed.alipay_cert_sn : null
    const otherCertificate = keys.certificates !== null && answerCertSn !== keys.certificates.alipayCertSn
    const signed =
      !otherCertificate &&
      signature !== '' &&
      signedText !== null &&
      rsaVerify(keys.alipayPublicKey, signedText, signature)
    if (!answer || typeof answer !== 'object') throw new Error(`Alipay ${method}: no ${key} in the answer`)
    // Signed by another certificate: neither its data nor its error code is believed, and the operator must act.
    if (otherCertificate && signature !== '') {
      throw new Error(
        `Alipay answered ${method} with certificate ${answerCertSn ?? '(none named)'}, ALIPAY_CERT_FILE holds ` +
          `${keys.certificates?.alipayCertSn}: download the current Alipay public certificate from the open platform`,
      )
    }
    if (answer.code !== '10000') {
      // Errors for a bad request signature come unsigned: only their code is used, never as a "no such trade".
      throw new AlipayError(
        String(answer.code),
        String(answer.sub_code ?? ''),
        String(answer.sub_msg ?? answer.msg ?? ''),
        signed,
      )
    }
    if (!signed) throw new Error(`Alipay answer to ${method} is not signed by the Alipay public key`)
    return answer
  }

  const notFound = (error: unknown) =>
    error instanceof AlipayError && error.signed && error.subCode === 'ACQ.TRADE_NOT_EXIST'

  async function queryPayment(orderNo: string): Promise<PaymentQuery> {
    let trade: TradeAnswer
    try {
      trade = await call('alipay.trade.query', { out_trade_no: orderNo })
    } catch (error) {
      if (notFound(error)) return { status: 'notFound' }
      throw error
    }
    switch (trade.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const amountFen = fenOf(trade.total_amount)
        if (amountFen === null) throw new Error(`Alipay total_amount ${String(trade.total_amount)} for ${orderNo}`)
        return {
          status: 'paid',
          amountFen,
          transactionId: trade.trade_no ?? '',
          paidAt: parseAlipayTime(trade.send_pay_date) ?? clock.now(),
        }
      }
      case 'WAIT_BUYER_PAY':
        return { status: 'unpaid' }
      // TRADE_CLOSED is also a fully refunded trade; the refund is queried on its own, the payment is what counts
      // here, and a refunded order is already settled on our side.
      case 'TRADE_CLOSED':
        return { status: 'closed' }
      default:
        throw new Error(`Alipay trade_status ${String(trade.trade_status)} for ${orderNo}`)
    }
  }

  return {
    sandbox: false,

    async prepare(_executor, order) {
      if (order.lifePayType !== LifePayType.AliPay) throw errors.badRequest('this server takes Alipay only')
      // my.tradePay pays a trade created for one buyer: Alipay refuses alipay.trade.create without it.
      if (!order.openId) throw errors.badRequest('openId (the Alipay buyer id) is required for Alipay')
      // 2088… is the legacy user_id (buyer_id); anything else is the per-app open_id new apps are given.
      const buyer = /^2088\d{12}$/.test(order.openId) ? { buyer_id: order.openId } : { buyer_open_id: order.openId }
      const answer = await call(
        'alipay.trade.create',
        {
          out_trade_no: order.orderNo,
          total_amount: yuan(order.amountFen),
          subject: order.description,
          product_code: 'JSAPI_PAY',
          ...buyer,
        },
        true,
      )
      if (!answer.trade_no) throw new Error(`Alipay trade.create for ${order.orderNo} returned no trade_no`)
      return { wxPay: null, aliPayTradeNo: answer.trade_no }
    },

    verifyNotification(_headers, rawBody): PaymentNotification | null {
      // Forged input of any shape ends here as null, never as an exception.
      try {
        const form = new URLSearchParams(rawBody)
        const params: Record<string, string> = {}
        for (const [key, value] of form) {
          // A repeated field could be read one way when signing and another when used: refused.
          if (key in params) return null
          params[key] = value
        }
        if (params.sign_type !== 'RSA2' || !params.sign) return null
        const content = signContent(params, ['sign', 'sign_type'], false)
        if (!rsaVerify(keys.alipayPublicKey, content, params.sign)) return null
        // Signed by Alipay is not enough: it must be for this app, a payment, and paid.
        if (params.app_id !== keys.appId) return null
        if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return null
        const amountFen = fenOf(params.total_amount)
        const paidAt = parseAlipayTime(params.gmt_payment)
        if (!params.out_trade_no || !params.trade_no || amountFen === null || !paidAt) return null
        // Order existence and the amount against the order's are checked where the order is locked
        // (handlePaymentNotification): a mismatch there is refused too.
        return {
          orderNo: params.out_trade_no,
          transactionId: params.trade_no,
          lifePayType: LifePayType.AliPay,
          amountFen,
          paidAt,
        }
      } catch {
        return null
      }
    },

    close: (orderNo) =>
      closeChecked(
        {
          provider: 'Alipay',
          queryPayment,
          close: async (orderNo) => {
            await call('alipay.trade.close', { out_trade_no: orderNo })
          },
          // ACQ.TRADE_STATUS_ERROR when paid meanwhile: the query after the close says so.
          isProviderAnswer: (error) => error instanceof AlipayError,
        },
        orderNo,
      ),

    async refund(request) {
      // The same out_request_no is the same refund: Alipay answers a retry with fund_change N and pays back once.
      await call('alipay.trade.refund', {
        out_trade_no: request.orderNo,
        refund_amount: yuan(request.amountFen),
        out_request_no: request.refundNo,
      })
    },

    queryPayment,

    async queryRefund(refundNo, orderNo): Promise<RefundQuery> {
      // Alipay finds a refund only within its trade: out_request_no alone is not a key.
      if (!orderNo) throw new Error(`Alipay refund query for ${refundNo} needs its order number`)
      let refund: TradeAnswer
      try {
        refund = await call('alipay.trade.fastpay.refund.query', { out_trade_no: orderNo, out_request_no: refundNo })
      } catch (error) {
        if (notFound(error)) return { status: 'notFound' }
        throw error
      }
      // Alipay: without refund_status the refund was not received (or failed) — nothing on its way back.
      if (refund.refund_status !== 'REFUND_SUCCESS') return { status: 'notFound' }
      const amountFen = fenOf(refund.refund_amount)
      if (amountFen === null) throw new Error(`Alipay refund_amount ${String(refund.refund_amount)} for ${refundNo}`)
      return { status: 'succeeded', amountFen, refundedAt: parseAlipayTime(refund.gmt_refund_pay) }
    },
  }
}
