import type { LifePayOrderType } from '../../../src/domain/lifePayOrderType'

export interface RechargeRequest {
  orderNo: string
  lifePayOrderType: LifePayOrderType
  account: string
  parValueFen: number
  ispCode: string | null
  electricType: string | null
  gasOrgType: string | null
}

/** The supplier's final word on a recharge, delivered asynchronously after `submit`. */
export interface RechargeResult {
  orderNo: string
  supplierOrderNo: string
  success: boolean
  reason: string | null
}

/** The supplier could not take the request now (timeout, maintenance): the submit job retries with back-off. */
export class SupplierUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SupplierUnavailableError'
  }
}

/**
 * The supplier's answer to an order query. `unknown` means it could not say (its own error): wait and ask again,
 * never refund on it. `notFound`: it has no recharge under this order number.
 */
export type SupplierQuery =
  | {
      status: 'succeeded' | 'failed' | 'processing'
      supplierOrderNo: string
      reason: string | null
      /** When the supplier settled it (succeeded or failed); null while processing. */
      finishedAt: Date | null
    }
  | { status: 'unknown' | 'notFound' }

export interface SupplierProvider {
  readonly sandbox: boolean
  /** Hands a paid order to the supplier; idempotent on orderNo (a resubmission returns the same supplier order). */
  submit(request: RechargeRequest): Promise<{ supplierOrderNo: string }>
  /** The supplier's own record of an order's recharge, for reconciliation. */
  query(orderNo: string): Promise<SupplierQuery>
}
