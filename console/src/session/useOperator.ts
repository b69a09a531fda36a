import { useQuery } from '@tanstack/react-query'
import { roleAtLeast, type OperatorRole } from '@domain/operatorRole'
import type { OperatorProfile } from '@contract/operators'
import { sessionQuery } from '../api/session'

/** The logged-in operator (the console shows its screens only inside a session). */
export function useOperator(): OperatorProfile {
  const { data } = useQuery(sessionQuery)
  if (!data) throw new Error('useOperator outside a session')
  return data.operator
}

/** Whether the logged-in operator's role may do what `needed` may (the server checks again). */
export function useCan(needed: OperatorRole): boolean {
  return roleAtLeast(useOperator().role, needed)
}
