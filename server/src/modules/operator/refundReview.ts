import { eq } from 'drizzle-orm'
import type { LifePayOrderListOutput, RefundLifePayOrderInput } from '../../../../types/api/operator'
import { refundReason, required } from '../../../../src/domain/validators'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { errors } from '../../http/errors'
import { checkField } from '../../http/validation'
import { approveRefund, rejectRefund } from '../lifePay/refunds'
import { fromOrderList, toOrderListOutput } from './orderPage'

// RefundLifePayOrder / RejectRefundLifePayOrder: the production back end's names for the refund review of
// server/src/modules/lifePay/refunds.ts, which keeps every money rule (no approval while a recharge attempt is in
// flight, none for a delivered top-up without acknowledgeDelivered, an approval claimed before the money moves).

async function orderNoOf(ctx: AppContext, id: string): Promise<string> {
  const [order] = await ctx.db
    .select({ orderNo: lifePayOrders.orderNo })
    .from(lifePayOrders)
    .where(eq(lifePayOrders.id, id))
  if (!order) throw errors.orderNotFound()
  return order.orderNo
}

async function listItem(ctx: AppContext, orderNo: string): Promise<LifePayOrderListOutput> {
  const [row] = await fromOrderList(ctx.db).where(eq(lifePayOrders.orderNo, orderNo))
  return toOrderListOutput(row)
}

/** The order under review as the operator list shows it (the audit trail's "before"). */
export async function refundReviewItem(ctx: AppContext, id: string): Promise<LifePayOrderListOutput> {
  return listItem(ctx, await orderNoOf(ctx, id))
}

/** Approve: the money goes back through the provider that took it (order 50, pay 40). */
export async function approveRefundById(
  ctx: AppContext,
  input: RefundLifePayOrderInput,
): Promise<LifePayOrderListOutput> {
  const orderNo = await orderNoOf(ctx, input.id)
  await approveRefund(ctx, orderNo, {
    remark: input.refundCheckRemark?.trim() || undefined,
    acknowledgeDelivered: input.acknowledgeDelivered === true,
  })
  return listItem(ctx, orderNo)
}

/** Reject with a reason the user sees (order 60, pay back to 20); a recharge still owed resumes. */
export async function rejectRefundById(
  ctx: AppContext,
  input: RefundLifePayOrderInput,
): Promise<LifePayOrderListOutput> {
  checkField('refundCheckRemark', input.refundCheckRemark, [required, refundReason])
  const orderNo = await orderNoOf(ctx, input.id)
  await rejectRefund(ctx, orderNo, input.refundCheckRemark as string)
  return listItem(ctx, orderNo)
}
