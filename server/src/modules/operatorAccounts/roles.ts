import { operatorRoleValues, type OperatorRole } from '../../../../types/api/operators'

// Each role includes the ones before it (types/api/operators.ts): a reviewer reads, an admin also reviews refunds.

export function roleAtLeast(role: OperatorRole, needed: OperatorRole): boolean {
  return operatorRoleValues.indexOf(role) >= operatorRoleValues.indexOf(needed)
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (operatorRoleValues as readonly string[]).includes(value)
}

/** Who made an operator request: a logged-in operator, or the automation token (an admin-equivalent service). */
export interface OperatorActor {
  /** The operator's id, or SERVICE_ACTOR for X-Operator-Token. */
  id: string
  /** The operator's login name, or SERVICE_ACTOR. */
  name: string
  role: OperatorRole
}

export const SERVICE_ACTOR = 'service:token'

export const serviceActor: OperatorActor = { id: SERVICE_ACTOR, name: SERVICE_ACTOR, role: 'admin' }
