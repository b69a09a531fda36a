import { HOME_PAGE } from '../navigation'
import { forgetWebPayment, pendingWebPayment } from './webPayPending'

const SELECT_PAY_TYPE = '/subpackages/recharge/selectPayType/selectPayType'

/**
 * H5, as the app starts (before Taro's router reads the address, like collectEntryToHome): a payer who comes back from
 * a web payment by the back button (the pay page loaded again) or opens the app again (home) while it is pending lands
 * on the order's result page instead, once (the provider's own redirect lands there by itself: webPayReturn.h5.ts).
 */
export function webPaymentEntry(location: Location = window.location, history: History = window.history): boolean {
  const pending = pendingWebPayment()
  if (!pending) return false
  const path = location.pathname
  const payPage = path === SELECT_PAY_TYPE && new URLSearchParams(location.search).get('orderNo') === pending.orderNo
  if (path !== '/' && path !== HOME_PAGE && !payPage) return false
  forgetWebPayment()
  history.replaceState(history.state, '', pending.resultPage)
  return true
}
