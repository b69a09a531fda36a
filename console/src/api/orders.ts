import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Locale } from '@domain/locale'
import type { AuditEntry } from '@contract/operators'
import type {
  LifePayOrderFilters,
  LifePayOrderListOutput,
  OrderTimeline,
  QueryLifePayOrderListInput,
} from '@contract/operator'
import type { PageModelInput, PageOutput } from '@contract/pageModel'
import { call, download } from './http'

/** POST /api/LifePay/GetLifePayOrderPage */
export function getOrderPage(input: QueryLifePayOrderListInput): Promise<PageOutput<LifePayOrderListOutput>> {
  return call('POST', '/api/LifePay/GetLifePayOrderPage', input)
}

export const orderPageQuery = (filters: LifePayOrderFilters, pageModel: PageModelInput) =>
  queryOptions({
    queryKey: ['orders', 'page', filters, pageModel],
    queryFn: () => getOrderPage({ ...filters, pageModel }),
    // The table keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

/**
 * One order by its number: GetLifePayOrderPage matches `keyWords` as the whole order number, or as part of a phone or
 * account number, so only a row with that exact number is it. Null when there is none.
 */
export async function findOrder(orderNo: string): Promise<LifePayOrderListOutput | null> {
  const page = await getOrderPage({ keyWords: orderNo, pageModel: { page: 1, rows: 100 } })
  return page.data.find((order) => order.orderNo === orderNo) ?? null
}

export const orderQuery = (orderNo: string) =>
  queryOptions({ queryKey: ['orders', 'one', orderNo], queryFn: () => findOrder(orderNo) })

/** POST /api/LifePay/GetLifePayOrderPageExport: every order the filters select, as the server's .xlsx file. */
export function exportOrders(filters: LifePayOrderFilters): Promise<{ blob: Blob; fileName: string }> {
  return download('/api/LifePay/GetLifePayOrderPageExport', filters)
}

/** GET /api/operator/orders/:orderNo/timeline */
export function getOrderTimeline(orderNo: string): Promise<OrderTimeline> {
  return call('GET', `/api/operator/orders/${encodeURIComponent(orderNo)}/timeline`)
}

/** The timeline's details come in the console's language (Accept-Language): one cache entry per language. */
export const orderTimelineQuery = (orderNo: string, locale: Locale) =>
  queryOptions({ queryKey: ['orders', 'timeline', orderNo, locale], queryFn: () => getOrderTimeline(orderNo) })

/** GET /api/admin/orders/:orderNo/audit: the operators' actions on the order, newest first. */
export function getOrderAudit(orderNo: string): Promise<AuditEntry[]> {
  return call('GET', `/api/admin/orders/${encodeURIComponent(orderNo)}/audit`)
}

export const orderAuditQuery = (orderNo: string) =>
  queryOptions({ queryKey: ['orders', 'audit', orderNo], queryFn: () => getOrderAudit(orderNo) })
