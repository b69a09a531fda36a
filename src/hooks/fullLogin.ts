import { getUserInfo } from '../services/api/user'
import type { TokenResult } from '@contract/account'
import { useLifePayStore } from '../stores/lifePay'
import { useSessionStore, type UserDetail } from '../stores/session'

// Above the stores (DESIGN: stores hold state, not logic): the login pages and the mine page call it.

/** SPEC §4 full login: store the tokens, then fetch the current user. */
export async function fullLogin(token: TokenResult): Promise<UserDetail> {
  useSessionStore.getState().setTokens(token)
  return refreshUserDetail()
}

/** Fetches GetUserInfo and keeps it as the session's user detail. */
export async function refreshUserDetail(): Promise<UserDetail> {
  const user = await getUserInfo()
  useSessionStore.getState().setUserDetail(user)
  // A fully logged-in user is also the recharge module's user (SPEC §4: logged in when userId is non-empty).
  useLifePayStore.getState().login(user.userId, user.phoneNumber)
  return useSessionStore.getState().userDetail as UserDetail
}
