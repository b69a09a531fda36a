/**
 * H5: Taro's toast and loading live in its interaction module, which creates its toast, modal and action sheet at
 * import (~6 KiB gzip). Every page that calls the server imports the request layer, and the app replaces these
 * defaults as soon as its wiring (src/appHttp.ts) loads, so they load on first use only. webpack puts Taro's module in
 * a chunk of its own, shared with the app's loading indicator (src/components/loadingIndicator.h5.ts, which the shell
 * prefetches): one download whichever asks first. Not the indicator's chunk by name: a named chunk with a prefetching
 * origin makes every chunk that imports it prefetch it too, and webpack's prefetch step then leaves an unhandled
 * rejection when such a chunk fails to load (a page opened offline said nothing: test/e2e/shell.e2e.ts).
 * Calls run in the order they were made, each once the chunk is there; a chunk that cannot be loaded (offline) shows
 * nothing and is asked for again by the next call, never an unhandled rejection.
 */
import type * as TaroPopups from './taroPopups'
import type { HttpToastType } from './httpToastType'

type Popups = typeof TaroPopups

// src/platform/onDemand.ts's rule, written out: the http layer sits below platform (eslint's layers).
let loading: Promise<Popups> | undefined

function loaded(): Promise<Popups> {
  loading ??= import('./taroPopups').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

function whenLoaded(call: (popups: Popups) => void): void {
  loaded().then(call, () => undefined)
}

export function showToast(type: HttpToastType, text: string): void {
  whenLoaded((popups) => popups.showToast(type, text))
}

export function showLoading(): void {
  whenLoaded((popups) => popups.showLoading())
}

export function hideLoading(): void {
  whenLoaded((popups) => popups.hideLoading())
}
