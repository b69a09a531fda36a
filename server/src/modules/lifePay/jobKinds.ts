// Job kinds of the order lifecycle (the sandbox providers define their own next to them).

/** Close the unpaid orders whose time is up (orderExpiry.ts): one recurring sweep, not a job per order. */
export const ORDER_EXPIRY_SWEEP_JOB = 'order.expirySweep'
/** Hand a paid order to the recharge supplier. */
export const RECHARGE_SUBMIT_JOB = 'recharge.submit'
/** Ask the supplier about a recharge it may have whose result has not come (its callback lost). */
export const RECHARGE_QUERY_JOB = 'recharge.query'
/** Pay back an order whose recharge failed (or that was paid after it closed). */
export const REFUND_AUTO_JOB = 'refund.auto'
/** Pay back an order the operator approved, should the approval's own call not have (fulfilment.ts). */
export const REFUND_APPROVED_JOB = 'refund.approved'
