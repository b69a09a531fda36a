import type { CarrierCode } from '@domain/carrier'
import type { ElectricAccountType, ElectricType } from '@domain/electric'
import type { GasProvider } from '@domain/gas'
import { lifePayFrontStatusOf, refundProgressOf } from '@domain/orderDisplayStatus'
import { canApplyRefund } from '@domain/orderTransitions'
import { expectedDeliveryTime } from '@domain/deliveryTime'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { fenToYuan } from '@domain/price'
import { supplierReportedDelivered } from '@domain/supplierResult'
import { maskSixId } from '@domain/sixId'
import type { LifePayType } from '@domain/lifePayType'
import type { LifePayOrderDetail, LifePayOrderListItem, LifePayOrderState } from '@contract/lifePay'
import type { OperatorOrder, RechargeAttempt } from '@contract/admin'
import { lifePayOrders } from '../../db/schema'
import { isAttemptInFlight, type RechargeAttemptRow } from './rechargeAttempts'
import { ppmToPercent } from './catalog'

export type OrderRow = typeof lifePayOrders.$inferSelect

// The columns each answer needs, selected by the prepared reads (orders.ts) instead of the whole row.
export const stateColumns = {
  orderNo: lifePayOrders.orderNo,
  payStatus: lifePayOrders.payStatus,
  lifePayOrderStatus: lifePayOrders.lifePayOrderStatus,
  refundStatus: lifePayOrders.refundStatus,
  supplierResult: lifePayOrders.supplierResult,
  expireTime: lifePayOrders.expireTime,
  lifePayType: lifePayOrders.lifePayType,
}

export const listColumns = {
  orderNo: lifePayOrders.orderNo,
  payStatus: lifePayOrders.payStatus,
  lifePayOrderStatus: lifePayOrders.lifePayOrderStatus,
  refundStatus: lifePayOrders.refundStatus,
  supplierResult: lifePayOrders.supplierResult,
  lifePayOrderType: lifePayOrders.lifePayOrderType,
  account: lifePayOrders.account,
  parValueFen: lifePayOrders.parValueFen,
  payAmountFen: lifePayOrders.payAmountFen,
  lifePayType: lifePayOrders.lifePayType,
  creationTime: lifePayOrders.creationTime,
}

export const detailColumns = {
  ...listColumns,
  discountAmountFen: lifePayOrders.discountAmountFen,
  ratePpm: lifePayOrders.ratePpm,
  ispCode: lifePayOrders.ispCode,
  electricType: lifePayOrders.electricType,
  electricAccountType: lifePayOrders.electricAccountType,
  gasOrgType: lifePayOrders.gasOrgType,
  province: lifePayOrders.province,
  city: lifePayOrders.city,
  name: lifePayOrders.name,
  sixId: lifePayOrders.sixId,
  id: lifePayOrders.id,
  payTime: lifePayOrders.payTime,
  finishTime: lifePayOrders.finishTime,
  refundApplyTime: lifePayOrders.refundApplyTime,
  refundApplyRemark: lifePayOrders.refundApplyRemark,
  refundTime: lifePayOrders.refundTime,
  refundCheckRemark: lifePayOrders.refundCheckRemark,
  expireTime: lifePayOrders.expireTime,
  supplierOrderNo: lifePayOrders.supplierOrderNo,
}

export type OrderStateRow = Pick<OrderRow, keyof typeof stateColumns>
export type OrderListRow = Pick<OrderRow, keyof typeof listColumns>
export type OrderDetailRow = Pick<OrderRow, keyof typeof detailColumns>

const iso = (date: Date | null) => (date ? date.toISOString() : null)

export function toOrderState(
  order: Pick<OrderRow, 'orderNo' | 'payStatus' | 'lifePayOrderStatus' | 'refundStatus' | 'supplierResult'>,
): LifePayOrderState {
  return {
    orderNo: order.orderNo,
    payStatus: order.payStatus,
    lifePayOrderStatus: order.lifePayOrderStatus,
    frontStatus: lifePayFrontStatusOf(order.payStatus, order.lifePayOrderStatus),
    refundProgress: refundProgressOf(order.payStatus, order.refundStatus),
    rechargeDelivered: supplierReportedDelivered(order.supplierResult),
  }
}

export function toOrderListItem(order: OrderListRow): LifePayOrderListItem {
  return {
    ...toOrderState(order),
    lifePayOrderType: order.lifePayOrderType,
    account: order.account,
    parValue: fenToYuan(order.parValueFen),
    payAmount: fenToYuan(order.payAmountFen),
    lifePayType: order.lifePayType as LifePayType | null,
    creationTime: order.creationTime.toISOString(),
  }
}

/** The order as its user sees it; `now` decides whether a refund may be applied for yet. */
export function toOrderDetail(order: OrderDetailRow, now: Date): LifePayOrderDetail {
  return {
    ...toOrderListItem(order),
    discountAmount: fenToYuan(order.discountAmountFen),
    rate: ppmToPercent(order.ratePpm),
    ispCode: order.ispCode as CarrierCode | null,
    electricType: order.electricType as ElectricType | null,
    electricAccountType: order.electricAccountType as ElectricAccountType | null,
    gasOrgType: order.gasOrgType as GasProvider | null,
    province: order.province,
    city: order.city,
    name: order.name,
    sixID: order.sixId ? maskSixId(order.sixId) : null,
    id: order.id,
    payTime: iso(order.payTime),
    finishTime: iso(order.finishTime),
    refundApplyTime: iso(order.refundApplyTime),
    refundApplyRemark: order.refundApplyRemark,
    refundTime: iso(order.refundTime),
    refundCheckRemark: order.refundCheckRemark,
    expireTime: order.payStatus === LifePayStatus.Unpaid ? iso(order.expireTime) : null,
    canApplyRefund: canApplyRefund(order, now),
    supplierOrderNo: order.supplierOrderNo,
    expectedDeliveryTime:
      rechargeUnderWay(order) && order.payTime
        ? iso(expectedDeliveryTime(order.lifePayOrderType, order.payTime))
        : null,
  }
}

/** Paid and not yet answered by the supplier: the only time an "expected by" means anything. */
function rechargeUnderWay(order: Pick<OrderRow, 'payStatus' | 'lifePayOrderStatus'>): boolean {
  return order.payStatus === LifePayStatus.Paid && order.lifePayOrderStatus === LifePayOrderStatus.PendingConfirmation
}

/** The order as the operator sees it: the user's view plus the supplier's attempts and word. */
export function toOperatorOrder(order: OrderRow, attempts: readonly RechargeAttemptRow[], now: Date): OperatorOrder {
  const latest = attempts.at(-1)
  return {
    ...toOrderDetail(order, now),
    supplierResult: order.supplierResult,
    refundNo: order.refundNo,
    // Only the refund notification writes it, with one of these.
    refundStatus: order.refundStatus as OperatorOrder['refundStatus'],
    refundReturnedRemark: order.refundReturnedRemark,
    rechargeInFlight: latest !== undefined && isAttemptInFlight(latest),
    rechargeAttempts: attempts.map((attempt) => ({
      attemptNo: attempt.attemptNo,
      // The attempts table holds only the contract's outcomes (rechargeAttempts.ts writes them).
      outcome: attempt.outcome as RechargeAttempt['outcome'],
      supplierOrderNo: attempt.supplierOrderNo,
      reason: attempt.reason,
      startTime: attempt.startTime.toISOString(),
      finishTime: iso(attempt.finishTime),
    })),
  }
}
