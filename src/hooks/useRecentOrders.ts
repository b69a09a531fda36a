import { useQuery } from '@tanstack/react-query'
import { getRecentOrdersQueryOptions } from '../services/api/orders'
import type { CallOptions } from '../services/http/requestOptions'
import { selectIsLoggedIn, useLifePayStore } from '../stores/lifePay'

/** The first page of the user's orders, newest first (home's "top up again", the order list's first page). */
export function useRecentOrders(pageSize = 5, call: CallOptions = {}) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  return useQuery({ ...getRecentOrdersQueryOptions(pageSize, call), enabled: loggedIn })
}
