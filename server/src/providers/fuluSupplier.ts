import { LifePayOrderType } from '@domain/lifePayOrderType'
import type { Clock } from '../clock'
import { fuluProductKey, type FuluSupplierConfig } from './fuluSettings'
import { fuluSign, sameSignature, signedJson } from './fuluSign'
import {
  SupplierUnavailableError,
  type CallbackReading,
  type RechargeKind,
  type RechargeRequest,
  type SupplierProvider,
  type SupplierQuery,
} from './supplier'

// The Fulu open platform (福禄开放平台) as our recharge supplier (SUPPLIER_PROVIDER=fulu), as docs/supplier.md
// describes it from Fulu's public SDKs: one JSON gateway taking `method` + `biz_content`, MD5 over the sorted
// characters, phone credit by fulu.order.mobile.add, utility top-ups by fulu.order.direct.add with a configured
// product, fulu.order.info.get to ask, and a JSON callback answered with the literal `success`.

export const FuluMethod = {
  MobileAdd: 'fulu.order.mobile.add',
  DirectAdd: 'fulu.order.direct.add',
  InfoGet: 'fulu.order.info.get',
} as const

/** The literal answer that stops Fulu's callback retries; anything else asks it to call again. */
export const FULU_ACK = 'success'
export const FULU_NACK = 'fail'

const CHINA_OFFSET_MS = 8 * 3600_000

