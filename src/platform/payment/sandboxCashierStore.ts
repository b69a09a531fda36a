import { create } from 'zustand'
import type { LifePayType } from '@domain/lifePayType'
import type { PayOutcome } from './payOutcome'

export interface SandboxCashierRequest {
  orderNo: string
  /** Yuan, as the server computed it. */
  payAmount: number
  lifePayType: LifePayType
}

interface SandboxCashierState {
  request: SandboxCashierRequest | null
}

/** The open sandbox cashier, shown by SandboxCashierSheet on the page that asked for it. */
export const useSandboxCashierStore = create<SandboxCashierState>(() => ({ request: null }))

let settle: ((outcome: PayOutcome) => void) | undefined

/** Opens the cashier and resolves with what the payer chose there. */
export function openSandboxCashier(request: SandboxCashierRequest): Promise<PayOutcome> {
  settle?.({ kind: 'cancelled' })
  return new Promise((resolve) => {
    settle = resolve
    useSandboxCashierStore.setState({ request })
  })
}

export function settleSandboxCashier(outcome: PayOutcome): void {
  const resolve = settle
  settle = undefined
  useSandboxCashierStore.setState({ request: null })
  resolve?.(outcome)
}
