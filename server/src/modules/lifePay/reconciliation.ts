import { and, gte, inArray, isNotNull, lt, lte, or, type AnyColumn } from 'drizzle-orm'
import type {
  ReconciliationMismatch,
  ReconciliationMismatchKind,
  ReconciliationReport,
  ReconciliationTotals,
} from '../../../../types/api/admin'
import { LifePayOrderStatus, LifePayStatus } from '../../../../src/domain/lifePayStatus'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { errors } from '../../http/errors'
import type { PaymentQuery, RefundQuery } from '../../providers/payment'
import type { SupplierQuery } from '../../providers/supplier'
import type { OrderRow } from './orderView'
import { isDelivered } from './rechargeOwed'
import { paymentFor } from './paymentFor'
import { refundNoOf } from './refunds'
import { mapLimited } from '../../jobs/mapLimited'

// The daily reconciliation (docs/api.md § Reconciliation): each order of a day against what the payment provider
// and the supplier answer when asked about it. The money rule (§ Refunds and deliveries) says every paid order ends
// with exactly one of "delivered" or "money returned"; this report is how an operator learns that the providers'
// records and ours no longer tell the same story, or that an order never reached an outcome.

/** China has kept +08:00 all year since 1991: a calendar day there is a fixed 24-hour window. */
const SHANGHAI_OFFSET = '+08:00'
const DAY_MS = 24 * 60 * 60 * 1000

/** A paid order with neither outcome this long after payment is flagged, whatever day it was paid. */
export const OUTCOME_DEADLINE_MS = DAY_MS

/** Providers are asked about this many orders at once: real ones limit query rates per merchant. */
const QUERY_CONCURRENCY = 8

export interface DayWindow {
  date: string
  from: Date
  to: Date
}

/** The Asia/Shanghai calendar day `date` (YYYY-MM-DD) as [from, to); null when it is not a real date. */
export function shanghaiDay(date: string): DayWindow | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const from = new Date(`${date}T00:00:00${SHANGHAI_OFFSET}`)
  // Date.parse rolls 2026-02-30 over to March: a date that does not come back as itself is not a date.
  if (Number.isNaN(from.getTime()) || shanghaiDate(from) !== date) return null
  return { date, from, to: new Date(from.getTime() + DAY_MS) }
}

