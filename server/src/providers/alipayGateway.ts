import type { KeyObject } from 'node:crypto'
import type { Clock } from '../clock'
import type { AlipayCertificates } from './alipayCertificates'
import { rsaSign, rsaVerify } from './wechatPay'

// One signed call to Alipay's OpenAPI v1 gateway, shared by the payment adapter (alipay.ts, the `alipay.trade.*`
// methods) and the identity adapter (alipayIdentity.ts, `alipay.system.oauth.token`): our app private key signs the
// request (RSA2 = RSA-SHA256 over the sorted parameters), Alipay's public key verifies the exact text of its answer —
// or, in certificate mode, the Alipay public certificate's key, with the certificates' serials on every request and
// the one an answer names checked (alipayCertificates.ts). Plain Node crypto + fetch (docs/decisions/payments.md
// says why not `alipay-sdk`).

export interface AlipayGatewayKeys {
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
  /** The gateway, https://openapi.alipay.com/gateway.do; tests point it at a local fake. */
  gateway: string
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

export interface AlipayCall {
  /** The business parameters, sent as `biz_content` JSON (the `alipay.trade.*` methods). */
  biz?: Record<string, unknown>
  /** Request parameters of their own (`alipay.system.oauth.token`'s grant_type and code; notify_url). */
  params?: Record<string, string>
}

export type AlipayGateway = <T extends object>(method: string, call: AlipayCall) => Promise<T>

/** A request's parameters, signed: the common ones, the call's own, biz_content, then `sign` over all of them. */
export function signedRequest(
  keys: AlipayGatewayKeys,
  clock: Clock,
  method: string,
  { biz, params: own }: AlipayCall,
): Record<string, string> {
  const params: Record<string, string> = {
    app_id: keys.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: alipayTime(clock.now()),
    version: '1.0',
    ...own,
    ...(keys.certificates
      ? { app_cert_sn: keys.certificates.appCertSn, alipay_root_cert_sn: keys.certificates.alipayRootCertSn }
      : {}),
    ...(biz ? { biz_content: JSON.stringify(biz) } : {}),
  }
  params.sign = rsaSign(keys.appPrivateKey, signContent(params, ['sign'], true))
  return params
}

/**
 * A page request (alipay.trade.wap.pay): not sent by the server but opened by the payer's browser, as a GET of the
 * gateway with every signed parameter in the query — what the SDKs' pageExecute builds for GET (its POST form would
 * need the H5 app's CSP to allow a form to post to Alipay). Alipay checks the signature and its timestamp when the
 * browser arrives.
 */
export function gatewayPageUrl(keys: AlipayGatewayKeys, clock: Clock, method: string, call: AlipayCall): string {
  const params = signedRequest(keys, clock, method, call)
  const query = Object.keys(params)
    .map((key) => `${key}=${encodeURIComponent(params[key])}`)
    .join('&')
  return `${keys.gateway}${keys.gateway.includes('?') ? '&' : '?'}${query}`
}

/** A signed gateway call; a 10000 answer is believed only with Alipay's signature over its exact text. */
export function createAlipayGateway(keys: AlipayGatewayKeys, clock: Clock, doFetch: typeof fetch = fetch) {
  return async function call<T extends object>(method: string, request: AlipayCall): Promise<T> {
    const params = signedRequest(keys, clock, method, request)
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
    // Gateway-level errors (a bad signature, a wrong app id) come as error_response whatever the method.
    const answerKey = key in parsed ? key : 'error_response'
    const answer = parsed[answerKey] as Record<string, unknown> | undefined
    const signedText = responseText(text, answerKey)
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
    // alipay.system.oauth.token answers success without a code: its token is the success.
    const succeeded = answer.code === '10000' || (answer.code === undefined && answerKey === key)
    if (!succeeded) {
      // Errors for a bad request signature come unsigned: only their code is used, never as a "no such trade".
      throw new AlipayError(
        String(answer.code),
        String(answer.sub_code ?? ''),
        String(answer.sub_msg ?? answer.msg ?? ''),
        signed,
      )
    }
    if (!signed) throw new Error(`Alipay answer to ${method} is not signed by the Alipay public key`)
    return answer as T
  }
}
