import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { LifePayOrderType } from '../../../src/domain/lifePayOrderType'
import type { Clock } from '../clock'
import type { SignedHttpSupplierConfig } from '../config'
import {
  SupplierUnavailableError,
  type AccountLookup,
  type AccountLookupRequest,
  type RechargeRequest,
  type RechargeResult,
  type SupplierProvider,
  type SupplierQuery,
} from './supplier'

// The signed-HTTP recharge supplier (SUPPLIER_PROVIDER=signedhttp), the protocol of docs/supplierProtocol.md: form
// posts signed with HMAC-SHA256 over the sorted `k=v&…` parameters, flat JSON answers signed the same way, and
// form-encoded result callbacks to our /api/supplier/notify. The production gateway's own protocol (ACOOLY) could
// not be found; this is the protocol Chinese top-up suppliers commonly speak, written down so a supplier can be held
// to it (docs/decisions.md § Real providers (issue 18)).

export interface SignedHttpSupplierDeps {
  /** gateway, merchantId, key, notifyUrl (our /api/supplier/notify), timeoutMs per call. */
  settings: SignedHttpSupplierConfig
  clock: Clock
  fetch?: typeof fetch
}

export const SIGN_TYPE = 'HMAC-SHA256'

/** The literal answers to a callback: the supplier stops delivering on `SUCCESS` only. */
export const NOTIFY_ACK = 'SUCCESS'
export const NOTIFY_NACK = 'FAIL'

const PRODUCT_TYPES: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: 'phone',
  [LifePayOrderType.Electric]: 'electric',
  [LifePayOrderType.Gas]: 'gas',
}

/** The signed text: every parameter but `sign` with a non-empty value, sorted by name, as `k=v` joined by `&`. */
export function signContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&')
}

/** Lower-case hex HMAC-SHA256 of the signed text with the shared key. */
export function signParams(key: string, params: Record<string, string>): string {
  return createHmac('sha256', key).update(signContent(params), 'utf8').digest('hex')
}

/** Whether `params.sign` is the key's signature over the rest (constant-time compare). */
export function verifyParams(key: string, params: Record<string, string>): boolean {
  const given = Buffer.from(params.sign ?? '', 'utf8')
  const expected = Buffer.from(signParams(key, params), 'utf8')
  return params.signType === SIGN_TYPE && given.length === expected.length && timingSafeEqual(given, expected)
}

/** A flat object of string values (an answer or callback); null for anything else. */
function stringFields(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.some(([, field]) => typeof field !== 'string')) return null
  return Object.fromEntries(entries) as Record<string, string>
}

