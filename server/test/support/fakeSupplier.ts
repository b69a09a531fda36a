import { randomBytes } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { NOTIFY_ACK, SIGN_TYPE, signParams, verifyParams } from '../../src/providers/signedHttpSupplier'
import { createFakeServer, listenLocally, type FakeServerOptions } from './fakeServer'

// A local stand-in for a signed-HTTP recharge supplier (docs/supplierProtocol.md): it checks our requests' HMAC
// signatures and merchant, signs its own answers and callbacks with the same key, takes each order number once
// (a resubmission answers DUPLICATE with the same supplier order), and posts results to our notify URL until it is
// acknowledged with the literal SUCCESS. Accounts are scripted per test (setScript); every other account succeeds.

export interface SupplierScript {
  /**
   * accept: ACCEPTED; refuse: a signed REFUSED every time (never taken); slow: takes the order but answers the first
   * submission after `slowMs` (past our timeout); unsigned: takes the order, answers without a signature; error: a
   * signed SYSTEM_ERROR after taking it.
   */
  submit: 'accept' | 'refuse' | 'slow' | 'unsigned' | 'error'
  /** The recharge's final result; pending: it stays processing. */
  result: 'success' | 'failure' | 'pending'
  /** deliver: posted until acknowledged; lost: never posted (the query is the only way to learn it). */
  callback: 'deliver' | 'lost'
  /** answer: signed; unsigned: the query's answer carries no signature (unknown to us). */
  query: 'answer' | 'unsigned'
}

/**
 * An account the fake supplier knows (/account/query): its holder and figures, or how the lookup misbehaves —
 * maintenance: a signed MAINTENANCE; slow: answered after `slowMs` (past our timeout); unsigned: no signature.
 * Accounts not set are NOT_FOUND, as at a real grid.
 */
export type FakeAccount =
  { holderName: string; balanceFen?: number; owedFen?: number } | 'maintenance' | 'slow' | 'unsigned'

const DEFAULT_SCRIPT: SupplierScript = { submit: 'accept', result: 'success', callback: 'deliver', query: 'answer' }

export interface FakeOrder {
  orderNo: string
  supplierOrderNo: string
  params: Record<string, string>
  submitCount: number
  status: 'PROCESSING' | 'SUCCEEDED' | 'FAILED'
  reason: string
  finishTime: string
  /** Callback posts made, and the answers our route gave. */
  deliveries: string[]
}

/** Posts a callback to our notify URL (tests route it through app.inject); resolves to the answer's text. */
export type CallbackDelivery = (notifyUrl: string, body: string) => Promise<string>

export interface FakeSupplierOptions extends FakeServerOptions {
  merchantId: string
  key: string
  deliver: CallbackDelivery
  /** Pauses between callback retries (a real supplier waits 15 s, 1 m, 5 m, …); the last repeats until acknowledged. */
  retryDelaysMs?: number[]
  /** How many callback posts before giving up (a real supplier stops after a day or so). */
  maxDeliveries?: number
  slowMs?: number
}

const chinaTime = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')

export class FakeSupplier {
  readonly orders = new Map<string, FakeOrder>()
  /** Requests whose signature or merchant did not check out. */
  readonly rejected: string[] = []
  /** Every account lookup's parameters, as received (signature checked). */
  readonly lookups: Record<string, string>[] = []
  private readonly accounts = new Map<string, FakeAccount>()
  private readonly scripts = new Map<string, SupplierScript>()
  private readonly server: Server
  private readonly timers = new Set<NodeJS.Timeout>()
  private sequence = 0
  private closed = false
  url = ''

  constructor(private readonly options: FakeSupplierOptions) {
    this.server = createFakeServer(options, (request, response) => {
      void this.handle(request, response)
    })
  }

  async start(): Promise<this> {
    this.url = await listenLocally(this.server)
    return this
  }

