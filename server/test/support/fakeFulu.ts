import { createHash, randomInt } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createFakeServer, listenLocally, type FakeServerOptions } from './fakeServer'

// A local stand-in for the Fulu open platform's gateway (docs/supplier.md), written from Fulu's public SDKs and kept
// apart from our adapter's code (its signature is computed here its own way, as Fulu's PHP and Go SDKs do: UTF-8
// characters sorted as byte strings). It checks every request's common fields and signature, signs its answers over
// `result` and its callbacks over their JSON, takes each customer_order_no once, settles orders by script and posts
// the result callback to our notify route until it reads the literal `success`.
//
// Where Fulu's public material is silent the fake decides, and docs/supplier.md § The fake says so: the error codes
// below, the price table, the retry pauses.

/** The fake's error codes (Fulu publishes no table; the adapter depends on none but 0). */
export const FakeFuluCode = {
  Ok: 0,
  BadRequest: 1000,
  BadSignature: 1001,
  UnknownMethod: 1002,
  DuplicateOrderNo: 2001,
  NoProduct: 3001,
  BalanceInsufficient: 4001,
  OrderNotFound: 5001,
  SystemBusy: 9999,
} as const

export interface FuluScript {
  /**
   * accept: code 0; refuse: a balance refusal, nothing taken; slow: takes the order, answers the first submission
   * after `slowMs`; unsigned: takes it, answers code 0 without a valid signature; error: takes it, answers a system
   * error (as after a timeout inside Fulu).
   */
  submit: 'accept' | 'refuse' | 'slow' | 'unsigned' | 'error'
  /** The recharge's final state; pending: it stays processing. */
  result: 'success' | 'failure' | 'pending'
  /** deliver: posted until acknowledged; lost: never posted (the order query is the only way to learn it). */
  callback: 'deliver' | 'lost'
  /** answer: signed; unsigned: fulu.order.info.get's code 0 carries no valid signature. */
  query: 'answer' | 'unsigned'
}

const DEFAULT_SCRIPT: FuluScript = { submit: 'accept', result: 'success', callback: 'deliver', query: 'answer' }

export interface FakeFuluOrder {
  orderId: string
  customerOrderNo: string
  method: string
  productId: number
  productName: string
  chargeAccount: string
  buyNum: number
  /** Unit price in yuan, as Fulu writes it ("98.0000"). */
  price: string
  state: 'untreated' | 'processing' | 'success' | 'failed'
  createTime: string
  finishTime: string
  description: string
  submitCount: number
  /** Our route's answer to each callback post. */
  deliveries: string[]
}

/** A utility product the fake sells by fulu.order.direct.add: its face value and unit price. */
export interface FakeFuluProduct {
  name: string
  faceValueYuan: number
  priceYuan: number
}

/** Posts a callback body to our notify route (tests reach it through app.inject); resolves to the answer's text. */
export type FuluCallbackDelivery = (body: string) => Promise<string>

export interface FakeFuluOptions extends FakeServerOptions {
  appKey: string
  appSecret: string
  deliver: FuluCallbackDelivery
  /** The clock the fake's timestamps follow: the app's, so callbacks are as fresh as Fulu's would be. */
  now?: () => Date
  /** Phone credit sold at this fraction of face value (the fake's price table). */
  phoneDiscount?: number
  products?: Record<number, FakeFuluProduct>
  /** Pauses between callback posts; the last repeats. */
  retryDelaysMs?: number[]
  /** Posts before the fake gives up on a callback. */
  maxDeliveries?: number
  slowMs?: number
}

/** Phone face values the fake sells, in yuan. */
const PHONE_FACE_VALUES = [10, 20, 30, 50, 100, 200, 300, 500]

const chinaTime = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')

/** Fulu's signature as its PHP and Go SDKs compute it: the UTF-8 characters sorted as byte strings, secret, MD5. */
export function fakeFuluSign(text: string, secret: string): string {
  const characters = Array.from(text).map((character) => Buffer.from(character, 'utf8'))
  characters.sort(Buffer.compare)
  return createHash('md5')
    .update(Buffer.concat([...characters, Buffer.from(secret, 'utf8')]))
    .digest('hex')
}

/** The JSON a request or callback is signed by: the object without `sign`, compact, nothing escaped needlessly. */
function unsignedJson(fields: Record<string, unknown>): string {
  const copy = { ...fields }
  delete copy.sign
  return JSON.stringify(copy)
}

const COMMON_FIELDS = ['app_key', 'method', 'timestamp', 'version', 'format', 'charset', 'sign_type', 'sign']

export class FakeFulu {
  readonly orders = new Map<string, FakeFuluOrder>()
  /** Every request that reached a method (its parsed common fields and biz_content). */
  readonly requests: { method: string; biz: Record<string, unknown> }[] = []
  /** Requests refused for their signature or app key. */
  readonly rejected: string[] = []
  private readonly scripts = new Map<string, FuluScript>()
  private readonly server: Server
  private readonly timers = new Set<NodeJS.Timeout>()
  private sequence = 0
  private closed = false
  /** The gateway URL (FULU_GATEWAY) once started. */
  url = ''

