import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { getUserLifePayOrderPageInfiniteQueryOptions } from '../../../services/api/orders'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'
import type { PageResult } from '@contract/envelope'
import type { LifePayOrderListItem } from '@contract/lifePay'

export const ORDER_PAGE_SIZE = 10

/** The page after `last`, or undefined at the end of the list. */
export function nextOrderPageIndex(last: PageResult<LifePayOrderListItem>): number | undefined {
  const seen = (last.pageIndex - 1) * last.pageSize + last.items.length
  return last.items.length < last.pageSize || seen >= last.totalCount ? undefined : last.pageIndex + 1
}

/** The user's orders of one type (all when undefined), newest first, a page at a time. */
// The list shows its own loading footer and pull-to-refresh state: no full-screen loading mask on top.
const LIST_CALL = { showLoading: false }

export function useOrderPage(type?: LifePayOrderType) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  const queryClient = useQueryClient()
  const options = getUserLifePayOrderPageInfiniteQueryOptions(type, ORDER_PAGE_SIZE, nextOrderPageIndex, LIST_CALL)
  const query = useInfiniteQuery({ ...options, enabled: loggedIn })
  // A new order placed between two pages shifts the next page by one: each order is shown once.
  const orders = useMemo(() => {
    const seen = new Set<string>()
    const unique: LifePayOrderListItem[] = []
    for (const page of query.data?.pages ?? []) {
      for (const order of page.items) {
        if (!seen.has(order.orderNo)) unique.push(order)
        seen.add(order.orderNo)
      }
    }
    return unique
  }, [query.data])
  /** Pull to refresh: back to the newest page only, as if the list had just opened. */
  const refreshFirstPage = async () => {
    queryClient.setQueryData(options.queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    )
    await query.refetch()
  }
  return { ...query, orders, refreshFirstPage }
}
