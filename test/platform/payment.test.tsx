import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { PayOrderForJsApi, WxPayJsApiParams } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import { useLocaleStore } from '../../src/i18n/i18n'
import SandboxCashierSheet from '../../src/subpackages/recharge/components/SandboxCashierSheet'
import { alipayOutcome } from '../../src/platform/payment/alipayResultCode'
import { availablePayTypes } from '../../src/platform/payment/availablePayTypes'
import { choosePayBridge, startPayment } from '../../src/platform/payment/payBridge'
import { useSandboxCashierStore } from '../../src/platform/payment/sandboxCashierStore'
import { withFakeApi } from '../support/fakeApi'
import { ok, type Reply } from '../support/testServer'

const wxPay: WxPayJsApiParams = {
  appId: 'wx0123456789abcdef',
  timeStamp: '1700000000',
  nonceStr: 'n0nce',
  package: 'prepay_id=wx2023',
  signType: 'RSA',
  paySign: 'c2lnbmF0dXJl',
}

function payOrder(overrides: Partial<PayOrderForJsApi> = {}): PayOrderForJsApi {
  return {
    orderNo: 'LP20240101000001',
    lifePayType: LifePayType.WxPay,
    payAmount: 98.5,
    sandbox: false,
    wxPay,
    aliPayTradeNo: null,
    webPayUrl: null,
    ...overrides,
  }
}

const g = globalThis as Record<string, unknown>

afterEach(() => {
  delete g.WeixinJSBridge
  delete g.AlipayJSBridge
  jest.restoreAllMocks()
  useSandboxCashierStore.setState({ request: null })
})

describe('pay types per platform', () => {
  it('offers WeChat Pay in WeChat, Alipay in Alipay, and both in a phone browser', () => {
    expect(availablePayTypes('weapp')).toEqual([LifePayType.WxPay])
    expect(availablePayTypes('h5-wechat')).toEqual([LifePayType.WxPay])
    expect(availablePayTypes('alipay')).toEqual([LifePayType.AliPay])
    expect(availablePayTypes('h5-alipay')).toEqual([LifePayType.AliPay])
    expect(availablePayTypes('h5')).toEqual([LifePayType.WxPay, LifePayType.AliPay])
  })
})

describe('bridge selection', () => {
  it("chooses the host's wallet, the provider's web payment in a plain browser, the cashier for every sandbox order", () => {
    const wx = { sandbox: false, lifePayType: LifePayType.WxPay }
    const ali = { sandbox: false, lifePayType: LifePayType.AliPay }
    expect(choosePayBridge('weapp', wx)).toBe('wxMiniProgram')
    expect(choosePayBridge('alipay', ali)).toBe('alipayMiniProgram')
    expect(choosePayBridge('h5-wechat', wx)).toBe('wechatJsBridge')
    expect(choosePayBridge('h5-alipay', ali)).toBe('alipayJsBridge')
    expect(choosePayBridge('h5', wx)).toBe('webPay')
    expect(choosePayBridge('h5', ali)).toBe('webPay')
    for (const host of ['weapp', 'alipay', 'h5-wechat', 'h5-alipay', 'h5'] as const) {
      expect(choosePayBridge(host, { ...wx, sandbox: true })).toBe('sandboxCashier')
      expect(choosePayBridge(host, { ...ali, sandbox: true })).toBe('sandboxCashier')
    }
  })
})

describe('WeChat mini-program bridge', () => {
  // As Taro 4 on WeChat: requestPayment is passed to wx.requestPayment as it is and returns nothing; the wallet's
  // answer arrives through the callbacks, later.
  const wallet = (answer: { ok: true } | { errMsg: string }) =>
    jest.spyOn(Taro, 'requestPayment').mockImplementationOnce(((options: Taro.requestPayment.Option) => {
      setTimeout(() => ('ok' in answer ? options.success?.({ errMsg: 'requestPayment:ok' }) : options.fail?.(answer)))
      return undefined
    }) as unknown as typeof Taro.requestPayment)

  it('calls Taro.requestPayment with exactly the JSAPI parameter set and waits for the wallet', async () => {
    const requestPayment = wallet({ ok: true })
    await expect(startPayment(payOrder(), 'weapp')).resolves.toEqual({ kind: 'succeeded' })
    expect(requestPayment).toHaveBeenCalledTimes(1)
    expect(requestPayment.mock.calls[0][0]).toEqual({
      timeStamp: '1700000000',
      nonceStr: 'n0nce',
      package: 'prepay_id=wx2023',
      signType: 'RSA',
      paySign: 'c2lnbmF0dXJl',
      success: expect.any(Function),
      fail: expect.any(Function),
    })
  })

  it('tells a cancel from a failure, both reported through fail', async () => {
    wallet({ errMsg: 'requestPayment:fail cancel' })
    await expect(startPayment(payOrder(), 'weapp')).resolves.toEqual({ kind: 'cancelled' })
    wallet({ errMsg: 'requestPayment:fail no permission' })
    await expect(startPayment(payOrder(), 'weapp')).resolves.toEqual({
      kind: 'failed',
      message: 'requestPayment:fail no permission',
    })
  })

  it('fails without JSAPI parameters instead of calling the wallet', async () => {
    const requestPayment = jest.spyOn(Taro, 'requestPayment')
    const outcome = await startPayment(payOrder({ wxPay: null }), 'weapp')
    expect(outcome.kind).toBe('failed')
    expect(requestPayment).not.toHaveBeenCalled()
  })
})

