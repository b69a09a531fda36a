import { useQuery } from '@tanstack/react-query'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import { getUserAccountAllListQueryOptions } from '../services/api/userAccounts'
import type { CallOptions } from '../services/http/requestOptions'
import { useLifePayStore, selectIsLoggedIn } from '../stores/lifePay'

/**
 * The user's saved accounts of one utility (or all); empty and idle while logged out. `call`: for the fetch it starts.
 */
export function useUserAccounts(type?: LifePayOrderType, call: CallOptions = {}) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  return useQuery({ ...getUserAccountAllListQueryOptions(type, call), enabled: loggedIn })
}
