// The supplier's last word on an order (`supplierResult`), kept even when the order has moved on: 'success',
// 'failed: <its reason>', or null before it answered.

export const SUPPLIER_RESULT_DELIVERED = 'success'

/** The supplier reported the top-up delivered: refunding it needs an operator's explicit word (docs/api.md). */
export const supplierReportedDelivered = (supplierResult: string | null | undefined): boolean =>
  supplierResult === SUPPLIER_RESULT_DELIVERED
