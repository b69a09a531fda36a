import { and, gte, inArray, isNotNull, lt, lte, or, type AnyColumn } from 'drizzle-orm'
import { LifePayStatus } from '@domain/lifePayStatus'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import type { SupplierQuery } from '../../providers/supplier'
import { mapLimited } from '../../jobs/mapLimited'
import type { OrderRow } from '../lifePay/orderView'
import { isDelivered } from '../lifePay/rechargeOwed'
import { both, type NewItem, type SourceResult } from './billReconciliation'
import { DAY_MS, type DayWindow } from './shanghaiDay'

// The supplier's side of a day (docs/money.md § Reconciliation): every order paid, delivered or refunded that day —
// and every paid order still without an outcome a day after payment — against the supplier's own order query. The
// money rule says each paid order ends with exactly one of "delivered" or "money returned"; this is where an operator
// learns that the supplier's record and ours no longer tell the same story, or that an order never reached either.

/** A paid order with neither outcome this long after payment is flagged, whatever day it was paid. */
export const OUTCOME_DEADLINE_MS = DAY_MS

/** The supplier is asked about this many orders at once: real ones limit query rates per merchant. */
const QUERY_CONCURRENCY = 8

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`
const refunded = (order: OrderRow) => order.payStatus === LifePayStatus.Refunded
const paid = (order: OrderRow) => order.payStatus !== LifePayStatus.Unpaid

/** Every way the supplier's answer and the order disagree, and a paid order overdue for its outcome. */
export function compareWithSupplier(order: OrderRow, supplier: SupplierQuery | null, now: Date): NewItem[] {
  const found: NewItem[] = []
  const flag = (kind: NewItem['kind'], explanation: NewItem['explanation']) =>
    found.push({
      kind,
      ref: order.orderNo,
      orderNo: order.orderNo,
      outTradeNo: order.outTradeNo,
      transactionId: order.transactionId,
      refundNo: order.refundNo,
      ourAmountFen: order.payAmountFen,
      providerAmountFen: null,
      explanation,
      action: 'operatorReview',
    })
  const state = `pay ${order.payStatus} / order ${order.lifePayOrderStatus}`
  const succeeded = supplier?.status === 'succeeded'
  const supplierOrderNo = supplier && 'supplierOrderNo' in supplier ? supplier.supplierOrderNo : null
  if (isDelivered(order) && supplier && !succeeded) {
    const reason = 'reason' in supplier && supplier.reason ? ` (${supplier.reason})` : ''
    flag(
      'deliveredSupplierDisagrees',
      both(
        `订单已到账（供应商回调为成功），但供应商订单查询为 ${supplier.status}${reason}。`,
        `The order is delivered (the supplier's callback said success) but the supplier's order query says ` +
          `${supplier.status}${reason}.`,
      ),
    )
  }
  if (succeeded && !isDelivered(order) && !refunded(order)) {
    flag(
      'supplierSucceededOrderNotDelivered',
      both(
        `供应商表示已充值（供应商单号 ${supplierOrderNo}），但订单未完成（${state}）：其回调从未结束该订单。`,
        `The supplier says it delivered (supplier order ${supplierOrderNo}) but the order is not delivered ` +
          `(${state}): its callback never settled the order.`,
      ),
    )
  }
  if (refunded(order) && (succeeded || isDelivered(order))) {
    const acknowledged = isDelivered(order) ? ' (an operator refunded it after the supplier reported delivery)' : ''
    flag(
      'deliveredAndRefunded',
      both(
        `款项已退回，且供应商表示已充值${acknowledged ? '（运营人员在供应商报告到账后仍退款）' : ''}：用户同时得到了充值和 ${yuan(order.payAmountFen)}。`,
        `The money was returned AND the supplier says it delivered${acknowledged}: the user has both the top-up ` +
          `and the ${yuan(order.payAmountFen)}.`,
      ),
    )
  }
  if (refunded(order) && supplier?.status === 'processing') {
    flag(
      'refundedSupplierProcessing',
      both(
        `款项已退回，但供应商仍在充值（供应商单号 ${supplierOrderNo}）：仍可能到账。`,
        `The money was returned but the supplier is still processing the recharge (supplier order ` +
          `${supplierOrderNo}): it may yet deliver.`,
      ),
    )
  }
  const open =
    (order.payStatus === LifePayStatus.Paid || order.payStatus === LifePayStatus.PendingRefund) && !isDelivered(order)
  if (open && order.payTime && now.getTime() - order.payTime.getTime() >= OUTCOME_DEADLINE_MS) {
    const hours = Math.floor((now.getTime() - order.payTime.getTime()) / (60 * 60 * 1000))
    flag(
      'noOutcomeAfter24h',
      both(
        `已付款 ${hours} 小时，既未到账也未退款（${state}，供应商 ${supplier?.status ?? '未查询'}）。`,
        `Paid ${hours} hours ago and neither delivered nor refunded (${state}, supplier ` +
          `${supplier?.status ?? 'not asked'}).`,
      ),
    )
  }
  return found
}

/** The day's paid orders against the supplier's records. */
export async function reconcileSupplier(ctx: AppContext, day: DayWindow): Promise<SourceResult> {
  const now = ctx.clock.now()
  const inDay = (column: AnyColumn) => and(gte(column, day.from), lt(column, day.to))
  const orders = await ctx.db
    .select()
    .from(lifePayOrders)
    .where(
      and(
        isNotNull(lifePayOrders.payTime),
        or(
          inDay(lifePayOrders.payTime),
          inDay(lifePayOrders.refundTime),
          inDay(lifePayOrders.finishTime),
          and(
            inArray(lifePayOrders.payStatus, [LifePayStatus.Paid, LifePayStatus.PendingRefund]),
            lte(lifePayOrders.payTime, new Date(now.getTime() - OUTCOME_DEADLINE_MS)),
            // Only into the reports of the day it was paid and the days after: an older day's report stays as it was.
            lt(lifePayOrders.payTime, day.to),
          ),
        ),
      ),
    )
    .orderBy(lifePayOrders.creationTime, lifePayOrders.orderNo)
  const answers = await mapLimited(orders.filter(paid), QUERY_CONCURRENCY, (order) =>
    ctx.providers.supplier.query(order.orderNo),
  )
  const items = orders.filter(paid).flatMap((order, n) => compareWithSupplier(order, answers[n], now))
  const delivered = orders.filter((order) => isDelivered(order) && order.finishTime && order.finishTime >= day.from)
  const supplierDelivered = answers.filter(
    (answer) =>
      answer.status === 'succeeded' &&
      answer.finishedAt !== null &&
      answer.finishedAt >= day.from &&
      answer.finishedAt < day.to,
  )
  const zero = { paymentCount: 0, paymentFen: 0, refundCount: 0, refundFen: 0 }
  return {
    items,
    ours: { ...zero, deliveredCount: delivered.filter((order) => order.finishTime! < day.to).length },
    theirs: { ...zero, deliveredCount: supplierDelivered.length },
  }
}
