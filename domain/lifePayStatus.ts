import type { Labels } from './locale'

/** Payment status of an order (`payStatus`). */
export enum LifePayStatus {
  Unpaid = 10,
  Paid = 20,
  PendingRefund = 30,
  Refunded = 40,
}

export const lifePayStatusValues: readonly LifePayStatus[] = [
  LifePayStatus.Unpaid,
  LifePayStatus.Paid,
  LifePayStatus.PendingRefund,
  LifePayStatus.Refunded,
]

export const lifePayStatusLabels: Labels<LifePayStatus> = {
  'zh-CN': {
    [LifePayStatus.Unpaid]: '待支付',
    [LifePayStatus.Paid]: '已支付',
    [LifePayStatus.PendingRefund]: '待退款',
    [LifePayStatus.Refunded]: '已退款',
  },
  'en-US': {
    [LifePayStatus.Unpaid]: 'Unpaid',
    [LifePayStatus.Paid]: 'Paid',
    [LifePayStatus.PendingRefund]: 'Pending refund',
    [LifePayStatus.Refunded]: 'Refunded',
  },
}

/** Recharge status of an order (`lifePayOrderStatus`). */
export enum LifePayOrderStatus {
  PendingConfirmation = 10,
  Failed = 20,
  Completed = 30,
  RefundPendingReview = 40,
  Refunded = 50,
  RefundFailed = 60,
}

export const lifePayOrderStatusValues: readonly LifePayOrderStatus[] = [
  LifePayOrderStatus.PendingConfirmation,
  LifePayOrderStatus.Failed,
  LifePayOrderStatus.Completed,
  LifePayOrderStatus.RefundPendingReview,
  LifePayOrderStatus.Refunded,
  LifePayOrderStatus.RefundFailed,
]

export const lifePayOrderStatusLabels: Labels<LifePayOrderStatus> = {
  'zh-CN': {
    [LifePayOrderStatus.PendingConfirmation]: '待确认',
    [LifePayOrderStatus.Failed]: '失败',
    [LifePayOrderStatus.Completed]: '已完成',
    [LifePayOrderStatus.RefundPendingReview]: '退款待审核',
    [LifePayOrderStatus.Refunded]: '已退款',
    [LifePayOrderStatus.RefundFailed]: '退款失败',
  },
  'en-US': {
    [LifePayOrderStatus.PendingConfirmation]: 'Pending confirmation',
    [LifePayOrderStatus.Failed]: 'Failed',
    [LifePayOrderStatus.Completed]: 'Completed',
    [LifePayOrderStatus.RefundPendingReview]: 'Refund pending review',
    [LifePayOrderStatus.Refunded]: 'Refunded',
    [LifePayOrderStatus.RefundFailed]: 'Refund failed',
  },
}

/** Front-facing status (`frontStatus`); null on the wire while unpaid or failed and not yet refunded. */
export enum LifePayFrontStatus {
  PaymentSucceeded = 10,
  RefundPendingReview = 40,
  Refunded = 50,
  RefundFailed = 60,
  RechargeSucceeded = 100,
}

export const lifePayFrontStatusValues: readonly LifePayFrontStatus[] = [
  LifePayFrontStatus.PaymentSucceeded,
  LifePayFrontStatus.RefundPendingReview,
  LifePayFrontStatus.Refunded,
  LifePayFrontStatus.RefundFailed,
  LifePayFrontStatus.RechargeSucceeded,
]

export const lifePayFrontStatusLabels: Labels<LifePayFrontStatus> = {
  'zh-CN': {
    [LifePayFrontStatus.PaymentSucceeded]: '支付成功',
    [LifePayFrontStatus.RefundPendingReview]: '退款待审核',
    [LifePayFrontStatus.Refunded]: '已退款',
    [LifePayFrontStatus.RefundFailed]: '退款失败',
    [LifePayFrontStatus.RechargeSucceeded]: '充值成功',
  },
  'en-US': {
    [LifePayFrontStatus.PaymentSucceeded]: 'Payment succeeded',
    [LifePayFrontStatus.RefundPendingReview]: 'Refund pending review',
    [LifePayFrontStatus.Refunded]: 'Refunded',
    [LifePayFrontStatus.RefundFailed]: 'Refund failed',
    [LifePayFrontStatus.RechargeSucceeded]: 'Recharge succeeded',
  },
}
