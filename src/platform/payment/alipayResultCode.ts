import type { PayOutcome } from './payOutcome'

/** Alipay tradePay result codes (mini-program `my.tradePay` and the in-app JS bridge share them). */
export function alipayOutcome(resultCode: string | number | undefined, memo?: string): PayOutcome {
  switch (String(resultCode)) {
    case '9000':
      return { kind: 'succeeded' }
    case '8000': // processing
    case '6004': // result unknown
      return { kind: 'unknown' }
    case '6001':
      return { kind: 'cancelled' }
    default: // 4000 failed, 6002 network error, anything newer
      return { kind: 'failed', message: memo || (resultCode === undefined ? undefined : `Alipay ${resultCode}`) }
  }
}
