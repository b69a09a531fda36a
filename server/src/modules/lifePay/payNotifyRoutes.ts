import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NoData } from '@contract/envelope'
import { LifePayType } from '@domain/lifePayType'
import type { AppContext } from '../../appContext'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema } from '../../http/schemas'
import type { PaymentProvider } from '../../providers/payment'
import { orderNoOfOutTradeNo } from '../money/paymentAttempts'
import type { NotificationOutcome } from '@contract/admin'
import { recordNotification } from '../notifications/recordNotification'
import { handlePaymentNotification } from './payments'
import { handleRefundNotification } from './refundNotifications'

const WXPAY_PATH = '/api/pay/notify/wxpay'
const ALIPAY_PATH = '/api/pay/notify/alipay'
export const WXPAY_REFUND_PATH = '/api/pay/notify/wxpay/refund'

/** Each route is verified by its own pay type's provider: a WeChat notification at the Alipay route is refused. */
const routes = [
  { path: WXPAY_PATH, lifePayType: LifePayType.WxPay },
  { path: ALIPAY_PATH, lifePayType: LifePayType.AliPay },
]

/** What one delivery came to, for the answer and the delivery log. */
interface Processed {
  outcome: NotificationOutcome
  reason: string | null
  orderNo: string | null
  verified: boolean
  /** What kept a genuine notification from being recorded (the database…): the provider must deliver it again. */
  error?: unknown
}

/** The order number a body names, when it can be read without trusting it (for the log of a refused delivery). */
function claimedOrderNo(body: unknown): string | null {
  const value = (body as Record<string, unknown> | null)?.out_trade_no ?? (body as Record<string, unknown>)?.orderNo
  return typeof value === 'string' ? value.slice(0, 64) : null
}

/**
 * Verifies with `provider` and records the payment; refusals are answers, never exceptions. Every genuine payment is
 * recorded — on its order, or as an orphan payment refunded automatically — before it is acknowledged; a genuine
 * notification of no payment is acknowledged as it is.
 */
async function processPayment(
  ctx: AppContext,
  request: FastifyRequest,
  provider: PaymentProvider | null,
  lifePayType: LifePayType,
): Promise<Processed> {
  const notification = provider?.verifyNotification(request.headers, request.rawBody ?? '') ?? null
  if (!notification || notification.lifePayType !== lifePayType) {
    const reason = provider ? 'signature, timestamp or content not genuine' : 'pay type not offered on this server'
    return { outcome: 'refused', reason, orderNo: claimedOrderNo(request.body), verified: false }
  }
  const orderNo = orderNoOfOutTradeNo(notification.outTradeNo)
  if (notification.kind === 'state') {
    return { outcome: 'noPayment', reason: `trade ${notification.state}`, orderNo, verified: true }
  }
  try {
    const outcome = await handlePaymentNotification(ctx, notification)
    const reason = outcome === 'orphan' ? 'a payment no order keeps: recorded, refunding it' : null
    return { outcome, reason, orderNo, verified: true }
  } catch (error) {
    // Not recorded (the database…): not acknowledged, so the provider delivers it again.
    const reason = error instanceof Error ? error.message : String(error)
    ctx.log.error({ err: error, outTradeNo: notification.outTradeNo }, 'payment notification not recorded')
    return { outcome: 'refused', reason, orderNo, verified: true, error }
  }
}

/** Where payment providers report payments and refunds: signed, possibly repeated, acknowledged only once recorded. */
export function registerPayNotifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const { path, lifePayType } of routes) {
    // Alipay answers in text, and posts form-encoded, only when it is real: the sandbox speaks JSON on both routes.
    const alipay = lifePayType === LifePayType.AliPay && ctx.config.payTypes[LifePayType.AliPay] === 'alipay'
    if (!alipay) {
      // Registered in place (not in a plugin): the sandbox's and WeChat's routes, their order in the OpenAPI file.
      registerRoute(app, ctx, path, lifePayType, false)
      continue
    }
    // Alipay signs the decoded fields of a form post: a parser for that content type, kept to this route's scope so
    // no other route starts taking form posts (which browsers send cross-site unchecked).
    app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
        const text = body as string
        request.rawBody = text
        done(null, Object.fromEntries(new URLSearchParams(text)))
      })
      registerRoute(scope, ctx, path, lifePayType, true)
    })
  }
  registerRefundRoute(app, ctx)
}

