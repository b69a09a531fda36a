import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import * as dialogStore from '../../../src/components/dialogStore'
import { useDialogStore } from '../../../src/components/dialogStore'
import { useToastStore } from '../../../src/components/toastStore'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { refundReason, validateField } from '@domain/validators'
import { getUserLifePayOrderPageInfiniteQueryOptions } from '../../../src/services/api/orders'
import ApplyRefundView from '../../../src/subpackages/order/components/ApplyRefundView'
import { nextOrderPageIndex, ORDER_PAGE_SIZE } from '../../../src/subpackages/order/hooks/useOrderPage'
import { DETAIL_MAX_LENGTH, REFUND_REASON_MAX_LENGTH } from '../../../src/subpackages/order/refundApplication'
import { withFakeApi } from '../../support/fakeApi'
import { orderDetail } from './support/orders'
import { removeDialog, renderedQueriesSettled, renderScreen } from './support/render'
import { typeInto } from './support/taroEvents'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPage').taroWithPageHooks())

const refundable = orderDetail({
  lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
  finishTime: null,
  canApplyRefund: true,
})

const api = withFakeApi()
const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'
const REFUND = '/api/LifePay/RefundUserLifePayOrder'
const NOTIFICATIONS = '/api/LifePay/SetLifePayOrderNotifications'
const TEMPLATES = '/api/LifePay/GetNotificationTemplates'
/** The applications sent, oldest first. */
const applications = () => api.bodies(REFUND)

async function openForm(locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  api.answer(DETAIL, refundable)
  const view = renderScreen(<ApplyRefundView orderNo={refundable.orderNo} />, { locale })
  await waitFor(() => expect(document.querySelector('.lp-refund')).not.toBeNull())
  return view
}

const submitButton = () => document.querySelector('.lp-refund__submit') as HTMLElement
const textarea = () => document.querySelector('.lp-refund__textarea') as HTMLElement
const dialogOpen = () => useDialogStore.getState().dialog?.visible === true
/** The closed dialog has gone (its closing animation over): the form is uncovered again. */
const dialogRemoved = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
const confirmDialog = async () => {
  await waitFor(() => expect(screen.getByRole('dialog')).not.toBeNull())
  fireEvent.click(screen.getByText('确定'))
}

// Jest resolves the mini-programs' files; the refund form's SMS opt-in is H5's (useRefundSmsOptIn.h5.tsx).
jest.mock('../../../src/subpackages/order/hooks/useRefundSmsOptIn', () =>
  jest.requireActual('../../../src/subpackages/order/hooks/useRefundSmsOptIn.h5'),
)

