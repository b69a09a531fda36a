import { eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { recordAudit } from '../operatorAccounts/audit'
import type { ActedBy } from '../operatorAccounts/operators'
import type { OrderRow } from '../lifePay/orderView'
import { lockOrder } from '../lifePay/orderLock'
import { orderTransaction } from '../lifePay/orderWrites'
import type { Tx } from '../../db/database'

// One operator step on one order, recorded in the audit trail with the order as it was before and after. Every
// route family that acts on an order's refund (the production names in routes.ts and /api/admin/refunds/… that
// `npm run admin` calls) goes through here, so the trail reads the same whichever way the operator came.

/** What the trail keeps of an order before and after an operator's action: its states and the review's words. */
export function orderSnapshot(order: OrderRow) {
  return {
    payStatus: order.payStatus,
    lifePayOrderStatus: order.lifePayOrderStatus,
    refundNo: order.refundNo,
    refundStatus: order.refundStatus,
    refundCheckRemark: order.refundCheckRemark,
    refundCredentialsImgUrl: order.refundCredentialsImgUrl,
    refundReturnedRemark: order.refundReturnedRemark,
  }
}

export async function orderByNo(ctx: AppContext, orderNo: string): Promise<OrderRow | undefined> {
  const [order] = await ctx.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
  return order
}

export interface OrderStep {
  orderNo: string
  action: string
  remark?: string | null
  /** Does the step in the audit row's transaction and answers the order as it now stands; throws when refused. */
  act: (tx: Tx) => Promise<OrderRow>
}

/**
 * Locks the order, acts and records who did what with the order before and after, in one transaction: the row
 * exists exactly when the step does (refused or rolled back, neither is written).
 */
export async function auditedOrderStep(ctx: AppContext, by: ActedBy, step: OrderStep): Promise<OrderRow> {
  return orderTransaction(ctx, async (tx) => {
    const before = await lockOrder(tx, step.orderNo)
    const after = await step.act(tx)
    await recordAudit(tx, ctx.clock.now(), {
      actor: by.actor,
      address: by.address,
      action: step.action,
      targetType: 'order',
      targetId: after.orderNo,
      before: before ? orderSnapshot(before) : null,
      after: orderSnapshot(after),
      remark: step.remark ?? null,
    })
    return after
  })
}
