import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { useLifePayStore } from '../../../src/stores/lifePay'
import { useSessionStore } from '../../../src/stores/session'
import Authorization from '../../../src/subpackages/login/authorization/authorization'
import LoginByForm from '../../../src/subpackages/login/loginByForm/loginByForm'
import RegisterForm from '../../../src/subpackages/login/registerForm/registerForm'
import { startAppTestServer } from '../../services/support/harness'
import { bodyOf, makeJwt, ok, refusal, type TestServer } from '../../support/testServer'
import {
  fieldErrors,
  freshApp,
  spyNavigation,
  tap,
  typeInto,
  waitForToast,
  wireAppUi,
  type Navigation,
} from './support'

jest.mock('@tarojs/taro', () => jest.requireActual('../../pages/support/taroPageHooks').taroWithPageHooks())

const PHONE = '13812345678'
// A referring user's id (UUID) and its compact form, as a WeChat mini-program code's scene carries it.
const REFERRER = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'
const REFERRER_COMPACT = 'PyUE4E-JQdOaDAMF6CwzAQ'
const REFERRAL_NOTE = 'You are logging in from a referral code'
const token = (userId: string) => ({
  accessToken: makeJwt({ sub: userId, client_id: 'life-pay' }),
  refreshToken: `refresh-${userId}`,
  expiresIn: 7200,
  creationTime: Date.now(),
})
const user = (userId: string, phoneNumber = PHONE) => ({
  userId,
  userName: '',
  phoneNumber,
  avatarUrl: null,
  creationTime: '2026-01-01T00:00:00Z',
})

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
afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
})

