import { hasFullLogin, useSessionStore } from '../../stores/session'
import { httpUi } from './httpUi'
import { forgetReplacedTokens } from './replacedTokens'

/** The session is over (a 401, or the refresh failed): full logout when logged in, then the login page. */
export function endSession(): void {
  const session = useSessionStore.getState()
  if (hasFullLogin(session)) {
    forgetReplacedTokens()
    session.fullLogout()
  }
  httpUi().redirectToLogin()
}
