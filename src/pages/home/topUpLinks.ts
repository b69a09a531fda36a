import { LifePayOrderType } from '../../domain/lifePayOrderType'
import { pagePath } from '../../routes'
import type { LifePayOrderListItem, UserAccount } from '../../../types/api/lifePay'

// The recharge pages read `phone`, `parValue`, `accountId` and `fromOrderNo` from their query (docs/login.md).

const RECHARGE_PAGE: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: 'phoneBillRecharge',
  [LifePayOrderType.Electric]: 'electricBillRecharge',
  [LifePayOrderType.Gas]: 'gasBillRecharge',
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
  return pairs.length ? `${path}?${pairs.join('&')}` : path
}

export function rechargePageUrl(type: LifePayOrderType): string {
  return pagePath(RECHARGE_PAGE[type])
}

/** A saved account, prefilled: the phone number itself, or the saved electricity / gas account by id. */
export function accountTopUpUrl(account: UserAccount): string {
  const path = rechargePageUrl(account.lifePayType)
  if (account.lifePayType === LifePayOrderType.Phone) return withQuery(path, { phone: account.content })
  return withQuery(path, { accountId: account.id })
}

/**
 * The same top-up again. A phone order needs only number and face value (shown at once); electricity and gas need the
 * grid, provider and area too, which the recharge page reads from the order itself.
 */
export function repeatOrderUrl(order: LifePayOrderListItem): string {
  const path = rechargePageUrl(order.lifePayOrderType)
  if (order.lifePayOrderType === LifePayOrderType.Phone) {
    return withQuery(path, { phone: order.account, parValue: order.parValue })
  }
  return withQuery(path, { fromOrderNo: order.orderNo })
}