describe('H5 login page: phone + message code → virtual login', () => {
  it('sends the code for LifePayPhoneCodeLogin, logs in virtually on channel 818 and returns where the user came from', async () => {
    freshApp('en-US', { redirect: '/pages/mine/index' })
    server.route('/api/Account/SendPhoneMessageCode', () => ok({ resendAfter: 60 }))
    server.route('/api/Account/LifePayPhoneMesssageCodeLogin', () => ok('u-7f3a9c'))
    render(<Authorization />)

    await typeInto('Enter your phone number', PHONE)
    tap('Get verification code')
    await waitFor(() => expect(screen.getByRole('button', { name: '60 seconds to resend' })).toBeTruthy())
    expect(bodyOf(server, '/api/Account/SendPhoneMessageCode')).toEqual({ phoneNumber: PHONE, businessType: 80 })

    await typeInto('SMS code', '246810')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitForToast('Logged in')

    expect(bodyOf(server, '/api/Account/LifePayPhoneMesssageCodeLogin')).toEqual({ phoneNumber: PHONE, code: '246810' })
    expect(useLifePayStore.getState()).toMatchObject({ userId: 'u-7f3a9c', phoneNumber: PHONE, channlesNum: '818' })
    expect(useSessionStore.getState()).toMatchObject({
      virtualUserId: 'u-7f3a9c',
      virtualPhoneNumber: PHONE,
      token: '',
    })
    await waitFor(() => expect(nav.switchTab).toHaveBeenCalledWith({ url: '/pages/mine/index' }))
  })

  it('a tap after the login answered, while the page is leaving, does not log in again', async () => {
    freshApp('en-US', { redirect: '/pages/mine/index' })
    let left!: () => void
    nav.switchTab.mockImplementation(() => new Promise((resolve) => (left = () => resolve({ errMsg: 'ok' }))))
    server.route('/api/Account/LifePayPhoneMesssageCodeLogin', () => ok('u-7f3a9c'))
    render(<Authorization />)
    await typeInto('Enter your phone number', PHONE)
    await typeInto('SMS code', '246810')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitFor(() => expect(nav.switchTab).toHaveBeenCalledTimes(1))
    // H5's switchTab answers as the address changes; the form is still on screen until the tab page shows.
    fireEvent.click(screen.getByRole('button', { name: /Log in|Logging in/ }))
    // The navigation has answered: the button stays locked (the page is leaving), and a tap on it does nothing.
    await act(async () => left())
    expect(screen.getByRole('button', { name: /Log in|Logging in/ }).textContent).toBe('Logging in…')
    fireEvent.click(screen.getByRole('button', { name: /Log in|Logging in/ }))
    await act(async () => undefined)
    expect(server.hits('/api/Account/LifePayPhoneMesssageCodeLogin')).toHaveLength(1)
    expect(nav.switchTab).toHaveBeenCalledTimes(1)
  })

  it("shows the server's own message when the code is refused, and stays logged out", async () => {
    freshApp('zh-CN')
    server.route('/api/Account/LifePayPhoneMesssageCodeLogin', () => refusal('验证码错误，还可尝试4次', 'CODE_INVALID'))
    render(<Authorization />)
    await typeInto('请输入手机号', PHONE)
    await typeInto('请输入短信验证码', '000000')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('登录')
    await waitForToast('验证码错误，还可尝试4次')
    expect(useLifePayStore.getState().userId).toBe('')
    expect(nav.switchTab).not.toHaveBeenCalled()
  })

  it('says "no response" in the SPEC words when the server cannot be reached', async () => {
    freshApp('zh-CN')
    server.route('/api/Account/LifePayPhoneMesssageCodeLogin', () => ({ hangUp: true }))
    // jsdom reports the hung-up connection on its console; the page's answer is what this test checks.
    const consoleError = console.error
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('socket hang up')) consoleError(...args)
    })
    render(<Authorization />)
    await typeInto('请输入手机号', PHONE)
    await typeInto('请输入短信验证码', '123456')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('登录')
    await waitForToast('服务器无响应，请重试')
  })

  it('from a referral code, the code login carries the uId for a new account (issue 37, item 10)', async () => {
    freshApp('en-US', { uId: REFERRER })
    server.route('/api/Account/LifePayPhoneMesssageCodeLogin', () => ok('u-7f3a9c'))
    render(<Authorization />)
    expect(screen.getByText(REFERRAL_NOTE)).toBeTruthy()
    await typeInto('Enter your phone number', PHONE)
    await typeInto('SMS code', '246810')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitForToast('Logged in')
    expect(bodyOf(server, '/api/Account/LifePayPhoneMesssageCodeLogin')).toEqual({
      phoneNumber: PHONE,
      code: '246810',
      uId: REFERRER,
    })
  })

  it('a uId that names no user (e.g. "hello") is no referral: no note, nothing sent', async () => {
    freshApp('en-US', { uId: 'hello' })
    server.route('/api/Account/LifePayPhoneMesssageCodeLogin', () => ok('u-7f3a9c'))
    render(<Authorization />)
    expect(screen.queryByText(REFERRAL_NOTE)).toBeNull()
    await typeInto('Enter your phone number', PHONE)
    await typeInto('SMS code', '246810')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitForToast('Logged in')
    expect(bodyOf(server, '/api/Account/LifePayPhoneMesssageCodeLogin')).toEqual({ phoneNumber: PHONE, code: '246810' })
  })

  it('the password tab, which logs in an account that exists, says nothing of a referral; the code tab does', () => {
    freshApp('en-US', { uId: REFERRER })
    render(<LoginByForm />)
    expect(screen.queryByText(REFERRAL_NOTE)).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: 'SMS code login' }))
    expect(screen.getByText(REFERRAL_NOTE)).toBeTruthy()
  })

  it('offers password login and registration, carrying the way back and the scanned uId', () => {
    freshApp('en-US', { redirect: '/pages/mine/index', uId: REFERRER })
    render(<Authorization />)
    expect(screen.getByText('You are logging in from a referral code')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Password login' }))
    fireEvent.click(screen.getByRole('link', { name: 'Register' }))
    expect(nav.navigateTo.mock.calls.map(([options]) => options.url)).toEqual([
      `/subpackages/login/loginByForm/loginByForm?tab=password&uId=${REFERRER}&redirect=%2Fpages%2Fmine%2Findex`,
      `/subpackages/login/registerForm/registerForm?uId=${REFERRER}&redirect=%2Fpages%2Fmine%2Findex`,
    ])
  })
})

