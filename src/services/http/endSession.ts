import { useLifePayStore } from '../../stores/lifePay'
import { hasFullLogin, useSessionStore } from '../../stores/session'
import { httpUi } from './httpUi'
import { forgetReplacedTokens } from './replacedTokens'

/**
 * The session is over (a 401, or the refresh failed): logout when logged in — a full login, or the recharge
 * module's virtual one, whose id the server expires and revokes — then the login page.
 */
export function endSession(): void {
  const session = useSessionStore.getState()
  if (hasFullLogin(session) || useLifePayStore.getState().userId) {
    forgetReplacedTokens()
    session.fullLogout()
  }
  httpUi().redirectToLogin()
}
