import type { QueryClient } from '@tanstack/react-query'
import { sessionQuery } from '../api/session'

/**
 * Back to the login screen: the session first (so the screens, which need an operator, unmount), then everything
 * the session read, so the next operator on this browser sees none of it.
 */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQuery.queryKey, null)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] })
}
