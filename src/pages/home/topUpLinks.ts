import { LifePayOrderType } from '@domain/lifePayOrderType'
import { rechargeFormUrl, rechargeKindOf } from '../../routes'
import type { LifePayOrderListItem, UserAccount } from '@contract/lifePay'

// Home's one-tap top-ups: what each passes to the top-up form (the form's URL is built in src/routes.ts).

/** A saved account, prefilled: the phone number itself, or the saved electricity / gas account by id. */
export function accountTopUpUrl(account: UserAccount): string {
  const kind = rechargeKindOf[account.lifePayType]
  if (account.lifePayType === LifePayOrderType.Phone) return rechargeFormUrl(kind, { phone: account.content })
  return rechargeFormUrl(kind, { accountId: account.id })
}

/**
 * The same top-up again. A phone order needs only number and face value (shown at once); electricity and gas need the
 * grid, provider and area too, which the recharge page reads from the order itself.
 */
export function repeatOrderUrl(order: LifePayOrderListItem): string {
  const kind = rechargeKindOf[order.lifePayOrderType]
  if (order.lifePayOrderType === LifePayOrderType.Phone) {
    return rechargeFormUrl(kind, { phone: order.account, parValue: order.parValue })
  }
  return rechargeFormUrl(kind, { fromOrderNo: order.orderNo })
}
