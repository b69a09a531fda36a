import type { OperatorRole } from '@domain/operatorRole'

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
