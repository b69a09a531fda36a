/**
 * H5: abortcontroller-polyfill only in the browsers that need it (AbortController arrived in Chrome 66 and iOS 12.1;
 * Safari 11.1–12.1 has one its fetch ignores), loaded before anything creates an AbortController: react-query makes
 * one for every query fetch, Taro.request one for every request. @tarojs/taro-h5's request module imported it for its
 * side effect, so every route that calls the server carried it (2.3 KiB gzip); the build stands that import in with
 * nothing (config/index.ts, abortControllerOnDemand) and the staged start-up (config/h5StagedBootLoader.js) calls
 * this as the entry runs, starting the router, which loads the first page, only once it has settled. A modern browser
 * requests nothing.
 */

/**
 * Where the polyfill would install itself (its own test, `polyfillNeeded` in abortcontroller-polyfill 1.7.8
 * src/utils.js: no AbortController, or a fetch that takes no `signal`), loads it and resolves once it is in; elsewhere
 * `undefined`, at no cost. (Its `__FORCE_INSTALL_ABORTCONTROLLER_POLYFILL` switch is honoured only where it loads.)
 * Never rejects: should the chunk not load (offline), the app starts all the same, since the pages then cannot load
 * either and say so (src/platform/pageLoadFeedback.h5.ts), rather than leaving a blank tab.
 */
export function loadAbortControllerWhereMissing(): Promise<unknown> | undefined {
  const { AbortController, Request } = window as { AbortController?: unknown; Request?: unknown }
  if (!AbortController || (typeof Request === 'function' && !('signal' in (Request.prototype as object))))
    return import('abortcontroller-polyfill/dist/abortcontroller-polyfill-only').catch(() => undefined)
  return undefined
}
