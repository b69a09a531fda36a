import type { AppContext } from '../../appContext'
import type { Tx } from '../../db/database'
import { LifePayOrderStatus } from '../../../../src/domain/lifePayStatus'
import { canTransition } from '../../../../src/domain/orderTransitions'
import { supplierReportedDelivered } from '../../../../src/domain/supplierResult'
import { RECHARGE_SUBMIT_JOB } from './jobKinds'
import type { OrderRow } from './orderView'
import { attemptInFlight } from './rechargeAttempts'

// Whether the supplier still owes an order its recharge, shared by the submit job and the operator's rejection.

/** The supplier reported this order's recharge delivered (orders keep the supplier's last word). */
export const isDelivered = (order: Pick<OrderRow, 'supplierResult'>): boolean =>
  supplierReportedDelivered(order.supplierResult)

/**
 * The recharge is still owed and may be put to the supplier now: paid and not delivered, and no refund application
 * waiting for review (the operator decides on an order the supplier cannot change meanwhile).
 */
export function mayStartAttempt(order: OrderRow): boolean {
  return (
    canTransition(order, 'completeRecharge') &&
    order.lifePayOrderStatus !== LifePayOrderStatus.RefundPendingReview &&
    !isDelivered(order)
  )
}

/** Puts a locked order's recharge to the supplier again if it is still owed and nothing is in flight. */
export async function resumeRecharge(ctx: AppContext, tx: Tx, order: OrderRow): Promise<void> {
  if (!mayStartAttempt(order) || (await attemptInFlight(tx, order.id))) return
  // One rejection per order (the table has no second application after it), so one resumption.
  await ctx.jobs.enqueue(
    tx,
    RECHARGE_SUBMIT_JOB,
    { orderNo: order.orderNo },
    { dedupeKey: `${RECHARGE_SUBMIT_JOB}:${order.orderNo}:resumed` },
  )
}
