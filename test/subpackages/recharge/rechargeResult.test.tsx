import type * as Timers from 'node:timers'
import { notifyManager, type QueryClient } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { ReactElement } from 'react'
import type { LifePayOrderDetail, LifePayOrderState } from '@contract/lifePay'
import { ElectricType } from '@domain/electric'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayFrontStatus, LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { useToastStore } from '../../../src/components/toastStore'
import { useLocaleStore } from '../../../src/i18n/i18n'
import RechargeResultView from '../../../src/subpackages/recharge/components/RechargeResultView'
import {
  PAY_STATUS_BUDGET_MS,
  isPayStatusSettled,
  payStatusDelay,
} from '../../../src/subpackages/recharge/hooks/payStatusPolling'
import { withFakeApi } from '../../support/fakeApi'
import { ok } from '../../support/testServer'
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

const api = withFakeApi()
const STATUS = '/api/LifePay/GetPayStatusByOrderNo'
const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'
const ACCOUNTS = '/api/LifePay/GetUserAccountAllList'
const realTimers = jest.requireActual<typeof Timers>('timers')

let statuses: LifePayOrderState[]
/** The status reads sent so far. */
const polls = () => api.sent(STATUS).length

/** When the fake clock's next timer is due (sinon's clock, which jest's fake Date carries). */
function nextTimerAt(): number | undefined {
  const clock = (Date as unknown as { clock: { timers?: Record<string, { callAt: number }> } }).clock
  const due = Object.values(clock.timers ?? {}).map((timer) => timer.callAt)
  return due.length ? Math.min(...due) : undefined
}

/**
 * Lets every request the page started be answered while the fake clock stands still: the requests travel in real
 * time, and timers due now (the fetch polyfill's hand-over) run. Ticks are synchronous, so no answer lands during one
 * (a timer set during a tick is pushed a millisecond late).
 */
async function answered() {
  for (let turn = 0; ; turn++) {
    act(() => jest.advanceTimersByTime(0))
    await act(async () => undefined)
    const client = rendered.at(-1)
    if (!client || (client.isFetching() === 0 && client.isMutating() === 0)) return
    if (turn > 2000) throw new Error('requests still unanswered')
    await new Promise((resolve) => realTimers.setTimeout(resolve, 2))
  }
}

/** Advances the fake clock timer by timer, each timer's requests answered before the next: the polling's own clock. */
async function advance(ms: number) {
  const end = jest.now() + ms
  await answered()
  for (let next = nextTimerAt(); next !== undefined && next <= end; next = nextTimerAt()) {
    act(() => jest.advanceTimersByTime(next - jest.now()))
    await answered()
  }
  act(() => jest.advanceTimersByTime(end - jest.now()))
  await answered()
}

const rendered: QueryClient[] = []
function render(ui: ReactElement) {
  const view = renderWithQuery(ui)
  rendered.push(view.queryClient)
  return view
}