  async close(): Promise<void> {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  setScript(account: string, script: Partial<SupplierScript>): void {
    this.scripts.set(account, { ...DEFAULT_SCRIPT, ...script })
  }

  setAccount(account: string, entry: FakeAccount): void {
    this.accounts.set(account, entry)
  }

  private scriptOf(account: string): SupplierScript {
    return this.scripts.get(account) ?? DEFAULT_SCRIPT
  }

  /** A callback body as the supplier signs it (tests forge or replay from it). */
  callbackBody(order: FakeOrder, overrides: Record<string, string> = {}, key = this.options.key): string {
    const fields: Record<string, string> = {
      merchantId: this.options.merchantId,
      orderNo: order.orderNo,
      supplierOrderNo: order.supplierOrderNo,
      status: order.status,
      reason: order.reason,
      amountFen: order.params.amountFen,
      finishTime: order.finishTime,
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: randomBytes(8).toString('hex'),
      signType: SIGN_TYPE,
      ...overrides,
    }
    fields.sign = signParams(key, fields)
    return new URLSearchParams(fields).toString()
  }

  private later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.closed) work()
    }, ms)
    this.timers.add(timer)
  }

  /** Posts the result until our route answers SUCCESS, pausing between tries. */
  private deliverCallback(order: FakeOrder, attempt = 0): void {
    const delays = this.options.retryDelaysMs ?? [5, 10, 20]
    const max = this.options.maxDeliveries ?? 10
    const delay = delays[Math.min(attempt, delays.length - 1)]
    this.later(delay, () => {
      this.options
        .deliver(order.params.notifyUrl, this.callbackBody(order))
        .catch((error: unknown) => `error: ${(error as Error).message}`)
        .then((answer) => {
          order.deliveries.push(answer)
          if (answer !== NOTIFY_ACK && attempt + 1 < max) this.deliverCallback(order, attempt + 1)
        })
    })
  }

  private settle(order: FakeOrder, script: SupplierScript): void {
    if (script.result === 'pending') return
    order.status = script.result === 'success' ? 'SUCCEEDED' : 'FAILED'
    order.reason = script.result === 'success' ? '' : 'the carrier rejected the account'
    order.finishTime = chinaTime(new Date())
    if (script.callback === 'deliver') this.deliverCallback(order)
  }

  private answer(response: ServerResponse, fields: Record<string, string>, signed = true, delayMs = 0): void {
    const body: Record<string, string> = { ...fields, merchantId: this.options.merchantId, signType: SIGN_TYPE }
    if (signed) body.sign = signParams(this.options.key, body)
    const send = () => {
      if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    if (delayMs > 0) this.later(delayMs, send)
    else send()
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    // An account lookup echoes the account; the recharge calls echo the order number.
    const echo: Record<string, string> =
      request.url === '/account/query'
        ? { account: params.account ?? '', nonce: params.nonce ?? '' }
        : { orderNo: params.orderNo ?? '', nonce: params.nonce ?? '' }
    if (
      request.method !== 'POST' ||
      !/^application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? '')
    ) {
      response.writeHead(405).end()
      return
    }
    if (!verifyParams(this.options.key, params) || params.merchantId !== this.options.merchantId) {
      this.rejected.push(request.url ?? '')
      this.answer(response, { ...echo, code: 'REFUSED', subCode: 'SIGN_INVALID', msg: 'signature does not verify' })
      return
    }
    if (request.url === '/recharge/submit') return this.submit(params, echo, response)
    if (request.url === '/recharge/query') return this.query(params, echo, response)
    if (request.url === '/account/query') return this.lookup(params, echo, response)
    response.writeHead(404).end()
  }

  private lookup(params: Record<string, string>, echo: Record<string, string>, response: ServerResponse): void {
    this.lookups.push(params)
    const entry = this.accounts.get(params.account)
    if (entry === undefined) return this.answer(response, { ...echo, code: 'NOT_FOUND', msg: 'no such account' })
    if (entry === 'maintenance') {
      return this.answer(response, { ...echo, code: 'MAINTENANCE', msg: 'the grid is under maintenance' })
    }
    const found = { ...echo, code: 'SUCCESS', holderName: '李四海', balanceFen: '12345' }
    if (entry === 'slow') return this.answer(response, found, true, this.options.slowMs ?? 2_000)
    if (entry === 'unsigned') return this.answer(response, found, false)
    this.answer(response, {
      ...echo,
      code: 'SUCCESS',
      holderName: entry.holderName,
      // Left out (empty, so unsigned too) when the supplier does not keep the figure.
      balanceFen: entry.balanceFen === undefined ? '' : String(entry.balanceFen),
      owedFen: entry.owedFen === undefined ? '' : String(entry.owedFen),
    })
  }

  private submit(params: Record<string, string>, echo: Record<string, string>, response: ServerResponse): void {
    const script = this.scriptOf(params.account)
    if (script.submit === 'refuse') {
      this.answer(response, { ...echo, code: 'REFUSED', subCode: 'BALANCE_INSUFFICIENT', msg: 'merchant balance low' })
      return
    }
    const existing = this.orders.get(params.orderNo)
    const order: FakeOrder = existing ?? {
      orderNo: params.orderNo,
      supplierOrderNo: `FS${String(++this.sequence).padStart(8, '0')}`,
      params,
      submitCount: 0,
      status: 'PROCESSING',
      reason: '',
      finishTime: '',
      deliveries: [],
    }
    order.submitCount++
    const fields = { ...echo, code: existing ? 'DUPLICATE' : 'ACCEPTED', supplierOrderNo: order.supplierOrderNo }
    if (!existing) {
      this.orders.set(order.orderNo, order)
      this.settle(order, script)
    }
    if (script.submit === 'slow' && order.submitCount === 1) {
      this.answer(response, fields, true, this.options.slowMs ?? 2_000)
    } else if (script.submit === 'unsigned') {
      this.answer(response, fields, false)
    } else if (script.submit === 'error') {
      this.answer(response, { ...echo, code: 'SYSTEM_ERROR', msg: 'try again' })
    } else {
      this.answer(response, fields)
    }
  }

  private query(params: Record<string, string>, echo: Record<string, string>, response: ServerResponse): void {
    const order = this.orders.get(params.orderNo)
    if (!order) {
      this.answer(response, { ...echo, code: 'NOT_FOUND' })
      return
    }
    const { status, reason, finishTime, supplierOrderNo } = order
    const signed = this.scriptOf(order.params.account).query === 'answer'
    this.answer(response, { ...echo, code: 'SUCCESS', supplierOrderNo, status, reason, finishTime }, signed)
  }
}
