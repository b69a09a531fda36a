import { queryOptions } from '@tanstack/react-query'
import type { AuditPage } from '@contract/operators'
import { call, query } from './http'

export interface AuditFilters {
  targetId?: string
  operatorId?: string
  page: number
  rows: number
}

/** GET /api/admin/audit: newest first. */
export function getAudit(filters: AuditFilters): Promise<AuditPage> {
  return call<AuditPage>('GET', `/api/admin/audit${query({ ...filters })}`)
}

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', filters],
    queryFn: () => getAudit(filters),
    placeholderData: (previous) => previous,
  })
