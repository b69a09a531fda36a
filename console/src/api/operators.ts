import { queryOptions } from '@tanstack/react-query'
import type { CreateOperatorInput, OperatorAccount, OperatorRole } from '@contract/operators'
import { call } from './http'

/** GET /api/admin/operators */
export function getOperators(): Promise<OperatorAccount[]> {
  return call<OperatorAccount[]>('GET', '/api/admin/operators')
}

export const operatorsQuery = queryOptions({ queryKey: ['operators'], queryFn: getOperators })

/** POST /api/admin/operators */
export function createOperator(input: CreateOperatorInput): Promise<OperatorAccount> {
  return call<OperatorAccount>('POST', '/api/admin/operators', input)
}

/** POST /api/admin/operators/:loginName/role: their sessions end; they log in again under the new role. */
export function setOperatorRole(loginName: string, role: OperatorRole): Promise<OperatorAccount> {
  return call<OperatorAccount>('POST', `/api/admin/operators/${encodeURIComponent(loginName)}/role`, { role })
}

/** POST /api/admin/operators/:loginName/disable: their sessions end at once. */
export function disableOperator(loginName: string): Promise<OperatorAccount> {
  return call<OperatorAccount>('POST', `/api/admin/operators/${encodeURIComponent(loginName)}/disable`)
}

/** POST /api/admin/operators/:loginName/enable: they log in again with their password, under their role. */
export function enableOperator(loginName: string): Promise<OperatorAccount> {
  return call<OperatorAccount>('POST', `/api/admin/operators/${encodeURIComponent(loginName)}/enable`)
}
