import {
  createCipheriv,
  createHash,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import { join } from 'node:path'
import type { WechatPaySettings } from '../../src/config'
import type { WechatPayKeys } from '../../src/providers/wechatPay'
import { chinaDate, wechatRefundBill, wechatSuccessBill } from './fakeBills'
import { escapeHtml, html } from './fakePages'
import { createFakeServer, listenLocally, type FakeServerOptions } from './fakeServer'

// A local WeChat Pay API v3 that keeps WeChat's own rules, so the adapter is tested against signatures and
// encryption it cannot fake: our requests must carry a WECHATPAY2-SHA256-RSA2048 Authorization signed by the
// merchant key (else 401 SIGN_ERROR); every answer and notification is signed by the platform key (public-key mode,
// serial PUB_KEY_ID_…); notification resources are AES-256-GCM encrypted with the APIv3 key. Keys are made here.
// H5 payment: /v3/pay/transactions/h5 checks scene_info (the payer's IP, h5_info.type) and answers an h5_url to the
// fake's own cashier page, which keeps WeChat's rules for opening it (5 minutes, the merchant's domain as Referer and
// redirect_url, the payer's IP) and, paid, posts the notification to notify_url and sends the browser to redirect_url.

const MCH_ID = '1900000001'
const APP_ID = 'wx0000000000fake'
const MCH_SERIAL_NO = '3775B6A45ACD588826D15E583A95F5DD00000001'
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000000012026000000000001'

export interface FakeOrder {
  appid: string
  mchid: string
  description: string
  outTradeNo: string
  notifyUrl: string
  total: number
  /** JSAPI: the payer's openid; H5 (MWEB): the payer is whoever pays in the cashier, '' until then. */
  openid: string
  prepayId: string
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'
  transactionId: string | null
  successTime: string | null
  /** What the bill says was paid, when a test makes it differ from the order. */
  billTotal?: number
  tradeType: 'JSAPI' | 'MWEB'
  /** H5: scene_info as the prepay gave it. */
  payerClientIp: string | null
  h5Type: string | null
  /** time_expire as the prepay gave it (RFC 3339), if any. */
  timeExpire: string | null
}

/** What the fake's H5 cashier did with a payment's notification: posted (with our answer's status) or held. */
export interface FakeDelivery {
  orderNo: string
  status: number | 'held'
}

export interface FakeWechatPayOptions {
  /**
   * The network between WeChat and the merchant: where a post to notify_url (a public https address, as WeChat
   * requires) lands. The browser suite's server listens on plain http on 127.0.0.1 behind that address, as a server
   * behind its TLS-terminating proxy does. Unset: posted to notify_url itself.
   */
  notifyVia?: (notifyUrl: string) => string
}

export interface FakeRefund {
  outRefundNo: string
  outTradeNo: string
  refund: number
  total: number
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED'
  successTime: string | null
  /** When WeChat accepted it: the refund bill's day. */
  createTime: Date
  /** The refund's notify_url as our request gave it. */
  notifyUrl: string | null
}

/** The fields our requests carry, as parsed JSON may hold them: each route checks the ones it reads. */
interface RequestBody {
  appid?: unknown
  mchid?: unknown
  description?: unknown
  out_trade_no?: unknown
  out_refund_no?: unknown
  notify_url?: unknown
  amount?: { total?: unknown; refund?: unknown; currency?: unknown }
  payer?: { openid?: unknown }
  time_expire?: unknown
  scene_info?: { payer_client_ip?: unknown; h5_info?: { type?: unknown } }
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0

export interface SignOptions {
  /** Seconds since the epoch; now by default. */
  timestamp?: number
  serial?: string
  key?: KeyObject
}

export interface NotificationOptions extends SignOptions {
  /** Fields of the decrypted transaction to change (a wrong mchid, another amount…). */
  transaction?: Record<string, unknown>
  /** Flips a byte of the ciphertext after encryption. */
  tamper?: boolean
}

function rsaKeys() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
}

/** RFC 3339 in China time, as WeChat Pay writes times. */
function chinaTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().replace(/\.\d+Z$/, '+08:00')
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>

/** The h5_url's life: WeChat refuses one older than this (支付请求已失效). */
export const H5_URL_TTL_MS = 5 * 60_000

const H5_TYPES = ['iOS', 'Android', 'Wap']

/**
 * WeChat opens an h5_url only from a page of the merchant's H5 payment domain (its Referer: a typed address or a page
 * sending no Referer is refused), and sends the payer back only to that domain (redirect_url). The fake's merchant
 * domain is whichever host the Referer names; redirect_url must be on the same one.
 */
function fromMerchantDomain(referer: string | undefined, redirectUrl: string | null): boolean {
  try {
    const from = new URL(referer ?? '')
    return redirectUrl === null || new URL(redirectUrl).host === from.host
  } catch {
    return false
  }
}

/** RFC 3339 with a zone, as WeChat takes time_expire: null when it is not one. */
function rfc3339(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The browser's address as WeChat sees it (an IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d). */
const clientIp = (request: IncomingMessage) => (request.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d)/, '')

export async function startFakeWechatPay(
  now: () => Date = () => new Date(),
  options: FakeWechatPayOptions & FakeServerOptions = {},
) {
  const merchant = rsaKeys()
  const platform = rsaKeys()
  const apiV3Key = randomBytes(16).toString('hex')
  const orders = new Map<string, FakeOrder>()
  const refunds = new Map<string, FakeRefund>()
  /** Each h5_url's `package`: its order and when it was issued (an h5_url lives 5 minutes). */
  const h5Packages = new Map<string, { orderNo: string; issuedAt: number }>()
  const deliveries: FakeDelivery[] = []
  /** deliver: paying in the H5 cashier posts the notification to notify_url; hold: it is never posted (lost). */
  let notify: 'deliver' | 'hold' = 'deliver'
  const notifyUrlAllowed = (url: string) => url.startsWith('https://')
  const notifyTarget = options.notifyVia ?? ((url: string) => url)
  /** Every request as received, with the status answered: tests see what the adapter sent. */
  const requests: { method: string; url: string; body: unknown; status: number }[] = []
  const nowS = () => Math.floor(now().getTime() / 1000)

  function signedHeaders(body: string, options: SignOptions = {}): Record<string, string> {
    const timestamp = String(options.timestamp ?? nowS())
    const nonce = randomBytes(16).toString('hex')
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(options.key ?? platform.privateKey, 'base64')
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': options.serial ?? PUBLIC_KEY_ID,
    }
  }

  /** A v3 notification: the resource AES-256-GCM sealed with the APIv3 key, the body signed by the platform key. */
  function sealedNotification(
    eventType: string,
    summary: string,
    originalType: string,
    resource: unknown,
    options: NotificationOptions,
  ): { headers: Record<string, string>; body: string } {
    const nonce = randomBytes(6).toString('hex')
    const associatedData = originalType
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'))
    cipher.setAAD(Buffer.from(associatedData, 'utf8'))
    const sealed = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()])
    if (options.tamper) sealed[0] ^= 1
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: chinaTime(now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: associatedData,
        nonce,
      },
    })
    return { headers: { 'content-type': 'application/json', ...signedHeaders(body, options) }, body }
  }

  function answer(response: ServerResponse, status: number, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    response.writeHead(status, {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'request-id': randomBytes(8).toString('hex'),
      ...signedHeaders(body),
    })
    response.end(body)
  }

  /** The merchant's signature over METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n, by WeChat's rules. */
  function authorized(request: IncomingMessage, body: string): boolean {
    const authorization = request.headers.authorization ?? ''
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(authorization)
    if (!match) return false
    const params = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value] as const),
    )
    if (params.mchid !== MCH_ID || params.serial_no !== MCH_SERIAL_NO) return false
    if (!params.nonce_str || !params.signature || Math.abs(nowS() - Number(params.timestamp)) > 300) return false
    const message = `${request.method}\n${request.url}\n${params.timestamp}\n${params.nonce_str}\n${body}\n`
    return createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, params.signature, 'base64')
  }

  const orderView = (order: FakeOrder) => ({
    appid: order.appid,
    mchid: order.mchid,
    out_trade_no: order.outTradeNo,
    trade_state: order.state,
    trade_state_desc: order.state,
    ...(order.transactionId
      ? {
          transaction_id: order.transactionId,
          trade_type: order.tradeType,
          success_time: order.successTime,
          payer: { openid: order.openid },
        }
      : {}),
    amount: {
      total: order.total,
      ...(order.transactionId ? { payer_total: order.total } : {}),
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  })

  const refundView = (refund: FakeRefund) => ({
    refund_id: `50${refund.outRefundNo}`,
    out_refund_no: refund.outRefundNo,
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    status: refund.status,
    ...(refund.successTime ? { success_time: refund.successTime } : {}),
    amount: { refund: refund.refund, total: refund.total, currency: 'CNY' },
  })

  /** Bill files handed out by tradebill, by download token (WeChat's download_url lives five minutes). */
  const billFiles = new Map<string, { file: Buffer; gzip: boolean }>()

  /** The day's SUCCESS or REFUND bill as WeChat cuts it; null when the day has no such line. */
  function billOf(date: string, billType: string): string | null {
    if (billType === 'REFUND') {
      const day = [...refunds.values()].filter((refund) => chinaDate(refund.createTime) === date)
      if (day.length === 0) return null
      return wechatRefundBill(
        day.map((refund) => {
          const order = orders.get(refund.outTradeNo) as FakeOrder
          return {
            appId: order.appid,
            mchId: order.mchid,
            transactionId: order.transactionId ?? '',
            outTradeNo: order.outTradeNo,
            openId: order.openid,
            totalFen: order.total,
            description: order.description,
            successTime: new Date(order.successTime ?? refund.createTime),
            refundId: `50${refund.outRefundNo}`,
            outRefundNo: refund.outRefundNo,
            refundFen: refund.refund,
            createTime: refund.createTime,
            refundSuccessTime: refund.successTime ? new Date(refund.successTime) : null,
            status: refund.status,
          }
        }),
      )
    }
    const day = [...orders.values()].filter(
      (order) => order.transactionId && order.successTime && chinaDate(new Date(order.successTime)) === date,
    )
    if (day.length === 0) return null
    return wechatSuccessBill(
      day.map((order) => ({
        appId: order.appid,
        mchId: order.mchid,
        transactionId: order.transactionId ?? '',
        outTradeNo: order.outTradeNo,
        openId: order.openid,
        totalFen: order.billTotal ?? order.total,
        description: order.description,
        successTime: new Date(order.successTime ?? 0),
      })),
    )
  }

  type Handler = (body: RequestBody, match: RegExpExecArray, url: URL) => [number, unknown?]
  const routes: [string, RegExp, Handler][] = [
    [
      'GET',
      /^\/v3\/bill\/tradebill$/,
      (_body, _match, url) => {
        const date = url.searchParams.get('bill_date') ?? ''
        const billType = url.searchParams.get('bill_type') ?? 'ALL'
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !['SUCCESS', 'REFUND'].includes(billType)) {
          return [400, { code: 'PARAM_ERROR', message: 'bill_date / bill_type' }]
        }
        // Cut after 10:00 the next day, China time.
        if (now().getTime() < new Date(`${date}T10:00:00+08:00`).getTime() + 24 * 3600_000) {
          return [400, { code: 'STATEMENT_CREATING', message: '账单生成中' }]
        }
        const text = billOf(date, billType)
        if (text === null) return [400, { code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' }]
        const token = randomBytes(16).toString('hex')
        const file = Buffer.from(text, 'utf8')
        billFiles.set(token, { file, gzip: url.searchParams.get('tar_type') === 'GZIP' })
        return [
          200,
          {
            hash_type: 'SHA1',
            hash_value: createHash('sha1').update(file).digest('hex'),
            download_url: `${baseUrl}/v3/billdownload/file?token=${token}`,
          },
        ]
      },
    ],
    [
      'POST',
      /^\/v3\/pay\/transactions\/jsapi$/,
      (body) => {
        const { description, out_trade_no: outTradeNo, notify_url: notifyUrl } = body
        const total = body.amount?.total
        const openid = body.payer?.openid
        const valid =
          body.appid === APP_ID &&
          body.mchid === MCH_ID &&
          isString(description) &&
          isString(outTradeNo) &&
          isString(notifyUrl) &&
          notifyUrlAllowed(notifyUrl) &&
          isAmount(total) &&
          (body.amount?.currency ?? 'CNY') === 'CNY' &&
          isString(openid)
        if (!valid) return [400, { code: 'PARAM_ERROR', message: 'invalid parameters' }]
        const existing = orders.get(outTradeNo)
        if (existing) {
          if (existing.state !== 'NOTPAY') return [400, { code: 'ORDERPAID', message: 'order paid or closed' }]
          // WeChat answers the same prepay for the same order, and refuses a changed one.
          if (existing.total !== total) return [400, { code: 'INVALID_REQUEST', message: 'changed' }]
          return [200, { prepay_id: existing.prepayId }]
        }
        const order: FakeOrder = {
          appid: APP_ID,
          mchid: MCH_ID,
          description,
          outTradeNo,
          notifyUrl,
          total,
          openid,
          prepayId: `wx${randomBytes(14).toString('hex')}`,
          state: 'NOTPAY',
          transactionId: null,
          successTime: null,
          tradeType: 'JSAPI',
          payerClientIp: null,
          h5Type: null,
          timeExpire: null,
        }
        orders.set(order.outTradeNo, order)
        return [200, { prepay_id: order.prepayId }]
      },
    ],
    [
      'POST',
      /^\/v3\/pay\/transactions\/h5$/,
      (body) => {
        const { description, out_trade_no: outTradeNo, notify_url: notifyUrl } = body
        const total = body.amount?.total
        const payerClientIp = body.scene_info?.payer_client_ip
        const h5Type = body.scene_info?.h5_info?.type
        const timeExpire = body.time_expire === undefined ? null : rfc3339(body.time_expire)
        const valid =
          body.appid === APP_ID &&
          body.mchid === MCH_ID &&
          isString(description) &&
          isString(outTradeNo) &&
          isString(notifyUrl) &&
          notifyUrlAllowed(notifyUrl) &&
          isAmount(total) &&
          (body.amount?.currency ?? 'CNY') === 'CNY' &&
          isString(payerClientIp) &&
          isIP(payerClientIp) !== 0 &&
          isString(h5Type) &&
          H5_TYPES.includes(h5Type) &&
          (body.time_expire === undefined || timeExpire !== null)
        if (!valid) return [400, { code: 'PARAM_ERROR', message: 'invalid parameters' }]
        let order = orders.get(outTradeNo)
        if (order) {
          if (order.state !== 'NOTPAY') return [400, { code: 'ORDERPAID', message: 'order paid or closed' }]
          // The same order asked again gets a fresh h5_url; time_expire is set once and never changed.
          if (order.total !== total || order.tradeType !== 'MWEB' || order.timeExpire !== (body.time_expire ?? null)) {
            return [400, { code: 'INVALID_REQUEST', message: 'changed' }]
          }
          order.payerClientIp = payerClientIp
        } else {
          order = {
            appid: APP_ID,
            mchid: MCH_ID,
            description,
            outTradeNo,
            notifyUrl,
            total,
            openid: '',
            prepayId: `wx${randomBytes(14).toString('hex')}`,
            state: 'NOTPAY',
            transactionId: null,
            successTime: null,
            tradeType: 'MWEB',
            payerClientIp,
            h5Type,
            timeExpire: (body.time_expire as string | undefined) ?? null,
          }
          orders.set(outTradeNo, order)
        }
        const pkg = String(randomBytes(5).readUInt32BE(0))
        h5Packages.set(pkg, { orderNo: outTradeNo, issuedAt: now().getTime() })
        return [200, { h5_url: `${baseUrl}/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${order.prepayId}&package=${pkg}` }]
      },
    ],
    [
      'GET',
      /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/,
      (_body, match, url) => {
        if (url.searchParams.get('mchid') !== MCH_ID) return [400, { code: 'PARAM_ERROR', message: 'mchid' }]
        const order = orders.get(decodeURIComponent(match[1]))
        return order ? [200, orderView(order)] : [404, { code: 'ORDER_NOT_EXIST', message: 'no such order' }]
      },
    ],
    [
      'POST',
      /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/,
      (body, match) => {
        if (body.mchid !== MCH_ID) return [400, { code: 'PARAM_ERROR', message: 'mchid' }]
        const order = orders.get(decodeURIComponent(match[1]))
        if (!order) return [404, { code: 'ORDER_NOT_EXIST', message: 'no such order' }]
        if (order.state === 'SUCCESS' || order.state === 'REFUND') {
          return [400, { code: 'ORDERPAID', message: 'order paid' }]
        }
        order.state = 'CLOSED'
        return [204]
      },
    ],
    [
      'POST',
      /^\/v3\/refund\/domestic\/refunds$/,
      (body) => {
        const order = isString(body.out_trade_no) ? orders.get(body.out_trade_no) : undefined
        if (!order) return [404, { code: 'RESOURCE_NOT_EXISTS', message: 'no such order' }]
        if (order.state !== 'SUCCESS' && order.state !== 'REFUND') {
          return [400, { code: 'INVALID_REQUEST', message: 'order not paid' }]
        }
        const refund = body.amount?.refund
        const outRefundNo = body.out_refund_no
        if (!isString(outRefundNo) || !isAmount(refund)) {
          return [400, { code: 'PARAM_ERROR', message: 'invalid parameters' }]
        }
        if (body.amount?.total !== order.total || body.amount.currency !== 'CNY') {
          return [400, { code: 'PARAM_ERROR', message: 'amount.total differs from the order' }]
        }
        // The same refund number is the same refund: WeChat pays it back once however often it is asked.
        const existing = refunds.get(outRefundNo)
        if (existing) return [200, refundView(existing)]
        const refunded = [...refunds.values()]
          .filter((one) => one.outTradeNo === order.outTradeNo)
          .reduce((sum, one) => sum + one.refund, 0)
        if (refunded + refund > order.total) return [400, { code: 'NOT_ENOUGH', message: 'refund exceeds payment' }]
        const created: FakeRefund = {
          outRefundNo,
          outTradeNo: order.outTradeNo,
          refund,
          total: order.total,
          status: 'PROCESSING',
          successTime: null,
          createTime: now(),
          notifyUrl: isString(body.notify_url) ? body.notify_url : null,
        }
        refunds.set(created.outRefundNo, created)
        order.state = 'REFUND'
        return [200, refundView(created)]
      },
    ],
    [
      'GET',
      /^\/v3\/refund\/domestic\/refunds\/([^/?]+)$/,
      (_body, match) => {
        const refund = refunds.get(decodeURIComponent(match[1]))
        return refund ? [200, refundView(refund)] : [404, { code: 'RESOURCE_NOT_EXISTS', message: 'no such refund' }]
      },
    ],
  ]

  /**
   * The h5_url's order when the browser may pay it here, or why not, in WeChat's words: the address is 5 minutes old
   * at most; the browser comes from a page of the merchant's H5 domain (a Referer, on redirect_url's host) and from the
   * payer's IP given at prepay; the order is still unpaid and within its time_expire.
   */
  function h5Payable(request: IncomingMessage, query: URLSearchParams, opening: boolean): FakeOrder | string {
    const issued = h5Packages.get(query.get('package') ?? '')
    const order = issued ? orders.get(issued.orderNo) : undefined
    if (!issued || !order || order.prepayId !== query.get('prepay_id')) return '商家参数格式有误，请联系商家解决'
    if (opening && now().getTime() - issued.issuedAt > H5_URL_TTL_MS) return '支付请求已失效，请重新发起支付'
    // Where the h5_url is opened (the cashier's own Pay button comes from the cashier).
    if (opening && !fromMerchantDomain(request.headers.referer, query.get('redirect_url'))) {
      return '商家参数格式有误，请联系商家解决'
    }
    if (clientIp(request) !== order.payerClientIp) return '网络环境未能通过安全验证，请稍后再试'
    if (order.state !== 'NOTPAY') return '订单已支付或已关闭'
    if (order.timeExpire && now().getTime() > new Date(order.timeExpire).getTime()) return '订单已过期'
    return order
  }

  /**
   * WeChat's H5 cashier as a page (the real one opens the WeChat app): the amount, Pay and Cancel. Pay marks the order
   * paid, posts the signed, encrypted notification to notify_url (unless held) and sends the browser to redirect_url;
   * Cancel goes to redirect_url unpaid, as WeChat does.
   */
  async function cashier(request: IncomingMessage, response: ServerResponse, url: URL, text: string): Promise<void> {
    const query = url.pathname.endsWith('/pay') ? new URLSearchParams(text) : url.searchParams
    const page = (status: number, title: string, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      response.end(html(title, body))
    }
    const order = h5Payable(request, query, url.pathname.endsWith('/checkmweb'))
    if (typeof order === 'string') return page(200, '微信支付', `<h1>${escapeHtml(order)}</h1>`)
    const redirect = query.get('redirect_url')
    if (url.pathname.endsWith('/checkmweb')) {
      const fields = ['prepay_id', 'package', 'redirect_url']
        .filter((name) => query.get(name) !== null)
        .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`)
        .join('')
      return page(
        200,
        '微信支付',
        `<h1>微信支付</h1><p>${escapeHtml(order.description)}</p>` +
          `<p data-testid="amount">¥${(order.total / 100).toFixed(2)}</p>` +
          `<form method="post" action="/cgi-bin/mmpayweb-bin/pay">${fields}<button type="submit">立即支付</button></form>` +
          (redirect ? `<a href="${escapeHtml(redirect)}">取消支付</a>` : ''),
      )
    }
    pay(order.outTradeNo)
    if (notify === 'hold') deliveries.push({ orderNo: order.outTradeNo, status: 'held' })
    else {
      const { headers, body } = sealedNotification(
        'TRANSACTION.SUCCESS',
        '支付成功',
        'transaction',
        orderView(order),
        {},
      )
      const answer = await fetch(notifyTarget(order.notifyUrl), { method: 'POST', headers, body }).catch(() => null)
      deliveries.push({ orderNo: order.outTradeNo, status: answer?.status ?? 0 })
    }
    if (!redirect) return page(200, '微信支付', '<h1>支付成功</h1>')
    response.writeHead(302, { location: redirect })
    response.end()
  }

  let failing = 0
  let tamperBill = false
  const server = createFakeServer(options, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const url = new URL(request.url ?? '/', 'http://fake')
      // The payer's browser, not the merchant's server: no Authorization there.
      if (url.pathname.startsWith('/cgi-bin/mmpayweb-bin/')) {
        cashier(request, response, url, text).catch((error: unknown) => {
          response.writeHead(500)
          response.end(String(error))
        })
        return
      }
      let body: RequestBody = {}
      const reply = (status: number, payload?: unknown) => {
        requests.push({ method: request.method ?? '', url: request.url ?? '', body, status })
        answer(response, status, payload)
      }
      if (!authorized(request, text)) return reply(401, { code: 'SIGN_ERROR', message: 'signature invalid' })
      // The bill file itself: the raw stream, not signed (its hash came in tradebill's signed answer).
      if (request.method === 'GET' && url.pathname === '/v3/billdownload/file') {
        const bill = billFiles.get(url.searchParams.get('token') ?? '')
        requests.push({ method: 'GET', url: request.url ?? '', body: {}, status: bill ? 200 : 404 })
        if (!bill) return answer(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: 'no such bill' })
        // A tampered file: one digit of an amount changed in transit (the summary may still add up).
        const file = tamperBill ? Buffer.from(bill.file.toString('utf8').replace(/`(\d)\./, '`9.')) : bill.file
        response.writeHead(200, { 'content-type': 'application/octet-stream' })
        return void response.end(bill.gzip ? gzipSync(file) : file)
      }
      if (failing > 0) {
        failing -= 1
        // WeChat Pay's own outage answer (HTTP 500, SYSTEM_ERROR: 系统异常，请用相同参数重新调用).
        return reply(500, { code: 'SYSTEM_ERROR', message: '系统异常，请用相同参数重新调用' })
      }
      try {
        body = text ? (JSON.parse(text) as RequestBody) : {}
      } catch {
        return reply(400, { code: 'PARAM_ERROR', message: 'body is not JSON' })
      }
      for (const [method, pattern, handle] of routes) {
        const match = pattern.exec(url.pathname)
        if (request.method === method && match) {
          const [status, payload] = handle(body, match, url)
          return reply(status, payload)
        }
      }
      reply(404, { code: 'NOT_FOUND', message: 'no such API' })
    })
  })
  const baseUrl = await listenLocally(server)

  function order(orderNo: string): FakeOrder {
    const found = orders.get(orderNo)
    if (!found) throw new Error(`fake WeChat Pay: no order ${orderNo}`)
    return found
  }

  /** The payer pays in WeChat: the order becomes SUCCESS with a transaction id. */
  function pay(orderNo: string): FakeOrder {
    const paid = order(orderNo)
    if (paid.state !== 'NOTPAY') throw new Error(`fake WeChat Pay: ${orderNo} is ${paid.state}`)
    paid.state = 'SUCCESS'
    paid.transactionId = `42000${randomBytes(12).toString('hex')}`
    paid.successTime = chinaTime(now())
    if (paid.tradeType === 'MWEB') paid.openid = `o${randomBytes(13).toString('base64url')}`
    return paid
  }

  return {
    baseUrl,
    merchant,
    platform,
    apiV3Key,
    mchId: MCH_ID,
    appId: APP_ID,
    publicKeyId: PUBLIC_KEY_ID,
    orders,
    refunds,
    requests,
    signedHeaders,

    /** Adapter keys for this fake; our notify URL is whatever the test says. */
    keys(notifyUrl = 'https://pay.example.com/api/pay/notify/wxpay'): WechatPayKeys {
      return {
        mchId: MCH_ID,
        appId: APP_ID,
        mchSerialNo: MCH_SERIAL_NO,
        mchPrivateKey: merchant.privateKey,
        apiV3Key,
        platformPublicKeyId: PUBLIC_KEY_ID,
        platformPublicKey: platform.publicKey,
        notifyUrl,
        refundNotifyUrl: `${notifyUrl}/refund`,
        baseUrl,
      }
    },

    /** The same, as server settings with the keys written as PEM files in `dir`. */
    settings(dir: string, notifyUrl = 'https://pay.example.com/api/pay/notify/wxpay'): WechatPaySettings {
      const mchPrivateKeyFile = join(dir, 'apiclient_key.pem')
      const publicKeyFile = join(dir, 'pub_key.pem')
      writeFileSync(mchPrivateKeyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }))
      writeFileSync(publicKeyFile, platform.publicKey.export({ type: 'spki', format: 'pem' }))
      return {
        mchId: MCH_ID,
        appId: APP_ID,
        mchSerialNo: MCH_SERIAL_NO,
        mchPrivateKeyFile,
        apiV3Key,
        publicKeyId: PUBLIC_KEY_ID,
        publicKeyFile,
        notifyUrl,
        refundNotifyUrl: `${notifyUrl}/refund`,
        baseUrl,
      }
    },

    /** The next `count` signed calls get WeChat Pay's outage answer (HTTP 500 SYSTEM_ERROR). */
    failNext(count = 1): void {
      failing = count
    },

    /** The next bill files downloaded arrive altered (their hash no longer matches), or again intact. */
    tamperBills(on = true): void {
      tamperBill = on
    },

    /**
     * A payment made under an out_trade_no we never prepared (another system on the merchant account, a prepay whose
     * record was lost): WeChat has it, we do not.
     */
    externalPayment(outTradeNo: string, total: number): FakeOrder {
      const order: FakeOrder = {
        appid: APP_ID,
        mchid: MCH_ID,
        description: 'external',
        outTradeNo,
        notifyUrl: '',
        total,
        openid: 'oExternal',
        prepayId: `wx${randomBytes(14).toString('hex')}`,
        state: 'NOTPAY',
        transactionId: null,
        successTime: null,
        tradeType: 'JSAPI',
        payerClientIp: null,
        h5Type: null,
        timeExpire: null,
      }
      orders.set(outTradeNo, order)
      return pay(outTradeNo)
    },

    /**
     * The payer pays an order WeChat had closed: what a provider-side race lets through (we closed it, WeChat took the
     * money anyway). Only for tests of what we do with such money.
     */
    payClosed(orderNo: string): FakeOrder {
      const closed = order(orderNo)
      if (closed.state !== 'CLOSED') throw new Error(`fake WeChat Pay: ${orderNo} is ${closed.state}`)
      closed.state = 'NOTPAY'
      return pay(orderNo)
    },

    pay,

    /** What the H5 cashier did with each payment's notification. */
    deliveries,
    /** Whether paying in the H5 cashier posts the notification (deliver) or loses it (hold). */
    notifications(mode: 'deliver' | 'hold'): void {
      notify = mode
    },

    /** WeChat Pay finishes a refund (SUCCESS) or gives up on it (ABNORMAL, CLOSED). */
    finishRefund(refundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS'): void {
      const refund = refunds.get(refundNo)
      if (!refund) throw new Error(`fake WeChat Pay: no refund ${refundNo}`)
      refund.status = status
      refund.successTime = status === 'SUCCESS' ? chinaTime(now()) : null
    },

    /** The TRANSACTION.SUCCESS notification of a paid order, as WeChat posts it to its notify_url. */
    notification(
      orderNo: string,
      options: NotificationOptions = {},
    ): { headers: Record<string, string>; body: string } {
      const paid = order(orderNo)
      const transaction = { ...orderView(paid), ...options.transaction }
      return sealedNotification('TRANSACTION.SUCCESS', '支付成功', 'transaction', transaction, options)
    },

    /**
     * The REFUND.* notification of a finished refund (finishRefund first), as WeChat posts it to the refund's
     * notify_url: its event type follows the refund's status.
     */
    refundNotification(
      refundNo: string,
      options: Omit<NotificationOptions, 'transaction'> & { refund?: Record<string, unknown> } = {},
    ): { headers: Record<string, string>; body: string } {
      const refund = refunds.get(refundNo)
      if (!refund || refund.status === 'PROCESSING') throw new Error(`fake WeChat Pay: refund ${refundNo} not final`)
      const resource = {
        mchid: MCH_ID,
        out_trade_no: refund.outTradeNo,
        transaction_id: orders.get(refund.outTradeNo)?.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: `50${refund.outRefundNo}`,
        refund_status: refund.status,
        ...(refund.successTime ? { success_time: refund.successTime } : {}),
        user_received_account: '招商银行信用卡0403',
        amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund },
        ...options.refund,
      }
      const summary = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[refund.status]
      return sealedNotification(`REFUND.${refund.status}`, summary, 'refund', resource, options)
    },

    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
