import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm'
import { LifePayType } from '@domain/lifePayType'
import type { Clock } from '../clock'
import { rowsOf, type Db } from '../db/database'
import { sandboxPayments, sandboxRefunds } from '../db/schema'
import { errors } from '../http/errors'
import { JobPriority, type BatchOutcome, type JobQueue, type JobRow } from '../jobs/jobQueue'
import { SANDBOX_WX_APP_ID } from './identity'
import { providerRef, type PaymentProvider, type ProviderBill } from './payment'

// Sandbox payment provider: it stands in for WeChat Pay and for Alipay, each pay type a provider of its own over one
// ledger (`sandbox_payments`, `sandbox_refunds`, told apart by life_pay_type), as the real two are separate systems
// that both know the same out_trade_no. The sandbox cashier (POST /api/dev/pay/confirm) stands in for the wallet; the
// provider then notifies our notify route asynchronously, signed, sometimes twice. The notification's `orderNo` field
// is the payment's out_trade_no.

export const NOTIFY_PATHS: Record<LifePayType, string> = {
  [LifePayType.WxPay]: '/api/pay/notify/wxpay',
  [LifePayType.AliPay]: '/api/pay/notify/alipay',
}

/** Notifications older (or newer) than this are refused: a captured one cannot be replayed later. */
const NOTIFY_MAX_SKEW_S = 300

export const PAY_NOTIFY_JOB = 'sandbox.payNotify'
/** At most this many of its notifications go out together. */
const NOTIFY_BATCH_SIZE = 50

interface PayNotifyPayload {
  notification: { orderNo: string; transactionId: string; lifePayType: LifePayType; amountFen: number; paidAt: string }
  delivery: number
}

export interface NotifyDelivery {
  (path: string, headers: Record<string, string>, body: string): Promise<{ status: number; success: boolean }>
}

export interface SandboxPaymentDeps {
  db: Db
  clock: Clock
  jobs: JobQueue
  merchantKey: string
  duplicateNotifyRate: number
  random: () => number
  /** How the provider reaches our notify route (app.inject in-process). */
  deliver: NotifyDelivery
}

export interface SandboxPayment {
  /** The stand-in for one pay type's provider. */
  provider(lifePayType: LifePayType): PaymentProvider
  /**
   * The user paid in the sandbox cashier: the attempt's latest prepay is marked paid and its notification(s) queued.
   * Paying an attempt that is not open (closed, paid) is what a second wallet would do: it is paid all the same, as
   * a real provider would take the money, and the server must refund it (an orphan payment) — `force` allows it.
   */
  confirm(
    outTradeNo: string,
    lifePayType: LifePayType,
    options?: { deliveries?: 1 | 2; force?: boolean },
  ): Promise<{ transactionId: string; deliveries: number }>
  /** The user cancelled in the cashier: the order stays unpaid and can be paid again. */
  cancel(outTradeNo: string, lifePayType: LifePayType): Promise<boolean>
  /** Headers that sign `body` as the provider does (tests and the notify job use it). */
  signNotification(body: string): Record<string, string>
}

function randomId(bytes: number): string {
  return randomBytes(bytes).toString('hex')
}

function stamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14)
}

