import type { AppContext } from '../../appContext'
import type { Tx } from '../../db/database'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { canTransition } from '@domain/orderTransitions'
import { supplierReportedDelivered } from '@domain/supplierResult'
import { RECHARGE_SUBMIT_JOB } from './jobKinds'
import type { OrderRow } from './orderView'
import { afterOrderCommit } from './orderWrites'
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

/** The dedupe keys of an order's recharge chains: the one its payment starts, and the one a rejection resumes. */
export const rechargeChainKeys = (orderNo: string) => [
  `${RECHARGE_SUBMIT_JOB}:${orderNo}`,
  `${RECHARGE_SUBMIT_JOB}:${orderNo}:resumed`,
]

/**
 * Puts a locked order's recharge to the supplier again if it is still owed and nothing is in flight. A chain still
 * under way (a submission waiting for its retry, or about to look at the order) goes on, made due now, and none is
 * added beside it: two chains would each submit, up to the attempts cap. A chain that ended (it found the
 * application under review, and ended itself under this lock: fulfilment.ts claimAttempt) is resumed by a new one.
 */
export async function resumeRecharge(ctx: AppContext, tx: Tx, order: OrderRow): Promise<void> {
  if (!mayStartAttempt(order) || (await attemptInFlight(tx, order.id))) return
  const [started, resumed] = rechargeChainKeys(order.orderNo)
  afterOrderCommit(tx, () => ctx.jobs.kick())
  if (await ctx.jobs.hastenLive(tx, [started, resumed])) return
  // One rejection per order (the table has no second application after it), so one resumption.
  await ctx.jobs.enqueue(tx, RECHARGE_SUBMIT_JOB, { orderNo: order.orderNo }, { dedupeKey: resumed })
}
