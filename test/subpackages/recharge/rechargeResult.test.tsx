import { notifyManager } from '@tanstack/react-query'
import { act, fireEvent, screen } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { LifePayOrderDetail, LifePayOrderState } from '@contract/lifePay'
import { ElectricType } from '@domain/electric'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayFrontStatus, LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { useLocaleStore } from '../../../src/i18n/i18n'
import * as lifePayApi from '../../../src/services/api/lifePay'
import { queryKeys } from '../../../src/services/queryKeys'
import RechargeResultView from '../../../src/subpackages/recharge/components/RechargeResultView'
import {
  PAY_STATUS_BUDGET_MS,
  isPayStatusSettled,
  payStatusDelay,
} from '../../../src/subpackages/recharge/hooks/payStatusPolling'
import { logIn, logOut, renderWithQuery } from './support'

const S = {
  unpaid: [LifePayStatus.Unpaid, LifePayOrderStatus.PendingConfirmation, null],
  closed: [LifePayStatus.Unpaid, LifePayOrderStatus.Failed, null],
  recharging: [LifePayStatus.Paid, LifePayOrderStatus.PendingConfirmation, LifePayFrontStatus.PaymentSucceeded],
  succeeded: [LifePayStatus.Paid, LifePayOrderStatus.Completed, LifePayFrontStatus.RechargeSucceeded],
  refunding: [LifePayStatus.PendingRefund, LifePayOrderStatus.Failed, null],
  refunded: [LifePayStatus.Refunded, LifePayOrderStatus.Refunded, LifePayFrontStatus.Refunded],
} as const

function state(name: keyof typeof S): LifePayOrderState {
  const [payStatus, lifePayOrderStatus, frontStatus] = S[name]
  return { orderNo: 'LP7', payStatus, lifePayOrderStatus, frontStatus }
}

const detail = {
  orderNo: 'LP7',
  lifePayOrderType: LifePayOrderType.Electric,
  account: '1234567890',
  parValue: 100,
  payAmount: 99,
  payStatus: LifePayStatus.Paid,
  lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
  frontStatus: 10,
  lifePayType: 20,
  creationTime: '',
  discountAmount: 1,
  rate: 99,
  ispCode: null,
  electricType: ElectricType.Guowang,
  electricAccountType: 'house',
  gasOrgType: null,
  province: '北京市',
  city: '北京市',
  name: null,
  refundCheckRemark: null,
} as unknown as LifePayOrderDetail

let statuses: LifePayOrderState[]
let poll: jest.SpyInstance

