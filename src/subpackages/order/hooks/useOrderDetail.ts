import { useQuery } from '@tanstack/react-query'
import { useDidShow } from '@tarojs/taro'
import { useRef } from 'react'
import { getUserLifePayOrderDetailQueryOptions } from '../../../services/api/lifePayQueries'
import { BizError, isBizError } from '../../../services/http/bizError'
import type { CallOptions } from '../../../services/http/requestOptions'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'

/** The server's answer for an order that does not exist or is someone else's (docs/api.md). */
export function isOrderNotFound(error: unknown): boolean {
  if (isBizError(error)) return error.code === 'ORDER_NOT_FOUND'
  const status = (error as { response?: { status?: number } } | null)?.response?.status
  return status === 404
}

// The page draws its own loading and "not found" states; other errors keep their toast (and a 401 its login).
const DETAIL_CALL: CallOptions = {
  showLoading: false,
  customErrorHandler: (error) => error instanceof BizError && error.code === 'ORDER_NOT_FOUND',
}

/** One order's detail; fetched again each time the page shows again (after paying or a refund elsewhere). */
export function useOrderDetail(orderNo: string) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  const query = useQuery({
    ...getUserLifePayOrderDetailQueryOptions(orderNo, DETAIL_CALL),
    enabled: loggedIn && orderNo !== '',
  })
  const shown = useRef(false)
  useDidShow(() => {
    // The first show is the initial fetch; later ones come back from another page.
    if (shown.current && loggedIn && orderNo) void query.refetch()
    shown.current = true
  })
  return { ...query, notFound: query.isError && isOrderNotFound(query.error) }
}
