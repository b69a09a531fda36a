import { LifePayFrontStatus, LifePayOrderStatus, LifePayStatus } from './lifePayStatus'
import type { Labels } from './locale'
import { isClosedOrderState } from './orderTransitions'

/** The server's `frontStatus`: null while unpaid and for a failed recharge not yet refunded. */
export function lifePayFrontStatusOf(
  payStatus: LifePayStatus,
  orderStatus: LifePayOrderStatus,
): LifePayFrontStatus | null {
  if (payStatus === LifePayStatus.Unpaid) return null
  switch (orderStatus) {
    case LifePayOrderStatus.PendingConfirmation:
      return payStatus === LifePayStatus.Paid ? LifePayFrontStatus.PaymentSucceeded : null
    case LifePayOrderStatus.Completed:
      return LifePayFrontStatus.RechargeSucceeded
    case LifePayOrderStatus.RefundPendingReview:
      return LifePayFrontStatus.RefundPendingReview
    case LifePayOrderStatus.Refunded:
      return LifePayFrontStatus.Refunded
    case LifePayOrderStatus.RefundFailed:
      return LifePayFrontStatus.RefundFailed
    default:
      return null
  }
}

/**
 * Where a refunded order's money is (docs/money.md § Refunds): on its way back until the payment provider confirms
 * it arrived (WeChat Pay answers a refund PROCESSING first). `notReturned`: the provider could not return it and an
 * operator is returning it another way — for the user, still on its way.
 */
export const refundProgressValues = ['processing', 'returned', 'notReturned'] as const
export type RefundProgress = (typeof refundProgressValues)[number]

/** The refund's progress from the provider's word on it (the server's `refundStatus`); null unless refunded. */
export function refundProgressOf(payStatus: LifePayStatus, refundStatus: string | null): RefundProgress | null {
  if (payStatus !== LifePayStatus.Refunded) return null
  if (refundStatus === 'processing') return 'processing'
  if (refundStatus === 'abnormal' || refundStatus === 'closed') return 'notReturned'
  // succeeded, returnedManually — or null: refunded before the provider's word was recorded.
  return 'returned'
}

/** What a user is told about an order: one value per reachable state. */
export enum OrderDisplayStatus {
  Unpaid = 'unpaid',
  Closed = 'closed',
  Recharging = 'recharging',
  RechargeSucceeded = 'rechargeSucceeded',
  Refunding = 'refunding',
  RefundPendingReview = 'refundPendingReview',
  /** Refunded by us, the money not yet confirmed back by the provider. */
  RefundInProgress = 'refundInProgress',
  Refunded = 'refunded',
  /** The refund was declined while the recharge was still owed: it resumes. */
  RefundDeclined = 'refundDeclined',
  /** The refund was declined for a top-up that had arrived: the order is settled, delivered. */
  DeliveredRefundDeclined = 'deliveredRefundDeclined',
}

export const orderDisplayStatusValues: readonly OrderDisplayStatus[] = [
  OrderDisplayStatus.Unpaid,
  OrderDisplayStatus.Closed,
  OrderDisplayStatus.Recharging,
  OrderDisplayStatus.RechargeSucceeded,
  OrderDisplayStatus.Refunding,
  OrderDisplayStatus.RefundPendingReview,
  OrderDisplayStatus.RefundInProgress,
  OrderDisplayStatus.Refunded,
  OrderDisplayStatus.RefundDeclined,
  OrderDisplayStatus.DeliveredRefundDeclined,
]

/** Ties a state to the UI kit's tag/text colours. */
export type StatusColor = 'warning' | 'primary' | 'success' | 'danger' | 'default'

