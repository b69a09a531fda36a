import { useQuery } from '@tanstack/react-query'
import { getUserLifePayOrderPage } from '../services/api/lifePay'
import type { CallOptions } from '../services/http/requestOptions'
import { queryKeys } from '../services/queryKeys'
import { selectIsLoggedIn, useLifePayStore } from '../stores/lifePay'

/** The first page of the user's orders, newest first (home's "top up again", the order list's first page). */
export function useRecentOrders(pageSize = 5, call: CallOptions = {}) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  return useQuery({
    queryKey: [...queryKeys.orderPage(), 'recent', pageSize],
    queryFn: () => getUserLifePayOrderPage({ pageIndex: 1, pageSize }, call),
    enabled: loggedIn,
  })
}
