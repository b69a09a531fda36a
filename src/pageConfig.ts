import type { PageConfig, WindowConfig } from '@tarojs/taro'
import { SCROLLABLE_PAGES } from './routes'

// The window per host, chosen at build time: Taro evaluates app.config.ts and every *.config.ts in Node with TARO_ENV
// set (nothing here is bundled). Its alipay plugin renames only a few WeChat keys and copies the rest, so Alipay gets
// its own keys, not WeChat's `navigationStyle` / `disableScroll` (docs/decisions/mini-programs.md).

type Host = NodeJS.ProcessEnv['TARO_ENV']

const PRODUCT_TITLE = '生活缴费'
const NAV_BAR_ORANGE = '#ff7a1a'
const PAGE_BACKGROUND = '#f5f6f8'

/**
 * Every page draws the orange nav bar itself (NavBar), so the host's bar must step aside: Alipay's turns transparent
 * and lets taps through.
 */
const alipayCustomNavigation = { transparentTitle: 'always', titlePenetrate: 'YES' } as const

/** The app's default window (app.config.ts). */
export function appWindow(host: Host = process.env.TARO_ENV): WindowConfig {
  if (host === 'alipay') {
    return {
      ...alipayCustomNavigation,
      defaultTitle: PRODUCT_TITLE,
      titleBarColor: NAV_BAR_ORANGE,
      backgroundColor: PAGE_BACKGROUND,
      allowsBounceVertical: 'NO',
      pullRefresh: false,
    }
  }
  return {
    navigationStyle: 'custom',
    navigationBarBackgroundColor: NAV_BAR_ORANGE,
    navigationBarTextStyle: 'white',
    navigationBarTitleText: PRODUCT_TITLE,
    backgroundColor: PAGE_BACKGROUND,
    backgroundTextStyle: 'light',
  }
}

export interface PageWindowOptions {
  /** The page scrolls as a whole and pulling it down refreshes it (home). */
  pullDownRefresh?: boolean
}

/**
 * A page's window: custom navigation everywhere; the page itself scrolls only where SPEC §2 allows (SCROLLABLE_PAGES)
 * or where pulling down refreshes it. Elsewhere the page lays out inside the screen: WeChat's `disableScroll`, and on
 * Alipay (which has no such key) `allowsBounceVertical: 'NO'`, so the page cannot be dragged either.
 */
export function pageWindow(
  page: string,
  options: PageWindowOptions = {},
  host: Host = process.env.TARO_ENV,
): PageConfig {
  const pullDownRefresh = options.pullDownRefresh ?? false
  const scrolls = pullDownRefresh || SCROLLABLE_PAGES.includes(page)
  if (host === 'alipay') {
    return { ...alipayCustomNavigation, allowsBounceVertical: scrolls ? 'YES' : 'NO', pullRefresh: pullDownRefresh }
  }
  return {
    navigationStyle: 'custom',
    disableScroll: !scrolls,
    ...(pullDownRefresh ? { enablePullDownRefresh: true, backgroundTextStyle: 'dark' } : {}),
  }
}
