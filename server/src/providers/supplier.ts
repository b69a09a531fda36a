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

export interface SupplierProvider {
  readonly sandbox: boolean
  /** Hands a paid order to the supplier; idempotent on orderNo (a resubmission returns the same supplier order). */
  submit(request: RechargeRequest): Promise<{ supplierOrderNo: string }>
}
