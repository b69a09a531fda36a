import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import Home from '../../src/pages/home/index'
import { useChannelStore } from '../../src/stores/channel'
import { useSessionStore } from '../../src/stores/session'
import { freshApp, spyNavigation, wireAppUi, type Navigation } from '../subpackages/login/support'
import { startAppTestServer } from '../services/support/harness'
import { ok, type TestServer } from '../support/testServer'
import { queryClient } from '../../src/queryClient'
import { renderPage } from './support/render'
import { currentPage } from './support/taroPageHooks'
import { installKeyboardAccess } from '../../src/platform/keyboard.h5'
import { showToast } from '../../src/components/toastStore'
import { setHttpUi } from '../../src/services/http/httpUi'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPageHooks').taroWithPageHooks())

const RATES = [
  { rateType: 10, rate: 98.5 },
  { rateType: 20, rate: 100 },
  { rateType: 30, rate: 99 },
]
const ACCOUNTS = [
  { id: 'a-phone', lifePayType: LifePayOrderType.Phone, content: '13912345678', remark: '妈妈', ispCode: 'yidong' },
  { id: 'a-elec', lifePayType: LifePayOrderType.Electric, content: '3300112233', remark: '', ispCode: null },
].map((a) => ({
  electricType: null,
  electricAccountType: null,
  gasOrgType: null,
  province: null,
  city: null,
  name: null,
  creationTime: '2026-01-01T00:00:00Z',
  ...a,
}))
const ORDERS = [
  {
    orderNo: 'LP20260101001',
    payStatus: LifePayStatus.Paid,
    lifePayOrderStatus: LifePayOrderStatus.Completed,
    frontStatus: 100,
    lifePayOrderType: LifePayOrderType.Phone,
    account: '13812345678',
    parValue: 50,
    payAmount: 49.25,
    lifePayType: 10,
    creationTime: '2026-01-01T08:00:00Z',
  },
]

let server: TestServer
let nav: Navigation
beforeAll(async () => {
  server = await startAppTestServer()
  wireAppUi()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  nav = spyNavigation()
  jest.spyOn(Taro, 'stopPullDownRefresh').mockResolvedValue({ errMsg: 'ok' } as never)
  server.route('/api/LifePay/GetRate', () => ok(RATES))
  server.route('/api/LifePay/GetUserAccountAllList', () => ok(ACCOUNTS))
  server.route('/api/LifePay/GetUserLifePayOrderPage', () =>
    ok({ pageIndex: 1, pageSize: 3, totalCount: 1, items: ORDERS }),
  )
})
afterEach(async () => {
  // Requests still on their way would land in the next test's record.
  await waitFor(() => expect(queryClient.isFetching()).toBe(0))
  jest.restoreAllMocks()
  act(() => useChannelStore.setState({ channelId: '' }))
})

function logIn() {
  act(() => useSessionStore.getState().virtualLogin('u-1', '13812345678'))
}

