import { maskPhone } from '../../../../src/domain/mask'
import { LifePayOrderType } from '../../../../src/domain/lifePayOrderType'
import { roleAtLeast } from '../../../../src/domain/operatorRole'
import type { OperatorActor } from '../operatorAccounts/roles'

// Phone numbers on operator reads (docs/server.md § Operator side): a viewer (support staff reading orders) sees
// them as 138****8000, the SPEC §5 mask the app itself shows; a reviewer or admin, who may have to call the user
// or check a top-up with the carrier, sees them in full, as does the automation token. Masked are the user's own
// number and the number topped up by a phone order; electricity and gas account numbers are not phone numbers and
// stay whole. Searching (keyWords) still matches the full number: a viewer may find an order by the number the
// user gives them on the phone.

export function seesFullPhones(actor: OperatorActor): boolean {
  return roleAtLeast(actor.role, 'reviewer')
}

/** The user's phone number as `actor` may see it. */
export function phoneFor<T extends string | null>(actor: OperatorActor, phone: T): T {
  return (phone === null || seesFullPhones(actor) ? phone : maskPhone(phone)) as T
}

/** The account topped up as `actor` may see it: masked like a phone number when it is one (a phone order). */
export function accountFor(actor: OperatorActor, lifePayOrderType: number, account: string): string {
  return lifePayOrderType === LifePayOrderType.Phone ? phoneFor(actor, account) : account
}

/** An order as `actor` may see it: its user's phone number and the phone number topped up, masked for a viewer. */
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