/** `yyyy-MM-dd HH:mm:ss` in China time (UTC+8), Fulu's timestamps. */
export function chinaTime(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** A `yyyy-MM-dd HH:mm:ss` China time, or null. */
export function parseChinaTime(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null
  const date = new Date(`${text.replace(' ', 'T')}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A JSON string or number as text; null for anything else. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null
}

/** A whole count (`"1"` or 1), or null. */
function count(value: unknown): number | null {
  const raw = text(value)
  return raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : null
}

/** Yuan with up to four decimals (`"46.3000"`, 46.3) in fen, rounded to the nearest fen; null otherwise. */
function yuanToFen(value: unknown): number | null {
  const raw = text(value)
  return raw !== null && /^\d{1,9}(\.\d{1,4})?$/.test(raw) ? Math.round(Number(raw) * 100) : null
}

/** What Fulu charged for `price` each times `buy_num`, in fen; null when either is missing or malformed. */
function costOf(price: unknown, buyNum: unknown): number | null {
  const each = yuanToFen(price)
  const units = count(buyNum)
  return each === null || units === null ? null : each * units
}

/** Fulu's answer: its code and message, and for code 0 the signed result object. */
interface FuluAnswer {
  code: number
  message: string
  result: Record<string, unknown> | null
}

/** The answer is not a trustworthy word about the order (transport, format, signature): the outcome is unknown. */
export class FuluAnswerError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FuluAnswerError'
  }
}

export interface FuluSupplierDeps {
  settings: FuluSupplierConfig
  clock: Clock
  fetch?: typeof fetch
}

export function createFuluSupplier(deps: FuluSupplierDeps): SupplierProvider {
  const { settings, clock } = deps
  const doFetch = deps.fetch ?? fetch

  /** The common request fields, biz_content as a JSON string, signed. */
  function requestBody(method: string, biz: Record<string, unknown>): string {
    const fields: Record<string, string> = {
      app_key: settings.appKey,
      method,
      timestamp: chinaTime(clock.now()),
      version: '2.0',
      format: 'json',
      charset: 'utf-8',
      sign_type: 'md5',
      app_auth_token: '',
      biz_content: JSON.stringify(biz),
    }
    return JSON.stringify({ ...fields, sign: fuluSign(signedJson(fields), settings.appSecret) })
  }

  /**
   * One method call. Code 0 is believed only with its `result` signed by our secret; any other code is returned as
   * Fulu's word (its `sign`, when it sends one, must verify too) for the caller to weigh. Throws FuluAnswerError when
   * the answer says nothing (no answer, not JSON, unsigned or mis-signed).
   */
  async function call(method: string, biz: Record<string, unknown>): Promise<FuluAnswer> {
    let response: Response
    let body: string
    try {
      response = await doFetch(settings.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: requestBody(method, biz),
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
      body = await response.text()
    } catch (error) {
      throw new FuluAnswerError(`${method}: no answer (${(error as Error).message})`)
    }
    if (!response.ok) throw new FuluAnswerError(`${method}: HTTP ${response.status}`)
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      throw new FuluAnswerError(`${method}: the answer is not JSON`)
    }
    const envelope = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
    if (!envelope || typeof envelope.code !== 'number') throw new FuluAnswerError(`${method}: no code in the answer`)
    const resultText = typeof envelope.result === 'string' ? envelope.result : ''
    const signed = sameSignature(envelope.sign, fuluSign(resultText, settings.appSecret))
    const message = typeof envelope.message === 'string' ? envelope.message : ''
    if (envelope.code !== 0) {
      if (envelope.sign !== undefined && envelope.sign !== null && envelope.sign !== '' && !signed) {
        throw new FuluAnswerError(`${method}: code ${envelope.code} with a signature that does not verify`)
      }
      return { code: envelope.code, message, result: null }
    }
    if (!signed) throw new FuluAnswerError(`${method}: code 0 without a valid signature over its result`)
    let result: unknown
    try {
      result = JSON.parse(resultText)
    } catch {
      throw new FuluAnswerError(`${method}: the signed result is not JSON`)
    }
    if (!result || typeof result !== 'object' || Array.isArray(result)) {
      throw new FuluAnswerError(`${method}: the signed result is not an object`)
    }
    return { code: 0, message, result: result as Record<string, unknown> }
  }

  /**
   * Fulu's order in a submission's or query's signed result, checked against what we submitted: our order number,
   * the account, one unit. Its order_id. Throws FuluAnswerError for a result about another order.
   */
  function orderIdFor(result: Record<string, unknown>, request: Pick<RechargeRequest, 'orderNo' | 'account'>): string {
    const orderId = text(result.order_id)
    const problems = [
      text(result.customer_order_no) === request.orderNo ? null : `customer_order_no ${text(result.customer_order_no)}`,
      orderId ? null : 'no order_id',
      result.charge_account === undefined || text(result.charge_account) === request.account
        ? null
        : `charge_account ${text(result.charge_account)}`,
      result.buy_num === undefined || count(result.buy_num) === 1 ? null : `buy_num ${text(result.buy_num)}`,
    ].filter((problem) => problem !== null)
    if (problems.length > 0) {
      throw new FuluAnswerError(`Fulu's order is not the one we submitted (${request.orderNo}): ${problems.join(', ')}`)
    }
    return orderId as string
  }

  /** The direct-recharge product of a utility top-up, or null when Fulu sells us none for it. */
  function productOf(kind: RechargeKind): number | null {
    return settings.products[fuluProductKey(kind)] ?? null
  }

  function kindOf(request: RechargeRequest): RechargeKind {
    const subType = request.lifePayOrderType === LifePayOrderType.Electric ? request.electricType : request.gasOrgType
    return { lifePayOrderType: request.lifePayOrderType, subType: subType ?? '', parValueFen: request.parValueFen }
  }

  /** The method and biz_content of a submission; SupplierUnavailableError when Fulu cannot be asked for it. */
  function submission(request: RechargeRequest): { method: string; biz: Record<string, unknown> } {
    if (request.lifePayOrderType === LifePayOrderType.Phone) {
      // charge_value in yuan, as every SDK sends it; Fulu picks the product for the number's carrier.
      return {
        method: FuluMethod.MobileAdd,
        biz: {
          charge_phone: request.account,
          charge_value: request.parValueFen / 100,
          customer_order_no: request.orderNo,
        },
      }
    }
    const product = productOf(kindOf(request))
    if (product === null) {
      // Definite: Fulu was never asked, so it has nothing (docs/supplier.md § Utility top-ups).
      throw new SupplierUnavailableError(`no Fulu product configured for ${fuluProductKey(kindOf(request))}`)
    }
    return {
      method: FuluMethod.DirectAdd,
      biz: { product_id: product, customer_order_no: request.orderNo, charge_account: request.account, buy_num: 1 },
    }
  }

  return {
    sandbox: false,

    offers(kind) {
      return kind.lifePayOrderType === LifePayOrderType.Phone || productOf(kind) !== null
    },

    async submit(request) {
      const { method, biz } = submission(request)
      const answer = await call(method, biz)
      if (answer.code === 0) return { supplierOrderNo: orderIdFor(answer.result ?? {}, request) }
      // Any other code — a refusal, or "that customer_order_no exists" after our answer was lost — is weighed by
      // Fulu's own record: an order there is ours, taken; none at all, with the refusal, is a definite refusal.
      const confirmation = await call(FuluMethod.InfoGet, { customer_order_no: request.orderNo })
      if (confirmation.code === 0) return { supplierOrderNo: orderIdFor(confirmation.result ?? {}, request) }
      throw new SupplierUnavailableError(
        `Fulu refused ${method} (code ${answer.code}: ${answer.message || 'no message'}) and has no order ` +
          `${request.orderNo} (code ${confirmation.code}: ${confirmation.message || 'no message'})`,
      )
    },

    async query(orderNo): Promise<SupplierQuery> {
      let answer: FuluAnswer
      try {
        answer = await call(FuluMethod.InfoGet, { customer_order_no: orderNo })
      } catch {
        return { status: 'unknown' }
      }
      // Fulu publishes no error-code table: any refusal to show the order reads as "no such order", which is never
      // a reason to refund (the question is asked again).
      if (answer.code !== 0 || !answer.result) return { status: 'notFound' }
      const result = answer.result
      if (text(result.customer_order_no) !== orderNo || !text(result.order_id)) return { status: 'unknown' }
      const facts = {
        supplierOrderNo: text(result.order_id) as string,
        account: text(result.charge_account),
        costFen: costOf(result.order_price, result.buy_num),
      }
      switch (result.order_state) {
        case 'untreated':
        case 'processing':
          return { status: 'processing', ...facts, reason: null, finishedAt: null }
        case 'success':
          return { status: 'succeeded', ...facts, reason: null, finishedAt: parseChinaTime(result.finish_time) }
        case 'failed':
          return {
            status: 'failed',
            ...facts,
            reason: 'Fulu reports the recharge failed',
            finishedAt: parseChinaTime(result.finish_time),
          }
        default:
          return { status: 'unknown' }
      }
    },

    // Fulu publishes no account lookup for electricity or gas: the user is told the account cannot be checked now.
    async lookupAccount() {
      return { status: 'unavailable' }
    },

    callback: {
      provider: 'fulu',
      ack: FULU_ACK,
      nack: FULU_NACK,
      read(rawBody) {
        return readCallback(rawBody, settings, clock)
      },
    },
  }
}

