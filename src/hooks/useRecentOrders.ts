import { useQuery } from '@tanstack/react-query'
import { getUserLifePayOrderPage } from '../services/api/lifePay'
import { queryKeys } from '../services/queryKeys'
import { selectIsLoggedIn, useLifePayStore } from '../stores/lifePay'

/** The first page of the user's orders, newest first (home's "top up again", the order list's first page). */
export function useRecentOrders(pageSize = 5) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  return useQuery({
    queryKey: [...queryKeys.orderPage(), 'recent', pageSize],
    queryFn: () => getUserLifePayOrderPage({ pageIndex: 1, pageSize }),
    enabled: loggedIn,
  })
}
