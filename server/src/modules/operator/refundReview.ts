import { eq } from 'drizzle-orm'
import type { LifePayOrderListOutput } from '@contract/operator'
import { refundReason, required } from '@domain/validators'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import { errors } from '../../http/errors'
import { checkField } from '../../http/validation'
import { approveRefund, payBackApproved, rejectRefund } from '../lifePay/refunds'
import type { OrderRow } from '../lifePay/orderView'
import type { ActedBy } from '../operatorAccounts/operators'
import { auditedOrderStep } from './auditedOrderStep'
import { fromOrderList, toOrderListOutput } from './orderPage'
import { checkedVoucherUrl } from './refundVoucher'

// The refund review of both operator route families: RefundLifePayOrder / RejectRefundLifePayOrder (the production
// back end's names, by order id) and /api/admin/refunds/:orderNo/approve|reject (by order number, `npm run admin`).
// server/src/modules/lifePay/refunds.ts keeps every money rule (no approval while a recharge attempt is in flight,
// none for a delivered top-up without acknowledgeDelivered, an approval claimed before the money moves); this adds
// the voucher rule and the audit trail.

export async function orderNoOfId(ctx: AppContext, id: string): Promise<string> {
  const [order] = await ctx.db
    .select({ orderNo: lifePayOrders.orderNo })
    .from(lifePayOrders)
    .where(eq(lifePayOrders.id, id))
  if (!order) throw errors.orderNotFound()
  return order.orderNo
}

/** The order as GetLifePayOrderPage lists it. */
export async function orderListItem(ctx: AppContext, orderNo: string): Promise<Required<LifePayOrderListOutput>> {
  const [row] = await fromOrderList(ctx.db).where(eq(lifePayOrders.orderNo, orderNo))
  return toOrderListOutput(row)
}

export interface ApprovalInput {
  remark?: string
  acknowledgeDelivered?: boolean
  voucherUrl?: string
  /** Whether the approval must attach a voucher (docs/server.md § Operator side: every approval by a person does). */
  voucherRequired: boolean
  /** The request's own origin: the sandbox bucket's address. */
  origin: string
}

/**
 * Approve: the decision (the refund claimed, its payback queued) and its audit row in one transaction, then the money
 * goes back through the provider that took it (order 50, pay 40), after the commit (lifePay/refunds.ts).
 */
export async function approveRefundAudited(
  ctx: AppContext,
  by: ActedBy,
  orderNo: string,
  input: ApprovalInput,
): Promise<OrderRow> {
  const remark = input.remark?.trim() || undefined
  const acknowledgeDelivered = input.acknowledgeDelivered === true
  const voucherUrl = await checkedVoucherUrl(ctx, by.actor, input.voucherUrl, input.origin, input.voucherRequired)
  await auditedOrderStep(ctx, by, {
    orderNo,
    action: acknowledgeDelivered ? 'refund.approve.acknowledgeDelivered' : 'refund.approve',
    remark,
    act: (tx) => approveRefund(ctx, tx, orderNo, { remark, acknowledgeDelivered, voucherUrl }),
  })
  return payBackApproved(ctx, orderNo)
}

/** Reject with a reason the user sees (order 60, pay back to 20); a recharge still owed resumes. */
export async function rejectRefundAudited(
  ctx: AppContext,
  by: ActedBy,
  orderNo: string,
  field: string,
  reason: string | undefined,
): Promise<OrderRow> {
  checkField(field, reason, [required, refundReason])
  return auditedOrderStep(ctx, by, {
    orderNo,
    action: 'refund.reject',
    remark: (reason as string).trim(),
    act: (tx) => rejectRefund(ctx, tx, orderNo, reason as string),
  })
}
