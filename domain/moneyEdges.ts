import type { Labels } from './locale'

// The words of the money's edges (docs/money.md): what a reconciliation finds and does, and what becomes of an
// orphan payment. The operator reads them in the console, the CLI and the exported sheet.

/** What a reconciliation item is about: the providers' bills against ours both ways, the supplier against ours. */
export const reconciliationKinds = [
  // A payment in the provider's bill we had no record of: recorded now (paying its order, or as an orphan).
  'providerOnlyPayment',
  // A payment we recorded that the provider's bill and its order query do not have.
  'ourOnlyPayment',
  'paymentAmountDiffers',
  // A refund in the provider's bill that we never asked for.
  'providerOnlyRefund',
  // A refund we recorded that the provider's bill and its refund query do not have.
  'ourOnlyRefund',
  'refundAmountDiffers',
  // A refund the provider says did not return the money (an order's, or an orphan payment's).
  'refundNotReturned',
  // A refund still not confirmed by the provider a day after it was asked for.
  'refundStillProcessing',
  'deliveredSupplierDisagrees',
  'supplierSucceededOrderNotDelivered',
  'deliveredAndRefunded',
  'refundedSupplierProcessing',
  'noOutcomeAfter24h',
] as const
export type ReconciliationKind = (typeof reconciliationKinds)[number]

/** What the run did about an item. */
export const reconciliationActions = [
  // The bill's payment paid its waiting order (the notification was lost): it is delivered like any other.
  'paymentRecorded',
  // The bill's payment belongs to no order that keeps it: recorded as an orphan payment, refunded automatically.
  'orphanRecorded',
  // The refund is asked about again at once; its answer settles it.
  'refundChecked',
  // Nothing can be done automatically: an operator looks, acts, and resolves it with a remark.
  'operatorReview',
] as const
export type ReconciliationAction = (typeof reconciliationActions)[number]

export const reconciliationSources = ['wxpay', 'alipay', 'supplier'] as const
export type ReconciliationSource = (typeof reconciliationSources)[number]

export const reconciliationItemStatuses = ['open', 'resolved', 'gone'] as const
export type ReconciliationItemStatus = (typeof reconciliationItemStatuses)[number]

/** Why a payment is an orphan: the order it names does not keep it. */
export const orphanReasons = ['orderAlreadyPaid', 'orderClosed', 'orderUnknown', 'amountDiffers'] as const
export type OrphanReason = (typeof orphanReasons)[number]

/** refunding → returned | notReturned (→ returnedManually, by an operator) */
export const orphanStatuses = ['refunding', 'returned', 'notReturned', 'returnedManually'] as const
export type OrphanStatus = (typeof orphanStatuses)[number]

export const reconciliationKindLabels: Labels<ReconciliationKind> = {
  'zh-CN': {
    providerOnlyPayment: '仅渠道有的收款',
    ourOnlyPayment: '仅本方有的收款',
    paymentAmountDiffers: '收款金额不一致',
    providerOnlyRefund: '仅渠道有的退款',
    ourOnlyRefund: '仅本方有的退款',
    refundAmountDiffers: '退款金额不一致',
    refundNotReturned: '退款未退回',
    refundStillProcessing: '退款迟迟未到账',
    deliveredSupplierDisagrees: '已到账但供应商不认',
    supplierSucceededOrderNotDelivered: '供应商已充值但订单未完成',
    deliveredAndRefunded: '既已充值又已退款',
    refundedSupplierProcessing: '已退款但供应商仍在充值',
    noOutcomeAfter24h: '付款超 24 小时无结果',
  },
  'en-US': {
    providerOnlyPayment: 'Payment only the provider has',
    ourOnlyPayment: 'Payment only we have',
    paymentAmountDiffers: 'Payment amounts differ',
    providerOnlyRefund: 'Refund only the provider has',
    ourOnlyRefund: 'Refund only we have',
    refundAmountDiffers: 'Refund amounts differ',
    refundNotReturned: 'Refund did not return the money',
    refundStillProcessing: 'Refund still not confirmed',
    deliveredSupplierDisagrees: 'Delivered, supplier disagrees',
    supplierSucceededOrderNotDelivered: 'Supplier delivered, order not completed',
    deliveredAndRefunded: 'Delivered and refunded',
    refundedSupplierProcessing: 'Refunded while the supplier is still recharging',
    noOutcomeAfter24h: 'No outcome 24 h after payment',
  },
}

export const reconciliationActionLabels: Labels<ReconciliationAction> = {
  'zh-CN': {
    paymentRecorded: '已补记收款，订单继续充值',
    orphanRecorded: '已记为异常收款并自动退款',
    refundChecked: '已重新查询退款',
    operatorReview: '待人工处理',
  },
  'en-US': {
    paymentRecorded: 'Payment recorded, the order goes on',
    orphanRecorded: 'Recorded as an orphan payment, refunded automatically',
    refundChecked: 'Refund asked about again',
    operatorReview: 'For an operator',
  },
}

export const reconciliationSourceLabels: Labels<ReconciliationSource> = {
  'zh-CN': { wxpay: '微信支付', alipay: '支付宝', supplier: '充值供应商' },
  'en-US': { wxpay: 'WeChat Pay', alipay: 'Alipay', supplier: 'Recharge supplier' },
}

export const reconciliationItemStatusLabels: Labels<ReconciliationItemStatus> = {
  'zh-CN': { open: '待处理', resolved: '已处理', gone: '已消除' },
  'en-US': { open: 'Open', resolved: 'Resolved', gone: 'Gone' },
}

export const orphanReasonLabels: Labels<OrphanReason> = {
  'zh-CN': {
    orderAlreadyPaid: '订单已支付（重复付款）',
    orderClosed: '订单已关闭后付款',
    orderUnknown: '无此订单',
    amountDiffers: '金额与订单不符',
  },
  'en-US': {
    orderAlreadyPaid: 'Order already paid (second payment)',
    orderClosed: 'Paid after the order closed',
    orderUnknown: 'No such order',
    amountDiffers: 'Amount differs from the order',
  },
}

export const orphanStatusLabels: Labels<OrphanStatus> = {
  'zh-CN': {
    refunding: '退款中',
    returned: '已退回',
    notReturned: '退款失败，待人工退回',
    returnedManually: '已人工退回',
  },
  'en-US': {
    refunding: 'Refunding',
    returned: 'Returned',
    notReturned: 'Refund failed: return it by hand',
    returnedManually: 'Returned by hand',
  },
}
