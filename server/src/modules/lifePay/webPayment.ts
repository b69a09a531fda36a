import type { FastifyRequest } from 'fastify'
import type { GetPayOrderForJsApiInput } from '@contract/lifePay'
import { isResultPageOf } from '@domain/resultPages'
import type { AppContext } from '../../appContext'
import { errors } from '../../http/errors'
import { originOf } from '../../http/origin'
import type { WebPayment } from '../../providers/payment'

// A payment from an ordinary phone browser (docs/payment.md § Web payment): the app says where it runs (`host: h5`)
// and where the payer comes back; the server takes the payer's IP from the request and accepts only this order's
// result page on the H5 app's own origin, so the payment can never send a payer anywhere else.

/**
 * `returnUrl` when it is one of the order's result pages (domain/resultPages.ts: `?orderNo=` the order, nothing
 * more) on one of `origins`; BAD_REQUEST otherwise.
 */
export function checkedReturnUrl(returnUrl: string, orderNo: string, origins: readonly string[]): string {
  let url: URL
  try {
    url = new URL(returnUrl)
  } catch {
    throw errors.badRequest('returnUrl is not an absolute address')
  }
  if (!origins.includes(url.origin) || url.username !== '' || url.password !== '') {
    throw errors.badRequest('returnUrl is not on the H5 app’s origin (H5_ORIGIN)')
  }
  if (url.hash !== '' || !isResultPageOf(`${url.pathname}${url.search}`, orderNo)) {
    throw errors.badRequest('returnUrl is not this order’s result page')
  }
  return url.href
}

/** The address as providers want it: an IPv4 client on a dual-stack socket is reported as `::ffff:a.b.c.d`. */
export function payerIpOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  return mapped ? mapped[1] : ip
}

/** The origin the request came to, written as a browser writes it (no default port); '' for a Host that is none. */
function ownOrigin(request: FastifyRequest): string {
  try {
    return new URL(originOf(request)).origin
  } catch {
    return ''
  }
}

/**
 * The web payment a GetPayOrderForJsAPI call asks for, or undefined when the app pays in its host's wallet. The
 * payer's IP is the request's (Fastify's `request.ip` honours TRUST_PROXY); the return page must be on H5_ORIGIN, or,
 * without it, on the origin the request came to (the H5 app served by this server).
 */
export function webPaymentOf(
  ctx: AppContext,
  request: FastifyRequest,
  input: Pick<GetPayOrderForJsApiInput, 'orderNo' | 'host' | 'returnUrl'>,
): WebPayment | undefined {
  if (input.host !== 'h5') return undefined
  if (!input.returnUrl) throw errors.badRequest('returnUrl is required to pay from a phone browser (host h5)')
  const origins = ctx.config.h5Origins.length > 0 ? ctx.config.h5Origins : [ownOrigin(request)]
  return { payerIp: payerIpOf(request.ip), returnUrl: checkedReturnUrl(input.returnUrl, input.orderNo, origins) }
}
