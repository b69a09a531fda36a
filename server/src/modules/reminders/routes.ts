import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { NoData } from '@contract/envelope'
import {
  AddTopUpReminderInput,
  CancelledTopUpReminder,
  CancelTopUpReminderByTokenInput,
  SubscribeTopUpReminderInput,
  TopUpReminder,
  TopUpReminderIdInput,
} from '@contract/reminders'
import type { AppContext } from '../../appContext'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { routeSchema, withChannel } from '../../http/schemas'
import {
  addTopUpReminder,
  cancelTopUpReminder,
  cancelTopUpReminderByToken,
  subscribeTopUpReminder,
  topUpReminderList,
} from './reminders'

const tags = ['Reminders']

export function registerReminderRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const user = { onRequest: auth.userOrVirtual }

  api.post(
    '/api/LifePay/AddTopUpReminder',
    {
      config: { extension: true },
      ...user,
      schema: routeSchema({
        tags,
        summary: 'Set a top-up reminder on a saved account (consent required; reminders never charge)',
        description:
          'monthlyDay: `dayOfMonth` 1–31, at 09:00 Asia/Shanghai, a day past the month’s end meaning its last day. ' +
          'lowBalance (electricity, gas): `threshold` in yuan, checked daily, reminded once per fall below it. ' +
          'One active reminder per account and kind; at most 10 per user.',
        body: withChannel(AddTopUpReminderInput),
        data: TopUpReminder,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => ok(await addTopUpReminder(ctx, request.userId, request.body)),
  )

  api.post(
    '/api/LifePay/GetTopUpReminderList',
    {
      config: { extension: true },
      ...user,
      schema: routeSchema({
        tags,
        summary: 'The user’s active top-up reminders, newest first',
        body: withChannel(Type.Object({})),
        data: Type.Array(TopUpReminder),
        auth: 'userOrVirtual',
      }),
    },
    async (request) => ok(await topUpReminderList(ctx, request.userId)),
  )

  api.post(
    '/api/LifePay/CancelTopUpReminder',
    {
      config: { extension: true },
      ...user,
      schema: routeSchema({
        tags,
        summary: 'Cancel a reminder at once (cancelling again succeeds)',
        body: withChannel(TopUpReminderIdInput),
        data: NoData,
        auth: 'userOrVirtual',
      }),
    },
    async (request) => {
      await cancelTopUpReminder(ctx, request.userId, request.body.id)
      return ok(null)
    },
  )

  api.post(
    '/api/LifePay/SubscribeTopUpReminder',
    {
      config: { extension: true },
      ...user,
      schema: routeSchema({
        tags,
        summary: 'Record another subscribe-message grant for a WeChat / Alipay reminder (re-subscribe)',
        body: withChannel(SubscribeTopUpReminderInput),
        data: TopUpReminder,
        auth: 'userOrVirtual',
      }),
    },
    async (request) =>
      ok(await subscribeTopUpReminder(ctx, request.userId, request.body.id, request.body.subscription)),
  )

  api.post(
    '/api/LifePay/CancelTopUpReminderByToken',
    {
      config: { extension: true },
      schema: routeSchema({
        tags,
        summary: 'Cancel the reminder a message’s link names (no login: the token is the permission)',
        body: withChannel(CancelTopUpReminderByTokenInput),
        data: CancelledTopUpReminder,
      }),
    },
    async (request) => ok(await cancelTopUpReminderByToken(ctx, request.body.token)),
  )
}
