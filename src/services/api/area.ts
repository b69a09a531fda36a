import { queryOptions } from '@tanstack/react-query'
import type { RegionalManagement } from '@contract/area'
import { request } from '../http/client'
import { quietRead } from './quietRead'
import type { CallOptions } from '../http/requestOptions'

/** GET /api/Area/GetRegionalManagementList */
export function getRegionalManagementList(options: CallOptions = {}): Promise<RegionalManagement[]> {
  return request<RegionalManagement[]>({ ...options, method: 'GET', url: '/api/Area/GetRegionalManagementList' })
}

// Provinces and cities change with the administrative map, i.e. almost never: read once per run of the app.
export const getRegionalManagementListQueryOptions = () =>
  queryOptions({
    queryKey: ['area', 'regionalManagement'],
    queryFn: () => getRegionalManagementList(quietRead()),
    staleTime: Infinity,
  })
