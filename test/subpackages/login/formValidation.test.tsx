import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import LoginByForm from '../../../src/subpackages/login/loginByForm/loginByForm'
import RegisterForm from '../../../src/subpackages/login/registerForm/registerForm'
import Authorization from '../../../src/subpackages/login/authorization/authorization'
import { startAppTestServer } from '../../services/support/harness'
import type { TestServer } from '../../support/testServer'
import { fieldErrors, freshApp, spyNavigation, tap, toastText, typeInto, wireAppUi } from './support'

jest.mock('@tarojs/taro', () => jest.requireActual('../../pages/support/taroPageHooks').taroWithPageHooks())

let server: TestServer
beforeAll(async () => {
  server = await startAppTestServer()
  wireAppUi()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  spyNavigation()
})
afterEach(() => jest.restoreAllMocks())

describe('digit fields open the phone keypad as the top-up forms do (issue 37, item 18)', () => {
  const nativeType = async (placeholder: string) =>
    waitFor(() => {
      const input = screen.getAllByPlaceholderText(placeholder).find((element) => element.tagName === 'INPUT')
      if (!input) throw new Error(`no input for ${placeholder}`)
      return input.getAttribute('type')
    })

  it('phone and code on the login page, the login name on the password form: type=tel, never number', async () => {
    freshApp('en-US')
    const { unmount } = render(<Authorization />)
    expect(await nativeType('Enter your phone number')).toBe('tel')
    expect(await nativeType('SMS code')).toBe('tel')
    unmount()
    freshApp('en-US', { tab: 'password' })
    render(<LoginByForm />)
    expect(await nativeType('Enter your phone number')).toBe('tel')
  })
})

describe('validation messages at the fields (shared validators)', () => {
  it('phone-code login: required fields, then the phone format; nothing is sent', async () => {
    freshApp('en-US')
    render(<Authorization />)
    tap('Log in')
    expect(fieldErrors()).toEqual({ phone: 'This field is required', code: 'This field is required' })

    await typeInto('Enter your phone number', '12812345678')
    // Typing clears the field's message; leaving it checks again.
    expect(fieldErrors()).toEqual({ code: 'This field is required' })
    fireEvent.blur(screen.getAllByPlaceholderText('Enter your phone number').find((el) => el.tagName === 'INPUT')!)
    await waitFor(() => expect(fieldErrors().phone).toBe('Please enter a valid mobile phone number'))
    await typeInto('SMS code', '123456')
    tap('Log in')
    expect(fieldErrors()).toEqual({ phone: 'Please enter a valid mobile phone number' })
    expect(server.received.filter((r) => r.path.startsWith('/api/'))).toHaveLength(0)
  })

  it('the captcha refuses to send for a bad phone number and the field says why', async () => {
    freshApp('zh-CN')
    render(<Authorization />)
    await typeInto('请输入手机号', '1381234')
    tap('获取验证码')
    await waitFor(() => expect(fieldErrors()).toEqual({ phone: '请输入正确的手机号' }))
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy()
    expect(server.hits('/api/Account/SendPhoneMessageCode')).toHaveLength(0)
  })

  it('consent is required before anything is sent', async () => {
    freshApp('zh-CN')
    render(<Authorization />)
    await typeInto('请输入手机号', '13812345678')
    await typeInto('请输入短信验证码', '123456')
    tap('登录')
    expect(toastText()).toBe('请先阅读并同意《用户协议》和《隐私政策》')
    expect(fieldErrors()).toEqual({})
    expect(server.hits('/api/Account/LifePayPhoneMesssageCodeLogin')).toHaveLength(0)
  })

  it('password login asks for both fields; the login name is a phone number', async () => {
    freshApp('en-US')
    render(<LoginByForm />)
    tap('Log in')
    expect(fieldErrors()).toEqual({ loginName: 'This field is required', password: 'This field is required' })
    await typeInto('Enter your phone number', '1381234567')
    await typeInto('Enter your password', 'anything')
    tap('Log in')
    expect(fieldErrors()).toEqual({ loginName: 'Please enter a valid mobile phone number' })
  })

  it('register: the password rule and the confirmation', async () => {
    freshApp('en-US')
    render(<RegisterForm />)
    tap('Register and log in')
    expect(fieldErrors()).toEqual({
      phone: 'This field is required',
      code: 'This field is required',
      password: 'This field is required',
      confirmation: 'This field is required',
    })
    await typeInto('Enter your phone number', '13812345678')
    await typeInto('SMS code', '123456')
    await typeInto('8–32 characters, letters and digits', 'abcdefgh')
    await typeInto('Enter the password again', 'abcdefg1')
    tap('Register and log in')
    expect(fieldErrors()).toEqual({
      password: 'The password must be 8 to 32 characters with letters and digits',
      confirmation: 'The two passwords do not match',
    })
    await typeInto('8–32 characters, letters and digits', 'abcdefg1')
    tap('Register and log in')
    expect(fieldErrors()).toEqual({})
    expect(toastText()).toBe('Please read and agree to the User Agreement and the Privacy Policy first')
    expect(server.hits('/api/Account/PhoneMesssageCodeRegister')).toHaveLength(0)
  })

  it('the consent links open the two documents', () => {
    freshApp('zh-CN')
    const nav = spyNavigation()
    render(<RegisterForm />)
    fireEvent.click(screen.getByText('《用户协议》'))
    fireEvent.click(screen.getByText('《隐私政策》'))
    expect(nav.navigateTo.mock.calls.map(([options]) => options.url)).toEqual([
      '/subpackages/login/userPolicy/userPolicy',
      '/subpackages/login/privacyPolicy/privacyPolicy',
    ])
    // Opening a document does not tick the box.
    expect(screen.getByRole('checkbox').getAttribute('aria-checked')).toBe('false')
  })
})
