import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { LifePayOrderType } from '../../domain/lifePayOrderType'
import type { CallOptions } from '../http/requestOptions'
import { queryKeys } from '../queryKeys'
import { CACHE } from './cacheTimes'
import {
  getElectricParValue,
  getElectricSupportArea,
  getGasParValue,
  getPayStatusByOrderNo,
  getPhoneParValue,
  getRate,
  getUserAccountAllList,
  getUserAccountDetail,
  getUserLifePayOrderDetail,
  getUserLifePayOrderPage,
} from './lifePay'

// The react-query options of lifePay.ts's reads: key, fetcher and cache time together, so every screen that shows a
// read shares one cache entry. In a file of their own (not inside lifePay.ts) so that tests replacing an endpoint
// function on the lifePay module replace it here too. `enabled` (logged in, a page parameter) stays with the hook.

/** GET /api/LifePay/GetRate */
export const getRateQueryOptions = (call: CallOptions = {}) =>
  queryOptions({ queryKey: queryKeys.rate, queryFn: () => getRate(call), staleTime: CACHE.catalog })

/** POST /api/LifePay/GetElectricSupportArea */
export const getElectricSupportAreaQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.electricSupportArea,
    queryFn: () => getElectricSupportArea(),
    staleTime: CACHE.catalog,
  })

/** POST /api/LifePay/GetPhoneParValue */
export const getPhoneParValueQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.phoneParValue, queryFn: () => getPhoneParValue(), staleTime: CACHE.catalog })

/** POST /api/LifePay/GetElectricParValue */
export const getElectricParValueQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.electricParValue,
    queryFn: () => getElectricParValue(),
    staleTime: CACHE.catalog,
  })

/** POST /api/LifePay/GetGasParValue */
export const getGasParValueQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.gasParValue, queryFn: () => getGasParValue(), staleTime: CACHE.catalog })

/** GET /api/LifePay/GetUserLifePayOrderDetail */
export const getUserLifePayOrderDetailQueryOptions = (orderNo: string, call?: CallOptions) =>
  queryOptions({
    queryKey: queryKeys.order(orderNo),
    queryFn: () => (call ? getUserLifePayOrderDetail({ orderNo }, call) : getUserLifePayOrderDetail({ orderNo })),
  })

/** POST /api/LifePay/GetUserLifePayOrderPage — the first page, newest first. */
export const getRecentOrdersQueryOptions = (pageSize: number, call: CallOptions = {}) =>
  queryOptions({
    queryKey: queryKeys.recentOrders(pageSize),
    queryFn: () => getUserLifePayOrderPage({ pageIndex: 1, pageSize }, call),
  })

/** POST /api/LifePay/GetUserLifePayOrderPage — one type (all when undefined), a page at a time. */
export const getUserLifePayOrderPageInfiniteQueryOptions = (
  type: LifePayOrderType | undefined,
  pageSize: number,
  getNextPageParam: (last: Awaited<ReturnType<typeof getUserLifePayOrderPage>>) => number | undefined,
  call: CallOptions = {},
) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orderPage(type),
    queryFn: ({ pageParam }) =>
      getUserLifePayOrderPage(
        { pageIndex: pageParam, pageSize, ...(type === undefined ? {} : { lifePayOrderType: type }) },
        call,
      ),
    initialPageParam: 1,
    getNextPageParam,
  })

/** POST /api/LifePay/GetPayStatusByOrderNo — read quietly: the result page shows its own loading and error state. */
export const getPayStatusByOrderNoQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: queryKeys.payStatus(orderNo),
    queryFn: () => getPayStatusByOrderNo({ orderNo }, { showLoading: false, skipErrorHandler: true }),
  })

/** POST /api/LifePay/GetUserAccountAllList */
export const getUserAccountAllListQueryOptions = (type?: LifePayOrderType, call: CallOptions = {}) =>
  queryOptions({
    queryKey: queryKeys.userAccounts(type),
    queryFn: () => getUserAccountAllList(type === undefined ? {} : { lifePayOrderType: type }, call),
  })

/** GET /api/LifePay/GetUserAccountDetail */
export const getUserAccountDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.userAccount(id), queryFn: () => getUserAccountDetail({ id }) })
