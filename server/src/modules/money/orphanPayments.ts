import { randomBytes, randomUUID } from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { orphanPayments } from '../../db/schema'
import { errors } from '../../http/errors'
import { JobPriority } from '../../jobs/jobQueue'
import type { PaymentNotification } from '../../providers/payment'
import { paymentFor } from '../lifePay/paymentFor'
import { queueRefundCheck, settleOrphanRefund } from './refundConfirmation'

// Orphan payments (docs/money.md § Orphan payments): money a provider took that no order keeps — a second payment of
// a paid order (another pay type, another attempt), a payment of a closed or unknown order, another amount than the
// order asks. Recorded in the transaction that decides so (before the provider is acknowledged), then refunded
// automatically through the provider that took it; the order it names never changes state for it.

export type OrphanPaymentRow = typeof orphanPayments.$inferSelect

export const OrphanReason = {
  OrderAlreadyPaid: 'orderAlreadyPaid',
  OrderClosed: 'orderClosed',
  OrderUnknown: 'orderUnknown',
  AmountDiffers: 'amountDiffers',
} as const
export type OrphanReason = (typeof OrphanReason)[keyof typeof OrphanReason]

export const OrphanStatus = {
  Refunding: 'refunding',
  Returned: 'returned',
  NotReturned: 'notReturned',
  ReturnedManually: 'returnedManually',
} as const

/** Where we learned of the payment. */
export type PaymentSource = 'notification' | 'query' | 'bill'

export const ORPHAN_REFUND_JOB = 'orphan.refund'

/** Its own refund number (≤ 32 characters, as WeChat Pay's out_refund_no allows): never an order's. */
const orphanRefundNo = () => `RO${randomBytes(12).toString('hex')}`

/**
 * Records an orphan payment once per provider transaction, and queues its refund, in the caller's transaction.
 * 'duplicate' when this transaction was recorded before (a notification delivered again, a bill seen again).
 */
export async function recordOrphanPayment(
  ctx: AppContext,
  tx: Executor,
  payment: PaymentNotification,
  { orderNo, reason, source }: { orderNo: string | null; reason: OrphanReason; source: PaymentSource },
): Promise<'recorded' | 'duplicate'> {
  const now = ctx.clock.now()
  const [recorded] = await tx
    .insert(orphanPayments)
    .values({
      id: randomUUID(),
      lifePayType: payment.lifePayType,
      provider: ctx.config.payTypes[payment.lifePayType] ?? 'none',
      outTradeNo: payment.outTradeNo,
      orderNo,
      transactionId: payment.transactionId,
      amountFen: payment.amountFen,
      paidAt: payment.paidAt,
      reason,
      source,
      status: OrphanStatus.Refunding,
      refundNo: orphanRefundNo(),
      creationTime: now,
      updatedTime: now,
    })
    .onConflictDoNothing({ target: [orphanPayments.lifePayType, orphanPayments.transactionId] })
    .returning({ id: orphanPayments.id })
  if (!recorded) return 'duplicate'
  ctx.log.warn(
    { outTradeNo: payment.outTradeNo, transactionId: payment.transactionId, reason, source },
    'orphan payment recorded: refunding it',
  )
  await ctx.jobs.enqueue(
    tx,
    ORPHAN_REFUND_JOB,
    { id: recorded.id },
    { dedupeKey: `${ORPHAN_REFUND_JOB}:${recorded.id}` },
  )
  return 'recorded'
}

/** Pays an orphan back through the provider that took it, then has the provider's word on it checked. */
async function refundOrphan(ctx: AppContext, id: string): Promise<void> {
  const [orphan] = await ctx.db.select().from(orphanPayments).where(eq(orphanPayments.id, id))
  if (!orphan || orphan.status !== OrphanStatus.Refunding || orphan.refundTime) return
  // Idempotent on the refund number: a retry after a crash pays back once.
  await paymentFor(ctx, orphan.lifePayType).refund({
    outTradeNo: orphan.outTradeNo,
    refundNo: orphan.refundNo,
    amountFen: orphan.amountFen,
    transactionId: orphan.transactionId,
  })
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now()
    await tx
      .update(orphanPayments)
      .set({ refundTime: now, updatedTime: now, refundRemark: null })
      .where(and(eq(orphanPayments.id, id), eq(orphanPayments.status, OrphanStatus.Refunding)))
    await queueRefundCheck(ctx, tx, { target: 'orphan', ref: id })
  })
}

export function defineOrphanJobs(ctx: AppContext): void {
  ctx.jobs.define<{ id: string }>({
    kind: ORPHAN_REFUND_JOB,
    priority: JobPriority.paidOrder,
    handle: ({ id }) => refundOrphan(ctx, id),
    // The provider kept refusing (or is no longer configured): the money stays with us until an operator returns it.
    async onExhausted({ id }, _context, error) {
      const reason = error instanceof Error ? error.message : String(error)
      await settleOrphanRefund(ctx, ctx.db, id, 'failed', `refund refused: ${reason.slice(0, 500)}`)
    },
  })
}

/** Operator: orphan payments, newest first, optionally by status. */
export function listOrphanPayments(ctx: AppContext, statuses?: string[]): Promise<OrphanPaymentRow[]> {
  return ctx.db
    .select()
    .from(orphanPayments)
    .where(statuses && statuses.length > 0 ? inArray(orphanPayments.status, statuses) : undefined)
    .orderBy(desc(orphanPayments.creationTime))
    .limit(500)
}

/** Operator: the money an orphan's failed refund kept has been returned another way, and how. */
export async function markOrphanReturned(
  ctx: AppContext,
  executor: Executor,
  id: string,
  remark: string,
): Promise<OrphanPaymentRow> {
  const now = ctx.clock.now()
  const [updated] = await executor
    .update(orphanPayments)
    .set({ status: OrphanStatus.ReturnedManually, operatorRemark: remark.trim(), updatedTime: now })
    .where(and(eq(orphanPayments.id, id), eq(orphanPayments.status, OrphanStatus.NotReturned)))
    .returning()
  if (!updated) throw errors.badRequest('this orphan payment has no refund that failed')
  return updated
}
