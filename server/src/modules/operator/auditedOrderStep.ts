import { eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { recordAudit } from '../operatorAccounts/audit'
import type { ActedBy } from '../operatorAccounts/operators'
import type { OrderRow } from '../lifePay/orderView'

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
  /** Does the step and answers the order as it now stands; throws (nothing recorded) when refused. */
  act: () => Promise<OrderRow>
}

/** Snapshots the order, acts, then records who did what with the order before and after (only once it happened). */
export async function auditedOrderStep(ctx: AppContext, by: ActedBy, step: OrderStep): Promise<OrderRow> {
  const before = await orderByNo(ctx, step.orderNo)
  const after = await step.act()
  await recordAudit(ctx.db, ctx.clock.now(), {
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
}
