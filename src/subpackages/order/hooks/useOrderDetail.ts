import { useQuery } from '@tanstack/react-query'
import { useDidShow } from '@tarojs/taro'
import { useRef } from 'react'
import { getUserLifePayOrderDetailQueryOptions, isOrderNotFound, ORDER_DETAIL_CALL } from '../../../services/api/orders'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'

/** While a decision is awaited (an operator's, the payment provider's) the page asks again this often. */
export const ORDER_POLL_MS = 5_000

export interface OrderDetailOptions {
  /** Asks again every ORDER_POLL_MS while the answer says so (only while the page is in front). */
  pollWhile?: (order: LifePayOrderDetail) => boolean
}

/** One order's detail; fetched again each time the page shows again (after paying or a refund elsewhere). */
export function useOrderDetail(orderNo: string, { pollWhile }: OrderDetailOptions = {}) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  const query = useQuery({
    ...getUserLifePayOrderDetailQueryOptions(orderNo, ORDER_DETAIL_CALL),
    enabled: loggedIn && orderNo !== '',
    refetchInterval: (current) => (current.state.data && pollWhile?.(current.state.data) ? ORDER_POLL_MS : false),
  })
  const shown = useRef(false)
  useDidShow(() => {
    // The first show is the initial fetch; later ones come back from another page.
    if (shown.current && loggedIn && orderNo) void query.refetch()
    shown.current = true
  })
  return { ...query, notFound: query.isError && isOrderNotFound(query.error) }
}
