import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { useDialogStore } from '../../src/components/dialogStore'
import Mine from '../../src/pages/mine/index'
import { useLocaleStore } from '../../src/i18n/i18n'
import { queryClient } from '../../src/queryClient'
import { useLifePayStore } from '../../src/stores/lifePay'
import { useSessionStore } from '../../src/stores/session'
import { freshApp, spyNavigation, wireAppUi, type Navigation } from '../subpackages/login/support'
import { startAppTestServer } from '../services/support/harness'
import { ok, type TestServer } from '../support/testServer'
import { renderPage } from './support/render'

jest.mock('@tarojs/taro', () => jest.requireActual('./support/taroPageHooks').taroWithPageHooks())

const LOGIN = '/subpackages/login/authorization/authorization'
const urls = (nav: Navigation) => nav.navigateTo.mock.calls.map(([options]) => options.url)
const avatarSrc = () => document.querySelector('.lp-mine-header__avatar')?.getAttribute('src')

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
})
afterEach(async () => {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0))
  act(() => useDialogStore.setState({ dialog: null }))
  jest.restoreAllMocks()
})

function fullLogIn(avatarUrl: string | null) {
  act(() => {
    const session = useSessionStore.getState()
    session.setTokens({ accessToken: 'a.b.c', refreshToken: 'r', expiresIn: 7200, creationTime: Date.now() })
    session.setUserDetail({
      userId: 'u-1',
      userName: 'Li Lei',
      phoneNumber: '13812345678',
      avatarUrl,
      creationTime: '',
    })
    useLifePayStore.getState().login('u-1', '13812345678')
  })
}

describe('mine, logged out', () => {
  it('has a clear login entry that comes back to Mine, the default avatar, and no logout', () => {
    freshApp('zh-CN')
    renderPage(<Mine />)
    expect(avatarSrc()).toBe('test-file-stub')
    fireEvent.click(screen.getByRole('button', { name: /登录 \/ 注册/ }))
    expect(urls(nav)).toEqual([`${LOGIN}?redirect=%2Fpages%2Fmine%2Findex`])
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull()
  })

  it('gives every menu entry an icon of its own: reminders are not drawn as saved accounts (issue 37, item 18)', () => {
    // jest stubs images, so the page's own source says which picture each entry draws.
    const source = readFileSync(join(__dirname, '../../src/pages/mine/index.tsx'), 'utf8')
    const icons = [...source.matchAll(/<MenuItem icon=\{(\w+)\}/g)].map((match) => match[1])
    expect(icons.length).toBeGreaterThanOrEqual(6)
    expect(new Set(icons).size).toBe(icons.length)
    const files = [...source.matchAll(/^import (\w+Icon) from '(.+\.png)'$/gm)].map((match) => match[2])
    expect(new Set(files).size).toBe(files.length)
  })

  it('orders and saved accounts go through login first; the documents open directly', () => {
    freshApp('zh-CN')
    renderPage(<Mine />)
    for (const name of ['我的订单', '常用户号', '用户协议', '隐私政策'])
      fireEvent.click(screen.getByRole('button', { name }))
    expect(urls(nav)).toEqual([
      `${LOGIN}?redirect=%2Fsubpackages%2Forder%2Forder%2Forder`,
      `${LOGIN}?redirect=%2Fsubpackages%2FuserAccount%2FuserAccountList%2FuserAccountList`,
      '/subpackages/login/mineUserPolicy/mineUserPolicy',
      '/subpackages/login/privacyPolicy/privacyPolicy',
    ])
  })
})

