import { LifePayOrderType } from '../../domain/lifePayOrderType'
import { pagePath } from '../../routes'
import type { UserAccount } from '../../../types/api/lifePay'

// The query names the pages agree on are listed in docs/orders.md.

type QueryValue = string | number | null | undefined

function withQuery(path: string, query: Record<string, QueryValue>): string {
  const pairs = Object.entries(query)
    .filter(
      (entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    )
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path
}

const EDIT_PAGES: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: 'editPhoneUserAccount',
  [LifePayOrderType.Electric]: 'editElectricUserAccount',
  [LifePayOrderType.Gas]: 'editGasUserAccount',
}

/** The edit page of a type: adds without `id`, updates with it. */
export function editAccountUrl(type: LifePayOrderType, id?: string): string {
  return withQuery(pagePath(EDIT_PAGES[type] ?? EDIT_PAGES[LifePayOrderType.Phone]), { id })
}

export function accountListUrl(type?: LifePayOrderType): string {
  return withQuery(pagePath('userAccountList'), { type })
}

/** The top-up page of the account's type, filled with it: `accountId`, which the recharge forms load, and its fields. */
export function topUpAccountUrl(account: UserAccount): string {
  switch (account.lifePayType) {
    case LifePayOrderType.Electric:
      return withQuery(pagePath('electricBillRecharge'), {
        electricAccount: account.content,
        electricType: account.electricType,
        electricAccountType: account.electricAccountType,
        province: account.province,
        city: account.city,
        accountId: account.id,
      })
    case LifePayOrderType.Gas:
      return withQuery(pagePath('gasBillRecharge'), {
        gasAccount: account.content,
        gasOrgType: account.gasOrgType,
        accountId: account.id,
      })
    default:
      return withQuery(pagePath('phoneBillRecharge'), { phone: account.content, accountId: account.id })
  }
}