describe('Alipay bridges', () => {
  it('maps tradePay result codes: 9000 paid, 8000/6004 ask the server, 6001 cancelled, others failed', () => {
    expect(alipayOutcome('9000')).toEqual({ kind: 'succeeded' })
    expect(alipayOutcome('8000')).toEqual({ kind: 'unknown' })
    expect(alipayOutcome('6004')).toEqual({ kind: 'unknown' })
    expect(alipayOutcome('6001')).toEqual({ kind: 'cancelled' })
    expect(alipayOutcome('4000', '订单支付失败')).toEqual({ kind: 'failed', message: '订单支付失败' })
    expect(alipayOutcome('6002').kind).toBe('failed')
    expect(alipayOutcome(9000)).toEqual({ kind: 'succeeded' })
  })

  const alipayOrder = (tradeNo = '2024TRADE') =>
    payOrder({ lifePayType: LifePayType.AliPay, wxPay: null, aliPayTradeNo: tradeNo })
  // Taro.tradePay resolves with what my.tradePay gives success and rejects with what it gives fail.
  const tradePayReports = (report: Record<string, unknown>, through: 'success' | 'fail' = 'success') =>
    jest
      .spyOn(Taro, 'tradePay')
      .mockImplementation((() => (through === 'success' ? Promise.resolve(report) : Promise.reject(report))) as never)

  it("calls Taro's tradePay with exactly the trade number in the Alipay mini-program", async () => {
    const tradePay = tradePayReports({ resultCode: '9000' })
    await expect(startPayment(alipayOrder(), 'alipay')).resolves.toEqual({ kind: 'succeeded' })
    expect(tradePay).toHaveBeenCalledTimes(1)
    expect(tradePay.mock.calls[0]).toEqual([{ tradeNO: '2024TRADE' }])
  })

  it.each([
    ['9000', { kind: 'succeeded' }],
    ['8000', { kind: 'unknown' }],
    ['6004', { kind: 'unknown' }],
    ['6001', { kind: 'cancelled' }],
    ['4000', { kind: 'failed', message: 'memo of 4000' }],
    ['6002', { kind: 'failed', message: 'memo of 6002' }],
  ])('maps the mini-program result code %s', async (resultCode, outcome) => {
    tradePayReports({ resultCode, memo: `memo of ${resultCode}` })
    await expect(startPayment(alipayOrder(), 'alipay')).resolves.toEqual(outcome)
  })

  it('reads a cancel reported through fail by older Alipay clients, and a refusal without a result code', async () => {
    tradePayReports({ resultCode: '6001' }, 'fail')
    await expect(startPayment(alipayOrder('T1'), 'alipay')).resolves.toEqual({ kind: 'cancelled' })
    tradePayReports({ error: 4, errorMessage: '无权限调用' }, 'fail')
    await expect(startPayment(alipayOrder('T1'), 'alipay')).resolves.toEqual({ kind: 'failed', message: '无权限调用' })
  })

  it('fails without a trade number instead of calling the wallet', async () => {
    const tradePay = tradePayReports({ resultCode: '9000' })
    const outcome = await startPayment(alipayOrder(''), 'alipay')
    expect(outcome.kind).toBe('failed')
    expect(tradePay).not.toHaveBeenCalled()
  })

  it("calls AlipayJSBridge tradePay inside Alipay's browser, waiting for the bridge to be injected", async () => {
    const call = jest.fn((_api: string, _params: unknown, callback: (r: { resultCode: string }) => void) =>
      callback({ resultCode: '9000' }),
    )
    const pending = startPayment(
      payOrder({ lifePayType: LifePayType.AliPay, wxPay: null, aliPayTradeNo: 'T2' }),
      'h5-alipay',
    )
    g.AlipayJSBridge = { call }
    document.dispatchEvent(new Event('AlipayJSBridgeReady'))
    await expect(pending).resolves.toEqual({ kind: 'succeeded' })
    expect(call.mock.calls[0].slice(0, 2)).toEqual(['tradePay', { tradeNO: 'T2' }])
  })
})