beforeEach(() => {
  jest.useFakeTimers()
  // react-query hands answers to the page on a 0 ms timer, which fake timers run 1 ms late when set during a tick:
  // let them through at once, so the clock below is the polling's own.
  notifyManager.setScheduler(queueMicrotask)
  useLocaleStore.setState({ locale: 'en-US' })
  logIn()
  statuses = []
  rendered.length = 0
  api.route(STATUS, () => ok(statuses.shift() ?? state('recharging')))
  api.answer(DETAIL, detail)
  api.answer(ACCOUNTS, [])
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
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    expect(api.bodies(STATUS)).toEqual([{ orderNo: 'LP7' }])
    // The page shows its own waiting state: no masked indicator over it.
    expect(api.loadingShown()).toBe(0)
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
    expect(polls()).toBe(3)
    await advance(1999)
    expect(polls()).toBe(3)
    await advance(1)
    expect(title()).toBe('Recharge succeeded')
    expect(screen.getByRole('status').textContent).toContain('¥100.00 has arrived')
    expect(stepStates()).toEqual(['Paid:done', 'Recharging:done', 'Recharge succeeded:done'])
    await advance(60_000)
    expect(polls()).toBe(4)
    expect(screen.getByTestId('amount-paid').textContent).toBe('¥99.00')
  })

  it('says a status read that failed in place, never in a toast, and asks again on request', async () => {
    useToastStore.setState({ toast: null })
    api.refuse(STATUS, 'BAD_REQUEST', '系统繁忙')
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    const failed = screen.getByRole('alert')
    expect(useToastStore.getState().toast).toBeNull()
    api.answer(STATUS, state('recharging'))
    fireEvent.click(within(failed).getByRole('button'))
    await advance(0)
    expect(title()).toBe('Paid, recharging')
  })

  it('shows a failed recharge being refunded, then refunded with the reason', async () => {
    api.answer(DETAIL, { ...detail, refundCheckRemark: '充值失败自动退款' })
    statuses = [state('recharging'), state('refunding'), state('refunded')]
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(1000)
    expect(title()).toBe('Recharge failed, refunding')
    expect(stepStates()).toEqual(['Paid:done', 'Recharge failed:failed', 'Refunded:active'])
    await advance(1000)
    expect(title()).toBe('Recharge failed, refunded')
    expect(stepStates()).toEqual(['Paid:done', 'Recharge failed:failed', 'Refunded:done'])
    expect(screen.getByRole('status').textContent).toContain('充值失败自动退款')
  })

  it('a failed top-up refunded automatically says the money went back once, not twice (issue 37, item 16)', async () => {
    api.answer(DETAIL, { ...detail, refundCheckRemark: '充值失败，款项已原路退回' })
    statuses = [state('refunded')]
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(1000)
    expect(title()).toBe('Recharge failed, refunded')
    const head = screen.getByRole('status').textContent ?? ''
    expect(head.match(/went back|has been returned/g)).toHaveLength(1)
  })

  it('says not paid once the payment could have arrived, and offers to pay now', async () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    api.answer(STATUS, state('unpaid'))
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
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
    api.answer(STATUS, state('unpaid'))
    render(<RechargeResultView orderNo='LP7' kind='phone' visible />)
    await advance(0)
    // While confirming, nothing to ask: the page asks by itself.
    expect(screen.queryByText('Paid already?')).toBeNull()
    await advance(PAY_STATUS_BUDGET_MS)
    expect(title()).toBe('Not paid')
    expect(screen.getByText('Paid already?')).not.toBeNull()
    const asked = polls()
    await advance(60_000)
    expect(polls()).toBe(asked)
    api.answer(STATUS, state('recharging'))
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await advance(0)
    expect(polls()).toBe(asked + 1)
    expect(title()).toBe('Paid, recharging')
  })

  it('pauses while the page is hidden and asks again at once when it shows', async () => {
    const view = render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(2000)
    const before = polls()
    view.rerender(<RechargeResultView orderNo='LP7' kind='electric' visible={false} />)
    await advance(60_000)
    expect(polls()).toBe(before)
    statuses = [state('succeeded')]
    view.rerender(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    expect(polls()).toBe(before + 1)
    expect(title()).toBe('Recharge succeeded')
  })

  it('after about two minutes says it is still in progress, and checks again on request', async () => {
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(PAY_STATUS_BUDGET_MS)
    const asked = polls()
    expect(asked).toBeGreaterThan(20)
    expect(asked).toBeLessThan(30)
    expect(screen.getByText('Still in progress. Check the order again later')).not.toBeNull()
    await advance(60_000)
    expect(polls()).toBe(asked)
    statuses = [state('succeeded')]
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await advance(0)
    expect(title()).toBe('Recharge succeeded')
  })

  it('offers to save the account after a successful top-up, and refreshes the saved lists', async () => {
    statuses = [state('succeeded')]
    api.answer('/api/LifePay/AddUpdateUserAccount', 'acc-1')
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
    await advance(0)
    await advance(0)
    const listReads = api.sent(ACCOUNTS).length
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await advance(0)
    // Two round trips (the save, then the list's read) and the state set after them: waited for, not assumed done
    // by the first turn (a loaded CI run looked before the second).
    await waitFor(() => expect(api.sent(ACCOUNTS).length).toBe(listReads + 1))
    expect(api.bodies('/api/LifePay/AddUpdateUserAccount')).toEqual([
      {
        lifePayType: LifePayOrderType.Electric,
        content: '1234567890',
        electricType: ElectricType.Guowang,
        electricAccountType: 'house',
        province: '北京市',
        city: '北京市',
      },
    ])
    // The saved accounts read again, so every list shows the new one; the offer says so.
    expect((await screen.findAllByText('Saved to your accounts')).length).toBeGreaterThan(0)
  })

  it('does not offer to save an account that is saved already; offers view order and top up again', async () => {
    api.answer(ACCOUNTS, [{ id: 'x', lifePayType: LifePayOrderType.Electric, content: '1234567890' }])
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
    render(<RechargeResultView orderNo='LP7' kind='electric' visible />)
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
