import type { PayOutcome } from './payOutcome'
import { forgetWebPayment, rememberWebPayment } from './webPayPending'

/** The page that leaves for the provider (the window; tests pass their own). */
export type LeavingPage = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'assign' | 'origin'>
}

/** The order's result page as an address on this origin: the server accepts no other way back. */
export function webPayReturnUrl(resultPage: string, page: LeavingPage = window): string | undefined {
  return `${page.location.origin}${resultPage}`
}

/**
 * A phone browser outside WeChat and Alipay: the provider's web cashier — WeChat Pay's h5_url (with its redirect_url)
 * or the Alipay gateway — in this tab, after remembering the order (webPayEntry.h5.ts brings a payer who comes back
 * another way to its result page). The page is left, so the promise settles only if the browser shows it again from
 * its back-forward cache (the back button): the result is then unknown, and the result page asks the server.
 */
export function payOnTheWeb(
  orderNo: string,
  url: string,
  resultPage: string,
  page: LeavingPage = window,
): Promise<PayOutcome> {
  rememberWebPayment({ orderNo, resultPage, at: Date.now() })
  return new Promise((resolve) => {
    const onShow = (event: Event) => {
      if (!(event as PageTransitionEvent).persisted) return
      page.removeEventListener('pageshow', onShow)
      forgetWebPayment()
      resolve({ kind: 'unknown' })
    }
    page.addEventListener('pageshow', onShow)
    page.location.assign(url)
  })
}
