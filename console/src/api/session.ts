import { queryOptions } from '@tanstack/react-query'
import type { OperatorLoginInput, OperatorSession } from '@contract/operators'
import { ApiError, call, setCsrfToken } from './http'

/** GET /api/operator/me: the logged-in operator, or null when there is no live session. */
export async function getSession(): Promise<OperatorSession | null> {
  try {
    const session = await call<OperatorSession>('GET', '/api/operator/me')
    setCsrfToken(session.csrfToken)
    return session
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null)
      return null
    }
    throw error
  }
}

export const sessionQuery = queryOptions({
  queryKey: ['operator', 'session'],
  queryFn: getSession,
  staleTime: Infinity,
})

/** POST /api/operator/login */
export async function operatorLogin(input: OperatorLoginInput): Promise<OperatorSession> {
  const session = await call<OperatorSession>('POST', '/api/operator/login', input)
  setCsrfToken(session.csrfToken)
  return session
}

/** POST /api/operator/logout */
export async function operatorLogout(): Promise<void> {
  await call<null>('POST', '/api/operator/logout')
  setCsrfToken(null)
}
