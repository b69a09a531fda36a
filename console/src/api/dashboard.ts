import { queryOptions } from '@tanstack/react-query'
import type { Dashboard } from '@contract/operator'
import { call } from './http'

/** GET /api/operator/dashboard */
export function getDashboard(): Promise<Dashboard> {
  return call<Dashboard>('GET', '/api/operator/dashboard')
}

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: getDashboard,
  // The figures move with every order: a minute old is fresh enough, and the page refreshes on its own.
  refetchInterval: 60_000,
})