describe('mine, logged in', () => {
  it('shows the masked phone number of a phone-code login and opens orders and accounts directly', () => {
    freshApp('zh-CN')
    act(() => useSessionStore.getState().virtualLogin('u-v', '13812345678'))
    renderPage(<Mine />)
    expect(screen.getByText('138****5678')).toBeTruthy()
    expect(screen.queryByText('13812345678')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '我的订单' }))
    fireEvent.click(screen.getByRole('button', { name: '常用户号' }))
    expect(urls(nav)).toEqual([
      '/subpackages/order/order/order',
      '/subpackages/userAccount/userAccountList/userAccountList',
    ])
  })

  it("shows the user's own avatar, or the default one when they have none", () => {
    freshApp('zh-CN')
    fullLogIn('https://cdn.example.com/u-1.png')
    const { unmount } = renderPage(<Mine />)
    expect(avatarSrc()).toBe('https://cdn.example.com/u-1.png')
    expect(screen.getByText('Li Lei')).toBeTruthy()
    unmount()
    fullLogIn(null)
    renderPage(<Mine />)
    expect(avatarSrc()).toBe('test-file-stub')
  })

  it("fetches a full login's details once per run of the app", async () => {
    freshApp('zh-CN')
    server.route('/api/User/GetUserInfo', () =>
      ok({
        userId: 'u-1',
        userName: '',
        phoneNumber: '13812345678',
        avatarUrl: 'https://cdn.example.com/new.png',
        creationTime: '',
      }),
    )
    act(() => {
      useSessionStore
        .getState()
        .setTokens({ accessToken: 'a.b.c', refreshToken: 'r', expiresIn: 7200, creationTime: Date.now() })
      useLifePayStore.getState().login('u-1', '13812345678')
    })
    const { unmount } = renderPage(<Mine />)
    await waitFor(() => expect(avatarSrc()).toBe('https://cdn.example.com/new.png'))
    unmount()
    renderPage(<Mine />)
    expect(server.hits('/api/User/GetUserInfo')).toHaveLength(1)
  })

  it('switches the language at once and remembers it', () => {
    freshApp('zh-CN')
    renderPage(<Mine />)
    fireEvent.click(screen.getByRole('radio', { name: 'English' }))
    expect(useLocaleStore.getState().locale).toBe('en-US')
    expect(screen.getByRole('button', { name: 'My orders' })).toBeTruthy()
    expect(Taro.getStorageSync('lifePay.locale')).toBe('en-US')
    fireEvent.click(screen.getByRole('radio', { name: '简体中文' }))
    expect(screen.getByRole('button', { name: '我的订单' })).toBeTruthy()
  })

  it('logout asks first; cancel keeps the user, confirm clears everything and goes home', async () => {
    jest.useFakeTimers()
    try {
      freshApp('en-US')
      fullLogIn(null)
      server.route('/api/Account/Logout', () => ok(null))
      queryClient.setQueryData(['lifePay', 'orders', 'page', 'any'], { items: [] })
      renderPage(<Mine />)

      fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
      act(() => jest.advanceTimersByTime(30))
      expect(screen.getByRole('dialog').textContent).toContain(
        'You will need to log in again to top up and see your orders. Log out?',
      )
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
      await act(async () => undefined)
      expect(useLifePayStore.getState().userId).toBe('u-1')
      act(() => jest.advanceTimersByTime(300))

      fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
      act(() => jest.advanceTimersByTime(30))
      const dialog = screen.getByRole('dialog')
      fireEvent.click(dialog.querySelector('.lp-dialog__btn--confirm')!)
      await act(async () => undefined)
      expect(useLifePayStore.getState()).toMatchObject({ userId: '', phoneNumber: '' })
      expect(useSessionStore.getState()).toMatchObject({ token: '', userDetail: null, virtualUserId: '' })
      expect(Taro.getStorageSync('lifePay.session')).toBe('')
      expect(queryClient.getQueryData(['lifePay', 'orders', 'page', 'any'])).toBeUndefined()
      expect(nav.switchTab).toHaveBeenCalledWith({ url: '/pages/home/index' })
      expect(screen.getByRole('button', { name: /Log in \/ Register/ })).toBeTruthy()
      // The server is told, with the credentials the app just forgot, so a copy of them stops working too.
      jest.useRealTimers()
      await waitFor(() => expect(server.hits('/api/Account/Logout')).toHaveLength(1))
      const [told] = server.hits('/api/Account/Logout')
      expect([told.headers.authorization, told.headers['x-lifepay-user-id']]).toEqual(['Bearer a.b.c', 'u-1'])
    } finally {
      jest.useRealTimers()
    }
  })
})