describe('loginByForm: password and phone code, switchable', () => {
  it('password login stores tokens, fetches GetUserInfo with them, logs the recharge account in and goes back', async () => {
    freshApp('en-US', { redirect: '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678' })
    nav.stack([
      'pages/home/index',
      'subpackages/recharge/phoneBillRecharge/phoneBillRecharge',
      'subpackages/login/authorization/authorization',
      'subpackages/login/loginByForm/loginByForm',
    ])
    const issued = token('u-1')
    server.route('/api/Account/PasswordLogin', () => ok(issued))
    server.route('/api/User/GetUserInfo', () => ok(user('u-1')))
    render(<LoginByForm />)

    await typeInto('Enter your phone number', PHONE)
    await typeInto('Enter your password', 'secret123')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitForToast('Logged in')

    expect(bodyOf(server, '/api/Account/PasswordLogin')).toEqual({ loginName: PHONE, password: 'secret123' })
    expect(server.hits('/api/User/GetUserInfo')[0].headers.authorization).toBe(`Bearer ${issued.accessToken}`)
    expect(useSessionStore.getState()).toMatchObject({ token: issued.accessToken, refreshToken: 'refresh-u-1' })
    expect(useSessionStore.getState().userDetail).toMatchObject({ userId: 'u-1', phoneNumber: PHONE })
    expect(useLifePayStore.getState()).toMatchObject({ userId: 'u-1', phoneNumber: PHONE, channlesNum: '818' })
    // The top-up page that asked for login is right under the two login pages: back to it, not a second copy.
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledWith({ delta: 2 }))
    expect(nav.redirectTo).not.toHaveBeenCalled()
  })

  it("shows the server's message when the password is refused", async () => {
    freshApp('en-US')
    server.route('/api/Account/PasswordLogin', () => refusal('Wrong account name or password', 'LOGIN_FAILED'))
    render(<LoginByForm />)
    await typeInto('Enter your phone number', PHONE)
    await typeInto('Enter your password', 'wrong-pass1')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitForToast('Wrong account name or password')
    expect(useSessionStore.getState().token).toBe('')
    expect(server.hits('/api/User/GetUserInfo')).toHaveLength(0)
  })

  it('undoes the half-done login when GetUserInfo fails after the tokens came', async () => {
    freshApp('en-US')
    server.route('/api/Account/PasswordLogin', () => ok(token('u-2')))
    server.route('/api/User/GetUserInfo', () => ({ status: 500, json: { success: false, msg: null } }))
    render(<LoginByForm />)
    await typeInto('Enter your phone number', PHONE)
    await typeInto('Enter your password', 'secret123')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Log in')
    await waitForToast('服务器内部错误')
    expect(useSessionStore.getState().token).toBe('')
    expect(useLifePayStore.getState().userId).toBe('')
  })

  it('switches to the phone-code login, which opens first with tab=code', async () => {
    freshApp('en-US', { tab: 'code' })
    render(<LoginByForm />)
    expect(screen.getByRole('tab', { name: 'SMS code login' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByPlaceholderText('SMS code')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Password login' }))
    expect(screen.getByPlaceholderText('Enter your password')).toBeTruthy()
    expect(screen.queryByPlaceholderText('SMS code')).toBeNull()
  })
})

describe('registerForm: phone + code + password twice → full login', () => {
  it('sends the code for PhoneCodeRegister, registers, logs in and goes home', async () => {
    freshApp('en-US')
    const issued = token('u-new')
    server.route('/api/Account/SendPhoneMessageCode', () => ok({ resendAfter: 60 }))
    server.route('/api/Account/PhoneMesssageCodeRegister', () => ok(issued))
    server.route('/api/User/GetUserInfo', () => ok(user('u-new')))
    render(<RegisterForm />)

    await typeInto('Enter your phone number', PHONE)
    tap('Get verification code')
    await waitFor(() => expect(server.hits('/api/Account/SendPhoneMessageCode')).toHaveLength(1))
    expect(bodyOf(server, '/api/Account/SendPhoneMessageCode')).toEqual({ phoneNumber: PHONE, businessType: 11 })
    await typeInto('SMS code', '135790')
    await typeInto('8–32 characters, letters and digits', 'abc12345')
    await typeInto('Enter the password again', 'abc12345')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Register and log in')
    await waitForToast('Registered')

    expect(bodyOf(server, '/api/Account/PhoneMesssageCodeRegister')).toEqual({
      phoneNumber: PHONE,
      code: '135790',
      password: 'abc12345',
    })
    expect(useLifePayStore.getState()).toMatchObject({ userId: 'u-new', phoneNumber: PHONE })
    await waitFor(() => expect(nav.switchTab).toHaveBeenCalledWith({ url: '/pages/home/index' }))
  })

  it('from a referral code, registering carries the uId for the new account (issue 37, item 10)', async () => {
    freshApp('en-US', { uId: REFERRER })
    server.route('/api/Account/PhoneMesssageCodeRegister', () => ok(token('u-new')))
    server.route('/api/User/GetUserInfo', () => ok(user('u-new')))
    render(<RegisterForm />)
    expect(screen.getByText(REFERRAL_NOTE)).toBeTruthy()
    await typeInto('Enter your phone number', PHONE)
    await typeInto('SMS code', '135790')
    await typeInto('8–32 characters, letters and digits', 'abc12345')
    await typeInto('Enter the password again', 'abc12345')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('Register and log in')
    await waitForToast('Registered')
    expect(bodyOf(server, '/api/Account/PhoneMesssageCodeRegister')).toEqual({
      phoneNumber: PHONE,
      code: '135790',
      password: 'abc12345',
      uId: REFERRER,
    })
  })

  it("shows the server's refusal (e.g. a number already registered) through the request layer", async () => {
    freshApp('zh-CN')
    server.route('/api/Account/PhoneMesssageCodeRegister', () => refusal('该手机号已注册，请直接登录', 'PHONE_EXISTS'))
    render(<RegisterForm />)
    await typeInto('请输入手机号', PHONE)
    await typeInto('请输入短信验证码', '135790')
    await typeInto('8至32位，须含字母和数字', 'abc12345')
    await typeInto('请再次输入密码', 'abc12345')
    fireEvent.click(screen.getByRole('checkbox'))
    tap('注册并登录')
    await waitForToast('该手机号已注册，请直接登录')
    expect(useLifePayStore.getState().userId).toBe('')
    expect(fieldErrors()).toEqual({})
  })
})

describe('mini-program login page (authorization in WeChat and Alipay)', () => {
  function onHost(host: 'weapp' | 'alipay', params: Record<string, string> = {}) {
    freshApp('en-US', params)
    process.env.TARO_ENV = host
    return jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'host-code', errMsg: 'login:ok' } as never)
  }

  async function sharePhone(detail: Record<string, string>) {
    const button = await screen.findByRole('button', { name: 'Log in with my phone number' })
    fireEvent.click(button)
    expect(screen.getByText('Please read and agree to the User Agreement and the Privacy Policy first')).toBeTruthy()
    fireEvent.click(screen.getByRole('checkbox'))
    const phoneButton = document.querySelector('taro-button-core')!
    expect(phoneButton.getAttribute('open-type')).toBe('getPhoneNumber')
    act(() => {
      phoneButton.dispatchEvent(new CustomEvent('getphonenumber', { detail }))
    })
  }

  it('WeChat: Taro.login → WxMiniAppUserLogin; the phone button → WxMiniAppPhoneAuthLogin → full login', async () => {
    onHost('weapp', { redirect: '/pages/mine/index' })
    server.route('/api/Account/WxMiniAppUserLogin', () => ok({ openId: 'o-1', sessionKey: 'sk-1', token: null }))
    server.route('/api/Account/WxMiniAppPhoneAuthLogin', () => ok(token('u-wx')))
    server.route('/api/User/GetUserInfo', () => ok(user('u-wx')))
    render(<Authorization />)
    expect(screen.queryByPlaceholderText('Enter your phone number')).toBeNull()

    await sharePhone({ encryptedData: 'ENC', iv: 'IV' })
    await waitForToast('Logged in')
    expect(server.hits('/api/Account/WxMiniAppUserLogin')[0].query.get('code')).toBe('host-code')
    expect(bodyOf(server, '/api/Account/WxMiniAppPhoneAuthLogin')).toEqual({
      openId: 'o-1',
      sessionKey: 'sk-1',
      encryptedData: 'ENC',
      iv: 'IV',
    })
    expect(useSessionStore.getState().wxOpenId).toBe('o-1')
    expect(useLifePayStore.getState().userId).toBe('u-wx')
    await waitFor(() => expect(nav.switchTab).toHaveBeenCalledWith({ url: '/pages/mine/index' }))
  })

  it.each([
    ['the code alone', { code: 'PHONE-CODE' }],
    ['the code beside the legacy answer', { code: 'PHONE-CODE', encryptedData: 'ENC', iv: 'IV' }],
  ])('WeChat: %s logs in with the code, which the server exchanges (issue 37, item 4)', async (_, detail) => {
    onHost('weapp')
    server.route('/api/Account/WxMiniAppUserLogin', () => ok({ openId: 'o-1', sessionKey: 'sk-1', token: null }))
    server.route('/api/Account/WxMiniAppPhoneAuthLogin', () => ok(token('u-wx')))
    server.route('/api/User/GetUserInfo', () => ok(user('u-wx')))
    render(<Authorization />)
    await sharePhone({ errMsg: 'getPhoneNumber:ok', ...detail })
    await waitForToast('Logged in')
    expect(bodyOf(server, '/api/Account/WxMiniAppPhoneAuthLogin')).toEqual({
      openId: 'o-1',
      sessionKey: 'sk-1',
      phoneCode: 'PHONE-CODE',
    })
  })

  it('a declined phone sheet logs nobody in', async () => {
    onHost('weapp')
    server.route('/api/Account/WxMiniAppUserLogin', () => ok({ openId: 'o-1', sessionKey: 'sk-1', token: null }))
    render(<Authorization />)
    await sharePhone({ errMsg: 'getPhoneNumber:fail user deny' })
    await waitForToast('The phone number was not shared, so you are not logged in')
    expect(server.hits('/api/Account/WxMiniAppPhoneAuthLogin')).toHaveLength(0)
  })

  it('scanned code (scene uId=...): GetLifePayWxIndentity → WxMiniAppUserLoginFromScan, then the FromScan phone login with the uId', async () => {
    onHost('weapp', { scene: `uId%3D${REFERRER_COMPACT}` })
    server.route('/api/Account/GetLifePayWxIndentity', () =>
      ok({ openId: 'o-scan', sessionKey: 'sk-scan', unionId: null }),
    )
    server.route('/api/Account/WxMiniAppUserLoginFromScan', () =>
      ok({ openId: 'o-scan', sessionKey: 'sk-scan', token: null }),
    )
    server.route('/api/Account/WxMiniAppPhoneAuthLoginFromScan', () => ok(token('u-scan')))
    server.route('/api/User/GetUserInfo', () => ok(user('u-scan')))
    render(<Authorization />)

    await sharePhone({ encryptedData: 'ENC', iv: 'IV' })
    await waitForToast('Logged in')
    expect(server.hits('/api/Account/GetLifePayWxIndentity')[0].query.get('code')).toBe('host-code')
    expect(bodyOf(server, '/api/Account/WxMiniAppUserLoginFromScan')).toEqual({
      uId: REFERRER,
      userName: '',
      openId: 'o-scan',
    })
    expect(bodyOf(server, '/api/Account/WxMiniAppPhoneAuthLoginFromScan')).toEqual({
      uId: REFERRER,
      openId: 'o-scan',
      sessionKey: 'sk-scan',
      encryptedData: 'ENC',
      iv: 'IV',
    })
    expect(server.hits('/api/Account/WxMiniAppUserLogin')).toHaveLength(0)
    expect(useLifePayStore.getState().userId).toBe('u-scan')
  })

  it('a known WeChat user logs in with one tap once consent is given', async () => {
    onHost('weapp', { uId: REFERRER })
    server.route('/api/Account/GetLifePayWxIndentity', () => ok({ openId: 'o-k', sessionKey: 'sk-k', unionId: null }))
    server.route('/api/Account/WxMiniAppUserLoginFromScan', () =>
      ok({ openId: 'o-k', sessionKey: 'sk-k', token: token('u-known') }),
    )
    server.route('/api/User/GetUserInfo', () => ok(user('u-known')))
    render(<Authorization />)
    const button = await screen.findByRole('button', { name: 'Log in with WeChat' })
    fireEvent.click(button)
    expect(useLifePayStore.getState().userId).toBe('')
    fireEvent.click(screen.getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: 'Log in with WeChat' }))
    await waitForToast('Logged in')
    expect(useLifePayStore.getState().userId).toBe('u-known')
  })

  it('Alipay: the getAuthorize button, then my.getPhoneNumber → WxMiniAppPhoneAuthLogin', async () => {
    onHost('alipay')
    server.route('/api/Account/WxMiniAppUserLogin', () => ok({ openId: 'ali-1', sessionKey: 'ask', token: null }))
    server.route('/api/Account/WxMiniAppPhoneAuthLogin', () => ok(token('u-ali')))
    server.route('/api/User/GetUserInfo', () => ok(user('u-ali')))
    Object.assign(Taro, {
      getPhoneNumber: jest
        .fn()
        .mockResolvedValue({ response: JSON.stringify({ response: 'ALI-ENC', sign: 'ALI-SIGN' }) }),
    })
    render(<Authorization />)
    await screen.findByRole('button', { name: 'Log in with my phone number' })
    fireEvent.click(screen.getByRole('checkbox'))
    const button = document.querySelector('taro-button-core')!
    expect(button.getAttribute('open-type')).toBe('getAuthorize')
    expect(button.getAttribute('scope')).toBe('phoneNumber')
    act(() => {
      button.dispatchEvent(new CustomEvent('getauthorize', { detail: {} }))
    })
    await waitForToast('Logged in')
    expect(bodyOf(server, '/api/Account/WxMiniAppPhoneAuthLogin')).toEqual({
      openId: 'ali-1',
      sessionKey: 'ask',
      encryptedData: 'ALI-ENC',
      iv: 'ALI-SIGN',
    })
  })

  it('when the host login fails it says so and tries again on demand', async () => {
    onHost('weapp')
    let calls = 0
    server.route('/api/Account/WxMiniAppUserLogin', () =>
      ++calls === 1 ? { status: 503, json: { success: false } } : ok({ openId: 'o', sessionKey: 's', token: null }),
    )
    render(<Authorization />)
    await screen.findByText('Quick login is unavailable right now, please try again later')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByRole('button', { name: 'Log in with my phone number' })
    expect(calls).toBe(2)
  })
})
