import Taro from '@tarojs/taro'
import {
  goBack,
  goHome,
  openOrGoBack,
  redirectToLogin,
  returnAfterLogin,
  LOGIN_PAGE,
} from '../../src/platform/navigation'
import { useLayoutStore } from '../../src/stores/layout'

type Page = { route: string; options?: Record<string, string> }

function stubPages(pages: Page[]) {
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(pages as unknown as ReturnType<typeof Taro.getCurrentPages>)
}

describe('navigation helpers (SPEC §2)', () => {
  let navigateBack: jest.SpyInstance
  let switchTab: jest.SpyInstance
  let navigateTo: jest.SpyInstance
  let redirectTo: jest.SpyInstance

  beforeEach(() => {
    jest.useFakeTimers()
    navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'ok' })
    switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' })
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' })
    useLayoutStore.getState().setActiveTabIndex(0)
  })

  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  describe('openOrGoBack: pages that link to each other never stack into a loop (issue 17, item 7)', () => {
    const detail = '/subpackages/order/order/order?orderNo=LP1'
    const progress = '/subpackages/order/orderRefundResult/orderRefundResult?orderNo=LP1'

    it.each([
      ['a mini-program (route without a slash)', 'subpackages/order/order/order'],
      ['H5 (route with a slash)', '/subpackages/order/order/order'],
    ])('goes back when the page below is the same page, on %s', async (_, route) => {
      stubPages([
        { route, options: { orderNo: 'LP1' } },
        { route: 'subpackages/order/orderRefundResult/orderRefundResult' },
      ])
      await openOrGoBack(detail)
      expect(navigateBack).toHaveBeenCalledTimes(1)
      expect(navigateTo).not.toHaveBeenCalled()
    })

    it('opens the page when the one below is another order, or another page, or there is none', async () => {
      stubPages([{ route: 'subpackages/order/order/order', options: { orderNo: 'LP2' } }, { route: 'x' }])
      await openOrGoBack(detail)
      stubPages([{ route: 'pages/home/index' }, { route: 'x' }])
      await openOrGoBack(progress)
      stubPages([{ route: 'x' }])
      await openOrGoBack(progress)
      expect(navigateBack).not.toHaveBeenCalled()
      expect(navigateTo.mock.calls.map(([options]) => options.url)).toEqual([detail, progress, progress])
    })
  })

  it('goes back by the delta when there is history', async () => {
    stubPages([{ route: 'pages/home/index' }, { route: 'a' }, { route: 'b' }])
    await goBack(2)
    expect(navigateBack).toHaveBeenCalledWith({ delta: 2 })
    expect(switchTab).not.toHaveBeenCalled()
  })

  it('without history switches to the tab the user was on', async () => {
    stubPages([{ route: 'subpackages/order/order/order' }])
    useLayoutStore.getState().setActiveTabIndex(1)
    await goBack()
    expect(navigateBack).not.toHaveBeenCalled()
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/mine/index' })
  })

  it('goHome sets tab index 0 and switches to home', async () => {
    useLayoutStore.getState().setActiveTabIndex(1)
    await goHome()
    expect(useLayoutStore.getState().activeTabIndex).toBe(0)
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/home/index' })
  })

  it('a burst of login requests opens the login page once, 300 ms after the last, with the way back', () => {
    stubPages([{ route: 'subpackages/order/order/order', options: { type: '20' } }])
    redirectToLogin()
    jest.advanceTimersByTime(200)
    redirectToLogin()
    redirectToLogin()
    jest.advanceTimersByTime(299)
    expect(navigateTo).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(navigateTo).toHaveBeenCalledTimes(1)
    expect(navigateTo).toHaveBeenCalledWith({
      url: `${LOGIN_PAGE}?redirect=${encodeURIComponent('/subpackages/order/order/order?type=20')}`,
    })
  })

  it('does not stack a second login page on top of the login page', () => {
    stubPages([{ route: LOGIN_PAGE.slice(1) }])
    redirectToLogin()
    jest.advanceTimersByTime(300)
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('after login returns to the page the user came from, or to a tab, or home', async () => {
    await returnAfterLogin(encodeURIComponent('/subpackages/order/order/order?type=20'))
    expect(redirectTo).toHaveBeenCalledWith({ url: '/subpackages/order/order/order?type=20' })
    await returnAfterLogin(encodeURIComponent('/pages/mine/index'))
    expect(switchTab).toHaveBeenLastCalledWith({ url: '/pages/mine/index' })
    await returnAfterLogin(undefined)
    expect(switchTab).toHaveBeenLastCalledWith({ url: '/pages/home/index' })
  })
})
