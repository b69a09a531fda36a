import { LifePayOrderType } from '../../domain/lifePayOrderType'
import { pagePath } from '../../routes'

/** The `type` query value of selectPayType: which utility an order tops up. */
export type RechargeKind = 'phone' | 'electric' | 'gas'

export const rechargeKindOf: Readonly<Record<LifePayOrderType, RechargeKind>> = {
  [LifePayOrderType.Phone]: 'phone',
  [LifePayOrderType.Electric]: 'electric',
  [LifePayOrderType.Gas]: 'gas',
}

export const orderTypeOf: Readonly<Record<RechargeKind, LifePayOrderType>> = {
  phone: LifePayOrderType.Phone,
  electric: LifePayOrderType.Electric,
  gas: LifePayOrderType.Gas,
}

export function isRechargeKind(value: unknown): value is RechargeKind {
  return value === 'phone' || value === 'electric' || value === 'gas'
}

const FORM_PAGE: Record<RechargeKind, string> = {
  phone: 'phoneBillRecharge',
  electric: 'electricBillRecharge',
  gas: 'gasBillRecharge',
}

const RESULT_PAGE: Record<RechargeKind, string> = {
  phone: 'rechargeResult',
  electric: 'rechargeElectricResult',
  gas: 'rechargeGasResult',
}

/** The order detail page of the order subpackage. */
export const ORDER_DETAIL_PAGE = '/subpackages/order/order/order'

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
  return pairs.length ? `${path}?${pairs.join('&')}` : path
}

/**
 * A top-up form, prefilled. Every form reads `accountId` (a saved account), `fromOrderNo` (the account of an earlier
 * order) and `parValue`; the phone form also `phone`.
 */
export function rechargeFormUrl(
  kind: RechargeKind,
  prefill: { phone?: string; parValue?: number; accountId?: string; fromOrderNo?: string } = {},
): string {
  return withQuery(pagePath(FORM_PAGE[kind]), prefill)
}

export function selectPayTypeUrl(orderNo: string, kind?: RechargeKind): string {
  return withQuery(pagePath('selectPayType'), { orderNo, type: kind })
}

export function rechargeResultUrl(kind: RechargeKind, orderNo: string): string {
  return withQuery(pagePath(RESULT_PAGE[kind]), { orderNo })
}

export function orderDetailUrl(orderNo: string): string {
  return withQuery(ORDER_DETAIL_PAGE, { orderNo })
}

/** A positive number from a page query value, else undefined. */
export function numberParam(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const number = Number(value)
  return Number.isFinite(number) && number > 0 ? number : undefined
}
