import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import type { LifePayOrderDetail } from '@contract/lifePay'

/** Where a refund stands, as the refund result page tells it. */
export enum RefundStage {
  /** The user applied; an operator has not decided yet. */
  PendingReview = 'pendingReview',
  Refunded = 'refunded',
  /** The operator declined; refundCheckRemark says why. The recharge resumes unless it had arrived. */
  Rejected = 'rejected',
  /** The recharge failed; the automatic refund is under way. */
  AutoRefunding = 'autoRefunding',
  /** Nothing was ever asked back. */
  None = 'none',
}

export function refundStageOf(order: Pick<LifePayOrderDetail, 'payStatus' | 'lifePayOrderStatus'>): RefundStage {
  switch (order.lifePayOrderStatus) {
    case LifePayOrderStatus.RefundPendingReview:
      return RefundStage.PendingReview
    case LifePayOrderStatus.Refunded:
      return RefundStage.Refunded
    case LifePayOrderStatus.RefundFailed:
      return RefundStage.Rejected
    case LifePayOrderStatus.Failed:
      return order.payStatus === LifePayStatus.PendingRefund ? RefundStage.AutoRefunding : RefundStage.None
    default:
      return order.payStatus === LifePayStatus.Refunded ? RefundStage.Refunded : RefundStage.None
  }
}