  constructor(private readonly options: FakeFuluOptions) {
    this.server = createFakeServer(options, (request, response) => {
      void this.handle(request, response)
    })
  }

  async start(): Promise<this> {
    this.url = `${await listenLocally(this.server)}/api/getway`
    return this
  }

  async close(): Promise<void> {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  setScript(account: string, script: Partial<FuluScript>): void {
    this.scripts.set(account, { ...DEFAULT_SCRIPT, ...script })
  }

  private now(): Date {
    return this.options.now?.() ?? new Date()
  }

  private scriptOf(account: string): FuluScript {
    return this.scripts.get(account) ?? DEFAULT_SCRIPT
  }

  /** A result callback for `order` as Fulu signs it; `overrides` replace fields before signing (tests forge). */
  callbackBody(order: FakeFuluOrder, overrides: Record<string, string> = {}, secret = this.options.appSecret): string {
    const fields: Record<string, string> = {
      order_id: order.orderId,
      charge_finish_time: order.finishTime,
      customer_order_no: order.customerOrderNo,
      order_status: order.state,
      recharge_description: order.description,
      product_id: String(order.productId),
      price: order.price,
      buy_num: String(order.buyNum),
      operator_serial_number: order.state === 'success' ? `op${order.orderId}` : '--',
      ...overrides,
    }
    return JSON.stringify({ ...fields, sign: fakeFuluSign(unsignedJson(fields), secret) })
  }

  /** fulu.order.info.get's result for `order`. */
  private orderResult(order: FakeFuluOrder): Record<string, unknown> {
    return {
      order_id: order.orderId,
      product_id: order.productId,
      product_name: order.productName,
      charge_account: order.chargeAccount,
      customer_order_no: order.customerOrderNo,
      create_time: order.createTime,
      buy_num: order.buyNum,
      order_price: Number(order.price),
      order_state: order.state,
      finish_time: order.finishTime,
      area: '',
      server: '',
      type: '',
      cards: [],
      order_type: order.method === 'fulu.order.mobile.add' ? 1 : 4,
      operator_serial_number: order.state === 'success' ? `op${order.orderId}` : '',
    }
  }

  private later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.closed) work()
    }, ms)
    this.timers.add(timer)
  }

  /** Posts the result until our route answers `success`, pausing between posts. */
  private deliverCallback(order: FakeFuluOrder, post = 0): void {
    const delays = this.options.retryDelaysMs ?? [5, 10, 20]
    const max = this.options.maxDeliveries ?? 10
    this.later(delays[Math.min(post, delays.length - 1)], () => {
      this.options
        .deliver(this.callbackBody(order))
        .catch((error: unknown) => `error: ${(error as Error).message}`)
        .then((answer) => {
          order.deliveries.push(answer)
          if (answer !== 'success' && post + 1 < max) this.deliverCallback(order, post + 1)
        })
    })
  }

  /** Settles `order` now as its account's script says, and calls back unless the script loses the callback. */
  settle(order: FakeFuluOrder, result: 'success' | 'failure' = 'success', callback = true): void {
    order.state = result === 'success' ? 'success' : 'failed'
    order.description = result === 'success' ? '充值成功' : '充值失败：运营商拒绝该号码'
    order.finishTime = chinaTime(this.now())
    if (callback) this.deliverCallback(order)
  }

  private answer(
    response: ServerResponse,
    code: number,
    message: string,
    result: unknown = null,
    { signed = true, delayMs = 0 } = {},
  ): void {
    const resultText = result === null ? '' : JSON.stringify(result)
    const sign = signed ? fakeFuluSign(resultText, this.options.appSecret) : 'unsigned'
    const body = JSON.stringify({ code, message, result: result === null ? null : resultText, sign })
    const send = () => {
      if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(body)
    }
    if (delayMs > 0) this.later(delayMs, send)
    else send()
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (request.method !== 'POST' || !/^application\/json/.test(request.headers['content-type'] ?? '')) {
      response.writeHead(405).end()
      return
    }
    let fields: Record<string, unknown>
    try {
      fields = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    } catch {
      return this.answer(response, FakeFuluCode.BadRequest, '请求参数格式错误')
    }
    const missing = COMMON_FIELDS.filter((name) => typeof fields[name] !== 'string' || fields[name] === '')
    if (missing.length > 0 || typeof fields.biz_content !== 'string' || fields.app_auth_token !== '') {
      return this.answer(response, FakeFuluCode.BadRequest, `缺少公共参数：${missing.join(',')}`)
    }
    if (
      fields.version !== '2.0' ||
      fields.format !== 'json' ||
      fields.charset !== 'utf-8' ||
      fields.sign_type !== 'md5' ||
      !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(fields.timestamp as string)
    ) {
      return this.answer(response, FakeFuluCode.BadRequest, '公共参数不正确')
    }
    if (
      fields.app_key !== this.options.appKey ||
      fields.sign !== fakeFuluSign(unsignedJson(fields), this.options.appSecret)
    ) {
      this.rejected.push(fields.method as string)
      return this.answer(response, FakeFuluCode.BadSignature, '签名验证失败')
    }
    let biz: Record<string, unknown>
    try {
      biz = JSON.parse(fields.biz_content as string) as Record<string, unknown>
    } catch {
      return this.answer(response, FakeFuluCode.BadRequest, 'biz_content 不是 JSON')
    }
    const method = fields.method as string
    this.requests.push({ method, biz })
    if (method === 'fulu.order.mobile.add') return this.mobileAdd(biz, response)
    if (method === 'fulu.order.direct.add') return this.directAdd(biz, response)
    if (method === 'fulu.order.info.get') return this.infoGet(biz, response)
    this.answer(response, FakeFuluCode.UnknownMethod, `不支持的接口：${method}`)
  }

  private mobileAdd(biz: Record<string, unknown>, response: ServerResponse): void {
    const phone = biz.charge_phone
    const value = biz.charge_value
    if (typeof phone !== 'string' || !/^1\d{10}$/.test(phone) || typeof biz.customer_order_no !== 'string') {
      return this.answer(response, FakeFuluCode.BadRequest, '充值手机号或外部订单号不正确')
    }
    if (typeof value !== 'number' || !PHONE_FACE_VALUES.includes(value)) {
      return this.answer(response, FakeFuluCode.NoProduct, `没有面值 ${String(value)} 的话费商品`)
    }
    const price = value * (this.options.phoneDiscount ?? 0.98)
    this.take(
      'fulu.order.mobile.add',
      biz.customer_order_no,
      phone,
      { productId: 18_000_000 + value, name: `话费-全国-${value}元-直充`, price },
      response,
    )
  }

  private directAdd(biz: Record<string, unknown>, response: ServerResponse): void {
    const product = typeof biz.product_id === 'number' ? this.options.products?.[biz.product_id] : undefined
    if (typeof biz.charge_account !== 'string' || typeof biz.customer_order_no !== 'string' || biz.buy_num !== 1) {
      return this.answer(response, FakeFuluCode.BadRequest, '充值账号、购买数量或外部订单号不正确')
    }
    if (!product) return this.answer(response, FakeFuluCode.NoProduct, `商品 ${String(biz.product_id)} 不存在`)
    this.take(
      'fulu.order.direct.add',
      biz.customer_order_no,
      biz.charge_account,
      { productId: biz.product_id as number, name: product.name, price: product.priceYuan },
      response,
    )
  }

  /** An order for `customerOrderNo`, taken once: its answer as the account's script says. */
  private take(
    method: string,
    customerOrderNo: string,
    account: string,
    product: { productId: number; name: string; price: number },
    response: ServerResponse,
  ): void {
    const script = this.scriptOf(account)
    if (script.submit === 'refuse') return this.answer(response, FakeFuluCode.BalanceInsufficient, '商户余额不足')
    const existing = this.orders.get(customerOrderNo)
    if (existing) {
      existing.submitCount++
      return this.answer(response, FakeFuluCode.DuplicateOrderNo, '外部订单号已存在')
    }
    const order: FakeFuluOrder = {
      orderId: `${chinaTime(this.now()).replace(/\D/g, '').slice(2)}${String(++this.sequence).padStart(4, '0')}${randomInt(10, 99)}`,
      customerOrderNo,
      method,
      productId: product.productId,
      productName: product.name,
      chargeAccount: account,
      buyNum: 1,
      price: product.price.toFixed(4),
      state: 'untreated',
      createTime: chinaTime(this.now()),
      finishTime: '',
      description: '',
      submitCount: 1,
      deliveries: [],
    }
    this.orders.set(customerOrderNo, order)
    order.state = 'processing'
    if (script.result !== 'pending') {
      this.later(5, () => this.settle(order, script.result as 'success' | 'failure', script.callback === 'deliver'))
    }
    const result = this.orderResult({ ...order, state: 'untreated' })
    if (script.submit === 'slow')
      return this.answer(response, 0, '接口调用成功', result, { delayMs: this.options.slowMs ?? 2_000 })
    if (script.submit === 'unsigned') return this.answer(response, 0, '接口调用成功', result, { signed: false })
    if (script.submit === 'error') return this.answer(response, FakeFuluCode.SystemBusy, '系统繁忙，请稍后再试')
    this.answer(response, 0, '接口调用成功', result)
  }

  private infoGet(biz: Record<string, unknown>, response: ServerResponse): void {
    const order = typeof biz.customer_order_no === 'string' ? this.orders.get(biz.customer_order_no) : undefined
    if (!order) return this.answer(response, FakeFuluCode.OrderNotFound, '订单不存在')
    const signed = this.scriptOf(order.chargeAccount).query === 'answer'
    this.answer(response, 0, '接口调用成功', this.orderResult(order), { signed })
  }
}
