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

/** An account to look up before paying (issue 20): electricity with its grid and area, or gas with its company. */
export interface AccountLookupRequest {
  lifePayOrderType: LifePayOrderType.Electric | LifePayOrderType.Gas
  account: string
  electricType: string | null
  gasOrgType: string | null
  /** Area codes of an electricity account (GetElectricSupportArea); null for gas. */
  province: string | null
  city: string | null
}

/**
 * The supplier's word on an account. `found`: the holder's name as the supplier gave it (masked before it leaves the
 * server) and, where the supplier keeps them, the balance or the amount owed in fen. `notFound`: no such account at
 * this grid or gas company. `unavailable`: it could not say now (timeout, maintenance, an answer we cannot trust).
 */
export type AccountLookup =
  | { status: 'found'; holderName: string; balanceFen: number | null; owedFen: number | null }
  | { status: 'notFound' }
  | { status: 'unavailable' }

export interface SupplierProvider {
  readonly sandbox: boolean
  /** Hands a paid order to the supplier; idempotent on orderNo (a resubmission returns the same supplier order). */
  submit(request: RechargeRequest): Promise<{ supplierOrderNo: string }>
  /** The supplier's own record of an order's recharge, for reconciliation. */
  query(orderNo: string): Promise<SupplierQuery>
  /** The account's holder and balance before an order is made; never throws (an error is `unavailable`). */
  lookupAccount(request: AccountLookupRequest): Promise<AccountLookup>
}
