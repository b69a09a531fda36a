import { queryOptions } from '@tanstack/react-query'
import type { OperatorAccount, TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '@contract/operators'
import { call } from './http'

/** GET /api/operator/totp: the logged-in operator's two-step verification. */
export function getTotpStatus(): Promise<TotpStatus> {
  return call<TotpStatus>('GET', '/api/operator/totp')
}

export const totpStatusQuery = queryOptions({ queryKey: ['operator', 'totp'], queryFn: getTotpStatus })

/** POST /api/operator/totp/enrolment: a new key, pending until confirmed. */
export function beginTotpEnrolment(): Promise<TotpEnrolment> {
  return call<TotpEnrolment>('POST', '/api/operator/totp/enrolment')
}

/** POST /api/operator/totp/enrolment/confirm: in force from now on; the recovery codes, shown this once. */
export function confirmTotpEnrolment(code: string): Promise<TotpRecoveryCodes> {
  return call<TotpRecoveryCodes>('POST', '/api/operator/totp/enrolment/confirm', { code })
}

/** POST /api/admin/operators/:loginName/totp/reset: another operator's two-step verification off. */
export function resetOperatorTotp(loginName: string): Promise<OperatorAccount> {
  return call<OperatorAccount>('POST', `/api/admin/operators/${encodeURIComponent(loginName)}/totp/reset`)
}
