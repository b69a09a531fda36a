import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { LifePayOrderDetail, PayOrderForJsApi } from '@contract/lifePay'
import type { SetLifePayOrderNotificationsInput } from '@contract/notifications'
import { CarrierCode } from '@domain/carrier'
import { LifePayNotificationEvent } from '@domain/lifePayNotification'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { useToastStore } from '../../../src/components/toastStore'
import { useLocaleStore } from '../../../src/i18n/i18n'
import { settleSandboxCashier, useSandboxCashierStore } from '../../../src/platform/payment/sandboxCashierStore'
import PayTypeSelection from '../../../src/subpackages/recharge/components/PayTypeSelection'
import { withFakeApi } from '../../support/fakeApi'
import { queriesSettled } from '../../support/queries'
import { ok } from '../../support/testServer'
import { logIn, logOut, renderWithQuery } from './support'

// Issue 20 at the pay tap: the host's subscribe prompt (mini-programs) or the SMS opt-in (H5), and the payment going
// on whatever the answer.

const order: LifePayOrderDetail = {
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
  supplierOrderNo: null,
  expectedDeliveryTime: null,
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
}

const TEMPLATES = [
  { event: LifePayNotificationEvent.Paid, templateId: 'T-paid' },
  { event: LifePayNotificationEvent.RechargeSucceeded, templateId: 'T-ok' },
  { event: LifePayNotificationEvent.RechargeFailedRefunded, templateId: 'T-failed' },
  { event: LifePayNotificationEvent.RefundApproved, templateId: 'T-approved' },
  { event: LifePayNotificationEvent.RefundRejected, templateId: 'T-rejected' },
]

const api = withFakeApi()
const TEMPLATES_PATH = '/api/LifePay/GetNotificationTemplates'
const NOTIFICATIONS = '/api/LifePay/SetLifePayOrderNotifications'

/** What the tap did, in order: the host's prompt, then the payment's calls as the server received them. */
let calls: string[]
/** The answers sent to the server (beside the payment, in no fixed order with its calls). */
const sent = () => api.bodies<SetLifePayOrderNotificationsInput>(NOTIFICATIONS)
let prompt: jest.SpyInstance

/** Renders the pay page and waits until its reads (the order, the host's templates) have been answered. */
async function open(host: 'weapp' | 'h5') {
  const view = renderWithQuery(<PayTypeSelection orderNo='LP100' kind='phone' host={host} />)
  await queriesSettled(view.queryClient)
  return view
}

/** The host's prompt: answers through its callbacks, as wx / my do. */
function answerPrompt(answer: Record<string, string> | 'fail') {
  prompt = jest.spyOn(Taro, 'requestSubscribeMessage').mockImplementation(((options: {
    tmplIds?: string[]
    success?: (res: unknown) => void
    fail?: (res: unknown) => void
  }) => {
    calls.push(`prompt ${options.tmplIds?.join(',')}`)
    setTimeout(() =>
      answer === 'fail'
        ? options.fail?.({ errMsg: 'requestSubscribeMessage:fail', errCode: 20004 })
        : options.success?.({ errMsg: 'requestSubscribeMessage:ok', ...answer }),
    )
    return undefined
  }) as unknown as typeof Taro.requestSubscribeMessage)
}

function hostHas(prompt: boolean) {
  ;(Taro as { canIUse?: unknown }).canIUse = (name: string) => prompt && name === 'requestSubscribeMessage'
}

beforeEach(() => {
  useLocaleStore.setState({ locale: 'en-US' })
  useSandboxCashierStore.setState({ request: null })
  useToastStore.setState({ toast: null })
  logIn('13800138000')
  calls = []
  api.answer('/api/LifePay/GetUserLifePayOrderDetail', order)
  api.route('/api/LifePay/SetLifePayOrderPayType', () => {
    calls.push('setPayType')
    return ok(null)
  })
  api.route('/api/LifePay/GetPayOrderForJsAPI', (request) => {
    calls.push('jsapi')
    const payOrder: PayOrderForJsApi = {
      orderNo: 'LP100',
      lifePayType: (request.body as { lifePayType: PayOrderForJsApi['lifePayType'] }).lifePayType,
      payAmount: 98.5,
      sandbox: true,
      wxPay: null,
      aliPayTradeNo: null,
      webPayUrl: null,
    }
    return ok(payOrder)
  })
  api.answer(TEMPLATES_PATH, TEMPLATES)
  api.answer(NOTIFICATIONS, null)
  // The H5 Taro the tests run on has no canIUse; the mini-programs' has.
  hostHas(true)
  api.answer('/api/dev/pay/confirm', null)
  api.answer('/api/dev/pay/cancel', null)
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
})

afterEach(async () => {
  // A cashier left open: the payer backs out, so the page's payment ends here rather than in the next test.
  await act(async () => settleSandboxCashier({ kind: 'cancelled' }))
  delete (Taro as { canIUse?: unknown }).canIUse
  jest.restoreAllMocks()
  logOut()
})

/** Taps the button once it is there (the answers that bring it travel in real time, outside act). */
async function tap(name: string) {
  const button = await screen.findByRole('button', { name })
  await act(async () => {
    fireEvent.click(button)
  })
}

