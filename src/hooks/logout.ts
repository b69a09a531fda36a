import { logoutAndHome } from '../platform/navigation'
import { logout } from '../services/api/account'
import { useLifePayStore } from '../stores/lifePay'
import { useSessionStore } from '../stores/session'

/**
 * The user logs out: the server ends this login (so a copied token or recharge id stops working too), and the app
 * forgets it and goes home at once, without waiting: offline, the login still ends here and expires there.
 */
export function logOut(): Promise<unknown> {
  const { token } = useSessionStore.getState()
  const { userId } = useLifePayStore.getState()
  if (token || userId) void logout({ token, virtualUserId: userId }).catch(() => undefined)
  return logoutAndHome()
}