/** The Asia/Shanghai calendar date of an instant, YYYY-MM-DD. */
export function shanghaiDate(instant: Date): string {
  return new Date(instant.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** Yesterday in Asia/Shanghai: the default day, the last one complete when a nightly job runs. */
export function previousShanghaiDate(now: Date): string {
  return shanghaiDate(new Date(now.getTime() - DAY_MS))
}

interface ProviderAnswers {
  payment: PaymentQuery
  /** Asked only for an order paid on either side; null otherwise. */
  refund: RefundQuery | null
  /** Asked only for an order paid on either side; null otherwise. */
  supplier: SupplierQuery | null
}

const emptyTotals = (): ReconciliationTotals => ({
  paidCount: 0,
  paidFen: 0,
  refundedCount: 0,
  refundedFen: 0,
  deliveredCount: 0,
})

const within = (time: Date | null, day: DayWindow) => time !== null && time >= day.from && time < day.to

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

const orderPaid = (order: OrderRow) => order.payStatus !== LifePayStatus.Unpaid

const orderRefunded = (order: OrderRow) => order.payStatus === LifePayStatus.Refunded

async function askProviders(ctx: AppContext, order: OrderRow): Promise<ProviderAnswers> {
  // No pay type: never prepared (the pay type is written in the transaction that prepares), no provider to ask.
  if (order.lifePayType === null) return { payment: { status: 'notFound' }, refund: null, supplier: null }
  const provider = paymentFor(ctx, order.lifePayType)
  const payment = await provider.queryPayment(order.orderNo)
  // An order nobody paid has no refund or recharge to ask about.
  if (!orderPaid(order) && payment.status !== 'paid') return { payment, refund: null, supplier: null }
  const [refund, supplier] = await Promise.all([
    provider.queryRefund(order.refundNo ?? refundNoOf(order.orderNo), order.orderNo),
    ctx.providers.supplier.query(order.orderNo),
  ])
  return { payment, refund, supplier }
}

/** Every way `order` and the providers' answers disagree, and a paid order overdue for its outcome. */
export function compareOrder(order: OrderRow, answers: ProviderAnswers, now: Date): ReconciliationMismatch[] {
  const found: ReconciliationMismatch[] = []
  const flag = (kind: ReconciliationMismatchKind, explanation: string) =>
    found.push({ orderNo: order.orderNo, kind, explanation })
  const { payment, refund, supplier } = answers
  const state = `order is pay ${order.payStatus} / order ${order.lifePayOrderStatus}`

  if (payment.status === 'paid' && !orderPaid(order)) {
    const closed = order.lifePayOrderStatus === LifePayOrderStatus.Failed ? ', closed without a refund' : ''
    flag(
      'providerPaidOrderUnpaid',
      `The payment provider says ${yuan(payment.amountFen)} was paid (transaction ${payment.transactionId}) but the ` +
        `order is unpaid${closed} (${state}): the payment notification never settled it.`,
    )
  }
  if (orderPaid(order) && payment.status !== 'paid') {
    flag(
      'orderPaidProviderUnpaid',
      `The order is paid (${yuan(order.payAmountFen)}, transaction ${order.transactionId ?? 'none'}) but the payment ` +
        `provider says the payment is ${payment.status}.`,
    )
  }
  if (orderPaid(order) && payment.status === 'paid') {
    if (payment.amountFen !== order.payAmountFen) {
      flag(
        'paidAmountDiffers',
        `The order charges ${yuan(order.payAmountFen)} but the payment provider took ${yuan(payment.amountFen)}.`,
      )
    }
    if (order.transactionId !== payment.transactionId) {
      flag(
        'transactionIdDiffers',
        `The order records transaction ${order.transactionId ?? 'none'} but the payment provider's is ` +
          `${payment.transactionId}.`,
      )
    }
  }

  const providerRefunded = refund !== null && (refund.status === 'succeeded' || refund.status === 'processing')
  // An abnormal or closed refund the operator has since returned another way (refundNotifications.ts).
  const returnedManually = order.refundStatus === 'returnedManually'
  if (orderRefunded(order)) {
    if (!providerRefunded) {
      if (!returnedManually) {
        flag(
          'orderRefundedNoProviderRefund',
          `The order is refunded (refund ${order.refundNo ?? 'none'}) but the payment provider's refund query ` +
            `answers ${refund?.status ?? 'nothing'}: the user may not have the money back.`,
        )
      }
    } else if (refund.amountFen !== order.payAmountFen) {
      flag(
        'refundAmountDiffers',
        `The order paid ${yuan(order.payAmountFen)} but the payment provider refunded ${yuan(refund.amountFen)}.`,
      )
    }
  } else if (providerRefunded) {
    flag(
      'providerRefundedOrderNotRefunded',
      `The payment provider refunded ${yuan(refund.amountFen)} (${refund.status}) but the order is not refunded ` +
        `(${state}): the money went back and the order may still be delivered.`,
    )
  }

  const supplierSucceeded = supplier?.status === 'succeeded'
  if (isDelivered(order) && supplier && !supplierSucceeded) {
    flag(
      'deliveredSupplierDisagrees',
      `The order is delivered (the supplier's callback said success) but the supplier's order query says ` +
        `${supplier.status}${'reason' in supplier && supplier.reason ? ` (${supplier.reason})` : ''}.`,
    )
  }
  if (supplierSucceeded && !isDelivered(order) && !orderRefunded(order)) {
    flag(
      'supplierSucceededOrderNotDelivered',
      `The supplier says it delivered (supplier order ${supplier.supplierOrderNo}) but the order is not delivered ` +
        `(${state}): its callback never settled the order.`,
    )
  }
  // Money returned by either side's word: a refund the order never recorded is still money the user has back.
  if ((orderRefunded(order) || providerRefunded) && (supplierSucceeded || isDelivered(order))) {
    const acknowledged =
      orderRefunded(order) && isDelivered(order)
        ? ' (an operator refunded it after the supplier reported delivery)'
        : ''
    flag(
      'deliveredAndRefunded',
      `The money was returned AND the supplier says it delivered${acknowledged}: the user has both the top-up and ` +
        `the ${yuan(order.payAmountFen)}.`,
    )
  }
  if ((orderRefunded(order) || providerRefunded) && supplier?.status === 'processing') {
    flag(
      'refundedSupplierProcessing',
      `The money was returned but the supplier is still processing the recharge (supplier order ` +
        `${supplier.supplierOrderNo}): it may yet deliver.`,
    )
  }

  const open =
    (order.payStatus === LifePayStatus.Paid || order.payStatus === LifePayStatus.PendingRefund) && !isDelivered(order)
  if (open && order.payTime && now.getTime() - order.payTime.getTime() >= OUTCOME_DEADLINE_MS) {
    const hours = Math.floor((now.getTime() - order.payTime.getTime()) / (60 * 60 * 1000))
    flag(
      'noOutcomeAfter24h',
      `Paid ${hours} hours ago and neither delivered nor refunded (${state}, supplier ` +
        `${supplier?.status ?? 'not asked'}).`,
    )
  }
  return found
}

/** Adds what each side says happened within the day to the totals. */
function count(
  day: DayWindow,
  order: OrderRow,
  answers: ProviderAnswers,
  orders: ReconciliationTotals,
  providers: ReconciliationTotals,
): void {
  if (orderPaid(order) && within(order.payTime, day)) {
    orders.paidCount++
    orders.paidFen += order.payAmountFen
  }
  if (orderRefunded(order) && within(order.refundTime, day)) {
    orders.refundedCount++
    orders.refundedFen += order.payAmountFen
  }
  if (isDelivered(order) && within(order.finishTime, day)) orders.deliveredCount++

  const { payment, refund, supplier } = answers
  if (payment.status === 'paid' && within(payment.paidAt, day)) {
    providers.paidCount++
    providers.paidFen += payment.amountFen
  }
  if (refund?.status === 'succeeded' && within(refund.refundedAt, day)) {
    providers.refundedCount++
    providers.refundedFen += refund.amountFen
  }
  if (supplier?.status === 'succeeded' && within(supplier.finishedAt, day)) providers.deliveredCount++
}

/**
 * The reconciliation report of the Asia/Shanghai day `date`: every order created, paid, refunded or delivered that
 * day, plus every order paid by the day's end that is still without an outcome 24 hours after payment (so a stuck
 * order shows up in each later day's report until someone settles it), each compared with what the providers
 * answer now.
 */
export async function reconcileDay(ctx: AppContext, date: string): Promise<ReconciliationReport> {
  const day = shanghaiDay(date)
  if (!day) throw errors.badRequest(`date must be a calendar day YYYY-MM-DD, got "${date}"`)
  const now = ctx.clock.now()
  const inDay = (column: AnyColumn) => and(gte(column, day.from), lt(column, day.to))
  const orders = await ctx.db
    .select()
    .from(lifePayOrders)
    .where(
      or(
        inDay(lifePayOrders.creationTime),
        inDay(lifePayOrders.payTime),
        inDay(lifePayOrders.refundTime),
        inDay(lifePayOrders.finishTime),
        and(
          inArray(lifePayOrders.payStatus, [LifePayStatus.Paid, LifePayStatus.PendingRefund]),
          isNotNull(lifePayOrders.payTime),
          lte(lifePayOrders.payTime, new Date(now.getTime() - OUTCOME_DEADLINE_MS)),
          // Only into the reports of the day it was paid and the days after: an older day's report stays as it was.
          lt(lifePayOrders.payTime, day.to),
        ),
      ),
    )
    .orderBy(lifePayOrders.creationTime, lifePayOrders.orderNo)

  const answers = await mapLimited(orders, QUERY_CONCURRENCY, (order) => askProviders(ctx, order))
  const ours = emptyTotals()
  const theirs = emptyTotals()
  const mismatches: ReconciliationMismatch[] = []
  orders.forEach((order, index) => {
    count(day, order, answers[index], ours, theirs)
    mismatches.push(...compareOrder(order, answers[index], now))
  })
  const mismatchCounts: Record<string, number> = {}
  for (const mismatch of mismatches) mismatchCounts[mismatch.kind] = (mismatchCounts[mismatch.kind] ?? 0) + 1

  return {
    date: day.date,
    from: day.from.toISOString(),
    to: day.to.toISOString(),
    generatedAt: now.toISOString(),
    ordersCreated: orders.filter((order) => within(order.creationTime, day)).length,
    ordersCompared: orders.length,
    orders: ours,
    providers: theirs,
    mismatchCounts,
    mismatches,
  }
}
