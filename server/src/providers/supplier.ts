import type { LifePayOrderType } from '@domain/lifePayOrderType'

export interface RechargeRequest {
  orderNo: string
  lifePayOrderType: LifePayOrderType
  account: string
  parValueFen: number
  ispCode: string | null
  electricType: string | null
  gasOrgType: string | null
}

/** What a supplier says about the recharge it made, checked against the order (supplierAnswerCheck.ts). */
export interface SuppliedFacts {
  /** The account it says it recharged; null or absent when it does not say. */
  account?: string | null
  /** What it charged us for the recharge, in fen; null or absent when it does not say. */
  costFen?: number | null
}

/** The supplier's final word on a recharge, delivered asynchronously after `submit`. */
export interface RechargeResult extends SuppliedFacts {
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
  | (SuppliedFacts & {
      status: 'succeeded' | 'failed' | 'processing'
      supplierOrderNo: string
      reason: string | null
      /** When the supplier settled it (succeeded or failed); null while processing. */
      finishedAt: Date | null
    })
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

/** A kind of top-up as the catalog names it: what `offers` is asked about before an order is made. */
export interface RechargeKind {
  lifePayOrderType: LifePayOrderType
  /** ispCode, electricType or gasOrgType. */
  subType: string
  parValueFen: number
}

/** A callback as the supplier's adapter reads it: a result to check against its order, or why it is none. */
export type CallbackReading =
  { result: RechargeResult } | { refused: string; verified: boolean; orderNo: string | null }

/** The HTTP callback of a supplier that reports results by calling us (supplierNotifyRoutes.ts). */
export interface SupplierCallback {
  /** Who posts, in the notification log. */
  readonly provider: string
  /** The body's result when it is genuine, fresh and final; otherwise why not. Never throws. */
  read(rawBody: string): CallbackReading
  /** The literal answer that stops the supplier's retries, and the one that asks it to try again. */
  readonly ack: string
  readonly nack: string
}

export interface SupplierProvider {
  readonly sandbox: boolean
  /** Present when results come by HTTP callback: its route is registered with it. */
  readonly callback?: SupplierCallback
  /** Whether it can take this kind of top-up at all (absent: every kind); asked before an order is made. */
  offers?(kind: RechargeKind): boolean
  /** Hands a paid order to the supplier; idempotent on orderNo (a resubmission returns the same supplier order). */
  submit(request: RechargeRequest): Promise<{ supplierOrderNo: string }>
  /** The supplier's own record of an order's recharge, for reconciliation. */
  query(orderNo: string): Promise<SupplierQuery>
  /** The account's holder and balance before an order is made; never throws (an error is `unavailable`). */
  lookupAccount(request: AccountLookupRequest): Promise<AccountLookup>
}
