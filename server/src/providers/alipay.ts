import { LifePayType } from '../../../src/domain/lifePayType'
import type { Clock } from '../clock'
import { errors } from '../http/errors'
import type {
  PaymentNotification,
  PaymentOrder,
  PaymentProvider,
  PaymentQuery,
  RefundQuery,
  WebPayment,
} from './payment'
import {
  AlipayError,
  alipayTime,
  createAlipayGateway,
  gatewayPageUrl,
  signContent,
  type AlipayGatewayKeys,
} from './alipayGateway'
import { closeChecked } from './closeChecked'
import { rsaVerify } from './wechatPay'
import { timedFetch } from './timedFetch'

// Alipay open platform (OpenAPI v1 gateway, `alipay.trade.*`) for the Alipay mini-program's `my.tradePay` and, in any
// other phone browser, the mobile-web payment (alipay.trade.wap.pay), in public-key mode: our app private key signs
// requests (RSA2 = RSA-SHA256 over the sorted parameters), Alipay's public key verifies its answers and notifications
// — or, in certificate mode, the Alipay public certificate's key (alipayGateway.ts, alipayCertificates.ts). Plain
// Node crypto + fetch like the WeChat Pay adapter (docs/decisions.md § Alipay adapter says why not `alipay-sdk`).

export interface AlipayKeys extends AlipayGatewayKeys {
  /** Where Alipay posts payment notifications: our /api/pay/notify/alipay. */
  notifyUrl: string
}

export interface AlipayDeps {
  keys: AlipayKeys
  clock: Clock
  fetch?: typeof fetch
  /** Each call's deadline; PROVIDER_TIMEOUT_MS by default. */
  timeoutMs?: number
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

  const gateway = createAlipayGateway(keys, clock, timedFetch(deps.fetch ?? fetch, deps.timeoutMs))
  const call = (method: string, biz: Record<string, unknown>, notify = false) =>
    gateway<TradeAnswer>(method, { biz, ...(notify ? { params: { notify_url: keys.notifyUrl } } : {}) })

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

  /**
   * Mobile-web payment (a phone browser outside Alipay): the signed alipay.trade.wap.pay request as a gateway address
   * the browser opens — Alipay's cashier (or the Alipay app), then `return_url` when paid, `quit_url` when the payer
   * gives up, both the order's result page. Nothing is sent from here: Alipay creates the trade as the payer goes
   * through its cashier, so until then alipay.trade.query answers "no such trade". time_expire (the order's close,
   * China time) is Alipay's own deadline: an address kept for later cannot pay a closed order.
   */
  function wapPayUrl(order: PaymentOrder, web: WebPayment): string {
    return gatewayPageUrl(keys, clock, 'alipay.trade.wap.pay', {
      params: { notify_url: keys.notifyUrl, return_url: web.returnUrl },
      biz: {
        out_trade_no: order.orderNo,
        total_amount: yuan(order.amountFen),
        subject: order.description,
        product_code: 'QUICK_WAP_WAY',
        quit_url: web.returnUrl,
        ...(order.expiresAt ? { time_expire: alipayTime(order.expiresAt) } : {}),
      },
    })
  }

  return {
    sandbox: false,

    async prepare(_executor, order) {
      if (order.lifePayType !== LifePayType.AliPay) throw errors.badRequest('this server takes Alipay only')
      if (order.web) return { wxPay: null, aliPayTradeNo: null, webPayUrl: wapPayUrl(order, order.web) }
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
      return { wxPay: null, aliPayTradeNo: answer.trade_no, webPayUrl: null }
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
