import { eq } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { lifePayOrders } from '../../db/schema'
import type { RechargeResult } from '../../providers/supplier'
import { ORDER_EXPIRE_JOB, RECHARGE_SUBMIT_JOB, REFUND_AUTO_JOB } from './jobKinds'
import { canTransition } from '../../../../src/domain/orderTransitions'
import { transitionOrder } from './orderStateMachine'
import { closeUnpaidOrder, lockOrder } from './orders'
import { orderTransaction, updateOrderColumns } from './orderWrites'
import { payBackOrder } from './refunds'

interface OrderJob {
  orderNo: string
}

export const SUPPLIER_UNAVAILABLE_REMARK =
  '充值供应商暂不可用，已自动退款 (supplier unavailable: refunded automatically)'
export const RECHARGE_FAILED_REMARK = '充值失败，已自动退款 (recharge failed: refunded automatically)'

/** Marks a paid order's recharge failed and enqueues its refund, in one transaction. */
async function failRecharge(ctx: AppContext, orderNo: string, remark: string, supplierResult?: string): Promise<void> {
  await orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, orderNo)
    if (!order || !canTransition(order, 'failRecharge')) return
    const now = ctx.clock.now()
    await transitionOrder(
      tx,
      order,
      'failRecharge',
      { refundCheckRemark: remark, updatedTime: now, ...(supplierResult ? { supplierResult } : {}) },
      ctx.log,
    )
    await ctx.jobs.enqueue(tx, REFUND_AUTO_JOB, { orderNo }, { dedupeKey: `${REFUND_AUTO_JOB}:${orderNo}` })
  })
}

/** The supplier's result (its callback): completes the recharge, or fails it and starts the refund. */
export async function handleRechargeResult(ctx: AppContext, result: RechargeResult): Promise<void> {
  const supplierResult = result.success ? 'success' : `failed: ${result.reason ?? 'unknown'}`
  if (!result.success) {
    await failRecharge(ctx, result.orderNo, `${RECHARGE_FAILED_REMARK}: ${result.reason ?? ''}`.trim(), supplierResult)
  }
  await orderTransaction(ctx, async (tx) => {
    const order = await lockOrder(tx, result.orderNo)
    if (!order) return
    if (result.success && canTransition(order, 'completeRecharge')) {
      const now = ctx.clock.now()
      await transitionOrder(
        tx,
        order,
        'completeRecharge',
        { finishTime: now, supplierResult, updatedTime: now },
        ctx.log,
      )
    }
    // Whatever state the order reached meanwhile (e.g. a refund under review), the operator sees the supplier's word.
    await updateOrderColumns(tx, order, { supplierResult, supplierOrderNo: result.supplierOrderNo })
  })
}

/** The order lifecycle's background work, as durable jobs. */
export function defineOrderJobs(ctx: AppContext): void {
  ctx.jobs.define<OrderJob>({
    kind: ORDER_EXPIRE_JOB,
    async handle({ orderNo }) {
      await closeUnpaidOrder(ctx, orderNo)
    },
  })

  ctx.jobs.define<OrderJob>({
    kind: RECHARGE_SUBMIT_JOB,
    async handle({ orderNo }) {
      const [order] = await ctx.db.select().from(lifePayOrders).where(eq(lifePayOrders.orderNo, orderNo))
      // Paid and still waiting for the supplier, or there is nothing to do (already done, refund applied …).
      if (!order || !canTransition(order, 'completeRecharge')) return
      const { supplierOrderNo } = await ctx.providers.supplier.submit({
        orderNo,
        lifePayOrderType: order.lifePayOrderType,
        account: order.account,
        parValueFen: order.parValueFen,
        ispCode: order.ispCode,
        electricType: order.electricType,
        gasOrgType: order.gasOrgType,
      })
      await orderTransaction(ctx, (tx) => updateOrderColumns(tx, order, { supplierOrderNo }))
    },
    // The supplier never took it: the user gets the money back rather than waiting forever.
    async onExhausted({ orderNo }) {
      await failRecharge(ctx, orderNo, SUPPLIER_UNAVAILABLE_REMARK)
    },
  })

  ctx.jobs.define<OrderJob>({
    kind: REFUND_AUTO_JOB,
    async handle({ orderNo }) {
      await payBackOrder(ctx, orderNo, 'refundAutomatically')
    },
  })
}