describe('home, logged out', () => {
  it('shows the three top-ups with the discount in force, spelled out exactly', async () => {
    freshApp('zh-CN')
    renderPage(<Home />)
    const phone = screen.getByRole('button', { name: '话费充值' })
    expect(screen.getByRole('button', { name: '电费充值' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '燃气费充值' })).toBeTruthy()
    await waitFor(() => expect(phone.textContent).toContain('9.85折'))
    // Face value for electricity: no badge, and the notice says so plainly.
    expect(screen.getByRole('button', { name: '电费充值' }).textContent).not.toContain('折')
    expect(screen.getByRole('button', { name: '燃气费充值' }).textContent).toContain('9.9折')
    expect(screen.getByText('话费充值按面值的98.5%支付，充100元付¥98.50')).toBeTruthy()
    expect(screen.getByText('电费充值按面值支付')).toBeTruthy()
  })

  it('in English says the percentage of face value', async () => {
    freshApp('en-US')
    renderPage(<Home />)
    await screen.findByText('Phone: pay 98.5% of face value, ¥98.50 for ¥100')
    expect(screen.getByRole('button', { name: 'Phone' }).textContent).toContain('Pay 98.5%')
  })

  it('opens each top-up page', () => {
    freshApp('zh-CN')
    renderPage(<Home />)
    for (const name of ['话费充值', '电费充值', '燃气费充值']) fireEvent.click(screen.getByRole('button', { name }))
    expect(nav.navigateTo.mock.calls.map(([options]) => options.url)).toEqual([
      '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge',
      '/subpackages/recharge/electricBillRecharge/electricBillRecharge',
      '/subpackages/recharge/gasBillRecharge/gasBillRecharge',
    ])
  })

  it('reaches every control with Tab, and Enter opens it as a tap does (H5 keyboard)', () => {
    freshApp('zh-CN')
    const uninstall = installKeyboardAccess(document)
    try {
      const { container } = renderPage(<Home />)
      const focusable = Array.from(container.querySelectorAll<HTMLElement>('[tabindex]')).filter(
        (element) => element.tabIndex >= 0,
      )
      for (const name of ['话费充值', '电费充值', '燃气费充值', '立即登录'])
        expect(focusable).toContain(screen.getByRole('button', { name }))
      fireEvent.keyDown(screen.getByRole('button', { name: '电费充值' }), { key: 'Enter' })
      fireEvent.keyDown(screen.getByRole('button', { name: '立即登录' }), { key: ' ' })
      expect(nav.navigateTo.mock.calls.map(([options]) => options.url)).toEqual([
        '/subpackages/recharge/electricBillRecharge/electricBillRecharge',
        '/subpackages/login/authorization/authorization?redirect=%2Fpages%2Fhome%2Findex',
      ])
    } finally {
      uninstall()
    }
  })

  it('offers login instead of accounts and orders, and asks nothing of the server for them', async () => {
    freshApp('zh-CN')
    renderPage(<Home />)
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }))
    expect(nav.navigateTo).toHaveBeenCalledWith({
      url: '/subpackages/login/authorization/authorization?redirect=%2Fpages%2Fhome%2Findex',
    })
    await waitFor(() => expect(server.hits('/api/LifePay/GetRate')).toHaveLength(1))
    expect(screen.queryByText('最近充值')).toBeNull()
    expect(server.hits('/api/LifePay/GetUserAccountAllList')).toHaveLength(0)
    expect(server.hits('/api/LifePay/GetUserLifePayOrderPage')).toHaveLength(0)
  })

  it('keeps the channelId of its query for every request', async () => {
    freshApp('zh-CN', { channelId: 'partner-9' })
    renderPage(<Home />)
    await waitFor(() => expect(server.hits('/api/LifePay/GetRate')).toHaveLength(1))
    expect(server.hits('/api/LifePay/GetRate')[0].query.get('channelId')).toBe('partner-9')
  })

  it('says when the discount could not be loaded, and tries again', async () => {
    freshApp('zh-CN')
    let calls = 0
    server.route('/api/LifePay/GetRate', () => (++calls === 1 ? { status: 500, json: { success: false } } : ok(RATES)))
    renderPage(<Home />)
    const failed = await screen.findByText('加载失败')
    fireEvent.click(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '重试' }))
    await screen.findByText('话费充值按面值的98.5%支付，充100元付¥98.50')
  })
})

