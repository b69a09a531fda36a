/**
 * H5: Taro's loading indicator lives in its interaction module, which creates its toast, modal and action sheet at
 * import (~6 KiB gzip). The app shell calls the indicator only when a page's code is slow to arrive
 * (src/platform/pageLoadFeedback.h5.ts), and the request layer before a request, so it is a chunk of its own:
 * prefetched while the browser is idle after start-up, loaded at the latest by the first call. Calls run in the order
 * they were made (show, then hide), each once the chunk is there. A chunk that cannot be loaded (offline) shows
 * nothing and is asked for again by the next call; it is never an unhandled rejection, which pageLoadFeedback would
 * take for the page's own.
 */
import type * as LoadingModule from './loading'
import { onDemand } from '../platform/onDemand'

type Loading = typeof LoadingModule

const loaded = onDemand<Loading>(() => import(/* webpackPrefetch: true */ './loading'))

function whenLoaded(call: (indicator: Loading) => void): void {
  loaded().then(call, () => undefined)
}

export function showLoading(): void {
  whenLoaded((indicator) => indicator.showLoading())
}

export function hideLoading(): void {
  whenLoaded((indicator) => indicator.hideLoading())
}
