import Taro from '@tarojs/taro'
import type { TokenResult } from '@contract/account'
import { returnAfterLogin } from '../../platform/navigation'
import { useSessionStore, type UserDetail } from '../../stores/session'

// The calls load when the user submits (import()), not with the page: a login page calls nothing when it opens, so
// its first load holds no axios and no request layer (docs/decisions/h5-first-load.md).
// The submit button shows its busy state meanwhile; a chunk that fails to load rejects like a call without an answer.
const accountApi = () => import('../../services/api/account')

/** Full login (tokens, GetUserInfo, the recharge account); undone when it fails half way, so no token lingers. */
export async function completeFullLogin(token: TokenResult): Promise<UserDetail> {
  try {
    const { fullLogin } = await import('../../hooks/fullLogin')
    return await fullLogin(token)
  } catch (error) {
    useSessionStore.getState().fullLogout()
    throw error
  }
}

/** A scanned code's referral, sent only when there is one (the server records it on an account the call creates). */
const referral = (uId: string) => (uId ? { uId } : {})

/** Phone + code: the virtual login of SPEC §4 (virtual user id + phone; recharge account on channel 818). */
export async function loginWithPhoneCode(phoneNumber: string, code: string, uId = ''): Promise<void> {
  const { lifePayPhoneMesssageCodeLogin } = await accountApi()
  const userId = await lifePayPhoneMesssageCodeLogin({ phoneNumber, code, ...referral(uId) })
  useSessionStore.getState().virtualLogin(userId, phoneNumber)
}

export async function loginWithPassword(loginName: string, password: string): Promise<UserDetail> {
  const { passwordLogin } = await accountApi()
  return completeFullLogin(await passwordLogin({ loginName, password }))
}

export async function registerWithPhoneCode(
  phoneNumber: string,
  code: string,
  password: string,
  uId = '',
): Promise<UserDetail> {
  const { phoneMesssageCodeRegister } = await accountApi()
  return completeFullLogin(await phoneMesssageCodeRegister({ phoneNumber, code, password, ...referral(uId) }))
}

const LOGIN_ROUTE_PREFIX = 'subpackages/login/'

function routeOf(url: string): string {
  return url.split('?')[0].replace(/^\//, '')
}

/**
 * Leaves the login pages for `redirect` (or home). When the page that asked for login lies right under them, goes
 * back to it instead of opening it a second time.
 */
export function leaveLogin(redirect: string): Promise<unknown> {
  const pages = Taro.getCurrentPages()
  const isLoginPage = (index: number) => routeOf(pages[index]?.route ?? '').startsWith(LOGIN_ROUTE_PREFIX)
  let loginPages = 0
  while (loginPages < pages.length && isLoginPage(pages.length - 1 - loginPages)) loginPages++
  const below = pages[pages.length - 1 - loginPages]
  if (redirect && below?.route && routeOf(below.route) === routeOf(redirect) && !isTabRoute(below.route)) {
    return Taro.navigateBack({ delta: loginPages })
  }
  return returnAfterLogin(redirect || undefined)
}

function isTabRoute(route: string): boolean {
  return routeOf(route).startsWith('pages/')
}