describe('web payment bridge', () => {
  it('fails without the web address instead of leaving the page', async () => {
    await expect(startPayment(payOrder({ wxPay: null }), 'h5', '/r?orderNo=1')).resolves.toEqual({
      kind: 'failed',
      message: 'webPayUrl missing from the payment order',
    })
  })

  it('is not in the mini-program builds: their webPay module pays nothing (H5 resolves webPay.h5.ts)', async () => {
    const web = payOrder({ wxPay: null, webPayUrl: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?x=1' })
    await expect(startPayment(web, 'h5', '/r?orderNo=1')).resolves.toMatchObject({ kind: 'failed' })
  })
})

describe('WeChat browser bridge', () => {
  it('invokes getBrandWCPayRequest with the JSAPI parameter set', async () => {
    const invoke = jest.fn((_api: string, _params: unknown, callback: (r: { err_msg: string }) => void) =>
      callback({ err_msg: 'get_brand_wcpay_request:ok' }),
    )
    g.WeixinJSBridge = { invoke }
    await expect(startPayment(payOrder(), 'h5-wechat')).resolves.toEqual({ kind: 'succeeded' })
    expect(invoke.mock.calls[0].slice(0, 2)).toEqual(['getBrandWCPayRequest', wxPay])
  })

  it('reports cancel and failure', async () => {
    g.WeixinJSBridge = {
      invoke: (_a: string, _p: unknown, cb: (r: { err_msg: string }) => void) =>
        cb({ err_msg: 'get_brand_wcpay_request:cancel' }),
    }
    await expect(startPayment(payOrder(), 'h5-wechat')).resolves.toEqual({ kind: 'cancelled' })
    g.WeixinJSBridge = {
      invoke: (_a: string, _p: unknown, cb: (r: { err_msg: string }) => void) =>
        cb({ err_msg: 'get_brand_wcpay_request:fail' }),
    }
    await expect(startPayment(payOrder(), 'h5-wechat')).resolves.toEqual({
      kind: 'failed',
      message: 'get_brand_wcpay_request:fail',
    })
  })
})

describe('sandbox cashier', () => {
  const api = withFakeApi()
  const CONFIRM = '/api/dev/pay/confirm'
  const CANCEL = '/api/dev/pay/cancel'
  beforeEach(() => {
    useLocaleStore.setState({ locale: 'en-US' })
    api.answer(CONFIRM, null)
    api.answer(CANCEL, null)
  })

  it('shows the amount and order, and pays through the server sandbox on "pay"', async () => {
    render(<SandboxCashierSheet />)
    let outcome: Promise<unknown> = Promise.resolve()
    act(() => {
      // Even a WeChat mini-program order goes to the cashier when the server says it is a sandbox order.
      outcome = startPayment(payOrder({ sandbox: true, payAmount: 49.25 }), 'weapp')
    })
    const sheet = screen.getByRole('dialog', { name: 'Checkout' })
    expect(sheet.textContent).toContain('¥49.25')
    expect(sheet.textContent).toContain('LP20240101000001')
    expect(sheet.textContent).toContain('WeChat Pay')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay ¥49.25' }))
    })
    await expect(outcome).resolves.toEqual({ kind: 'succeeded' })
    expect(api.bodies(CONFIRM)).toEqual([{ orderNo: 'LP20240101000001' }])
    expect(api.sent(CANCEL)).toHaveLength(0)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('cancels through the server sandbox on "cancel"', async () => {
    render(<SandboxCashierSheet />)
    let outcome: Promise<unknown> = Promise.resolve()
    act(() => {
      outcome = startPayment(payOrder({ lifePayType: LifePayType.AliPay, sandbox: true }), 'h5')
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }))
    })
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' })
    expect(api.bodies(CANCEL)).toEqual([{ orderNo: 'LP20240101000001' }])
    expect(api.sent(CONFIRM)).toHaveLength(0)
  })

  it('stays open when the sandbox refuses, so the payer can try again', async () => {
    const replies: Reply[] = [{ hangUp: true }]
    api.route(CONFIRM, () => replies.shift() ?? ok(null))
    render(<SandboxCashierSheet />)
    let outcome: Promise<unknown> = Promise.resolve()
    act(() => {
      outcome = startPayment(payOrder({ sandbox: true }), 'h5')
    })
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥98.50' }))
    // The sandbox's answer is lost: the sheet stays, its button free again.
    await waitFor(() => expect(api.sent(CONFIRM)).toHaveLength(1))
    const pay = await screen.findByRole('button', { name: 'Pay ¥98.50' })
    expect(pay.getAttribute('aria-disabled')).toBe('false')
    expect(screen.getByRole('dialog')).not.toBeNull()
    fireEvent.click(pay)
    await expect(outcome).resolves.toEqual({ kind: 'succeeded' })
    expect(api.sent(CONFIRM)).toHaveLength(2)
  })
})
