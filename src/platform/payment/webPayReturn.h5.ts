import { forgetWebPayment, pendingWebPayment } from './webPayPending'

/**
 * H5, on an order's result page: back from its web payment, the pending payment is done with (the app opened again
 * goes home), and what the provider appended to the address — Alipay's signed return (out_trade_no, trade_no, sign…)
 * — is dropped, never read: the page asks the server, and the server the provider.
 */
export function returnedFromWebPayment(
  orderNo: string,
  location: Location = window.location,
  history: History = window.history,
): void {
  if (pendingWebPayment()?.orderNo === orderNo) forgetWebPayment()
  if (new URLSearchParams(location.search).has('sign')) {
    history.replaceState(history.state, '', `${location.pathname}?orderNo=${encodeURIComponent(orderNo)}`)
  }
}
