import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { NoData } from '@contract/envelope'
import {
  GetNotificationTemplatesInput,
  NotificationTemplate,
  SetLifePayOrderNotificationsInput,
} from '@contract/notifications'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { routeSchema, withChannel } from '../../http/schemas'
import { notificationTemplates, setOrderNotifications } from './orderSubscriptions'

const tags = ['LifePay']

/** Issue 20: the templates a host prompt asks about, and the user's answer per order (docs/notifications.md). */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()

  api.get(
    '/api/LifePay/GetNotificationTemplates',
    {
      config: { extension: true },
      schema: routeSchema({
        tags,
        summary: 'The subscribe-message template per order event for a host (what requestSubscribeMessage asks for)',
        querystring: withChannel(GetNotificationTemplatesInput),
        data: Type.Array(NotificationTemplate),
      }),
    },
    async (request) => ok(notificationTemplates(ctx, request.query.channel)),
  )

  api.post(
    '/api/LifePay/SetLifePayOrderNotifications',
    {
      config: { extension: true },
      onRequest: auth.userOrVirtual,
      schema: routeSchema({
        tags,
        summary: 'The user’s answer to the subscribe prompt (per template) or the SMS opt-in, for one of their orders',
        description:
          'WeChat / Alipay: `answers` as the host returned them (accept, reject, ban, filter), templates from ' +
          'GetNotificationTemplates. SMS (H5): `optIn`. The latest answer counts until the event happens; repeating ' +
          'it adds nothing. Sending is never part of the order: a notification that fails leaves the order as it is.',
        body: withChannel(SetLifePayOrderNotificationsInput),
        data: NoData,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => {
      await setOrderNotifications(ctx, request.userId, request.body)
      return ok(null)
    },
  )
}
