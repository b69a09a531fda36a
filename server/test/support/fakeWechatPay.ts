import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { WechatPaySettings } from '../../src/config'
import type { WechatPayKeys } from '../../src/providers/wechatPay'
import { createFakeServer, listenLocally, type FakeServerOptions } from './fakeServer'

// A local WeChat Pay API v3 that keeps WeChat's own rules, so the adapter is tested against signatures and
// encryption it cannot fake: our requests must carry a WECHATPAY2-SHA256-RSA2048 Authorization signed by the
// merchant key (else 401 SIGN_ERROR); every answer and notification is signed by the platform key (public-key mode,
// serial PUB_KEY_ID_…); notification resources are AES-256-GCM encrypted with the APIv3 key. Keys are made here.

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
  openid: string
  prepayId: string
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'
  transactionId: string | null
  successTime: string | null
}

export interface FakeRefund {
  outRefundNo: string
  outTradeNo: string
  refund: number
  total: number
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED'
  successTime: string | null
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

export async function startFakeWechatPay(now: () => Date = () => new Date(), options: FakeServerOptions = {}) {
  const merchant = rsaKeys()
  const platform = rsaKeys()
  const apiV3Key = randomBytes(16).toString('hex')
  const orders = new Map<string, FakeOrder>()
  const refunds = new Map<string, FakeRefund>()
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
          trade_type: 'JSAPI',
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

  type Handler = (body: RequestBody, match: RegExpExecArray, url: URL) => [number, unknown?]
  const routes: [string, RegExp, Handler][] = [
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
          notifyUrl.startsWith('https://') &&
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
        }
        orders.set(order.outTradeNo, order)
        return [200, { prepay_id: order.prepayId }]
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

  let failing = 0
  const server = createFakeServer(options, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const url = new URL(request.url ?? '/', 'http://fake')
      let body: RequestBody = {}
      const reply = (status: number, payload?: unknown) => {
        requests.push({ method: request.method ?? '', url: request.url ?? '', body, status })
        answer(response, status, payload)
      }
      if (!authorized(request, text)) return reply(401, { code: 'SIGN_ERROR', message: 'signature invalid' })
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

    /** The payer pays in WeChat: the order becomes SUCCESS with a transaction id. */
    pay(orderNo: string): FakeOrder {
      const paid = order(orderNo)
      if (paid.state !== 'NOTPAY') throw new Error(`fake WeChat Pay: ${orderNo} is ${paid.state}`)
      paid.state = 'SUCCESS'
      paid.transactionId = `42000${randomBytes(12).toString('hex')}`
      paid.successTime = chinaTime(now())
      return paid
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
