import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { GetPayOrderForJsApiInput, LifePayOrderDetail, PayOrderForJsApi } from '@contract/lifePay'
import { CarrierCode } from '@domain/carrier'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { type LifePayType } from '@domain/lifePayType'
import { useToastStore } from '../../../src/components/toastStore'
import { useLocaleStore } from '../../../src/i18n/i18n'
import { settleSandboxCashier, useSandboxCashierStore } from '../../../src/platform/payment/sandboxCashierStore'
import * as webPay from '../../../src/platform/payment/webPay'
import type * as WebPayH5 from '../../../src/platform/payment/webPay.h5'
import PayTypeSelection from '../../../src/subpackages/recharge/components/PayTypeSelection'
import { withFakeApi } from '../../support/fakeApi'
import { leavingPage } from '../../support/leavingPage'
import { ok, type Received } from '../../support/testServer'
import { logIn, logOut, renderWithQuery } from './support'

function order(overrides: Partial<LifePayOrderDetail> = {}): LifePayOrderDetail {
  return {
    orderNo: 'LP100',
    lifePayOrderType: LifePayOrderType.Phone,
    account: '13812345678',
    parValue: 100,
    payAmount: 98.5,
    payStatus: LifePayStatus.Unpaid,
    lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
    frontStatus: null,
    lifePayType: null,
    creationTime: '2024-01-01T00:00:00Z',
    discountAmount: 1.5,
    rate: 98.5,
    ispCode: CarrierCode.Yidong,
    electricType: null,
    electricAccountType: null,
    gasOrgType: null,
    province: null,
    city: null,
    name: null,
    sixID: null,
    id: '00000000-0000-4000-8000-000000000001',
    payTime: null,
    finishTime: null,
    refundApplyTime: null,
    refundApplyRemark: null,
    refundTime: null,
    refundCheckRemark: null,
    expireTime: null,
    canApplyRefund: false,
    supplierOrderNo: null,
    expectedDeliveryTime: null,
    ...overrides,
  }
}

function payOrder(lifePayType: LifePayType): PayOrderForJsApi {
  return {
    orderNo: 'LP100',
    lifePayType,
    payAmount: 98.5,
    sandbox: true,
    wxPay: null,
    aliPayTradeNo: 'T100',
    webPayUrl: null,
  }
}

const api = withFakeApi()
const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'
const JSAPI = '/api/LifePay/GetPayOrderForJsAPI'

/** What paying did, in the order the server received it. */
let calls: string[]
let redirectTo: jest.SpyInstance
/** GetPayOrderForJsAPI answered with `answer`'s payment order for what was asked. */
const answerPayOrder = (answer: (input: GetPayOrderForJsApiInput) => PayOrderForJsApi) =>
  api.route(JSAPI, (request: Received) => {
    const input = request.body as GetPayOrderForJsApiInput
    calls.push(`jsapi ${input.lifePayType}`)
    return ok(answer(input))
  })
const detailAnswer = (detail: LifePayOrderDetail) =>
  api.route(DETAIL, () => {
    calls.push('detail')
    return ok(detail)
  })

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  useSandboxCashierStore.setState({ request: null })
  Taro.removeStorageSync('lifePay.payChoice')
  logIn()
  calls = []
  detailAnswer(order())
  // The back end takes notification answers: the SMS box is offered (issue 36).
  api.answer('/api/LifePay/GetNotificationTemplates', [])
  api.route('/api/LifePay/SetLifePayOrderPayType', (request) => {
    calls.push(`setPayType ${(request.body as { lifePayType: number }).lifePayType}`)
    return ok(null)
  })
  answerPayOrder((input) => payOrder(input.lifePayType))
  api.route('/api/dev/pay/confirm', () => {
    calls.push('sandbox confirm')
    return ok(null)
  })
  api.route('/api/dev/pay/cancel', () => {
    calls.push('sandbox cancel')
    return ok(null)
  })
  redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
})

afterEach(async () => {
  // A cashier left open: the payer backs out, so the page's payment ends here rather than in the next test.
  await act(async () => settleSandboxCashier({ kind: 'cancelled' }))
  jest.restoreAllMocks()
  logOut()
})

const option = (name: string) => screen.getByRole('radio', { name: new RegExp(name) })

