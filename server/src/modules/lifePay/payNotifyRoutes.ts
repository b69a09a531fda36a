import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NoData } from '../../../../types/api/envelope'
import { LifePayType } from '../../../../src/domain/lifePayType'
import type { AppContext } from '../../appContext'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema } from '../../http/schemas'
import { handlePaymentNotification } from './payments'

const providers = [
  { path: '/api/pay/notify/wxpay', lifePayType: LifePayType.WxPay },
  { path: '/api/pay/notify/alipay', lifePayType: LifePayType.AliPay },
]

/**
 * Alipay's acknowledgement: the literal text `success` (anything else, `fail` included, makes Alipay deliver again,
 * up to 8 times over 25 hours).
 */
async function answerAlipay(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<FastifyReply> {
  const notification = ctx.providers.payment.verifyNotification(request.headers, request.rawBody ?? '')
  let recorded = false
  if (notification?.lifePayType === LifePayType.AliPay) {
    try {
      await handlePaymentNotification(ctx, notification)
      recorded = true
    } catch (error) {
      // Unknown order or another amount: refused like a forged one, and logged (the error handler is bypassed).
      request.log.warn({ path, err: error }, 'Alipay notification not recorded')
    }
  } else {
    request.log.warn({ path }, 'payment notification refused')
  }
  return reply.type('text/plain').send(recorded ? 'success' : 'fail')
}

/** Where payment providers report payments: signed, possibly repeated, acknowledged only once recorded. */
export function registerPayNotifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Alipay posts its notifications form-encoded and signs the decoded fields: a parser for that content type, kept
  // to this route's scope so no other route starts taking form posts (which browsers send cross-site unchecked).
  const alipay = ctx.config.providers.payment === 'alipay'
  for (const { path, lifePayType } of providers) {
    if (!(alipay && lifePayType === LifePayType.AliPay)) {
      // Registered in place (not in a plugin): the sandbox's and WeChat's routes, their order in the OpenAPI file.
      registerRoute(app, ctx, path, lifePayType, false)
      continue
    }
    app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
        const text = body as string
        request.rawBody = text
        done(null, Object.fromEntries(new URLSearchParams(text)))
      })
      registerRoute(scope, ctx, path, lifePayType, true)
    })
  }
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
      schema: routeSchema({
        tags: ['Payment notifications'],
        summary: `${LifePayType[lifePayType]} payment notification (called by the provider, not the app)`,
        description:
          'Sandbox: signed with x-pay-timestamp, x-pay-nonce and x-pay-signature = base64(HMAC-SHA256(merchant key, ' +
          '"timestamp\\nnonce\\nbody\\n")). WeChat Pay (PAYMENT_PROVIDER=wechatpay): its v3 notification, ' +
          'Wechatpay-Signature by the platform key chosen by Wechatpay-Serial, resource AES-256-GCM with the APIv3 ' +
          'key. success:true acknowledges; anything else makes the provider deliver again. Alipay ' +
          '(PAYMENT_PROVIDER=alipay): its form-encoded notification, RSA2-signed by the Alipay public key; ' +
          'answered with the text `success` (recorded) or `fail`.',
        body: Type.Object({}, { additionalProperties: true }),
        data: NoData,
      }),
    },
    async (request, reply) => {
      if (alipay) return answerAlipay(ctx, request, reply, path)
      const notification = ctx.providers.payment.verifyNotification(request.headers, request.rawBody ?? '')
      if (!notification || notification.lifePayType !== lifePayType) {
        request.log.warn({ path }, 'payment notification refused')
        throw errors.paymentNotificationInvalid()
      }
      await handlePaymentNotification(ctx, notification)
      return ok(null)
    },
  )
}
