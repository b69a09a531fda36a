import { useQuery } from '@tanstack/react-query'
import type { CheckLifePayAccountInput, LifePayAccountCheck } from '@contract/lifePay'
import { checkLifePayAccountQueryOptions } from '../../../services/api/accountChecks'
import { isBizError } from '../../../services/http/bizError'
import { isExtensionAbsent } from '../../../services/api/extensionAbsent'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'
import { useSettledValue } from './useSettledValue'

/**
 * Where the account check stands: idle (nothing complete to check, logged out, or a back end without the lookup),
 * checking, found (the masked holder and figures), notFound (the supplier has no such account: the form will not
 * submit), unavailable (the supplier, or the network, could not answer: the user may go on).
 */
export type AccountCheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'notFound' }
  | { state: 'unavailable' }
  | { state: 'found'; check: LifePayAccountCheck }

/** The key of the query while there is nothing to check (never fetched: the query is disabled then). */
const NOTHING = {} as CheckLifePayAccountInput

/**
 * The supplier's account lookup for an electricity or gas account (issue 20), once the account and its region are
 * complete and valid (`input` undefined until then) and have stopped changing.
 */
export function useAccountCheck(input: CheckLifePayAccountInput | undefined): AccountCheckState {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  // Compared as text: a new object with the same fields is the same account.
  const key = useSettledValue(input ? JSON.stringify(input) : '')
  const settled = key !== '' && key === (input ? JSON.stringify(input) : '') ? input : undefined
  const query = useQuery({
    ...checkLifePayAccountQueryOptions(settled ?? NOTHING),
    enabled: loggedIn && settled !== undefined,
  })
  if (!loggedIn || !input) return { state: 'idle' }
  if (!settled || query.isPending) return { state: 'checking' }
  // A back end without the lookup (issue 36), or an answer without its status: the form goes on as if never asked.
  if (query.isError && isExtensionAbsent(query.error)) return { state: 'idle' }
  if (query.isError) {
    const notFound = isBizError(query.error) && query.error.code === 'LIFE_PAY_ACCOUNT_NOT_FOUND'
    return { state: notFound ? 'notFound' : 'unavailable' }
  }
  if (query.data?.status === undefined) return { state: 'idle' }
  return query.data.status === 'found' ? { state: 'found', check: query.data } : { state: 'unavailable' }
}
