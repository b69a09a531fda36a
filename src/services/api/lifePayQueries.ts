import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import type { CallOptions } from '../http/requestOptions'
import { queryKeys } from '../queryKeys'
import { CACHE } from './cacheTimes'
import type { CheckLifePayAccountInput } from '@contract/lifePay'
import {
  checkLifePayAccount,
  checkPhoneCarrier,
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
//
// Reads are quiet (docs/decisions/app-shell.md): the screen that shows a read shows its own loading state (a
// skeleton, PageState) where the answer will appear. SPEC §4's masked indicator is for what the user does (an order,
// a save): over a page still loading it was a see-through "Loading…" on top of "No amounts available".

/** A read's call: no masked indicator; the caller's own options (e.g. skipErrorHandler) on top. */
const read = (call: CallOptions = {}): CallOptions => ({ showLoading: false, ...call })

/** GET /api/LifePay/GetRate: `caller` names who asks (their rates are their channel's; '' anonymous). */
export const getRateQueryOptions = (caller: string, call: CallOptions = {}) =>
  queryOptions({ queryKey: queryKeys.rateOf(caller), queryFn: () => getRate(read(call)), staleTime: CACHE.catalog })

/** POST /api/LifePay/GetElectricSupportArea */
export const getElectricSupportAreaQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.electricSupportArea,
    queryFn: () => getElectricSupportArea(read()),
    staleTime: CACHE.catalog,
  })

/** POST /api/LifePay/GetPhoneParValue */
export const getPhoneParValueQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.phoneParValue, queryFn: () => getPhoneParValue(read()), staleTime: CACHE.catalog })

/** POST /api/LifePay/GetElectricParValue */
export const getElectricParValueQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.electricParValue,
    queryFn: () => getElectricParValue(read()),
    staleTime: CACHE.catalog,
  })

/** POST /api/LifePay/GetGasParValue */
export const getGasParValueQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.gasParValue, queryFn: () => getGasParValue(read()), staleTime: CACHE.catalog })

/** GET /api/LifePay/GetUserLifePayOrderDetail */
export const getUserLifePayOrderDetailQueryOptions = (orderNo: string, call?: CallOptions) =>
  queryOptions({
    queryKey: queryKeys.order(orderNo),
    queryFn: () => getUserLifePayOrderDetail({ orderNo }, read(call)),
  })

/** POST /api/LifePay/GetUserLifePayOrderPage — the first page, newest first. */
export const getRecentOrdersQueryOptions = (pageSize: number, call: CallOptions = {}) =>
  queryOptions({
    queryKey: queryKeys.recentOrders(pageSize),
    queryFn: () => getUserLifePayOrderPage({ pageIndex: 1, pageSize }, read(call)),
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
        read(call),
      ),
    initialPageParam: 1,
    getNextPageParam,
  })

/** POST /api/LifePay/GetPayStatusByOrderNo — read quietly: the result page shows its own loading and error state. */
export const getPayStatusByOrderNoQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: queryKeys.payStatus(orderNo),
    queryFn: () => getPayStatusByOrderNo({ orderNo }, read({ skipErrorHandler: true })),
  })

/** POST /api/LifePay/GetUserAccountAllList */
export const getUserAccountAllListQueryOptions = (type?: LifePayOrderType, call: CallOptions = {}) =>
  queryOptions({
    queryKey: queryKeys.userAccounts(type),
    queryFn: () => getUserAccountAllList(type === undefined ? {} : { lifePayOrderType: type }, read(call)),
  })

/** GET /api/LifePay/GetUserAccountDetail */
export const getUserAccountDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.userAccount(id), queryFn: () => getUserAccountDetail({ id }, read()) })

// Issue 20 — the lookups before paying: quiet (the form shows checking / found / not found / unavailable in place),
// never retried (an unknown account stays unknown, and each lookup counts against the user's hourly limit), and kept
// for the session so going back and forth over the same account asks once.

/** POST /api/LifePay/CheckLifePayAccount */
export const checkLifePayAccountQueryOptions = (input: CheckLifePayAccountInput) =>
  queryOptions({
    queryKey: queryKeys.accountCheck(input),
    queryFn: () => checkLifePayAccount(input, read({ skipErrorHandler: true })),
    retry: false,
    staleTime: CACHE.lookup,
  })

/** POST /api/LifePay/CheckPhoneCarrier */
export const checkPhoneCarrierQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: queryKeys.carrierCheck(phone),
    queryFn: () => checkPhoneCarrier({ phone }, read({ skipErrorHandler: true })),
    retry: false,
    staleTime: CACHE.lookup,
  })
