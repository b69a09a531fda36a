// Sandbox accounts with scripted outcomes, by the last four digits of the phone number or account
// (docs/api.md § Sandbox). Every other account recharges successfully.

export interface SandboxRechargeScript {
  /** Submissions refused as "supplier unavailable" before one is accepted (Infinity: never accepted). */
  unavailableTimes: number
  /** The supplier accepts, then reports the recharge failed. */
  fails: boolean
}

export const SANDBOX_FAILING_SUFFIX = '0000'
export const SANDBOX_FLAKY_SUFFIX = '0003'
export const SANDBOX_UNAVAILABLE_SUFFIX = '0009'

export function sandboxRechargeScript(account: string): SandboxRechargeScript {
  if (account.endsWith(SANDBOX_FAILING_SUFFIX)) return { unavailableTimes: 0, fails: true }
  if (account.endsWith(SANDBOX_FLAKY_SUFFIX)) return { unavailableTimes: 3, fails: false }
  if (account.endsWith(SANDBOX_UNAVAILABLE_SUFFIX)) return { unavailableTimes: Infinity, fails: false }
  return { unavailableTimes: 0, fails: false }
}
