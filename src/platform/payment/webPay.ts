import type { PayOutcome } from './payOutcome'

// Mini-programs: no web payment (their wallet is in the host); H5 builds resolve webPay.h5.ts.

/** Where a web payment sends the payer back: none outside H5. */
export function webPayReturnUrl(_resultPage: string): string | undefined {
  return undefined
}

export function payOnTheWeb(_orderNo: string, _url: string, _resultPage: string): Promise<PayOutcome> {
  return Promise.resolve({ kind: 'failed', message: 'web payment is only for a phone browser' })
}
