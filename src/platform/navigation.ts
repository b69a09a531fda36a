import Taro from '@tarojs/taro'
import { LOGIN_REDIRECT_DEBOUNCE_MS } from '@domain/constants'
import { TAB_PAGES } from '../routes'
import { useLayoutStore } from '../stores/layout'
import { useSessionStore } from '../stores/session'

export const HOME_PAGE = `/${TAB_PAGES[0]}`
/** The page shown when login is requested; it offers the phone-code form in H5 and platform login in mini-programs. */
export const LOGIN_PAGE = '/subpackages/login/authorization/authorization'

function tabUrl(index: number): string {
  return `/${TAB_PAGES[index] ?? TAB_PAGES[0]}`
}

/** Back by `delta` when there is history, otherwise to the tab the user was on. */
export function goBack(delta = 1): Promise<unknown> {
  const pages = Taro.getCurrentPages()
  if (pages.length > delta) return Taro.navigateBack({ delta })
  return Taro.switchTab({ url: tabUrl(useLayoutStore.getState().activeTabIndex) })
}

export function goHome(): Promise<unknown> {
  useLayoutStore.getState().setActiveTabIndex(0)
  return Taro.switchTab({ url: HOME_PAGE })
}

/** Full logout, then the home tab. */
export function logoutAndHome(): Promise<unknown> {
  useSessionStore.getState().fullLogout()
  return goHome()
}

export function switchToTab(index: number): Promise<unknown> {
  useLayoutStore.getState().setActiveTabIndex(index)
  return Taro.switchTab({ url: tabUrl(index) })
}

/**
 * Opens `url`, or goes back when the page below is that very page (same path and query): pages that link to each
 * other (an order and its refund progress) then never stack up into a loop that Back walks through.
 */
export function openOrGoBack(url: string): Promise<unknown> {
  const pages = Taro.getCurrentPages()
  const previous = pages[pages.length - 2]
  const [path, query = ''] = url.split('?')
  const options = (previous?.options ?? {}) as Record<string, string>
  // Not URLSearchParams: the mini-program runtimes have none.
  const wanted = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=').map(decodeURIComponent))
  const samePage =
    previous?.route !== undefined &&
    previous.route.replace(/^\//, '').split('?')[0] === path.replace(/^\//, '') &&
    wanted.every(([key, value = '']) => options[key] === value)
  return samePage ? Taro.navigateBack() : Taro.navigateTo({ url })
}

/** Path and query of the page on top, to come back to after login. */
export function currentPageUrl(): string {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1]
  if (!page?.route) return ''
  const route = page.route.startsWith('/') ? page.route : `/${page.route}`
  const query = Object.entries((page.options ?? {}) as Record<string, string>)
    .filter(([key]) => key !== 'stamp' && key !== '$taroTimestamp')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&')
  return query ? `${route}?${query}` : route
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined

/** Many callers (a burst of 401s) ask at once: the login page opens once, 300 ms after the last ask. */
export function redirectToLogin(): void {
  if (redirectTimer) clearTimeout(redirectTimer)
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined
    const from = currentPageUrl()
    if (from.split('?')[0] === LOGIN_PAGE) return
    const url = from ? `${LOGIN_PAGE}?redirect=${encodeURIComponent(from)}` : LOGIN_PAGE
    void Taro.navigateTo({ url })
  }, LOGIN_REDIRECT_DEBOUNCE_MS)
}

/** After login: back to where the user came from, or home. */
export function returnAfterLogin(redirect: string | undefined): Promise<unknown> {
  const target = redirect ? decodeURIComponent(redirect) : ''
  const path = target.split('?')[0]
  if (!target || TAB_PAGES.some((tab) => `/${tab}` === path)) {
    return Taro.switchTab({ url: path || HOME_PAGE })
  }
  return Taro.redirectTo({ url: target })
}