/** `yyyy-MM-dd HH:mm:ss` China time, the protocol's finishTime. */
function parseChinaTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null
  const date = new Date(`${text.replace(' ', 'T')}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A whole number of fen, or null when the supplier left it out (or sent something else). */
function fenOrNull(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : null
}

export interface SignedHttpSupplier extends SupplierProvider {
  /**
   * A callback's form fields as a result when signed by the key for our merchant; null when forged, for another
   * merchant, or not a final result.
   */
  verifyNotification(fields: Record<string, string>): RechargeResult | null
}

export function createSignedHttpSupplier(deps: SignedHttpSupplierDeps): SignedHttpSupplier {
  const { settings, clock } = deps
  const doFetch = deps.fetch ?? fetch

  /**
   * One signed call; its answer when signed by the key for this merchant and this request (the nonce and the `echo`
   * field echoed: the order number, or the account of a lookup), else an error: an unsigned or mismatched answer says
   * nothing about the order or account.
   */
  async function call(
    path: string,
    business: Record<string, string>,
    echo: 'orderNo' | 'account' = 'orderNo',
  ): Promise<Record<string, string>> {
    const nonce = randomBytes(16).toString('hex')
    const params: Record<string, string> = {
      ...business,
      merchantId: settings.merchantId,
      timestamp: String(Math.floor(clock.now().getTime() / 1000)),
      nonce,
      signType: SIGN_TYPE,
    }
    params.sign = signParams(settings.key, params)
    const response = await doFetch(`${settings.gateway.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`supplier ${path}: HTTP ${response.status}`)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new Error(`supplier ${path}: answer is not JSON`)
    }
    const answer = stringFields(parsed)
    if (!answer || !verifyParams(settings.key, answer)) throw new Error(`supplier ${path}: answer not signed`)
    if (answer.merchantId !== settings.merchantId || answer.nonce !== nonce || answer[echo] !== business[echo]) {
      throw new Error(`supplier ${path}: answer is for another request`)
    }
    return answer
  }

  return {
    sandbox: false,

    async submit(request: RechargeRequest) {
      const answer = await call('/recharge/submit', {
        orderNo: request.orderNo,
        productType: PRODUCT_TYPES[request.lifePayOrderType],
        ispCode: request.ispCode ?? '',
        electricType: request.electricType ?? '',
        gasOrgType: request.gasOrgType ?? '',
        account: request.account,
        amountFen: String(request.parValueFen),
        notifyUrl: settings.notifyUrl,
      })
      // A duplicate is the same order taken before (our retry after a lost answer): accepted all the same.
      if ((answer.code === 'ACCEPTED' || answer.code === 'DUPLICATE') && answer.supplierOrderNo) {
        return { supplierOrderNo: answer.supplierOrderNo }
      }
      // A signed refusal is the supplier's definite word that it does not have the order.
      if (answer.code === 'REFUSED') {
        throw new SupplierUnavailableError(
          `supplier refused: ${answer.subCode || 'no code'}${answer.msg ? ` (${answer.msg})` : ''}`,
        )
      }
      throw new Error(`supplier submit answered ${answer.code || 'no code'}: it may or may not have the order`)
    },

    async query(orderNo: string): Promise<SupplierQuery> {
      let answer: Record<string, string>
      try {
        answer = await call('/recharge/query', { orderNo })
      } catch {
        return { status: 'unknown' }
      }
      if (answer.code === 'NOT_FOUND') return { status: 'notFound' }
      if (answer.code !== 'SUCCESS' || !answer.supplierOrderNo) return { status: 'unknown' }
      const reason = answer.reason || null
      const supplierOrderNo = answer.supplierOrderNo
      if (answer.status === 'PROCESSING') return { status: 'processing', supplierOrderNo, reason, finishedAt: null }
      const finishedAt = parseChinaTime(answer.finishTime)
      if (answer.status === 'SUCCEEDED') return { status: 'succeeded', supplierOrderNo, reason, finishedAt }
      if (answer.status === 'FAILED') return { status: 'failed', supplierOrderNo, reason, finishedAt }
      return { status: 'unknown' }
    },

    async lookupAccount(request: AccountLookupRequest): Promise<AccountLookup> {
      let answer: Record<string, string>
      try {
        answer = await call(
          '/account/query',
          {
            productType: PRODUCT_TYPES[request.lifePayOrderType],
            electricType: request.electricType ?? '',
            gasOrgType: request.gasOrgType ?? '',
            province: request.province ?? '',
            city: request.city ?? '',
            account: request.account,
          },
          'account',
        )
      } catch {
        return { status: 'unavailable' }
      }
      if (answer.code === 'NOT_FOUND') return { status: 'notFound' }
      if (answer.code !== 'SUCCESS' || !answer.holderName) return { status: 'unavailable' }
      return {
        status: 'found',
        holderName: answer.holderName,
        balanceFen: fenOrNull(answer.balanceFen),
        owedFen: fenOrNull(answer.owedFen),
      }
    },

    verifyNotification(fields) {
      if (!verifyParams(settings.key, fields) || fields.merchantId !== settings.merchantId) return null
      if (!fields.orderNo || !fields.supplierOrderNo) return null
      if (fields.status !== 'SUCCEEDED' && fields.status !== 'FAILED') return null
      const success = fields.status === 'SUCCEEDED'
      return {
        orderNo: fields.orderNo,
        supplierOrderNo: fields.supplierOrderNo,
        success,
        reason: success ? null : fields.reason || 'the supplier gave no reason',
      }
    },
  }
}
