import { redirectToLogin } from '../../../platform/navigation'
import { selectIsLoggedIn, useLifePayStore } from '../../../stores/lifePay'

/** True when the recharge account is logged in; otherwise asks for the login page (which comes back here) and false. */
export function useEnsureLoggedIn(): () => boolean {
  const loggedIn = useLifePayStore(selectIsLoggedIn)
  return () => {
    if (loggedIn) return true
    redirectToLogin()
    return false
  }
}
