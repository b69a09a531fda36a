import { randomBytes } from 'node:crypto'
import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { DateTime, OneOf } from '@contract/schema'
import { mobilePhone, required } from '@domain/validators'
import type { AppContext } from '../../appContext'
import { sandboxNotifications, smsOutbox, wxSessions } from '../../db/schema'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema, withChannel } from '../../http/schemas'
import { checkField } from '../../http/validation'
import { encryptWxData, type WxPhoneData } from '../../providers/wxCrypto'
import { isUuid } from '@domain/uuid'
import { dueNow } from '../reminders/reminderRuns'
import { latestAttempt } from '../money/paymentAttempts'
import { LifePayType } from '@domain/lifePayType'

const tags = ['Sandbox (dev)']

/** Sandbox helpers, each present only while its sandbox provider is active (docs/api.md § Sandbox). */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  if (ctx.providers.sms.sandbox) {
    api.get(
      '/api/dev/sms-outbox',
      {
        schema: routeSchema({
          tags,
          summary: 'Messages the sandbox SMS provider "sent" to a number, newest first',
          querystring: withChannel(Type.Object({ phoneNumber: Type.String({ maxLength: 20 }) })),
          data: Type.Array(
            Type.Object({
              phoneNumber: Type.String(),
              businessType: Type.Integer(),
              code: Type.String(),
              text: Type.String(),
              creationTime: DateTime(),
            }),
          ),
        }),
      },
      async (request) => {
        const rows = await ctx.db
          .select()
          .from(smsOutbox)
          .where(eq(smsOutbox.phoneNumber, request.query.phoneNumber.trim()))
          .orderBy(desc(smsOutbox.creationTime), desc(smsOutbox.id))
          .limit(20)
        return ok(
          rows.map(({ id: _id, creationTime, ...row }) => ({ ...row, creationTime: creationTime.toISOString() })),
        )
      },
    )
  }

  const sandboxPayment = ctx.sandboxes.payment
  if (sandboxPayment) {
    api.post(
      '/api/dev/pay/confirm',
      {
        schema: routeSchema({
          tags,
          summary: 'Sandbox cashier "pay": the provider then notifies the server asynchronously (sometimes twice)',
          description:
            "Pays the order's latest payment attempt (the one GetPayOrderForJsAPI opened). `deliveries` forces 1 or 2 " +
            'notifications; by default 2 with SANDBOX_DUPLICATE_NOTIFY_RATE. `lifePayType` with `secondWallet` pays ' +
            "that pay type's latest attempt even though it was closed — what a second wallet a provider let through " +
            'would do: the server records it as an orphan payment and refunds it.',
          body: withChannel(
            Type.Object({
              orderNo: Type.String({ minLength: 1, maxLength: 64 }),
              deliveries: Type.Optional(OneOf([1, 2])),
              lifePayType: Type.Optional(OneOf([LifePayType.WxPay, LifePayType.AliPay])),
              secondWallet: Type.Optional(Type.Boolean()),
            }),
          ),
          data: Type.Object({ orderNo: Type.String(), transactionId: Type.String(), deliveries: Type.Integer() }),
        }),
      },
      async (request) => {
        const { orderNo, deliveries, lifePayType, secondWallet } = request.body
        const attempt = await latestAttempt(ctx.db, orderNo, lifePayType)
        if (!attempt) throw errors.sandboxPaymentNotStarted()
        const paid = await sandboxPayment.confirm(attempt.outTradeNo, attempt.lifePayType as LifePayType, {
          deliveries,
          force: secondWallet === true,
        })
        return ok({ orderNo, ...paid })
      },
    )

    api.post(
      '/api/dev/pay/cancel',
      {
        schema: routeSchema({
          tags,
          summary: 'Sandbox cashier "cancel": the order stays unpaid and can be paid again',
          body: withChannel(Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 64 }) })),
          data: Type.Object({ orderNo: Type.String(), cancelled: Type.Boolean() }),
        }),
      },
      async (request) => {
        const attempt = await latestAttempt(ctx.db, request.body.orderNo)
        const cancelled = attempt
          ? await sandboxPayment.cancel(attempt.outTradeNo, attempt.lifePayType as LifePayType)
          : false
        return ok({ orderNo: request.body.orderNo, cancelled })
      },
    )
  }

  if (ctx.providers.identity.sandbox) {
    api.post(
      '/api/dev/wx/phone-auth',
      {
        schema: routeSchema({
          tags,
          summary:
            'What WeChat’s getPhoneNumber returns for a phone: its one-use code, and encryptedData + iv under the ' +
            'openId’s session key (what older base libraries give)',
          body: withChannel(
            Type.Object({
              openId: Type.String({ minLength: 1, maxLength: 64 }),
              phoneNumber: Type.String({ maxLength: 20 }),
            }),
          ),
          data: Type.Object({
            encryptedData: Type.String(),
            iv: Type.String(),
            code: Type.String({ description: 'The one-use code of the phone button (base library ≥ 2.21.2)' }),
          }),
        }),
      },
      async (request) => {
        const { openId, phoneNumber } = request.body
        checkField('phoneNumber', phoneNumber, [required, mobilePhone])
        const [session] = await ctx.db.select().from(wxSessions).where(eq(wxSessions.openId, openId))
        if (!session) throw errors.wxSessionInvalid()
        const iv = randomBytes(16).toString('base64')
        const data: WxPhoneData = {
          phoneNumber,
          purePhoneNumber: phoneNumber,
          countryCode: '86',
          watermark: { appid: session.appId, timestamp: Math.floor(ctx.clock.now().getTime() / 1000) },
        }
        const issuePhoneCode = ctx.providers.identity.issuePhoneCode?.bind(ctx.providers.identity)
        if (!issuePhoneCode) throw errors.badRequest('this identity provider issues no phone codes')
        const code = issuePhoneCode(session, phoneNumber)
        return ok({ encryptedData: encryptWxData(session.sessionKey, iv, data), iv, code })
      },
    )
  }

  // Never in production, even while a channel has no real adapter yet: the messages name users' numbers and ids.
  if (!ctx.config.production && Object.values(ctx.providers.notifications).some((provider) => provider.sandbox)) {
    api.get(
      '/api/dev/notifications',
      {
        schema: routeSchema({
          tags,
          summary: 'Notifications the sandbox notification provider "sent" (issue 20), newest first',
          description:
            'By `userId`, `orderNo` or `recipient` (at least one): the message a user would have received, per channel.',
          querystring: withChannel(
            Type.Object({
              userId: Type.Optional(Type.String({ format: 'uuid' })),
              orderNo: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
              /** A phone number, openid or Alipay user id: what reached that address (a reminder has no order). */
              recipient: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
            }),
          ),
          data: Type.Array(
            Type.Object({
              userId: Type.String(),
              channel: Type.String(),
              event: Type.String(),
              orderNo: Type.Union([Type.String(), Type.Null()]),
              recipient: Type.String(),
              text: Type.String(),
              params: Type.Record(Type.String(), Type.String()),
              creationTime: DateTime(),
            }),
          ),
        }),
      },
      async (request) => {
        const { userId, orderNo, recipient } = request.query
        if (!userId && !orderNo && !recipient) throw errors.badRequest('userId, orderNo or recipient is required')
        const filters: SQL[] = []
        if (userId) filters.push(eq(sandboxNotifications.userId, userId))
        if (orderNo) filters.push(eq(sandboxNotifications.orderNo, orderNo))
        if (recipient) filters.push(eq(sandboxNotifications.recipient, recipient))
        const rows = await ctx.db
          .select()
          .from(sandboxNotifications)
          .where(and(...filters))
          .orderBy(desc(sandboxNotifications.creationTime), desc(sandboxNotifications.id))
          .limit(50)
        return ok(
          rows.map(({ id: _id, creationTime, params, ...row }) => ({
            ...row,
            params: params as Record<string, string>,
            creationTime: creationTime.toISOString(),
          })),
        )
      },
    )

    // The e2e server runs on the real clock: a reminder's delivery (and the cancel link its message carries) is seen
    // there by making it due now. The schedule itself is tested with a test clock (server/test/reminders.test.ts).
    api.post(
      '/api/dev/reminders/due',
      {
        schema: routeSchema({
          tags,
          summary: 'An active top-up reminder falls due now (issue 20): its run sends it as at its real time',
          body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
          data: Type.Object({ id: Type.String(), due: DateTime() }),
        }),
      },
      async (request) => {
        const { id } = request.body
        const due = isUuid(id) ? await dueNow(ctx, id) : null
        if (!due) throw errors.reminderNotFound()
        return ok({ id, due: due.toISOString() })
      },
    )
  }
}