const tapPay = () => tap('Pay ¥98.50')

describe('the subscribe prompt at the pay tap (mini-programs)', () => {
  it('asks once, inside the tap, for the three pay-time templates, then pays; the answers go to the server', async () => {
    answerPrompt({ 'T-ok': 'accept', 'T-failed': 'accept', 'T-paid': 'reject' })
    await open('weapp')
    expect(api.sent(TEMPLATES_PATH)).toHaveLength(1)
    const pay = await screen.findByRole('button', { name: 'Pay ¥98.50' })
    // The templates are read before the tap: the prompt is the first thing the tap does.
    await waitFor(() => expect(pay.getAttribute('aria-disabled')).not.toBe('true'))
    fireEvent.click(pay)
    expect(calls).toEqual(['prompt T-ok,T-failed,T-paid'])
    await waitFor(() => expect(calls).toEqual(['prompt T-ok,T-failed,T-paid', 'setPayType', 'jsapi']))
    expect(prompt).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()).toEqual([
      {
        orderNo: 'LP100',
        channel: 'wechat',
        answers: [
          { templateId: 'T-ok', decision: 'accept' },
          { templateId: 'T-failed', decision: 'accept' },
          { templateId: 'T-paid', decision: 'reject' },
        ],
      },
    ])
    expect(await screen.findByRole('dialog', { name: 'Checkout' })).not.toBeNull()
  })

  it('a user who refuses, a prompt that fails, or a host without the API: the payment goes on all the same', async () => {
    answerPrompt('fail')
    const { unmount } = await open('weapp')
    await tapPay()
    await waitFor(() => expect(calls).toEqual(['prompt T-ok,T-failed,T-paid', 'setPayType', 'jsapi']))
    expect(sent()).toEqual([])
    unmount()
    useSandboxCashierStore.setState({ request: null })

    calls = []
    hostHas(false)
    await open('weapp')
    await tapPay()
    await waitFor(() => expect(calls).toEqual(['setPayType', 'jsapi']))
  })

  it('the server refusing the answers does not stop the payment', async () => {
    answerPrompt({ 'T-ok': 'accept' })
    api.fail(NOTIFICATIONS)
    await open('weapp')
    await tapPay()
    await waitFor(() => expect(calls).toEqual(['prompt T-ok,T-failed,T-paid', 'setPayType', 'jsapi']))
    expect(await screen.findByRole('dialog', { name: 'Checkout' })).not.toBeNull()
    // Quietly: the answers were lost on the way, and the user is not told.
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(useToastStore.getState().toast).toBeNull()
  })
})

describe('a back end without notifications (issue 36)', () => {
  it('mini-program: no prompt (no templates), no toast, and the payment goes on', async () => {
    api.route(TEMPLATES_PATH, () => ({
      status: 404,
      json: { success: false, error: 'NOT_FOUND', msg: '请求地址出错' },
    }))
    answerPrompt({})
    await open('weapp')
    await tapPay()
    await waitFor(() => expect(calls).toEqual(['setPayType', 'jsapi']))
    expect(prompt).not.toHaveBeenCalled()
    expect(sent()).toEqual([])
    expect(useToastStore.getState().toast).toBeNull()
  })
})

describe('the SMS opt-in (H5)', () => {
  it('is offered unticked with the masked number; the host prompt is never asked in a browser', async () => {
    answerPrompt({})
    await open('h5')
    const box = await screen.findByRole('checkbox', { name: 'Text me the top-up result (to 138****8000)' })
    expect(box.getAttribute('aria-checked')).toBe('false')
    await tapPay()
    await waitFor(() => expect(calls).toEqual(['setPayType', 'jsapi']))
    expect(prompt).not.toHaveBeenCalled()
    // Read once, only to learn that the back end takes the answer (issue 36).
    expect(api.sent(TEMPLATES_PATH)).toHaveLength(1)
  })

  it('a back end without notifications (404): no box, no toast, and the payment goes on (issue 36)', async () => {
    api.route(TEMPLATES_PATH, () => ({ status: 404, text: '' }))
    await open('h5')
    await tapPay()
    await waitFor(() => expect(calls).toEqual(['setPayType', 'jsapi']))
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(sent()).toEqual([])
    expect(useToastStore.getState().toast).toBeNull()
  })

  it('ticked, it travels with the pay tap; unticked after a cancelled payment, it is withdrawn', async () => {
    useLocaleStore.setState({ locale: 'zh-CN' })
    await open('h5')
    const box = await screen.findByRole('checkbox', { name: '短信通知我充值结果（发送至 138****8000）' })
    fireEvent.click(box)
    expect(box.getAttribute('aria-checked')).toBe('true')
    await tap('确认支付 ¥98.50')
    await waitFor(() => expect(sent()).toEqual([{ orderNo: 'LP100', channel: 'sms', optIn: true }]))
    await tap('取消支付')
    fireEvent.click(screen.getByRole('checkbox'))
    await tap('确认支付 ¥98.50')
    await waitFor(() => expect(sent()).toHaveLength(2))
    expect(sent()[1]).toEqual({ orderNo: 'LP100', channel: 'sms', optIn: false })
  })
})