export const orderDisplayStatusLabels: Labels<OrderDisplayStatus> = {
  'zh-CN': {
    [OrderDisplayStatus.Unpaid]: '待支付',
    [OrderDisplayStatus.Closed]: '已关闭',
    [OrderDisplayStatus.Recharging]: '充值中',
    [OrderDisplayStatus.RechargeSucceeded]: '充值成功',
    [OrderDisplayStatus.Refunding]: '充值失败，退款中',
    [OrderDisplayStatus.RefundPendingReview]: '退款审核中',
    [OrderDisplayStatus.RefundInProgress]: '退款处理中',
    [OrderDisplayStatus.Refunded]: '已退款',
    [OrderDisplayStatus.RefundDeclined]: '退款未通过，充值中',
    [OrderDisplayStatus.DeliveredRefundDeclined]: '充值成功，退款未通过',
  },
  'en-US': {
    [OrderDisplayStatus.Unpaid]: 'Unpaid',
    [OrderDisplayStatus.Closed]: 'Closed',
    [OrderDisplayStatus.Recharging]: 'Recharging',
    [OrderDisplayStatus.RechargeSucceeded]: 'Recharge succeeded',
    [OrderDisplayStatus.Refunding]: 'Recharge failed, refunding',
    [OrderDisplayStatus.RefundPendingReview]: 'Refund pending review',
    [OrderDisplayStatus.RefundInProgress]: 'Refund in progress',
    [OrderDisplayStatus.Refunded]: 'Refunded',
    [OrderDisplayStatus.RefundDeclined]: 'Refund declined, recharging',
    [OrderDisplayStatus.DeliveredRefundDeclined]: 'Recharge succeeded, refund declined',
  },
}

export const orderDisplayStatusColors: Readonly<Record<OrderDisplayStatus, StatusColor>> = {
  [OrderDisplayStatus.Unpaid]: 'warning',
  [OrderDisplayStatus.Closed]: 'default',
  [OrderDisplayStatus.Recharging]: 'primary',
  [OrderDisplayStatus.RechargeSucceeded]: 'success',
  [OrderDisplayStatus.Refunding]: 'danger',
  [OrderDisplayStatus.RefundPendingReview]: 'warning',
  [OrderDisplayStatus.RefundInProgress]: 'warning',
  [OrderDisplayStatus.Refunded]: 'default',
  [OrderDisplayStatus.RefundDeclined]: 'primary',
  [OrderDisplayStatus.DeliveredRefundDeclined]: 'success',
}

/** What the display status is read from: an order's two statuses and what the API adds about them. */
export interface OrderStatusFacts {
  payStatus: LifePayStatus
  lifePayOrderStatus: LifePayOrderStatus
  /**
   * The supplier delivered the top-up (the API's `rechargeDelivered`, the server's supplierResult): tells a declined
   * refund on an order that is settled from one whose recharge resumes.
   */
  rechargeDelivered?: boolean
  /** Where a refund's money is (the API's `refundProgress`; absent from a back end that does not tell: returned). */
  refundProgress?: RefundProgress | null
}

/**
 * The display status; a pair outside the state model still gets the closest one (the order status leads). A refund
 * whose money the provider has not confirmed back yet is "in progress".
 */
export function orderDisplayStatusOf(order: OrderStatusFacts): OrderDisplayStatus {
  const { payStatus, lifePayOrderStatus: orderStatus, rechargeDelivered = false, refundProgress } = order
  if (payStatus === LifePayStatus.Refunded) {
    return refundProgress === 'processing' || refundProgress === 'notReturned'
      ? OrderDisplayStatus.RefundInProgress
      : OrderDisplayStatus.Refunded
  }
  switch (orderStatus) {
    case LifePayOrderStatus.Refunded:
      return OrderDisplayStatus.Refunded
    case LifePayOrderStatus.RefundPendingReview:
      return OrderDisplayStatus.RefundPendingReview
    case LifePayOrderStatus.RefundFailed:
      return rechargeDelivered ? OrderDisplayStatus.DeliveredRefundDeclined : OrderDisplayStatus.RefundDeclined
    case LifePayOrderStatus.Completed:
      return OrderDisplayStatus.RechargeSucceeded
    case LifePayOrderStatus.Failed:
      return isClosedOrderState({ payStatus, lifePayOrderStatus: orderStatus })
        ? OrderDisplayStatus.Closed
        : OrderDisplayStatus.Refunding
    default:
      return payStatus === LifePayStatus.Unpaid ? OrderDisplayStatus.Unpaid : OrderDisplayStatus.Recharging
  }
}
