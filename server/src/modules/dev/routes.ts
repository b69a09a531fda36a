import { randomBytes } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { mobilePhone, required } from '../../../../src/domain/validators'
import type { AppContext } from '../../appContext'
import { smsOutbox, wxSessions } from '../../db/schema'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { arr, body, bool, dateTime, int, obj, oneOfValues, query, routeSchema, str } from '../../http/schemas'
import { checkField } from '../../http/validation'
import { encryptWxData, type WxPhoneData } from '../../providers/wxCrypto'

const tags = ['Sandbox (dev)']

/** Sandbox helpers, each present only while its sandbox provider is active (docs/api.md § Sandbox). */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.providers.sms.sandbox) {
    app.get<{ Querystring: { phoneNumber: string } }>(
      '/api/dev/sms-outbox',
      {
        schema: routeSchema({
          tags,
          summary: 'Messages the sandbox SMS provider "sent" to a number, newest first',
          querystring: query({ phoneNumber: str({ maxLength: 20 }) }, ['phoneNumber']),
          data: arr(
            obj({ phoneNumber: str(), businessType: int(), code: str(), text: str(), creationTime: dateTime() }, [
              'phoneNumber',
              'businessType',
              'code',
              'text',
              'creationTime',
            ]),
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
    app.post<{ Body: { orderNo: string; deliveries?: 1 | 2 } }>(
      '/api/dev/pay/confirm',
      {
        schema: routeSchema({
          tags,
          summary: 'Sandbox cashier "pay": the provider then notifies the server asynchronously (sometimes twice)',
          description: '`deliveries` forces 1 or 2 notifications; by default 2 with SANDBOX_DUPLICATE_NOTIFY_RATE.',
          body: body({ orderNo: str({ minLength: 1, maxLength: 64 }), deliveries: oneOfValues([1, 2]) }, ['orderNo']),
          data: obj({ orderNo: str(), transactionId: str(), deliveries: int() }, [
            'orderNo',
            'transactionId',
            'deliveries',
          ]),
        }),
      },
      async (request) => {
        const { orderNo, deliveries } = request.body
        return ok({ orderNo, ...(await sandboxPayment.confirm(orderNo, deliveries)) })
      },
    )

    app.post<{ Body: { orderNo: string } }>(
      '/api/dev/pay/cancel',
      {
        schema: routeSchema({
          tags,
          summary: 'Sandbox cashier "cancel": the order stays unpaid and can be paid again',
          body: body({ orderNo: str({ minLength: 1, maxLength: 64 }) }, ['orderNo']),
          data: obj({ orderNo: str(), cancelled: bool() }, ['orderNo', 'cancelled']),
        }),
      },
      async (request) =>
        ok({ orderNo: request.body.orderNo, cancelled: await sandboxPayment.cancel(request.body.orderNo) }),
    )
  }

  if (ctx.providers.identity.sandbox) {
    app.post<{ Body: { openId: string; phoneNumber: string } }>(
      '/api/dev/wx/phone-auth',
      {
        schema: routeSchema({
          tags,
          summary:
            'What WeChat’s getPhoneNumber returns for a phone: encryptedData + iv under the openId’s session key',
          body: body({ openId: str({ minLength: 1, maxLength: 64 }), phoneNumber: str({ maxLength: 20 }) }, [
            'openId',
            'phoneNumber',
          ]),
          data: obj({ encryptedData: str(), iv: str() }, ['encryptedData', 'iv']),
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
        return ok({ encryptedData: encryptWxData(session.sessionKey, iv, data), iv })
      },
    )
  }
}
