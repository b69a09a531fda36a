import Taro from '@tarojs/taro'
import { PAGE_LOAD_INDICATOR_DELAY_MS } from '@domain/constants'
import { t } from '../i18n/i18n'
import type { PageLoadUi } from './pageLoadFeedback'

/** webpack's failure to load a page's script (ChunkLoadError) or its stylesheet (mini-css-extract-plugin). */
export function isPageChunkFailure(reason: unknown): boolean {
  const error = reason as { name?: unknown; code?: unknown } | null | undefined
  return error?.name === 'ChunkLoadError' || error?.code === 'CSS_CHUNK_LOAD_FAILED'
}

/** A page's path without its query or leading slash, as the router and the current instance may each write it. */
function routePath(path: string | undefined): string {
  return (path ?? '').split('?')[0].replace(/^\/+/, '')
}

/**
 * H5: opening a page whose code has not been loaded yet waits for the network. Without this a tap on 常用户号 with the
 * server unreachable did nothing at all: no indicator while the chunk loaded, and its failure was an unhandled
 * rejection inside Taro's router. Now a loading indicator shows when the page takes longer than a moment, and a failure
 * says so and the address goes back to the page still shown (the user may tap again). Taro's router announces the
 * start of a route change and the page shown after it (`__taroRouterChange`, `__afterTaroRouterChange`, @tarojs/router
 * 4.2.0).
 */
export function installPageLoadFeedback(ui: PageLoadUi, target: Window = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let showing = false
  const settle = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (showing) ui.hideLoading()
    showing = false
  }
  const start = (change?: { toLocation?: { path?: string } }) => {
    settle()
    const target = routePath(change?.toLocation?.path)
    timer = setTimeout(() => {
      timer = undefined
      // The router let some changes go without showing a page (the page already on top): nothing to wait for.
      if (target === routePath(Taro.getCurrentInstance().router?.path)) return
      showing = true
      ui.showLoading()
    }, PAGE_LOAD_INDICATOR_DELAY_MS)
  }
  const failed = (event: PromiseRejectionEvent) => {
    if (!isPageChunkFailure(event.reason)) return
    // Handled here: it is said to the user, not left as an error in the console.
    event.preventDefault()
    settle()
    const say = () => ui.showToast(t('state.pageLoadFailed'))
    // The address already names the page that failed, and Taro hid the tab bar for it: back to the page still shown.
    // Said once the tab bar is back (Taro's tab bar redraws in an animation frame), so the toast is placed above it.
    const shown = routePath(Taro.getCurrentInstance().router?.path)
    if (shown === '' || shown === routePath(target.location.pathname)) return say()
    target.addEventListener('popstate', () => target.requestAnimationFrame(() => target.requestAnimationFrame(say)), {
      once: true,
    })
    target.history.back()
  }
  Taro.eventCenter.on('__taroRouterChange', start)
  Taro.eventCenter.on('__afterTaroRouterChange', settle)
  target.addEventListener('unhandledrejection', failed)
  return () => {
    settle()
    Taro.eventCenter.off('__taroRouterChange', start)
    Taro.eventCenter.off('__afterTaroRouterChange', settle)
    target.removeEventListener('unhandledrejection', failed)
  }
}