describe('refund form', () => {
  /** The form's request for a confirmation: a dialog opens DIALOG_OPEN_DELAY_MS after it, and only after it. */
  let askConfirmation: jest.SpiedFunction<typeof dialogStore.confirm>
  beforeEach(() => {
    api.answer(REFUND, 1)
    api.answer(NOTIFICATIONS, null)
    api.answer(TEMPLATES, [])
    askConfirmation = jest.spyOn(dialogStore, 'confirm')
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' })
  })
  afterEach(async () => {
    await renderedQueriesSettled()
    jest.restoreAllMocks()
    removeDialog()
  })

  it('uses the same length limit as the domain rule', () => {
    expect(refundReason('字'.repeat(REFUND_REASON_MAX_LENGTH))).toBeNull()
    expect(refundReason('字'.repeat(REFUND_REASON_MAX_LENGTH + 1))).toBe('refundReason')
  })

  it('recaps the amount and where it goes back to', async () => {
    await openForm()
    const recap = document.querySelector('.lp-refund__recap')?.textContent ?? ''
    expect(recap).toContain('¥98.50')
    expect(recap).toContain('原路退回至 微信支付')
    expect(recap).toContain('138****5678')
  })

  it('asks for a reason before anything is sent', async () => {
    await openForm()
    fireEvent.click(submitButton())
    expect(screen.getByRole('alert').textContent).toBe('请选择退款原因')
    expect(askConfirmation).not.toHaveBeenCalled()
    expect(dialogOpen()).toBe(false)
    expect(applications()).toEqual([])
  })

  it('"other" needs a description', async () => {
    await openForm('en-US')
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }))
    fireEvent.click(submitButton())
    expect(screen.getByRole('alert').textContent).toBe('Please describe the reason')
    expect(applications()).toEqual([])
  })

  it('counts the description against one limit, whichever reason is picked (issue 17, item 13)', async () => {
    await openForm()
    fireEvent.click(screen.getByRole('radio', { name: '重复充值' }))
    const max = DETAIL_MAX_LENGTH
    // One limit in both languages: the longest reason's words, whichever language, leave this much (issue 37, item 15).
    expect(max).toBe(REFUND_REASON_MAX_LENGTH - 'Not credited for a long time: '.length)
    typeInto(textarea(), '多充了一次')
    expect(screen.getByText(`5/${max}`)).not.toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: '长时间未到账' }))
    expect(screen.getByText(`5/${max}`)).not.toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: '重复充值' }))
    // Past the limit (a paste the host did not cut): the domain rule's message, and nothing is sent.
    typeInto(textarea(), '长'.repeat(max + 1))
    fireEvent.click(submitButton())
    expect(screen.getByRole('alert').textContent).toBe('退款原因为1至200个字')
    expect(applications()).toEqual([])
  })

  it('counts an emoji once, as the server does, and lets the text reach the limit it shows (issue 37, item 15)', async () => {
    await openForm()
    fireEvent.click(screen.getByRole('radio', { name: '重复充值' }))
    const text = '😀'.repeat(DETAIL_MAX_LENGTH)
    // The host's own limit counts UTF-16 units: it must leave room for the whole count in emoji.
    expect(Number(textarea().getAttribute('maxlength'))).toBeGreaterThanOrEqual(text.length)
    typeInto(textarea(), text)
    expect(screen.getByText(`${DETAIL_MAX_LENGTH}/${DETAIL_MAX_LENGTH}`)).not.toBeNull()
    fireEvent.click(submitButton())
    await waitFor(() => expect(dialogOpen()).toBe(true))
    await confirmDialog()
    await waitFor(() => expect(applications()).toHaveLength(1))
    // The server's rule (code points) takes what the counter allowed.
    expect(validateField(applications()[0].refundApplyRemark as string, [refundReason])).toBeNull()
    typeInto(textarea(), `${text}!`)
    expect(screen.getByText(`${DETAIL_MAX_LENGTH + 1}/${DETAIL_MAX_LENGTH}`).className).toContain('--over')
  })

  it.each([
    [true, 1],
    [false, 0],
  ])(
    'H5: the SMS opt-in for the review’s outcome, ticked %s, sends %i opt-in after the application (issue 37, item 20)',
    async (tick, sent) => {
      await openForm()
      const box = await screen.findByRole('checkbox', { name: '短信通知我退款审核结果（发送至 138****5678）' })
      expect(box.getAttribute('aria-checked')).toBe('false')
      if (tick) fireEvent.click(box)
      fireEvent.click(screen.getByRole('radio', { name: '重复充值' }))
      fireEvent.click(submitButton())
      await confirmDialog()
      await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalled())
      await waitFor(() => expect(api.sent(NOTIFICATIONS)).toHaveLength(sent))
      if (sent) {
        expect(api.bodies(NOTIFICATIONS)).toEqual([
          { orderNo: refundable.orderNo, channel: 'sms', optIn: true, events: ['refundApproved', 'refundRejected'] },
        ])
      }
    },
  )

  it('H5, a back end without notifications (404): no SMS box, no toast, the application goes on (issue 36)', async () => {
    api.route(TEMPLATES, () => ({ status: 404, text: '' }))
    useToastStore.setState({ toast: null })
    await openForm()
    await waitFor(() => expect(api.sent(TEMPLATES)).toHaveLength(1))
    await renderedQueriesSettled()
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(useToastStore.getState().toast).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: '重复充值' }))
    fireEvent.click(submitButton())
    await confirmDialog()
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalled())
    expect(api.sent(NOTIFICATIONS)).toHaveLength(0)
  })

  it('sends one request however often it is tapped, then opens the refund result', async () => {
    const call = api.hold(REFUND)
    const { queryClient } = await openForm()
    // The order list, as the order pages read it.
    const orderList = getUserLifePayOrderPageInfiniteQueryOptions(undefined, ORDER_PAGE_SIZE, nextOrderPageIndex)
    queryClient.setQueryData(orderList.queryKey, { pages: [], pageParams: [] })

    fireEvent.click(screen.getByRole('radio', { name: '重复充值' }))
    typeInto(textarea(), '多充了一次')
    fireEvent.click(submitButton())
    fireEvent.click(submitButton()) // a double tap opens one dialog
    await waitFor(() => expect(dialogOpen()).toBe(true))
    expect(screen.getByRole('dialog').textContent).toContain('退款 ¥98.50 将在审核通过后原路退回')
    await confirmDialog()
    await call.received
    expect(applications()).toEqual([
      { id: refundable.id, refundApplyRemark: '重复充值：多充了一次', refundApplyReason: 'duplicate' },
    ])
    expect(submitButton().textContent).toBe('提交中…')
    expect(submitButton().getAttribute('aria-disabled')).toBe('true')

    fireEvent.click(submitButton())
    fireEvent.click(submitButton())
    // Taps while the request is in flight ask for no second confirmation.
    expect(askConfirmation).toHaveBeenCalledTimes(1)
    expect(dialogOpen()).toBe(false)

    await act(async () => call.answer(null))
    await waitFor(() =>
      expect(Taro.redirectTo).toHaveBeenCalledWith({
        url: '/subpackages/order/orderRefundResult/orderRefundResult?orderNo=LP202605010001',
      }),
    )
    expect(useToastStore.getState().toast?.text).toBe('退款申请已提交')
    // Orders everywhere are stale now.
    expect(queryClient.getQueryState(orderList.queryKey)?.isInvalidated).toBe(true)

    fireEvent.click(submitButton())
    expect(askConfirmation).toHaveBeenCalledTimes(1)
    expect(dialogOpen()).toBe(false)
    expect(applications()).toHaveLength(1)
  })

  it('cancelling the confirmation sends nothing and leaves the form usable', async () => {
    await openForm()
    fireEvent.click(screen.getByRole('radio', { name: '不想充了' }))
    fireEvent.click(submitButton())
    await waitFor(() => expect(dialogOpen()).toBe(true))
    fireEvent.click(screen.getByText('取消'))
    await waitFor(() => expect(dialogOpen()).toBe(false))
    expect(applications()).toEqual([])
    expect(submitButton().getAttribute('aria-disabled')).toBe('false')
    await dialogRemoved()
    fireEvent.click(submitButton())
    await confirmDialog()
    await waitFor(() => expect(applications()).toHaveLength(1))
    expect(applications()).toEqual([
      { id: refundable.id, refundApplyRemark: '不想充了', refundApplyReason: 'noLongerNeeded' },
    ])
  })

  it('after a refused request the form can be sent again', async () => {
    api.refuse(REFUND, 'BAD_REQUEST', '请求错误')
    await openForm()
    fireEvent.click(screen.getByRole('radio', { name: '长时间未到账' }))
    fireEvent.click(submitButton())
    await confirmDialog()
    await waitFor(() => expect(submitButton().getAttribute('aria-disabled')).toBe('false'))
    expect(Taro.redirectTo).not.toHaveBeenCalled()
    // The server's reason, in the request layer's toast.
    expect(useToastStore.getState().toast?.text).toBe('请求错误')
    api.answer(REFUND, 1)
    await dialogRemoved()
    fireEvent.click(submitButton())
    await confirmDialog()
    await waitFor(() => expect(Taro.redirectTo).toHaveBeenCalledTimes(1))
    expect(applications()).toHaveLength(2)
  })

  it('an order that cannot be refunded shows why and leads back to it', async () => {
    api.answer(DETAIL, orderDetail({ canApplyRefund: false }))
    renderScreen(<ApplyRefundView orderNo='LP202605010001' />, { locale: 'en-US' })
    await waitFor(() => expect(screen.getByText('A refund cannot be requested for this order now')).not.toBeNull())
    fireEvent.click(screen.getByText('View order'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order?orderNo=LP202605010001' })
    expect(document.querySelector('.lp-refund')).toBeNull()
  })
})
