import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
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

/** Where payment providers report payments: signed, possibly repeated, acknowledged only once recorded. */
export function registerPayNotifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const { path, lifePayType } of providers) {
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
            'key. success:true acknowledges; anything else makes the provider deliver again.',
          body: Type.Object({}, { additionalProperties: true }),
          data: NoData,
        }),
      },
      async (request) => {
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
}
