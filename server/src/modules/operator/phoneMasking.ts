import { maskLifePayAccount, maskPhone } from '@domain/mask'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { roleAtLeast } from '@domain/operatorRole'
import type { OperatorActor } from '../operatorAccounts/roles'

// Phone and account numbers on operator reads (docs/server.md § Operator side): a viewer (support staff reading
// orders) sees phone numbers as 138****8000, the SPEC §5 mask the app itself shows, and electricity and gas account
// numbers as the app masks them (440******6789); a reviewer or admin, who may have to call the user or check a
// top-up with the carrier or the utility, sees them in full, as does the automation token. Searching (keyWords)
// still matches the full number: a viewer may find an order by the number the user gives them on the phone.

export function seesFullPhones(actor: OperatorActor): boolean {
  return roleAtLeast(actor.role, 'reviewer')
}

/** The user's phone number as `actor` may see it. */
export function phoneFor<T extends string | null>(actor: OperatorActor, phone: T): T {
  return (phone === null || seesFullPhones(actor) ? phone : maskPhone(phone)) as T
}

/** The account topped up (a phone, electricity or gas account number) as `actor` may see it. */
export function accountFor(actor: OperatorActor, lifePayOrderType: number, account: string): string {
  return seesFullPhones(actor) ? account : maskLifePayAccount(lifePayOrderType as LifePayOrderType, account)
}

/** An order as `actor` may see it: its user's phone number and the account topped up, masked for a viewer. */
export function orderFor<T extends { lifePayOrderType: number; account: string; phoneNumber?: string | null }>(
  actor: OperatorActor,
  order: T,
): T {
  if (seesFullPhones(actor)) return order
  return {
    ...order,
    account: accountFor(actor, order.lifePayOrderType, order.account),
    ...(order.phoneNumber !== undefined ? { phoneNumber: phoneFor(actor, order.phoneNumber) } : {}),
  }
}
