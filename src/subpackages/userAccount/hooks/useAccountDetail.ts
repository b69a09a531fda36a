import { useQuery } from '@tanstack/react-query'
import { getUserAccountDetailQueryOptions } from '../../../services/api/userAccounts'
import { isBizError } from '../../../services/http/bizError'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'

/** The server's answer for an account that does not exist, was deleted or is someone else's (docs/api.md). */
export function isAccountNotFound(error: unknown): boolean {
  if (isBizError(error)) return error.code === 'ACCOUNT_NOT_FOUND' || error.code === 'NOT_FOUND'
  return (error as { response?: { status?: number } } | null)?.response?.status === 404
}

/** A saved account to edit; idle when adding (no id). */
export function useAccountDetail(id: string | undefined) {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  const query = useQuery({ ...getUserAccountDetailQueryOptions(id ?? ''), enabled: loggedIn && !!id })
  return { ...query, notFound: query.isError && isAccountNotFound(query.error) }
}