function logDelivery(
  ctx: AppContext,
  request: FastifyRequest,
  provider: string,
  route: string,
  { outcome, reason, orderNo, verified }: Processed,
): Promise<void> {
  return recordNotification(ctx, {
    provider,
    route,
    headers: request.headers,
    body: request.rawBody ?? '',
    verified,
    outcome,
    reason,
    orderNo,
  })
}

function providerName(ctx: AppContext, lifePayType: LifePayType): string {
  return ctx.config.payTypes[lifePayType] ?? 'none'
}

function registerRoute(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  lifePayType: LifePayType,
  alipay: boolean,
): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    path,
    {
      // Every delivery reaches the handler and the log, a forged one carrying NUL bytes included.
      config: { verbatimInput: true },
      schema: routeSchema({
        tags: ['Payment notifications'],
        summary: `${LifePayType[lifePayType]} payment notification (called by the provider, not the app)`,
        description:
          'Verified by this pay type’s own provider (WXPAY_PROVIDER / ALIPAY_PROVIDER). Sandbox: signed with ' +
          'x-pay-timestamp, x-pay-nonce and x-pay-signature = base64(HMAC-SHA256(merchant key, ' +
          '"timestamp\\nnonce\\nbody\\n")). WeChat Pay: its v3 notification, Wechatpay-Signature by the platform ' +
          'key chosen by Wechatpay-Serial, resource AES-256-GCM with the APIv3 key. success:true acknowledges; ' +
          'anything else makes the provider deliver again. Alipay (ALIPAY_PROVIDER=alipay): its form-encoded ' +
          'notification, RSA2-signed by the Alipay public key; answered with the text `success` (recorded) or ' +
          '`fail`. Every delivery is kept in the notification log (GET /api/admin/notifications).',
        body: Type.Object({}, { additionalProperties: true }),
        data: NoData,
      }),
    },
    async (request, reply: FastifyReply) => {
      const provider = ctx.providers.payment[lifePayType]
      const processed = await processPayment(ctx, request, provider, lifePayType)
      await logDelivery(ctx, request, providerName(ctx, lifePayType), path, processed)
      const accepted = processed.outcome !== 'refused'
      if (!accepted) request.log.warn({ path, reason: processed.reason }, 'payment notification refused')
      // Alipay's acknowledgement is the literal text `success`; anything else (`fail`) makes it deliver again.
      if (alipay) return reply.type('text/plain').send(accepted ? 'success' : 'fail')
      if (!accepted) throw processed.error ?? errors.paymentNotificationInvalid()
      return ok(null)
    },
  )
}

/**
 * WeChat Pay's refund notifications (the refund's notify_url): verified exactly like its payment notifications,
 * the final state recorded on the order. WeChat reads the status only: 200 received, 4xx/5xx deliver again.
 */
function registerRefundRoute(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    WXPAY_REFUND_PATH,
    {
      config: { verbatimInput: true },
      schema: routeSchema({
        tags: ['Payment notifications'],
        summary: 'WeChat Pay refund notification (called by WeChat Pay, not the app)',
        description:
          'REFUND.SUCCESS, REFUND.ABNORMAL or REFUND.CLOSED, signed and encrypted like the payment notification. ' +
          'An abnormal or closed refund did not return the money: the order is marked and listed for the operator ' +
          '(GET /api/admin/refunds/not-returned). Refused (400) when WeChat Pay does not take WxPay orders here.',
        body: Type.Object({}, { additionalProperties: true }),
        data: NoData,
      }),
    },
    async (request) => {
      const verify = ctx.providers.payment[LifePayType.WxPay]?.verifyRefundNotification
      const notification = verify?.(request.headers, request.rawBody ?? '') ?? null
      let processed: Processed
      if (!notification) {
        const reason = verify ? 'signature, timestamp or content not genuine' : 'WeChat Pay not configured'
        processed = { outcome: 'refused', reason, orderNo: null, verified: false }
      } else {
        try {
          const outcome = await handleRefundNotification(ctx, notification)
          const orderNo = orderNoOfOutTradeNo(notification.outTradeNo)
          processed = { outcome, reason: notification.status, orderNo, verified: true }
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          const orderNo = orderNoOfOutTradeNo(notification.outTradeNo)
          processed = { outcome: 'refused', reason, orderNo, verified: true, error }
        }
      }
      await logDelivery(ctx, request, providerName(ctx, LifePayType.WxPay), WXPAY_REFUND_PATH, processed)
      if (processed.outcome === 'refused') {
        request.log.warn({ reason: processed.reason }, 'refund notification refused')
        throw processed.error ?? errors.paymentNotificationInvalid()
      }
      return ok(null)
    },
  )
}
