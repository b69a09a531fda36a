import { LifePayType } from '@domain/lifePayType'
import type { Clock } from '../clock'
import { errors } from '../http/errors'
import {
  emptyBill,
  providerRef,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentQuery,
  type RefundQuery,
  type WebPayment,
} from './payment'
import { alipayBillDetailText, parseAlipayBill } from './alipayBill'
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
import { fenOfYuanText, yuanText as yuan } from './yuanText'

// Alipay open platform (OpenAPI v1 gateway, `alipay.trade.*`) for the Alipay mini-program's `my.tradePay` and, in any
// other phone browser, the mobile-web payment (alipay.trade.wap.pay), in public-key mode: our app private key signs
// requests (RSA2 = RSA-SHA256 over the sorted parameters), Alipay's public key verifies its answers and notifications
// — or, in certificate mode, the Alipay public certificate's key (alipayGateway.ts, alipayCertificates.ts). Plain
// Node crypto + fetch like the WeChat Pay adapter (docs/decisions/payments.md says why not `alipay-sdk`).

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

/** Alipay's amounts are positive yuan text ("9.85"). */
function fenOf(text: unknown): number | null {
  const fen = fenOfYuanText(text)
  return fen !== null && fen >= 0 ? fen : null
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

  const doFetch = timedFetch(deps.fetch ?? fetch, deps.timeoutMs)
  const gateway = createAlipayGateway(keys, clock, doFetch)
  const call = (method: string, biz: Record<string, unknown>, notify = false) =>
    gateway<TradeAnswer>(method, { biz, ...(notify ? { params: { notify_url: keys.notifyUrl } } : {}) })

  const notFound = (error: unknown) =>
    error instanceof AlipayError && error.signed && error.subCode === 'ACQ.TRADE_NOT_EXIST'

  async function queryPayment(outTradeNo: string): Promise<PaymentQuery> {
    let trade: TradeAnswer
    try {
      trade = await call('alipay.trade.query', { out_trade_no: outTradeNo })
    } catch (error) {
      if (notFound(error)) return { status: 'notFound' }
      throw error
    }
    switch (trade.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const amountFen = fenOf(trade.total_amount)
        if (amountFen === null) throw new Error(`Alipay total_amount ${String(trade.total_amount)} for ${outTradeNo}`)
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
        throw new Error(`Alipay trade_status ${String(trade.trade_status)} for ${outTradeNo}`)
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
        out_trade_no: order.outTradeNo,
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
          out_trade_no: order.outTradeNo,
          total_amount: yuan(order.amountFen),
          subject: order.description,
          product_code: 'JSAPI_PAY',
          ...buyer,
        },
        true,
      )
      if (!answer.trade_no) throw new Error(`Alipay trade.create for ${order.outTradeNo} returned no trade_no`)
      return { wxPay: null, aliPayTradeNo: answer.trade_no, webPayUrl: null }
    },

    verifyNotification(_headers, rawBody) {
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
        // Signed by Alipay is not enough: it must be for this app.
        if (params.app_id !== keys.appId) return null
        const outTradeNo = providerRef(params.out_trade_no)
        if (!outTradeNo) return null
        // A trade waiting for its buyer, or closed (by us, by its timeout, or by a full refund): nothing was paid by
        // this notification; it is acknowledged so Alipay stops delivering it.
        if (params.trade_status === 'WAIT_BUYER_PAY' || params.trade_status === 'TRADE_CLOSED') {
          return { kind: 'state' as const, outTradeNo, lifePayType: LifePayType.AliPay, state: params.trade_status }
        }
        if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return null
        const transactionId = providerRef(params.trade_no)
        const amountFen = fenOf(params.total_amount)
        const paidAt = parseAlipayTime(params.gmt_payment)
        if (!transactionId || amountFen === null || amountFen <= 0 || !paidAt) return null
        // What the payment belongs to, and its amount against the order's, is decided where the order is locked
        // (handlePaymentNotification): anything else becomes an orphan payment, refunded.
        return { kind: 'paid' as const, outTradeNo, transactionId, lifePayType: LifePayType.AliPay, amountFen, paidAt }
      } catch {
        return null
      }
    },

    close: (outTradeNo) =>
      closeChecked(
        {
          provider: 'Alipay',
          queryPayment,
          close: async (outTradeNo) => {
            await call('alipay.trade.close', { out_trade_no: outTradeNo })
          },
          // ACQ.TRADE_STATUS_ERROR when paid meanwhile: the query after the close says so.
          isProviderAnswer: (error) => error instanceof AlipayError,
        },
        outTradeNo,
      ),

    async refund(request) {
      // The same out_request_no is the same refund: Alipay answers a retry with fund_change N and pays back once.
      await call('alipay.trade.refund', {
        out_trade_no: request.outTradeNo,
        refund_amount: yuan(request.amountFen),
        out_request_no: request.refundNo,
      })
    },

    queryPayment,

    async queryRefund(refundNo, outTradeNo): Promise<RefundQuery> {
      // Alipay finds a refund only within its trade: out_request_no alone is not a key.
      if (!outTradeNo) throw new Error(`Alipay refund query for ${refundNo} needs its out_trade_no`)
      let refund: TradeAnswer
      try {
        refund = await call('alipay.trade.fastpay.refund.query', { out_trade_no: outTradeNo, out_request_no: refundNo })
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

    async downloadBill(date) {
      let answer: { bill_download_url?: string }
      try {
        answer = await gateway<{ bill_download_url?: string }>('alipay.data.dataservice.bill.downloadurl.query', {
          biz: { bill_type: 'trade', bill_date: date },
        })
      } catch (error) {
        // A day without a trade has no bill: an empty one (our records for that day are then ours alone).
        if (error instanceof AlipayError && error.signed && error.subCode === 'isp.bill_not_exist') {
          return emptyBill()
        }
        throw error
      }
      const url = new URL(answer.bill_download_url ?? '')
      // The address is Alipay's, valid for 30 seconds; a plain-http one is refused unless the gateway is itself
      // plain http (a local fake in tests).
      if (url.protocol !== 'https:' && url.protocol !== new URL(keys.gateway).protocol) {
        throw new Error(`Alipay bill_download_url ${url.origin} is not https`)
      }
      const response = await doFetch(url, { method: 'GET' })
      if (!response.ok) throw new Error(`Alipay bill download: HTTP ${response.status}`)
      return parseAlipayBill(alipayBillDetailText(new Uint8Array(await response.arrayBuffer())))
    },
  }
}
