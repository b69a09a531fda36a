import { createDecipheriv, createHash, createSign, createVerify, randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import type { KeyObject } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { LifePayType } from '@domain/lifePayType'
import type { Clock } from '../clock'
import { errors } from '../http/errors'
import {
  BillNotReadyError,
  providerRef,
  type PaymentNotification,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentQuery,
  type PreparedPayment,
  type RefundNotification,
  type RefundQuery,
  type WebPayment,
} from './payment'
import { wechatBill } from './wechatPayBill'
import { closeChecked } from './closeChecked'
import { timedFetch } from './timedFetch'

// WeChat Pay API v3 (JSAPI: mini-program and in-WeChat H5; H5 payment: any other phone browser), in public-key mode
// — the mode new merchants get: WeChat Pay signs responses and notifications with a platform key identified by a
// `PUB_KEY_ID_…` id instead of rotating platform certificates. Plain Node crypto + fetch: the protocol is a handful
// of RSA-SHA256 signatures and one AES-256-GCM decryption (docs/decisions/payments.md says why no SDK).

/** Notifications (and responses) whose timestamp is further than this from now are refused: no late replay. */
const MAX_SKEW_S = 300

export interface WechatPayKeys {
  mchId: string
  /** The app id payments are made in (mini-program or the official account serving the H5). */
  appId: string
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  mchSerialNo: string
  mchPrivateKey: KeyObject
  /** The 32-character APIv3 key set in the merchant platform: decrypts notification resources. */
  apiV3Key: string
  /** WeChat Pay platform public key and its id (`PUB_KEY_ID_…`), sent back as Wechatpay-Serial. */
  platformPublicKeyId: string
  platformPublicKey: KeyObject
  /** Where WeChat Pay posts payment notifications: our /api/pay/notify/wxpay, over HTTPS. */
  notifyUrl: string
  /** Where WeChat Pay posts refund notifications: our /api/pay/notify/wxpay/refund, over HTTPS. */
  refundNotifyUrl: string
  baseUrl: string
}

export interface WechatPayDeps {
  keys: WechatPayKeys
  clock: Clock
  /** Injected so tests can watch calls; Node 20's global fetch otherwise. */
  fetch?: typeof fetch
  /** Each call's deadline; PROVIDER_TIMEOUT_MS by default. */
  timeoutMs?: number
}

/** A failed call to WeChat Pay: its HTTP status and error code (e.g. ORDER_NOT_EXIST, RESOURCE_NOT_EXISTS). */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay answered HTTP ${status} ${code}: ${message}`)
    this.name = 'WechatPayError'
  }
}

function nonce(): string {
  return randomBytes(16).toString('hex')
}

function header(headers: IncomingHttpHeaders | Headers, name: string): string | undefined {
  const value = headers instanceof Headers ? headers.get(name) : headers[name]
  return typeof value === 'string' ? value : undefined
}

export function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64')
}

export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64')
  } catch {
    return false
  }
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: ciphertext is base64(ciphertext ‖ 16-byte tag), nonce a 12-char string. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
) {
  const data = Buffer.from(resource.ciphertext, 'base64')
  if (data.length < 17) throw new Error('ciphertext too short')
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
}

interface Transaction {
  appid?: string
  mchid?: string
  out_trade_no?: string
  transaction_id?: string
  trade_state?: string
  success_time?: string
  amount?: { total?: number; payer_total?: number }
}

/** The decrypted resource of a refund notification (REFUND.*). */
interface RefundResource {
  mchid?: string
  out_trade_no?: string
  out_refund_no?: string
  refund_status?: string
  success_time?: string
  amount?: { refund?: number }
}

/** A refund notification's event type and the final state it reports. */
const REFUND_EVENTS: Record<string, { status: RefundNotification['status']; refundStatus: string }> = {
  'REFUND.SUCCESS': { status: 'succeeded', refundStatus: 'SUCCESS' },
  'REFUND.ABNORMAL': { status: 'abnormal', refundStatus: 'ABNORMAL' },
  'REFUND.CLOSED': { status: 'closed', refundStatus: 'CLOSED' },
}

/** RFC 3339 in China time, as WeChat Pay writes and reads times (time_expire). */
export function wechatPayTime(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000 + 8 * 3600_000).toISOString().replace(/\.\d+Z$/, '+08:00')
}

/** The h5_url with WeChat's `redirect_url` appended, URL-encoded as its H5 payment asks. */
export function withRedirectUrl(h5Url: string, redirectUrl: string): string {
  return `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(redirectUrl)}`
}

function validDate(text: unknown): Date | null {
  if (typeof text !== 'string') return null
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? null : date
}

export function createWechatPay(deps: WechatPayDeps): PaymentProvider {
  const { keys, clock } = deps
  const doFetch = timedFetch(deps.fetch ?? fetch, deps.timeoutMs)
  const platformKeys = new Map([[keys.platformPublicKeyId, keys.platformPublicKey]])
  const nowS = () => Math.floor(clock.now().getTime() / 1000)

  /** Wechatpay-* headers over `body`: right key for the serial, within the window, genuine signature. */
  function signedByWechatPay(headers: IncomingHttpHeaders | Headers, body: string): boolean {
    const timestamp = header(headers, 'wechatpay-timestamp')
    const nonceStr = header(headers, 'wechatpay-nonce')
    const signature = header(headers, 'wechatpay-signature')
    const serial = header(headers, 'wechatpay-serial')
    if (!timestamp || !nonceStr || !signature || !serial) return false
    // A serial we do not know is never "try the key we have": WeChat names the key it signed with.
    const key = platformKeys.get(serial)
    if (!key) return false
    const skew = Math.abs(nowS() - Number(timestamp))
    if (!Number.isFinite(skew) || skew > MAX_SKEW_S) return false
    return rsaVerify(key, `${timestamp}\n${nonceStr}\n${body}\n`, signature)
  }

  /**
   * A notification's decrypted resource when it is signed by WeChat Pay within the window, of one of `events`,
   * AES-256-GCM with our APIv3 key; null otherwise (pay and refund notifications share these rules).
   */
  function openNotification(
    headers: IncomingHttpHeaders,
    rawBody: string,
    events: readonly string[],
  ): { eventType: string; createTime: Date | null; resource: unknown } | null {
    if (!signedByWechatPay(headers, rawBody)) return null
    const body = JSON.parse(rawBody) as {
      event_type?: string
      create_time?: string
      resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string }
    }
    if (typeof body.event_type !== 'string' || !events.includes(body.event_type)) return null
    const resource = body.resource
    if (resource?.algorithm !== 'AEAD_AES_256_GCM') return null
    if (typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') return null
    const plain = decryptResource(keys.apiV3Key, {
      ...resource,
      ciphertext: resource.ciphertext,
      nonce: resource.nonce,
    })
    return { eventType: body.event_type, createTime: validDate(body.create_time), resource: JSON.parse(plain) }
  }

  /** The Authorization header of a request, by WeChat's rules: the merchant key's signature over it. */
  function authorization(method: string, url: URL, body: string): string {
    const timestamp = String(nowS())
    const nonceStr = nonce()
    const signature = rsaSign(
      keys.mchPrivateKey,
      `${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonceStr}\n${body}\n`,
    )
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${keys.mchId}",nonce_str="${nonceStr}",signature="${signature}",` +
      `timestamp="${timestamp}",serial_no="${keys.mchSerialNo}"`
    )
  }

  /** One signed call; the answer's signature is checked before its content is believed. */
  async function call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T | null> {
    const url = new URL(path, keys.baseUrl)
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const response = await doFetch(url, {
      method,
      headers: {
        accept: 'application/json',
        'user-agent': 'life-pay-server',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: authorization(method, url, body),
      },
      body: payload === undefined ? undefined : body,
    })
    const text = await response.text()
    if (!response.ok) throw errorOf(response.status, text)
    if (!signedByWechatPay(response.headers, text)) {
      throw new Error(`WeChat Pay answer to ${method} ${url.pathname} is not signed by the platform key`)
    }
    return text === '' ? null : (JSON.parse(text) as T)
  }

  /** An error answer: not always signed (a gateway may answer first), so only its status and code are used. */
  function errorOf(status: number, text: string): WechatPayError {
    let code = 'UNKNOWN'
    let message = text.slice(0, 200)
    try {
      const parsed = JSON.parse(text) as { code?: string; message?: string }
      code = parsed.code ?? code
      message = parsed.message ?? message
    } catch {
      // Not JSON: the raw text is the message.
    }
    return new WechatPayError(status, code, message)
  }

  /**
   * One bill of a day (tradebill, then its download_url): WeChat does not sign the file, so its SHA-1 must be the
   * hash_value the signed answer gave, and the file must come from WeChat Pay's own host (our signed request goes
   * there). NO_STATEMENT_EXIST: no payment that day; STATEMENT_CREATING: not cut yet.
   */
  async function billText(date: string, billType: 'SUCCESS' | 'REFUND'): Promise<string | null> {
    let answer: { hash_type?: string; hash_value?: string; download_url?: string } | null
    try {
      answer = await call('GET', `/v3/bill/tradebill?bill_date=${date}&bill_type=${billType}&tar_type=GZIP`)
    } catch (error) {
      if (error instanceof WechatPayError && error.code === 'NO_STATEMENT_EXIST') return null
      if (error instanceof WechatPayError && error.code === 'STATEMENT_CREATING') {
        throw new BillNotReadyError('WeChat Pay', date)
      }
      throw error
    }
    const downloadUrl = new URL(answer?.download_url ?? '', keys.baseUrl)
    if (downloadUrl.origin !== new URL(keys.baseUrl).origin) {
      throw new Error(`WeChat Pay bill download_url ${downloadUrl.origin} is not WeChat Pay's host`)
    }
    if (answer?.hash_type !== 'SHA1' || !/^[0-9a-f]{40}$/i.test(answer.hash_value ?? '')) {
      throw new Error(`WeChat Pay ${billType} bill of ${date}: no SHA1 hash_value`)
    }
    const response = await doFetch(downloadUrl, {
      method: 'GET',
      headers: { 'user-agent': 'life-pay-server', authorization: authorization('GET', downloadUrl, '') },
    })
    const bytes = Buffer.from(await response.arrayBuffer())
    if (!response.ok) throw errorOf(response.status, bytes.toString('utf8'))
    const file = gunzipSync(bytes)
    if (createHash('sha1').update(file).digest('hex') !== answer.hash_value?.toLowerCase()) {
      throw new Error(`WeChat Pay ${billType} bill of ${date}: its SHA-1 is not the hash_value WeChat gave`)
    }
    return file.toString('utf8')
  }

  const notFound = (error: unknown) =>
    error instanceof WechatPayError &&
    error.status === 404 &&
    ['ORDER_NOT_EXIST', 'ORDERNOTEXIST', 'RESOURCE_NOT_EXISTS'].includes(error.code)

  async function queryPayment(outTradeNo: string): Promise<PaymentQuery> {
    let transaction: Transaction | null
    try {
      transaction = await call<Transaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(keys.mchId)}`,
      )
    } catch (error) {
      if (notFound(error)) return { status: 'notFound' }
      throw error
    }
    switch (transaction?.trade_state) {
      // REFUND: it was paid (the refund is queried on its own).
      case 'SUCCESS':
      case 'REFUND':
        return {
          status: 'paid',
          amountFen: transaction.amount?.total ?? 0,
          transactionId: transaction.transaction_id ?? '',
          paidAt: validDate(transaction.success_time) ?? clock.now(),
        }
      case 'NOTPAY':
      case 'USERPAYING':
        return { status: 'unpaid' }
      case 'CLOSED':
      case 'REVOKED':
      case 'PAYERROR':
        return { status: 'closed' }
      default:
        throw new Error(`WeChat Pay trade_state ${String(transaction?.trade_state)} for ${outTradeNo}`)
    }
  }

  /**
   * H5 payment (a phone browser outside WeChat): the h5_url of /v3/pay/transactions/h5, valid 5 minutes, opened with
   * `redirect_url` (the order's result page). WeChat checks that the browser opening it has the payer's IP and comes
   * from a page of the merchant's H5 domain (the Referer), and that redirect_url is on that domain. Asking again for
   * the same unpaid order gives a fresh h5_url; time_expire (the order's close) is WeChat's own deadline.
   */
  async function prepareH5(order: PaymentOrder, web: WebPayment): Promise<PreparedPayment> {
    const answer = await call<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
      appid: keys.appId,
      mchid: keys.mchId,
      description: order.description,
      out_trade_no: order.outTradeNo,
      ...(order.expiresAt ? { time_expire: wechatPayTime(order.expiresAt) } : {}),
      notify_url: keys.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
      scene_info: { payer_client_ip: web.payerIp, h5_info: { type: 'Wap' } },
    })
    const h5Url = answer?.h5_url
    // A signed answer, but still an address the payer's browser is sent to: only a web page.
    if (typeof h5Url !== 'string' || !/^https?:\/\//.test(h5Url)) {
      throw new Error(`WeChat Pay H5 prepay for ${order.outTradeNo} returned no h5_url`)
    }
    return { wxPay: null, aliPayTradeNo: null, webPayUrl: withRedirectUrl(h5Url, web.returnUrl) }
  }

  return {
    sandbox: false,

    async prepare(_executor, order) {
      // One merchant account here pays WeChat only; Alipay needs its own adapter.
      if (order.lifePayType !== LifePayType.WxPay) throw errors.badRequest('this server takes WeChat Pay only')
      if (order.web) return prepareH5(order, order.web)
      // JSAPI prepay is tied to the payer: without the openId WeChat refuses it anyway.
      if (!order.openId) throw errors.badRequest('openId is required for WeChat Pay')
      const answer = await call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
        appid: keys.appId,
        mchid: keys.mchId,
        description: order.description,
        out_trade_no: order.outTradeNo,
        notify_url: keys.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
        payer: { openid: order.openId },
      })
      if (!answer?.prepay_id) throw new Error(`WeChat Pay prepay for ${order.outTradeNo} returned no prepay_id`)
      const timeStamp = String(nowS())
      const nonceStr = nonce()
      const pkg = `prepay_id=${answer.prepay_id}`
      // What wx.requestPayment / WeixinJSBridge check: the merchant key's signature over these four lines.
      const paySign = rsaSign(keys.mchPrivateKey, `${keys.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
      return {
        wxPay: { appId: keys.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
        aliPayTradeNo: null,
        webPayUrl: null,
      }
    },

    verifyNotification(headers, rawBody): PaymentNotification | null {
      // Forged input of any shape ends here as null, never as an exception: the route answers "not genuine".
      try {
        const opened = openNotification(headers, rawBody, ['TRANSACTION.SUCCESS'])
        if (!opened) return null
        const transaction = opened.resource as Transaction
        // Signed and encrypted for us is not enough: it must be a payment to this merchant in this app.
        if (transaction.mchid !== keys.mchId || transaction.appid !== keys.appId) return null
        if (transaction.trade_state !== 'SUCCESS') return null
        const outTradeNo = providerRef(transaction.out_trade_no)
        const transactionId = providerRef(transaction.transaction_id)
        const amountFen = transaction.amount?.total
        const paidAt = validDate(transaction.success_time)
        if (!outTradeNo || !transactionId || !paidAt) return null
        if (typeof amountFen !== 'number' || !Number.isSafeInteger(amountFen) || amountFen <= 0) return null
        return { kind: 'paid', outTradeNo, transactionId, lifePayType: LifePayType.WxPay, amountFen, paidAt }
      } catch {
        return null
      }
    },

    close: (outTradeNo) =>
      closeChecked(
        {
          provider: 'WeChat Pay',
          queryPayment,
          close: async (outTradeNo) => {
            await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
              mchid: keys.mchId,
            })
          },
          isProviderAnswer: (error) => error instanceof WechatPayError,
        },
        outTradeNo,
      ),

    async refund(request) {
      // WeChat Pay answers a repeated out_refund_no with the same refund: a retry after a crash pays back once.
      // Its final state (SUCCESS, or ABNORMAL / CLOSED: the money did not go back) comes to notify_url.
      await call('POST', '/v3/refund/domestic/refunds', {
        notify_url: keys.refundNotifyUrl,
        // By the out_trade_no (WeChat takes it or transaction_id, not both): known even if the notification was lost.
        out_trade_no: request.outTradeNo,
        out_refund_no: request.refundNo,
        amount: { refund: request.amountFen, total: request.amountFen, currency: 'CNY' },
      })
    },

    queryPayment,

    verifyRefundNotification(headers, rawBody): RefundNotification | null {
      try {
        const opened = openNotification(headers, rawBody, Object.keys(REFUND_EVENTS))
        if (!opened) return null
        const refund = opened.resource as RefundResource
        const event = REFUND_EVENTS[opened.eventType]
        // The event and the refund it carries must agree, and the refund be this merchant's.
        if (refund.mchid !== keys.mchId || refund.refund_status !== event.refundStatus) return null
        const outTradeNo = providerRef(refund.out_trade_no)
        const refundNo = providerRef(refund.out_refund_no)
        const amountFen = refund.amount?.refund
        if (!outTradeNo || !refundNo) return null
        if (typeof amountFen !== 'number' || !Number.isSafeInteger(amountFen)) return null
        const at = (event.status === 'succeeded' ? validDate(refund.success_time) : opened.createTime) ?? clock.now()
        return { outTradeNo, refundNo, status: event.status, amountFen, at }
      } catch {
        return null
      }
    },

    async queryRefund(refundNo): Promise<RefundQuery> {
      let refund: { status?: string; success_time?: string; amount?: { refund?: number } } | null
      try {
        refund = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`)
      } catch (error) {
        if (notFound(error)) return { status: 'notFound' }
        throw error
      }
      const amountFen = refund?.amount?.refund ?? 0
      switch (refund?.status) {
        case 'SUCCESS':
          return { status: 'succeeded', amountFen, refundedAt: validDate(refund.success_time) }
        case 'PROCESSING':
          return { status: 'processing', amountFen, refundedAt: null }
        case 'CLOSED':
        case 'ABNORMAL':
          return { status: 'failed' }
        default:
          throw new Error(`WeChat Pay refund status ${String(refund?.status)} for ${refundNo}`)
      }
    },

    async downloadBill(date) {
      const [payments, refunds] = await Promise.all([billText(date, 'SUCCESS'), billText(date, 'REFUND')])
      return wechatBill(payments, refunds)
    },
  }
}
