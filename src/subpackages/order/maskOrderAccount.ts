import { LifePayOrderType } from '../../domain/lifePayOrderType'
import { maskAccount, maskPhone } from '../../domain/mask'

/** The account as lists show it: phone numbers as 138****5678, utility accounts likewise. */
export function maskOrderAccount(type: LifePayOrderType, account: string): string {
  return type === LifePayOrderType.Phone ? maskPhone(account) : maskAccount(account)
}
