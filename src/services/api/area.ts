import type { RegionalManagement } from '@contract/area'
import { request } from '../http/client'

/** GET /api/Area/GetRegionalManagementList */
export function getRegionalManagementList(): Promise<RegionalManagement[]> {
  return request<RegionalManagement[]>({ method: 'GET', url: '/api/Area/GetRegionalManagementList' })
}