describe('select pay type', () => {
  it('says another account’s or an unknown order does not exist, with the way to the orders (issue 37, item 7)', async () => {
    api.refuse(DETAIL, 'ORDER_NOT_FOUND', '订单不存在')
    renderWithQuery(<PayTypeSelection orderNo='LPFOREIGN' kind='phone' host='h5' />)
    await waitFor(() =>
      expect(screen.getByText('This order does not exist or belongs to another account')).toBeTruthy(),
    )
    expect(screen.queryByText(/Retry|Failed to load/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Back to my orders' }))
    expect(redirectTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order' })
  })

  it('keeps the pay type and the SMS notice chosen for the order across a reload (issue 37, item 17)', async () => {
    const first = renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    await waitFor(() => expect(option('Alipay')).toBeTruthy())
    fireEvent.click(option('Alipay'))
    fireEvent.click(await screen.findByRole('checkbox'))
    expect(option('Alipay').getAttribute('aria-checked')).toBe('true')
    first.unmount()

    const reloaded = renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    await waitFor(() => expect(option('Alipay').getAttribute('aria-checked')).toBe('true'))
    expect(option('WeChat Pay').getAttribute('aria-checked')).toBe('false')
    expect((await screen.findByRole('checkbox')).getAttribute('aria-checked')).toBe('true')
    reloaded.unmount()

    // Another order starts from the defaults.
    renderWithQuery(<PayTypeSelection orderNo='LP200' kind='phone' host='h5' />)
    await waitFor(() => expect(option('WeChat Pay').getAttribute('aria-checked')).toBe('true'))
    expect((await screen.findByRole('checkbox')).getAttribute('aria-checked')).toBe('false')
  })

  it('recaps the order and, in a phone browser, offers both pay types', async () => {
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    await waitFor(() => expect(screen.getByTestId('order-amount').textContent).toBe('¥98.50'))
    const recap = screen.getByTestId('order-amount').parentElement as HTMLElement
    expect(recap.textContent).toContain('China Mobile 138****5678')
    expect(recap.textContent).toContain('¥100.00')
    expect(recap.textContent).toContain('-¥1.50')
    expect(option('WeChat Pay').getAttribute('aria-checked')).toBe('true')
    expect(option('Alipay').getAttribute('aria-disabled')).toBeNull()
  })

  it('marks each pay type with its brand’s own mark, not a letter tile, and spans the pay button across the bar', async () => {
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    await waitFor(() => expect(option('Alipay')).not.toBeNull())
    for (const [name, brand] of [
      ['WeChat Pay', 'wx'],
      ['Alipay', 'ali'],
    ]) {
      // The mark is an image screen readers skip: the name beside it says the brand.
      const mark = option(name).querySelector(`.lp-paytype-mark--${brand}`)
      expect(mark).not.toBeNull()
      expect(mark?.getAttribute('aria-hidden')).toBe('true')
      expect(option(name).textContent).toBe(name)
    }
    const pay = screen.getByRole('button', { name: 'Pay ¥98.50' })
    expect(pay.className).toContain('lp-submit-bar__button--wide')
    // Nothing shares the bar with it.
    expect(pay.parentElement?.children).toHaveLength(1)
  })

  it('enables WeChat Pay only in the WeChat mini-program and Alipay only in Alipay', async () => {
    const { unmount } = renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='weapp' />)
    await waitFor(() => expect(option('Alipay').getAttribute('aria-disabled')).toBe('true'))
    expect(option('Alipay').textContent).toContain('Not available here')
    fireEvent.click(option('Alipay'))
    expect(option('WeChat Pay').getAttribute('aria-checked')).toBe('true')
    unmount()
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='alipay' />)
    await waitFor(() => expect(option('WeChat Pay').getAttribute('aria-disabled')).toBe('true'))
    expect(option('Alipay').getAttribute('aria-checked')).toBe('true')
  })

  it('sets the pay type, gets the payment order, pays in the sandbox cashier, then opens the result page', async () => {
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    const pay = await screen.findByRole('button', { name: 'Pay ¥98.50' })
    fireEvent.click(option('Alipay'))
    fireEvent.click(pay)
    const cashier = await screen.findByRole('dialog', { name: 'Checkout' })
    expect(cashier.textContent).toContain('Pay withAlipay')
    expect(within(cashier).getByText('Alipay').parentElement?.querySelector('.lp-paytype-mark--ali')).not.toBeNull()
    fireEvent.click(within(cashier).getByRole('button', { name: 'Pay ¥98.50' }))
    await waitFor(() => expect(calls).toEqual(['detail', 'setPayType 20', 'jsapi 20', 'sandbox confirm']))
    expect(redirectTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/rechargeResult/rechargeResult?orderNo=LP100',
    })
  })

  it("in a phone browser with a real provider: off to the provider's web cashier, back to the result page", async () => {
    // The H5 build's webPay module (jest resolves the mini-programs' one), on a page jsdom lets leave.
    const h5: typeof WebPayH5 = jest.requireActual('../../../src/platform/payment/webPay.h5')
    const leaving = leavingPage()
    jest.spyOn(webPay, 'webPayReturnUrl').mockImplementation((page) => h5.webPayReturnUrl(page, leaving.page))
    jest.spyOn(webPay, 'payOnTheWeb').mockImplementation((...args) => h5.payOnTheWeb(...args, leaving.page))
    const gateway = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&sign=c2ln'
    answerPayOrder((input) => ({
      ...payOrder(input.lifePayType),
      sandbox: false,
      aliPayTradeNo: null,
      webPayUrl: gateway,
    }))
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    const pay = await screen.findByRole('button', { name: 'Pay ¥98.50' })
    fireEvent.click(option('Alipay'))
    fireEvent.click(pay)
    await waitFor(() => expect(leaving.assign).toHaveBeenCalledWith(gateway))
    expect(api.bodies(JSAPI)).toEqual([
      {
        orderNo: 'LP100',
        lifePayType: 20,
        host: 'h5',
        returnUrl: 'https://h5.example/subpackages/recharge/rechargeResult/rechargeResult?orderNo=LP100',
      },
    ])
    // Leaving: no sandbox cashier, the button stays busy, the result page is not opened from here.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Paying…' }).getAttribute('aria-disabled')).toBe('true')
    expect(redirectTo).not.toHaveBeenCalled()
    // The back button brings the page back from the browser's cache: on to the result page, which asks the server.
    act(() => void leaving.show(true))
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith({
        url: '/subpackages/recharge/rechargeResult/rechargeResult?orderNo=LP100',
      }),
    )
  })

  it('in a mini-program the server is told the host and given no way back', async () => {
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='weapp' />)
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ¥98.50' }))
    await waitFor(() => expect(api.bodies(JSAPI)).toHaveLength(1))
    expect(api.bodies(JSAPI)[0]).toEqual({ orderNo: 'LP100', lifePayType: 10, host: 'weapp' })
  })

  it('stays on the page with the order payable when the payer cancels', async () => {
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ¥98.50' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Paying…' }).getAttribute('aria-disabled')).toBe('true'),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel payment' }))
    await waitFor(() => expect(calls).toEqual(['detail', 'setPayType 10', 'jsapi 10', 'sandbox cancel', 'detail']))
    expect(redirectTo).not.toHaveBeenCalled()
    expect(useToastStore.getState().toast?.text).toBe(
      'Payment cancelled. You can still pay this order within 30 minutes',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥98.50' }))
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Checkout' })).not.toBeNull())
  })

  it('reads the kind from the order when the query has none, and leads a paid order to its result', async () => {
    detailAnswer(order({ lifePayOrderType: LifePayOrderType.Gas, payStatus: LifePayStatus.Paid }))
    renderWithQuery(<PayTypeSelection orderNo='LP100' host='h5' />)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This order is already paid'))
    expect(screen.queryByRole('radiogroup')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'See the result' }))
    expect(redirectTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/rechargeGasResult/rechargeGasResult?orderNo=LP100',
    })
  })

  it.each([
    ['closed by the server', { lifePayOrderStatus: LifePayOrderStatus.Failed }],
    // The server's closing job may not have run yet: the deadline holds on the device too.
    ['unpaid past its expireTime', { expireTime: new Date(Date.now() - 1000).toISOString() }],
  ])('says an order %s can no longer be paid and offers a new one', async (_, overrides) => {
    detailAnswer(order(overrides))
    renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host='h5' />)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The order has been closed, please place a new order'),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Top up again' }))
    expect(redirectTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?fromOrderNo=LP100',
    })
  })
})