/** Advances the fake clock and lets the answers and re-renders through. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })
}

beforeEach(() => {
  jest.useFakeTimers()
  // react-query hands answers to the page on a 0 ms timer, which fake timers run 1 ms late when set during a tick:
  // let them through at once, so the clock below is the polling's own.
  notifyManager.setScheduler(queueMicrotask)
  useLocaleStore.setState({ locale: 'en-US' })
  logIn()
  statuses = []
  poll = jest
    .spyOn(lifePayApi, 'getPayStatusByOrderNo')
    .mockImplementation(async () => statuses.shift() ?? state('recharging'))
  jest.spyOn(lifePayApi, 'getUserLifePayOrderDetail').mockResolvedValue(detail)
  jest.spyOn(lifePayApi, 'getUserAccountAllList').mockResolvedValue([])
})

afterEach(() => {
  notifyManager.setScheduler((callback) => setTimeout(callback, 0))
  jest.useRealTimers()
  jest.restoreAllMocks()
  logOut()
})

const title = () => screen.getByRole('status').querySelector('.lp-result__title')?.textContent
const stepStates = () =>
  screen.queryAllByRole('listitem').map((item) => `${item.textContent}:${item.className.match(/--(\w+)/)?.[1]}`)

describe('pay status polling rules', () => {
  it('backs off 1 s, 1 s, 2 s, 3 s, then every 5 s, within about two minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 30].map(payStatusDelay)).toEqual([1000, 1000, 2000, 3000, 5000, 5000, 5000])
    expect(PAY_STATUS_BUDGET_MS).toBe(120_000)
  })

  it('stops at the states nothing but a person changes', () => {
    expect(isPayStatusSettled(state('succeeded'))).toBe(true)
    expect(isPayStatusSettled(state('refunded'))).toBe(true)
    expect(isPayStatusSettled(state('closed'))).toBe(true)
    expect(isPayStatusSettled(state('unpaid'))).toBe(false)
    expect(isPayStatusSettled(state('recharging'))).toBe(false)
    expect(isPayStatusSettled(state('refunding'))).toBe(false)
  })
})

describe('recharge result', () => {
  it('follows paid → recharging → recharge succeeded, then stops asking', async () => {
    statuses = [state('unpaid'), state('recharging'), state('recharging'), state('succeeded')]
    renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    expect(poll).toHaveBeenCalledWith({ orderNo: 'LP7' }, { showLoading: false, skipErrorHandler: true })
    expect(title()).toBe('Confirming the payment')
    await advance(1000)
    expect(title()).toBe('Paid, recharging')
    expect(stepStates()).toEqual(['Paid:done', 'Recharging:active', 'Recharge succeeded:todo'])
    // Issue 37, item 5: the electricity page's own promise, never "within minutes" beside a time two hours away.
    expect(screen.getByRole('status').textContent).toContain(
      'Usually arrives within 2\u00a0hours; at busy times it can take up to 72\u00a0hours',
    )
    expect(screen.getByRole('status').textContent).not.toMatch(/within minutes/)
    await advance(1000)
    expect(poll).toHaveBeenCalledTimes(3)
    await advance(1999)
    expect(poll).toHaveBeenCalledTimes(3)
    await advance(1)
    expect(title()).toBe('Recharge succeeded')
    expect(screen.getByRole('status').textContent).toContain('¥100.00 has arrived')
    expect(stepStates()).toEqual(['Paid:done', 'Recharging:done', 'Recharge succeeded:done'])
    await advance(60_000)
    expect(poll).toHaveBeenCalledTimes(4)
    expect(screen.getByTestId('amount-paid').textContent).toBe('¥99.00')
  })

  it('shows a failed recharge being refunded, then refunded with the reason', async () => {
    jest
      .spyOn(lifePayApi, 'getUserLifePayOrderDetail')
      .mockResolvedValue({ ...detail, refundCheckRemark: '充值失败自动退款' })
    statuses = [state('recharging'), state('refunding'), state('refunded')]
    renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(1000)
    expect(title()).toBe('Recharge failed, refunding')
    expect(stepStates()).toEqual(['Paid:done', 'Recharge failed:failed', 'Refunded:active'])
    await advance(1000)
    expect(title()).toBe('Recharge failed, refunded')
    expect(stepStates()).toEqual(['Paid:done', 'Recharge failed:failed', 'Refunded:done'])
    expect(screen.getByRole('status').textContent).toContain('充值失败自动退款')
  })

  it('a failed top-up refunded automatically says the money went back once, not twice (issue 37, item 16)', async () => {
    jest
      .spyOn(lifePayApi, 'getUserLifePayOrderDetail')
      .mockResolvedValue({ ...detail, refundCheckRemark: '充值失败，款项已原路退回' })
    statuses = [state('refunded')]
    renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(1000)
    expect(title()).toBe('Recharge failed, refunded')
    const head = screen.getByRole('status').textContent ?? ''
    expect(head.match(/went back|has been returned/g)).toHaveLength(1)
  })

  it('says not paid once the payment could have arrived, and offers to pay now', async () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    poll.mockImplementation(async () => state('unpaid'))
    renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    expect(title()).toBe('Confirming the payment')
    await advance(8000)
    expect(title()).toBe('Not paid')
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }))
    expect(redirectTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/selectPayType/selectPayType?orderNo=LP7&type=electric',
    })
  })

  it('unpaid: a payer back from the provider before it finished asks again on request (WeChat H5 advice)', async () => {
    poll.mockImplementation(async () => state('unpaid'))
    renderWithQuery(<RechargeResultView orderNo='LP7' kind='phone' visible />)
    await advance(0)
    // While confirming, nothing to ask: the page asks by itself.
    expect(screen.queryByText('Paid already?')).toBeNull()
    await advance(PAY_STATUS_BUDGET_MS)
    expect(title()).toBe('Not paid')
    expect(screen.getByText('Paid already?')).not.toBeNull()
    const asked = poll.mock.calls.length
    await advance(60_000)
    expect(poll.mock.calls.length).toBe(asked)
    poll.mockImplementation(async () => state('recharging'))
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await advance(0)
    expect(poll.mock.calls.length).toBe(asked + 1)
    expect(title()).toBe('Paid, recharging')
  })

  it('pauses while the page is hidden and asks again at once when it shows', async () => {
    const view = renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(2000)
    const before = poll.mock.calls.length
    view.rerender(<RechargeResultView orderNo='LP7' kind='electric' visible={false} />)
    await advance(60_000)
    expect(poll.mock.calls.length).toBe(before)
    statuses = [state('succeeded')]
    view.rerender(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    expect(poll.mock.calls.length).toBe(before + 1)
    expect(title()).toBe('Recharge succeeded')
  })

  it('after about two minutes says it is still in progress, and checks again on request', async () => {
    renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(PAY_STATUS_BUDGET_MS)
    const asked = poll.mock.calls.length
    expect(asked).toBeGreaterThan(20)
    expect(asked).toBeLessThan(30)
    expect(screen.getByText('Still in progress. Check the order again later')).not.toBeNull()
    await advance(60_000)
    expect(poll.mock.calls.length).toBe(asked)
    statuses = [state('succeeded')]
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await advance(0)
    expect(title()).toBe('Recharge succeeded')
  })

  it('offers to save the account after a successful top-up, and refreshes the saved lists', async () => {
    statuses = [state('succeeded')]
    const save = jest.spyOn(lifePayApi, 'addUpdateUserAccount').mockResolvedValue('acc-1')
    const view = renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    const invalidate = jest.spyOn(view.queryClient, 'invalidateQueries')
    await advance(0)
    await advance(0)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await advance(0)
    expect(save).toHaveBeenCalledWith({
      lifePayType: LifePayOrderType.Electric,
      content: '1234567890',
      ispCode: undefined,
      electricType: ElectricType.Guowang,
      electricAccountType: 'house',
      gasOrgType: undefined,
      province: '北京市',
      city: '北京市',
      name: undefined,
    })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.userAccountsRoot })
    expect(screen.getAllByText('Saved to your accounts').length).toBeGreaterThan(0)
  })

  it('does not offer to save an account that is saved already; offers view order and top up again', async () => {
    jest
      .spyOn(lifePayApi, 'getUserAccountAllList')
      .mockResolvedValue([{ id: 'x', lifePayType: LifePayOrderType.Electric, content: '1234567890' } as never])
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    const navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' })
    const pages = jest
      .spyOn(Taro, 'getCurrentPages')
      .mockReturnValue([
        { route: 'pages/home/index' },
        { route: 'subpackages/recharge/rechargeElectricResult/rechargeElectricResult' },
      ] as never)
    statuses = [state('succeeded')]
    renderWithQuery(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    await advance(0)
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'View order' }))
    expect(navigateTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order?orderNo=LP7' })
    fireEvent.click(screen.getByRole('button', { name: 'Top up again' }))
    expect(redirectTo).toHaveBeenCalledWith({
      url: '/subpackages/recharge/electricBillRecharge/electricBillRecharge?fromOrderNo=LP7',
    })
    // Straight after paying, the form the user came from is right below: back to it, account still filled in.
    pages.mockReturnValue([
      { route: 'pages/home/index' },
      { route: 'subpackages/recharge/electricBillRecharge/electricBillRecharge' },
      { route: 'subpackages/recharge/rechargeElectricResult/rechargeElectricResult' },
    ] as never)
    fireEvent.click(screen.getByRole('button', { name: 'Top up again' }))
    expect(navigateBack).toHaveBeenCalledWith({ delta: 1 })
    expect(redirectTo).toHaveBeenCalledTimes(1)
  })
})