describe('home, logged in: one tap to top up again', () => {
  it('lists recent orders with their status and saved accounts, masked', async () => {
    freshApp('zh-CN')
    logIn()
    renderPage(<Home />)
    const again = await screen.findByRole('button', { name: '再充一笔 138****5678' })
    expect(again.textContent).toContain('话费 · 面值 ¥50')
    expect(again.textContent).toContain('充值成功')
    expect(screen.getByRole('button', { name: '充值 妈妈' }).textContent).toContain('话费 · 139****5678')
    expect(screen.getByRole('button', { name: '充值 330****2233' }).textContent).toContain('电费')
  })

  it('"top up again" opens the phone top-up with number and face value; a saved account with its number', async () => {
    freshApp('zh-CN')
    logIn()
    renderPage(<Home />)
    fireEvent.click(await screen.findByRole('button', { name: '再充一笔 138****5678' }))
    fireEvent.click(screen.getByRole('button', { name: '充值 妈妈' }))
    fireEvent.click(screen.getByRole('button', { name: '充值 330****2233' }))
    expect(nav.navigateTo.mock.calls.map(([options]) => options.url)).toEqual([
      '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678&parValue=50',
      '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13912345678',
      '/subpackages/recharge/electricBillRecharge/electricBillRecharge?accountId=a-elec',
    ])
  })

  it('an order still waiting to be paid offers "pay", and one past its 30 minutes reads closed (issue 17, item 13)', async () => {
    freshApp('zh-CN')
    logIn()
    const unpaid = (orderNo: string, minutesAgo: number, account: string) => ({
      ...ORDERS[0],
      orderNo,
      account,
      payStatus: LifePayStatus.Unpaid,
      lifePayOrderStatus: LifePayOrderStatus.PendingConfirmation,
      frontStatus: null,
      lifePayType: null,
      creationTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    })
    server.route('/api/LifePay/GetUserLifePayOrderPage', () =>
      ok({
        pageIndex: 1,
        pageSize: 3,
        totalCount: 2,
        items: [unpaid('LP-open', 5, '13811112222'), unpaid('LP-late', 45, '13833334444')],
      }),
    )
    renderPage(<Home />)
    const pay = await screen.findByRole('button', { name: '去支付 138****2222' })
    expect(pay.textContent).toContain('待支付')
    const late = screen.getByRole('button', { name: '再充一笔 138****4444' })
    expect(late.textContent).toContain('已关闭')
    fireEvent.click(pay)
    expect(nav.navigateTo).toHaveBeenLastCalledWith({
      url: '/subpackages/recharge/selectPayType/selectPayType?orderNo=LP-open&type=phone',
    })
  })

  it('shows loading, then empty states with a way forward', async () => {
    freshApp('en-US')
    server.route('/api/LifePay/GetUserAccountAllList', () => ({ ...ok([]), delayMs: 150 }))
    server.route('/api/LifePay/GetUserLifePayOrderPage', () =>
      ok({ pageIndex: 1, pageSize: 3, totalCount: 0, items: [] }),
    )
    logIn()
    renderPage(<Home />)
    expect(document.querySelectorAll('[aria-busy="true"]').length).toBeGreaterThan(0)
    await screen.findByText('No top-ups yet')
    await screen.findByText('No saved accounts yet. Save one to top up in one tap')
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }))
    expect(nav.navigateTo).toHaveBeenCalledWith({ url: '/subpackages/userAccount/userAccountList/userAccountList' })
  })

  it('loads its sections behind their skeletons, with no masked loading indicator over the page', async () => {
    const shown = jest.fn()
    setHttpUi({ showToast, showLoading: shown, hideLoading: () => undefined, redirectToLogin: () => undefined })
    try {
      freshApp('zh-CN')
      logIn()
      renderPage(<Home />)
      await screen.findByRole('button', { name: '再充一笔 138****5678' })
      await waitFor(() => expect(queryClient.isFetching()).toBe(0))
      for (const path of [
        '/api/LifePay/GetRate',
        '/api/LifePay/GetUserAccountAllList',
        '/api/LifePay/GetUserLifePayOrderPage',
      ]) {
        expect(server.hits(path)).toHaveLength(1)
      }
      expect(shown).not.toHaveBeenCalled()
    } finally {
      wireAppUi()
    }
  })

  it('holds the space of what arrives with data: badge lines, one notice line per rate, a row per expected item', async () => {
    freshApp('en-US')
    server.route('/api/LifePay/GetRate', () => ({ ...ok(RATES), delayMs: 150 }))
    server.route('/api/LifePay/GetUserAccountAllList', () => ({ ...ok(ACCOUNTS), delayMs: 150 }))
    server.route('/api/LifePay/GetUserLifePayOrderPage', () => ({
      ...ok({ pageIndex: 1, pageSize: 3, totalCount: 1, items: ORDERS }),
      delayMs: 150,
    }))
    logIn()
    const { container } = renderPage(<Home />)
    const entries = ['Phone', 'Electricity', 'Gas'].map((name) => screen.getByRole('button', { name }))
    // Every entry keeps its badge line, busy while the rate loads, and still there without a discount.
    for (const entry of entries) expect(entry.querySelector('.lp-utilities__badge-slot[aria-busy="true"]')).toBeTruthy()
    const notice = container.querySelector('.lp-rate-notice') as HTMLElement
    expect(notice.getAttribute('aria-busy')).toBe('true')
    expect(notice.querySelectorAll('.lp-rate-notice__line')).toHaveLength(3)
    // The placeholders are the rows' own box (.lp-topup-row): the recent orders' 3 and the saved accounts' 4.
    const busyLists = [...container.querySelectorAll('.lp-section [aria-busy="true"]')]
    expect(busyLists.map((list) => list.querySelectorAll('.lp-topup-row').length)).toEqual([3, 4])

    await screen.findByRole('button', { name: 'Top up again 138****5678' })
    await screen.findByText('Phone: pay 98.5% of face value, ¥98.50 for ¥100')
    await screen.findByRole('button', { name: 'Top up 330****2233' })
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(0)
    expect(container.querySelectorAll('.lp-topup-row--skeleton')).toHaveLength(0)
    expect(entries.map((entry) => entry.querySelectorAll('.lp-utilities__badge-slot').length)).toEqual([1, 1, 1])
    expect(entries[1].querySelector('.lp-utilities__badge')).toBeNull()
    expect(notice.querySelectorAll('.lp-rate-notice__line')).toHaveLength(3)
  })

  it('a failing list shows its own error with retry; the rest of the page stays', async () => {
    freshApp('en-US')
    let calls = 0
    server.route('/api/LifePay/GetUserLifePayOrderPage', () =>
      ++calls === 1
        ? { status: 503, json: { success: false } }
        : ok({ pageIndex: 1, pageSize: 3, totalCount: 1, items: ORDERS }),
    )
    logIn()
    renderPage(<Home />)
    const failed = await screen.findByText('Failed to load')
    await screen.findByRole('button', { name: 'Top up 330****2233' })
    fireEvent.click(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }))
    await screen.findByRole('button', { name: 'Top up again 138****5678' })
  })

  it('pulling down refreshes the discount, the accounts and the orders, then stops the spinner', async () => {
    freshApp('zh-CN')
    logIn()
    renderPage(<Home />)
    await screen.findByRole('button', { name: '再充一笔 138****5678' })
    act(() => currentPage.pullDown())
    await waitFor(() => expect(Taro.stopPullDownRefresh).toHaveBeenCalled())
    expect(server.hits('/api/LifePay/GetRate')).toHaveLength(2)
    expect(server.hits('/api/LifePay/GetUserAccountAllList')).toHaveLength(2)
    expect(server.hits('/api/LifePay/GetUserLifePayOrderPage')).toHaveLength(2)
  })
})
