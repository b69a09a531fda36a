import { LifePayOrderType } from '../../domain/lifePayOrderType'
import { pagePath } from '../../routes'
import type { LifePayOrderDetail } from '../../../types/api/lifePay'

// The query names the pages agree on are listed in docs/orders.md.

type QueryValue = string | number | null | undefined

/** `path?a=1&b=2`, leaving out empty values. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const pairs = Object.entries(query)
    .filter(
      (entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    )
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path
}

/** The order page in detail mode. */
export function orderDetailUrl(orderNo: string): string {
  return withQuery(pagePath('order'), { orderNo })
}

export function orderListUrl(): string {
  return pagePath('order')
}

export function payOrderUrl(orderNo: string): string {
  return withQuery(pagePath('selectPayType'), { orderNo })
}

export function applyRefundUrl(orderNo: string): string {
  return withQuery(pagePath('orderApplyRefund'), { orderNo })
}

export function refundResultUrl(orderNo: string): string {
  return withQuery(pagePath('orderRefundResult'), { orderNo })
}

/**
 * The top-up page of the order's type, filled with the same account and face value: the account fields by name, and
 * `fromOrderNo`, from which the recharge forms load the order themselves.
 */
export function topUpAgainUrl(
  order: Pick<
    LifePayOrderDetail,
    | 'lifePayOrderType'
    | 'account'
    | 'parValue'
    | 'electricType'
    | 'electricAccountType'
    | 'province'
    | 'city'
    | 'gasOrgType'
    | 'orderNo'
  >,
): string {
  switch (order.lifePayOrderType) {
    case LifePayOrderType.Electric:
      return withQuery(pagePath('electricBillRecharge'), {
        electricAccount: order.account,
        electricType: order.electricType,
        electricAccountType: order.electricAccountType,
        province: order.province,
        city: order.city,
        parValue: order.parValue,
        fromOrderNo: order.orderNo,
      })
    case LifePayOrderType.Gas:
      return withQuery(pagePath('gasBillRecharge'), {
        gasAccount: order.account,
        gasOrgType: order.gasOrgType,
        parValue: order.parValue,
        fromOrderNo: order.orderNo,
      })
    default:
      return withQuery(pagePath('phoneBillRecharge'), {
        phone: order.account,
        parValue: order.parValue,
        fromOrderNo: order.orderNo,
      })
  }
}

/** Where an empty order list sends the user: the top-up page of the selected type. */
export function topUpPageUrl(type: LifePayOrderType): string {
  if (type === LifePayOrderType.Electric) return pagePath('electricBillRecharge')
  if (type === LifePayOrderType.Gas) return pagePath('gasBillRecharge')
  return pagePath('phoneBillRecharge')
}