export function createSandboxPayment(deps: SandboxPaymentDeps): SandboxPayment {
  const { db, clock, jobs, merchantKey } = deps

  const hmac = (text: string) => createHmac('sha256', merchantKey).update(text).digest()

  function signNotification(body: string): Record<string, string> {
    const timestamp = String(Math.floor(clock.now().getTime() / 1000))
    const nonce = randomId(16)
    return {
      'content-type': 'application/json',
      'x-pay-timestamp': timestamp,
      'x-pay-nonce': nonce,
      'x-pay-signature': hmac(`${timestamp}\n${nonce}\n${body}\n`).toString('base64'),
    }
  }

  async function notify({ notification }: PayNotifyPayload, job: JobRow): Promise<void> {
    const body = JSON.stringify(notification)
    const answer = await deps.deliver(NOTIFY_PATHS[notification.lifePayType], signNotification(body), body)
    // Like real providers: anything but an acknowledgement means "deliver again later".
    if (!answer.success) throw new Error(`notify answered HTTP ${answer.status} (job ${job.id})`)
  }

  jobs.define<PayNotifyPayload>({
    kind: PAY_NOTIFY_JOB,
    // A real provider's notification arrives as a request beside our queue: it must not wait behind background work,
    // nor should a burst of them hold up the recharges of orders already paid (docs/server.md § Jobs).
    priority: JobPriority.sandboxProvider,
    // A provider with many payments to report sends their notifications at once, each its own request (the notify
    // route groups the writes of those arriving together: payments.ts).
    batch: {
      size: NOTIFY_BATCH_SIZE,
      handle: (batch) =>
        Promise.all(
          batch.map(({ payload, job }) =>
            notify(payload, job).then(
              (): BatchOutcome => 'done',
              (error: unknown): BatchOutcome => ({ error }),
            ),
          ),
        ),
    },
    handle: (payload, { job }) => notify(payload, job),
  })

  /** The view of one pay type: every read and write of the ledger is kept to its rows. */
  function provider(lifePayType: LifePayType): PaymentProvider {
    const own = (outTradeNo: string) =>
      and(eq(sandboxPayments.orderNo, outTradeNo), eq(sandboxPayments.lifePayType, lifePayType))
    return {
      sandbox: true,

      async prepare(executor, order) {
        const now = clock.now()
        const wx = lifePayType === LifePayType.WxPay
        const prepayId = wx ? `wx${stamp(now)}${randomId(8)}` : `${stamp(now)}${randomId(6)}`
        await executor.insert(sandboxPayments).values({
          prepayId,
          orderNo: order.outTradeNo,
          lifePayType,
          amountFen: order.amountFen,
          status: 'created',
          creationTime: now,
          updatedTime: now,
        })
        // Web payments too go through the sandbox cashier: nothing leaves for a provider's page.
        if (!wx) return { wxPay: null, aliPayTradeNo: prepayId, webPayUrl: null }
        const timeStamp = String(Math.floor(now.getTime() / 1000))
        const nonceStr = randomId(16)
        const pkg = `prepay_id=${prepayId}`
        const signType = 'HMAC-SHA256' as const
        // WeChat Pay v2 JSAPI signature: sorted key=value pairs, then &key=<merchant key>, upper-case hex.
        const signed = `appId=${SANDBOX_WX_APP_ID}&nonceStr=${nonceStr}&package=${pkg}&signType=${signType}&timeStamp=${timeStamp}`
        const paySign = createHmac('sha256', merchantKey)
          .update(`${signed}&key=${merchantKey}`)
          .digest('hex')
          .toUpperCase()
        return {
          wxPay: { appId: SANDBOX_WX_APP_ID, timeStamp, nonceStr, package: pkg, signType, paySign },
          aliPayTradeNo: null,
          webPayUrl: null,
        }
      },

      verifyNotification(headers, rawBody) {
        const header = (name: string) => {
          const value = headers[name]
          return typeof value === 'string' ? value : undefined
        }
        const timestamp = header('x-pay-timestamp')
        const nonce = header('x-pay-nonce')
        const signature = header('x-pay-signature')
        if (!timestamp || !nonce || !signature) return null
        const skew = Math.abs(clock.now().getTime() / 1000 - Number(timestamp))
        if (!Number.isFinite(skew) || skew > NOTIFY_MAX_SKEW_S) return null
        const expected = hmac(`${timestamp}\n${nonce}\n${rawBody}\n`)
        const given = Buffer.from(signature, 'base64')
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
        try {
          const body = JSON.parse(rawBody) as Partial<PayNotifyPayload['notification']>
          const outTradeNo = providerRef(body.orderNo)
          const transactionId = providerRef(body.transactionId)
          const { lifePayType: notifiedType, amountFen, paidAt } = body
          if (!outTradeNo || !transactionId) return null
          if (notifiedType !== LifePayType.WxPay && notifiedType !== LifePayType.AliPay) return null
          if (!Number.isSafeInteger(amountFen) || (amountFen as number) <= 0 || typeof paidAt !== 'string') return null
          // A time that is not a date would reach the database as an invalid timestamp: the notification is malformed.
          const paidDate = new Date(paidAt)
          if (Number.isNaN(paidDate.getTime())) return null
          return {
            kind: 'paid',
            outTradeNo,
            transactionId,
            lifePayType: notifiedType,
            amountFen: amountFen as number,
            paidAt: paidDate,
          }
        } catch {
          return null
        }
      },

      async close(outTradeNo) {
        return db.transaction(async (tx) => {
          const payments = await tx.select().from(sandboxPayments).where(own(outTradeNo)).for('update')
          if (payments.some((payment) => payment.status === 'paid')) return 'paid' as const
          await tx
            .update(sandboxPayments)
            .set({ status: 'closed', updatedTime: clock.now() })
            .where(and(own(outTradeNo), ne(sandboxPayments.status, 'closed')))
          return 'closed' as const
        })
      },

      async refund(request) {
        await db
          .insert(sandboxRefunds)
          .values({
            refundNo: request.refundNo,
            orderNo: request.outTradeNo,
            lifePayType,
            transactionId: request.transactionId,
            amountFen: request.amountFen,
            creationTime: clock.now(),
          })
          .onConflictDoNothing()
      },

      async queryPayment(outTradeNo) {
        // An attempt may have had several prepays (the payer tapped pay again); at most one of them is ever paid.
        const payments = await db.select().from(sandboxPayments).where(own(outTradeNo))
        const paid = payments.find((payment) => payment.status === 'paid')
        if (paid) {
          return {
            status: 'paid',
            amountFen: paid.amountFen,
            transactionId: paid.transactionId ?? '',
            paidAt: paid.updatedTime,
          }
        }
        if (payments.length === 0) return { status: 'notFound' }
        // A cancelled cashier leaves the trade payable (WeChat Pay's NOTPAY); only a close ends it.
        return payments.every((payment) => payment.status === 'closed') ? { status: 'closed' } : { status: 'unpaid' }
      },

      async queryRefund(refundNo) {
        // Sandbox refunds succeed as they are asked for; a real provider may answer `processing` first.
        const [refund] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, refundNo))
        if (!refund) return { status: 'notFound' }
        return { status: 'succeeded', amountFen: refund.amountFen, refundedAt: refund.creationTime }
      },

      async downloadBill(date): Promise<ProviderBill> {
        // The sandbox's bill is its ledger's day, cut at once (the real ones after 09:00–10:00 the next day).
        const from = new Date(`${date}T00:00:00+08:00`)
        const to = new Date(from.getTime() + 24 * 3600_000)
        const paid = await db
          .select()
          .from(sandboxPayments)
          .where(
            and(
              eq(sandboxPayments.lifePayType, lifePayType),
              eq(sandboxPayments.status, 'paid'),
              gte(sandboxPayments.updatedTime, from),
              lt(sandboxPayments.updatedTime, to),
            ),
          )
        const refunded = await db
          .select()
          .from(sandboxRefunds)
          .where(
            and(
              eq(sandboxRefunds.lifePayType, lifePayType),
              gte(sandboxRefunds.creationTime, from),
              lt(sandboxRefunds.creationTime, to),
            ),
          )
        const payments = paid.map((payment) => ({
          outTradeNo: payment.orderNo,
          transactionId: payment.transactionId ?? '',
          amountFen: payment.amountFen,
          paidAt: payment.updatedTime,
        }))
        const refunds = refunded.map((refund) => ({
          outTradeNo: refund.orderNo,
          transactionId: refund.transactionId ?? '',
          refundNo: refund.refundNo,
          amountFen: refund.amountFen,
          at: refund.creationTime,
          status: 'succeeded' as const,
        }))
        return {
          payments,
          refunds,
          summary: {
            paymentCount: payments.length,
            paymentFen: payments.reduce((sum, payment) => sum + payment.amountFen, 0),
            refundCount: refunds.length,
            refundFen: refunds.reduce((sum, refund) => sum + refund.amountFen, 0),
          },
        }
      },
    }
  }

  return {
    provider,
    signNotification,

    async confirm(outTradeNo, lifePayType, options = {}) {
      const now = clock.now()
      const transactionId = `sbx${stamp(now)}${randomId(8)}`
      const count = options.deliveries ?? (deps.random() < deps.duplicateNotifyRate ? 2 : 1)
      const payable = options.force ? sql`status in ('created', 'closed', 'cancelled')` : sql`status = 'created'`
      // One statement (issue 21): the attempt's latest prepay locked, paid if it was waiting, its other open prepays
      // closed, and its notification(s) queued, all or nothing without a transaction around six statements. A second
      // confirm waiting on the lock finds it paid (the locked row is read again once free) and changes nothing.
      const [payment] = rowsOf<{ status: string }>(
        await db.execute(sql`
          with payment as (
            select prepay_id, status from ${sandboxPayments}
            where order_no = ${outTradeNo} and life_pay_type = ${lifePayType}
            order by creation_time desc limit 1 for update
          ),
          paid as (
            update ${sandboxPayments} set status = 'paid', transaction_id = ${transactionId}, updated_time = ${now}::timestamptz
            where prepay_id = (select prepay_id from payment where ${payable})
            returning prepay_id, life_pay_type, amount_fen
          ),
          closed as (
            update ${sandboxPayments} set status = 'closed', updated_time = ${now}::timestamptz
            where order_no = ${outTradeNo} and life_pay_type = ${lifePayType} and status = 'created'
              and prepay_id <> (select prepay_id from paid)
          ),
          notify as (${jobs.enqueueFrom(
            PAY_NOTIFY_JOB,
            sql`paid cross join generate_series(1, ${count}::int) as delivery`,
            sql`jsonb_build_object('notification', jsonb_build_object('orderNo', ${outTradeNo}::text, 'transactionId', ${transactionId}::text, 'lifePayType', life_pay_type, 'amountFen', amount_fen, 'paidAt', ${now.toISOString()}::text), 'delivery', delivery)`,
          )})
          select status from payment`),
      )
      if (!payment) throw errors.sandboxPaymentNotStarted()
      if (!options.force) {
        if (payment.status === 'closed') throw errors.orderClosed()
        if (payment.status === 'paid') throw errors.orderAlreadyPaid()
        if (payment.status !== 'created') throw errors.sandboxPaymentNotStarted()
      } else if (payment.status === 'paid') {
        throw errors.orderAlreadyPaid()
      }
      jobs.kick()
      return { transactionId, deliveries: count }
    },

    async cancel(outTradeNo, lifePayType) {
      const now = clock.now()
      const cancelled = await db
        .update(sandboxPayments)
        .set({ status: 'cancelled', updatedTime: now })
        .where(
          and(
            eq(sandboxPayments.orderNo, outTradeNo),
            eq(sandboxPayments.lifePayType, lifePayType),
            eq(sandboxPayments.status, 'created'),
          ),
        )
        .returning()
      return cancelled.length > 0
    },
  }
}