/** A Fulu result callback (docs/supplier.md § Callback): signed, final, fresh, for one unit. */
function readCallback(rawBody: string, settings: FuluSupplierConfig, clock: Clock): CallbackReading {
  let parsed: unknown
  try {
    parsed = JSON.parse(rawBody)
  } catch {
    return { refused: 'not JSON', verified: false, orderNo: null }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { refused: 'not a JSON object', verified: false, orderNo: null }
  }
  const fields = parsed as Record<string, unknown>
  const orderNo = text(fields.customer_order_no)
  if (!sameSignature(fields.sign, fuluSign(signedJson(fields), settings.appSecret))) {
    return { refused: 'signature does not verify', verified: false, orderNo }
  }
  const refuse = (reason: string): CallbackReading => ({ refused: reason, verified: true, orderNo })
  const supplierOrderNo = text(fields.order_id)
  if (!orderNo || !supplierOrderNo) return refuse('no customer_order_no or order_id')
  if (fields.order_status !== 'success' && fields.order_status !== 'failed') {
    return refuse(`order_status ${text(fields.order_status)} is not a final result`)
  }
  const finishedAt = parseChinaTime(fields.charge_finish_time)
  if (!finishedAt) return refuse('no charge_finish_time')
  const ageMs = clock.now().getTime() - finishedAt.getTime()
  if (Math.abs(ageMs) > settings.callbackMaxAgeMs) {
    return refuse(
      `charge_finish_time ${text(fields.charge_finish_time)} is ${Math.round(ageMs / 1000)} s from now, outside ` +
        `the ${Math.round(settings.callbackMaxAgeMs / 1000)} s window (the order query learns the result)`,
    )
  }
  // We order one unit; a callback for more (or none) is not about what we ordered.
  if (count(fields.buy_num) !== 1) return refuse(`buy_num ${text(fields.buy_num)}, we order one`)
  const success = fields.order_status === 'success'
  const costFen = costOf(fields.price, fields.buy_num)
  if (success && costFen === null) return refuse(`price ${text(fields.price)} is not an amount`)
  return {
    result: {
      orderNo,
      supplierOrderNo,
      success,
      reason: success ? null : text(fields.recharge_description) || 'Fulu reports the recharge failed',
      costFen,
    },
  }
}
