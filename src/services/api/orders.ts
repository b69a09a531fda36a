import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import type { Done, PageResult } from '@contract/envelope'
import type {
  CreateElectricOrderInput,
  CreateGasOrderInput,
  CreateLifePayOrderResult,
  CreatePhoneOrderInput,
  GetPayOrderForJsApiInput,
  GetPayStatusByOrderNoInput,
  GetUserLifePayOrderPageInput,
  LifePayOrderDetail,
  LifePayOrderListItem,
  LifePayOrderState,
  PayOrderForJsApi,
  RefundUserLifePayOrderInput,
  SetLifePayOrderPayTypeInput,
} from '@contract/lifePay'
import { BizError, isBizError } from '../http/bizError'
import { request, requestUnfiltered } from '../http/client'
import type { CallOptions } from '../http/requestOptions'
import { quietRead } from './quietRead'

// The user's orders: placing one, paying it, following it, asking for a refund. Read fresh every time (no staleTime):
// they change with what the user and the server do.

/** The prefix of every order query (lists, details): what changes an order refreshes them all. */
export const ordersKey = ['lifePay', 'orders'] as const

// Order creation is sent once: nothing in the client retries it, and its idempotency key (newIdempotencyKey) lets the
// caller resend the same order after a timeout without paying twice. The create calls take the caller's error options:
// the recharge submit answers the duplicate guard's refusals (DUPLICATE_ORDER, OPEN_ORDER_LIMIT) with its own dialog.

/** POST /api/LifePay/CreateLifePayPhoneOrder */
export function createLifePayPhoneOrder(
  input: CreatePhoneOrderInput,
  options: CallOptions = {},
): Promise<CreateLifePayOrderResult> {
  return request<CreateLifePayOrderResult>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CreateLifePayPhoneOrder',
    data: input,
  })
}

/** POST /api/LifePay/CreateLifePayElectricOrder */
export function createLifePayElectricOrder(
  input: CreateElectricOrderInput,
  options: CallOptions = {},
): Promise<CreateLifePayOrderResult> {
  return request<CreateLifePayOrderResult>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CreateLifePayElectricOrder',
    data: input,
  })
}

/** POST /api/LifePay/CreateLifePayGasOrder */
export function createLifePayGasOrder(
  input: CreateGasOrderInput,
  options: CallOptions = {},
): Promise<CreateLifePayOrderResult> {
  return request<CreateLifePayOrderResult>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/CreateLifePayGasOrder',
    data: input,
  })
}

export interface OrderNoInput {
  orderNo: string
}

/** GET /api/LifePay/GetUserLifePayOrderDetail */
export function getUserLifePayOrderDetail(input: OrderNoInput, options: CallOptions = {}): Promise<LifePayOrderDetail> {
  return request<LifePayOrderDetail>({
    ...options,
    method: 'GET',
    url: '/api/LifePay/GetUserLifePayOrderDetail',
    params: input,
  })
}

export const getUserLifePayOrderDetailQueryOptions = (orderNo: string, call?: CallOptions) =>
  queryOptions({
    queryKey: [...ordersKey, 'detail', orderNo],
    queryFn: () => getUserLifePayOrderDetail({ orderNo }, quietRead(call)),
  })

/** The server's answer for an order that does not exist or is someone else's (docs/api.md). */
export function isOrderNotFound(error: unknown): boolean {
  if (isBizError(error)) return error.code === 'ORDER_NOT_FOUND'
  const status = (error as { response?: { status?: number } } | null)?.response?.status
  return status === 404
}

/** An order page's detail read: the page draws its own "not found"; other errors keep their toast (a 401 its login). */
export const ORDER_DETAIL_CALL: CallOptions = {
  showLoading: false,
  customErrorHandler: (error) => error instanceof BizError && error.code === 'ORDER_NOT_FOUND',
}

/** POST /api/LifePay/GetUserLifePayOrderPage */
export function getUserLifePayOrderPage(
  input: GetUserLifePayOrderPageInput,
  options: CallOptions = {},
): Promise<PageResult<LifePayOrderListItem>> {
  return request<PageResult<LifePayOrderListItem>>({
    ...options,
    method: 'POST',
    url: '/api/LifePay/GetUserLifePayOrderPage',
    data: input,
  })
}

/** The first page, newest first. */
export const getRecentOrdersQueryOptions = (pageSize: number, call: CallOptions = {}) =>
  queryOptions({
    queryKey: [...ordersKey, 'page', 'any', 'recent', pageSize],
    queryFn: () => getUserLifePayOrderPage({ pageIndex: 1, pageSize }, quietRead(call)),
  })

/** One type (all when undefined), a page at a time. */
export const getUserLifePayOrderPageInfiniteQueryOptions = (
  type: LifePayOrderType | undefined,
  pageSize: number,
  getNextPageParam: (last: PageResult<LifePayOrderListItem>) => number | undefined,
  call: CallOptions = {},
) =>
  infiniteQueryOptions({
    queryKey: [...ordersKey, 'page', type ?? 'any'],
    queryFn: ({ pageParam }) =>
      getUserLifePayOrderPage(
        { pageIndex: pageParam, pageSize, ...(type === undefined ? {} : { lifePayOrderType: type }) },
        quietRead(call),
      ),
    initialPageParam: 1,
    getNextPageParam,
  })

/** POST /api/LifePay/GetPayStatusByOrderNo */
export function getPayStatusByOrderNo(
  input: GetPayStatusByOrderNoInput,
  options: CallOptions = {},
): Promise<LifePayOrderState> {
  return request<LifePayOrderState>({
    method: 'POST',
    url: '/api/LifePay/GetPayStatusByOrderNo',
    data: input,
    ...options,
  })
}

/**
 * Read quietly: the result page shows its own loading and error state. Keyed outside `ordersKey`: a new pay status
 * refreshes the order queries, and must not ask for itself again.
 */
export const getPayStatusByOrderNoQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: ['lifePay', 'payStatus', orderNo],
    queryFn: () => getPayStatusByOrderNo({ orderNo }, quietRead({ skipErrorHandler: true })),
  })

/** POST /api/LifePay/SetLifePayOrderPayType */
export function setLifePayOrderPayType(input: SetLifePayOrderPayTypeInput): Promise<void> {
  return request<void>({ method: 'POST', url: '/api/LifePay/SetLifePayOrderPayType', data: input })
}

/** POST /api/LifePay/GetPayOrderForJsAPI — unfiltered: a mask inside the signed payment parameters would break them. */
export function getPayOrderForJsAPI(input: GetPayOrderForJsApiInput): Promise<PayOrderForJsApi> {
  return requestUnfiltered<PayOrderForJsApi>({ method: 'POST', url: '/api/LifePay/GetPayOrderForJsAPI', data: input })
}

/** POST /api/LifePay/RefundUserLifePayOrder */
export function refundUserLifePayOrder(input: RefundUserLifePayOrderInput): Promise<Done> {
  return request<Done>({
    method: 'POST',
    url: '/api/LifePay/RefundUserLifePayOrder',
    data: input,
  })
}

/** Whatever the answer, the order may have moved on: every order list and detail reads it fresh. */
export const refundUserLifePayOrderMutationOptions = mutationOptions({
  mutationFn: (input: RefundUserLifePayOrderInput) => refundUserLifePayOrder(input),
  onSettled: (_data, _error, _input, _onMutate, { client }) => client.invalidateQueries({ queryKey: ordersKey }),
})
