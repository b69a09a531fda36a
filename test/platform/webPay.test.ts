import { UNPAID_ORDER_CLOSE_MS } from '@domain/constants'
import { payOnTheWeb, webPayReturnUrl } from '../../src/platform/payment/webPay.h5'
import { webPaymentEntry } from '../../src/platform/payment/webPayEntry.h5'
import { returnedFromWebPayment } from '../../src/platform/payment/webPayReturn.h5'
import { pendingWebPayment, rememberWebPayment } from '../../src/platform/payment/webPayPending'
import { leavingPage } from '../support/leavingPage'

// H5's web payment (docs/payment.md § Web payment): leaving for the provider's cashier, and the ways back — the
// provider's redirect, the back button, the app opened again.

const RESULT = '/subpackages/recharge/rechargeResult/rechargeResult?orderNo=LP100'
const WEB_PAY_URL =
  'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1&redirect_url=' +
  encodeURIComponent(`https://h5.example${RESULT}`)

/** An address: what the app's start (or the result page's return) made of it. */
function at(path: string, run: (location: Location, history: History) => unknown = webPaymentEntry) {
  const url = new URL(path, 'https://h5.example')
  const location = { pathname: url.pathname, search: url.search } as Location
  const replaced: string[] = []
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, to: string) => void replaced.push(to),
  } as unknown as History
  const redirected = run(location, history) === true
  return { redirected, replaced }
}
const returnedTo = (path: string, orderNo: string) =>
  at(path, (location, history) => returnedFromWebPayment(orderNo, location, history))

beforeEach(() => localStorage.clear())

describe('leaving for the web payment', () => {
  it("sends the browser to the provider's address after remembering the order", () => {
    const { page, assign } = leavingPage()
    void payOnTheWeb('LP100', WEB_PAY_URL, RESULT, page)
    expect(assign).toHaveBeenCalledWith(WEB_PAY_URL)
    expect(pendingWebPayment()).toEqual({ orderNo: 'LP100', resultPage: RESULT, at: expect.any(Number) })
  })

  it('the return URL is the result page on this origin', () => {
    expect(webPayReturnUrl(RESULT, leavingPage().page)).toBe(`https://h5.example${RESULT}`)
  })

  it('back from the back-forward cache: the outcome is unknown (the result page asks the server)', async () => {
    const { page, show } = leavingPage()
    let settled = false
    const outcome = payOnTheWeb('LP100', WEB_PAY_URL, RESULT, page).then((value) => {
      settled = true
      return value
    })
    // The first show is the page's own load, not a return.
    show(false)
    await Promise.resolve()
    expect(settled).toBe(false)
    show(true)
    await expect(outcome).resolves.toEqual({ kind: 'unknown' })
    expect(pendingWebPayment()).toBeNull()
  })
})

describe('the way back', () => {
  it("the provider's redirect: the result page, Alipay's signed return dropped from the address", () => {
    rememberWebPayment({ orderNo: 'LP100', resultPage: RESULT, at: Date.now() })
    const alipayReturn = `${RESULT}&charset=utf-8&out_trade_no=LP100&method=alipay.trade.wap.pay.return&sign=abc%3D`
    expect(returnedTo(alipayReturn, 'LP100').replaced).toEqual([RESULT])
    // Done with: opening the app again later goes home.
    expect(pendingWebPayment()).toBeNull()
    expect(at('/').redirected).toBe(false)
    // WeChat's redirect carries nothing of its own: the address stays.
    expect(returnedTo(RESULT, 'LP100').replaced).toEqual([])
  })

  it('the back button reloading the pay page, or the app opened again: the pending order’s result page, once', () => {
    for (const entry of [
      '/subpackages/recharge/selectPayType/selectPayType?orderNo=LP100&type=phone',
      '/',
      '/pages/home/index',
    ]) {
      rememberWebPayment({ orderNo: 'LP100', resultPage: RESULT, at: Date.now() })
      expect(at(entry)).toEqual({ redirected: true, replaced: [RESULT] })
      expect(at(entry)).toEqual({ redirected: false, replaced: [] })
    }
  })

  it('leaves every other start alone: another order’s pay page, another page, an old or no pending payment', () => {
    rememberWebPayment({ orderNo: 'LP100', resultPage: RESULT, at: Date.now() })
    expect(at('/subpackages/recharge/selectPayType/selectPayType?orderNo=LP200').redirected).toBe(false)
    expect(at('/subpackages/order/order/order?orderNo=LP100').redirected).toBe(false)
    // Another order's result page keeps this one pending.
    returnedTo('/subpackages/recharge/rechargeResult/rechargeResult?orderNo=LP200', 'LP200')
    expect(pendingWebPayment()?.orderNo).toBe('LP100')
    rememberWebPayment({ orderNo: 'LP100', resultPage: RESULT, at: Date.now() - UNPAID_ORDER_CLOSE_MS - 1 })
    expect(at('/').redirected).toBe(false)
    localStorage.setItem('lifePay.webPayment', 'not json')
    expect(at('/').redirected).toBe(false)
    localStorage.clear()
    expect(at('/').redirected).toBe(false)
  })
})
