import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import enUS from '../../src/i18n/en-US'
import zhCN, { type MessageKey } from '../../src/i18n/zh-CN'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { ARTIFACTS, assertToastAbove, launchBrowser, phoneContext, settled, toast } from './browser'
import { assertH5Built } from './session'

// Issue 5 in a phone browser against the real server (fresh embedded database, sandbox SMS) and the built H5 app.

type Locale = 'zh-CN' | 'en-US'

const HOME = '/pages/home/index'
const MINE = '/pages/mine/index'
const AUTHORIZATION = '/subpackages/login/authorization/authorization'
const LOGIN_BY_FORM = '/subpackages/login/loginByForm/loginByForm'
const REGISTER = '/subpackages/login/registerForm/registerForm'

const T = {
  'zh-CN': {
    phone: '请输入手机号',
    code: '请输入短信验证码',
    password: '请输入密码',
    newPassword: '8至32位，须含字母和数字',
    confirmPassword: '请再次输入密码',
    getCode: '获取验证码',
    login: '登录',
    register: '注册并登录',
    registered: '注册成功',
    loggedIn: '登录成功',
    logout: '退出登录',
    logoutConfirm: '退出',
    loginEntry: '登录 / 注册',
    homeLoginCard: '登录后一键充值',
    recent: '最近充值',
    codeTab: '验证码登录',
    referral: '您正在通过推广码登录',
    required: '此项为必填项',
  },
  'en-US': {
    phone: 'Enter your phone number',
    code: 'SMS code',
    password: 'Enter your password',
    newPassword: '8–32 characters, letters and digits',
    confirmPassword: 'Enter the password again',
    getCode: 'Get verification code',
    login: 'Log in',
    register: 'Register and log in',
    registered: 'Registered',
    loggedIn: 'Logged in',
    logout: 'Log out',
    logoutConfirm: 'Log out',
    loginEntry: 'Log in / Register',
    homeLoginCard: 'Log in for one-tap top-ups',
    recent: 'Recent top-ups',
    codeTab: 'SMS code login',
    referral: 'You are logging in from a referral code',
    required: 'This field is required',
  },
} as const

let app: AppServer
let browser: Browser
let phoneSeq = 0

/** A number no other test (or the demo data) uses. */
function newPhone(): string {
  phoneSeq += 1
  return `137${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`
}

before(async () => {
  assertH5Built()
  app = await startAppServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await app?.stop()
})

async function openPage(locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, locale)
  const page = await context.newPage()
  return { context, page }
}

async function go(page: Page, path: string): Promise<void> {
  await page.goto(`${app.url}${path}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
}

/**
 * Waits until the page reached through the app is the one shown: H5 keeps the pages below in the document (hidden),
 * with inputs of the same placeholders.
 */
async function arrive(page: Page, locale: Locale, path: string, titleKey?: MessageKey): Promise<void> {
  await page.waitForURL(new RegExp(path))
  const catalogue = locale === 'zh-CN' ? zhCN : enUS
  const title = catalogue[titleKey ?? 'app.productTitle']
  // Role queries leave the hidden pages out.
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
}

async function shot(page: Page, name: string, locale: Locale): Promise<void> {
  await settled(page)
  await page.screenshot({ path: join(ARTIFACTS, `login-${name}-${locale}.png`) })
}

/** The input of the page on top (H5 keeps the pages below in the document, hidden). */
function input(page: Page, placeholder: string) {
  return page.locator(`input[placeholder="${placeholder}"]`).filter({ visible: true })
}

function button(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true })
}

async function waitForToast(page: Page, expected: string): Promise<void> {
  try {
    // A login hashes the password (argon2) on a server sharing 2 busy cores with the browser: a loaded CI run showed
    // the toast just after 10 s. The deadline only bounds how long a failure takes to show.
    // .first(): a toast that fades as the next shows can hold the same words for a moment (two matches; strict mode
    // would throw at once instead of waiting).
    await toast(page, expected).first().waitFor({ timeout: 30_000 })
  } catch (error) {
    const shown = await page.getByRole('alert').allTextContents()
    await page.screenshot({ path: join(ARTIFACTS, 'login-failure.png') })
    throw new Error(`no toast "${expected}" (toasts: ${JSON.stringify(shown)}, at ${page.url()})`, { cause: error })
  }
}

/**
 * A password account registered through the API (phone code then PhoneMesssageCodeRegister); returns its access token.
 */
async function registerWithPassword(phone: string, password: string): Promise<string> {
  await app.api('POST', '/api/Account/SendPhoneMessageCode', { phoneNumber: phone, businessType: 11 })
  const registered = await app.api<{ accessToken: string }>('POST', '/api/Account/PhoneMesssageCodeRegister', {
    phoneNumber: phone,
    code: await app.smsCode(phone),
    password,
  })
  return registered.data.accessToken
}

async function sendCode(page: Page, locale: Locale, phone: string): Promise<string> {
  const sent = page.waitForResponse((r) => r.url().includes('/api/Account/SendPhoneMessageCode'))
  await button(page, T[locale].getCode).click()
  const response = await sent
  assert.equal(((await response.json()) as { success: boolean }).success, true)
  return app.smsCode(phone)
}

/** Ticks the consent box itself, at the checkbox's start (its text holds the two document links). */
async function consent(page: Page): Promise<void> {
  const checkbox = page.getByRole('checkbox')
  await checkbox.click({ position: { x: 12, y: 24 } })
  assert.equal(await checkbox.getAttribute('aria-checked'), 'true')
}

async function logOutFromMine(page: Page, locale: Locale): Promise<void> {
  await go(page, MINE)
  await button(page, T[locale].logout).click()
  const dialog = page.getByRole('dialog', { name: T[locale].logout })
  await dialog.waitFor()
  await shot(page, 'mine-logout-dialog', locale)
  await dialog.getByRole('button', { name: T[locale].logoutConfirm, exact: true }).click()
  await arrive(page, locale, HOME)
  await page.getByText(T[locale].homeLoginCard).waitFor()
}

test(
  'a new user registers with the SMS code, logs out, logs in by password, then by phone code',
  { timeout: 180_000 },
  async () => {
    const locale = 'zh-CN'
    const phone = newPhone()
    const password = 'lifePay2026'
    const { context, page } = await openPage(locale)

    await go(page, HOME)
    await page.getByText(T[locale].homeLoginCard).waitFor()
    await shot(page, 'home-logged-out', locale)

    // Register.
    await go(page, REGISTER)
    await button(page, T[locale].register).click()
    assert.equal(await page.getByRole('alert').first().textContent(), T[locale].required)
    await shot(page, 'register-validation', locale)
    await input(page, T[locale].phone).fill(phone)
    const registerCodeSentAt = Date.now()
    const code = await sendCode(page, locale, phone)
    assert.match(code, /^\d{6}$/)
    await button(page, '60秒后重新获取').or(button(page, '59秒后重新获取')).waitFor()
    await input(page, T[locale].code).fill(code)
    await input(page, T[locale].newPassword).fill(password)
    await input(page, T[locale].confirmPassword).fill(password)
    await consent(page)
    await shot(page, 'register-filled', locale)
    await button(page, T[locale].register).click()
    await waitForToast(page, T[locale].registered)
    await arrive(page, locale, HOME)
    await page.getByText(T[locale].recent).waitFor()
    await page.getByText('还没有充值记录').waitFor()
    await shot(page, 'home-new-user', locale)

    // Mine shows the masked number; logout returns home logged out.
    await go(page, MINE)
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`
    await page.getByText(masked, { exact: true }).waitFor()
    assert.equal(await page.getByText(phone, { exact: true }).count(), 0)
    await shot(page, 'mine-logged-in', locale)
    await logOutFromMine(page, locale)
    assert.equal(await page.evaluate(() => localStorage.getItem('lifePay.session')), null)
    await go(page, MINE)
    await page.getByText(T[locale].loginEntry, { exact: true }).waitFor()
    await shot(page, 'mine-logged-out', locale)

    // Password login, asked for from Mine: back to Mine.
    await page.getByText(T[locale].loginEntry, { exact: true }).click()
    await arrive(page, locale, AUTHORIZATION, 'page.authorization')
    await page.getByRole('link', { name: '密码登录' }).click()
    await arrive(page, locale, LOGIN_BY_FORM, 'page.loginByForm')
    await input(page, T[locale].phone).fill(phone)
    await input(page, T[locale].password).fill(password)
    await consent(page)
    await button(page, T[locale].login).click()
    await waitForToast(page, T[locale].loggedIn)
    await arrive(page, locale, MINE, 'page.mine')
    await page.getByText(masked, { exact: true }).waitFor()
    await logOutFromMine(page, locale)

    // Phone-code login (one code per number per 60 s: wait out the register code's interval).
    await go(page, AUTHORIZATION)
    await input(page, T[locale].phone).fill(phone)
    await page.waitForTimeout(Math.max(0, registerCodeSentAt + 61_000 - Date.now()))
    const loginCode = await sendCode(page, locale, phone)
    await input(page, T[locale].code).fill(loginCode)
    await consent(page)
    await button(page, T[locale].login).click()
    await waitForToast(page, T[locale].loggedIn)
    await arrive(page, locale, HOME)
    // Said above the tab bar, which it used to cover.
    await assertToastAbove(page, T[locale].loggedIn, '.taro-tabbar__tabbar')
    await page.getByText(T[locale].recent).waitFor()
    const stored = await page.evaluate(() => localStorage.getItem('lifePay.rechargeAccount'))
    assert.match(stored ?? '', new RegExp(phone))
    await context.close()
  },
)

test(
  "a wrong code shows the server's message; after five wrong codes the sixth try is refused",
  { timeout: 60_000 },
  async () => {
    const locale = 'zh-CN'
    const phone = newPhone()
    const { context, page } = await openPage(locale)
    await go(page, AUTHORIZATION)
    await input(page, T[locale].phone).fill(phone)
    const code = await sendCode(page, locale, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    await consent(page)

    for (let attempt = 1; attempt <= 5; attempt++) {
      await input(page, T[locale].code).fill(wrong)
      const answer = page.waitForResponse((r) => r.url().includes('/api/Account/LifePayPhoneMesssageCodeLogin'))
      await button(page, T[locale].login).click()
      const { msg } = (await (await answer).json()) as { msg: string }
      assert.equal(msg, `验证码错误，还可尝试${5 - attempt}次`)
      await waitForToast(page, msg)
      if (attempt === 1) await shot(page, 'wrong-code', locale)
    }
    // The sixth try is refused even with the right code: the code is burnt.
    await input(page, T[locale].code).fill(code)
    const answer = page.waitForResponse((r) => r.url().includes('/api/Account/LifePayPhoneMesssageCodeLogin'))
    await button(page, T[locale].login).click()
    const refused = (await (await answer).json()) as { success: boolean; msg: string }
    assert.equal(refused.success, false)
    assert.equal(refused.msg, '验证码错误次数过多，请重新获取')
    await waitForToast(page, refused.msg)
    await shot(page, 'code-locked', locale)
    assert.match(page.url(), new RegExp(AUTHORIZATION))
    assert.equal(await page.evaluate(() => localStorage.getItem('lifePay.rechargeAccount')), null)
    await context.close()
  },
)

test(
  'QR entry with a uId: H5 shows the referral and logs in by phone code with it; the FromScan calls keep the uId',
  { timeout: 60_000 },
  async () => {
    const locale = 'zh-CN'
    // The referrer: a registered user, whose public id the code carries.
    const referrerToken = await registerWithPassword(newPhone(), 'lifePay2026')
    const referrer = await app.api<{ userId: string }>('GET', '/api/User/GetUserInfo', undefined, referrerToken)
    const uId = referrer.data.userId

    // In H5: the page knows the code, keeps the uId on its links, and logs in by phone code with it (issue 37, item
    // 10: the server records the referrer of the account it creates; H5 has no openId for the FromScan calls).
    const { context, page } = await openPage(locale)
    const calls: string[] = []
    let loginBody: Record<string, unknown> = {}
    page.on('request', (request) => {
      if (!request.url().includes('/api/')) return
      calls.push(new URL(request.url()).pathname)
      if (request.url().includes('LifePayPhoneMesssageCodeLogin')) loginBody = request.postDataJSON()
    })
    // A uId that names no user is no referral: no note.
    await go(page, `${AUTHORIZATION}?uId=hello`)
    await input(page, T[locale].phone).waitFor()
    assert.equal(await page.getByText(T[locale].referral).filter({ visible: true }).count(), 0)
    await go(page, `${AUTHORIZATION}?uId=${uId}`)
    await page.getByText(T[locale].referral).filter({ visible: true }).waitFor()
    await shot(page, 'authorization-referral', locale)
    await page.getByRole('link', { name: '立即注册' }).click()
    await arrive(page, locale, `${REGISTER}\\?uId=${uId}`, 'page.registerForm')
    await page.getByText(T[locale].referral).filter({ visible: true }).waitFor()
    await go(page, `${AUTHORIZATION}?uId=${uId}`)
    const phone = newPhone()
    await input(page, T[locale].phone).fill(phone)
    await input(page, T[locale].code).fill(await sendCode(page, locale, phone))
    await consent(page)
    await button(page, T[locale].login).click()
    await waitForToast(page, T[locale].loggedIn)
    assert.ok(calls.includes('/api/Account/LifePayPhoneMesssageCodeLogin'))
    assert.equal(loginBody.uId, uId)
    assert.ok(!calls.some((path) => path.includes('FromScan')), 'H5 cannot make the FromScan calls (docs/qr.md)')
    await context.close()

    // What the mini-program does with the same code (docs/qr.md), against the same server: Taro.login's code →
    // GetLifePayWxIndentity → WxMiniAppUserLoginFromScan → (phone sheet) → WxMiniAppPhoneAuthLoginFromScan.
    const wxCode = `e2e-${Date.now()}`
    const identity = await app.api<{ openId: string; sessionKey: string }>(
      'GET',
      `/api/Account/GetLifePayWxIndentity?code=${wxCode}`,
    )
    assert.equal(identity.success, true)
    const scan = await app.api<{ token: unknown }>('POST', '/api/Account/WxMiniAppUserLoginFromScan', {
      uId,
      userName: '',
      openId: identity.data.openId,
    })
    assert.equal(scan.success, true)
    assert.equal(scan.data.token, null, 'a new WeChat user still has to share a phone number')
    const scannedPhone = newPhone()
    const sheet = await app.api<{ encryptedData: string; iv: string }>('POST', '/api/dev/wx/phone-auth', {
      openId: identity.data.openId,
      phoneNumber: scannedPhone,
    })
    const login = await app.api<{ accessToken: string }>('POST', '/api/Account/WxMiniAppPhoneAuthLoginFromScan', {
      uId,
      openId: identity.data.openId,
      sessionKey: identity.data.sessionKey,
      ...sheet.data,
    })
    assert.equal(login.success, true, login.msg ?? '')
    const me = await app.api<{ phoneNumber: string }>('GET', '/api/User/GetUserInfo', undefined, login.data.accessToken)
    assert.equal(me.data.phoneNumber, scannedPhone)
  },
)

/** Pays an order through the sandbox cashier's dev route, as the wallet would. */
async function payInSandbox(orderNo: string, token: string): Promise<void> {
  const cashier = await app.api('POST', '/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType: 10 }, token)
  assert.equal(cashier.success, true, cashier.msg ?? '')
  const paid = await app.api('POST', '/api/dev/pay/confirm', { orderNo, deliveries: 1 }, token)
  assert.equal(paid.success, true, paid.msg ?? '')
}

test(
  "a returning user reaches a paid phone top-up from home in 3 taps, plus the wallet's own confirmation",
  { timeout: 90_000 },
  async () => {
    const locale = 'zh-CN'
    const phone = newPhone()
    const password = 'lifePay2026'
    const token = await registerWithPassword(phone, password)
    const earlier = await app.api(
      'POST',
      '/api/LifePay/CreateLifePayPhoneOrder',
      { phone, ispCode: 'yidong', parValue: 30, idempotencyKey: `e2e-taps-${phone}` },
      token,
    )
    assert.equal(earlier.success, true, earlier.msg ?? '')
    // A returning user: the earlier top-up was paid (an unpaid one would offer 去支付 instead of 再充一笔).
    await payInSandbox((earlier.data as { orderNo: string }).orderNo, token)

    const { context, page } = await openPage(locale)
    await go(page, LOGIN_BY_FORM)
    await input(page, T[locale].phone).fill(phone)
    await input(page, T[locale].password).fill(password)
    await consent(page)
    await button(page, T[locale].login).click()
    await arrive(page, locale, HOME)

    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`
    let taps = 0
    const tap = async (target: ReturnType<Page['getByRole']>) => {
      await target.click()
      taps++
    }
    await tap(page.getByRole('button', { name: `再充一笔 ${masked}` }))
    await arrive(page, locale, '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge', 'page.phoneBillRecharge')
    await tap(page.getByRole('button', { name: '立即充值' }).filter({ visible: true }))
    await arrive(page, locale, '/subpackages/recharge/selectPayType/selectPayType', 'page.selectPayType')
    const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? ''
    await tap(page.getByRole('button', { name: /^确认支付/ }).filter({ visible: true }))
    assert.equal(taps, 3)
    // The wallet's own sheet: in a phone browser the sandbox cashier stands in for it.
    await page
      .getByRole('dialog', { name: '收银台' })
      .getByRole('button', { name: /^确认支付/ })
      .click()
    await page.waitForURL(/rechargeResult/)

    const deadline = Date.now() + 20_000
    let payStatus = 0
    while (Date.now() < deadline) {
      const detail = await app.api<{ payStatus: number; parValue: number; account: string }>(
        'GET',
        `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${orderNo}`,
        undefined,
        token,
      )
      payStatus = detail.data.payStatus
      if (payStatus >= 20) {
        assert.equal(detail.data.parValue, 30)
        assert.equal(detail.data.account, phone)
        break
      }
      await page.waitForTimeout(300)
    }
    assert.equal(payStatus, 20, 'the top-up is paid')
    await shot(page, 'paid-in-3-taps', locale)
    await context.close()
  },
)

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`every login, home and mine screen (${locale})`, { timeout: 120_000 }, async () => {
    const { context, page } = await openPage(locale)
    for (const [name, path] of [
      ['home-logged-out', HOME],
      ['mine-logged-out', MINE],
      ['authorization', AUTHORIZATION],
      ['loginByForm-password', `${LOGIN_BY_FORM}?tab=password`],
      ['loginByForm-code', `${LOGIN_BY_FORM}?tab=code`],
      ['registerForm', REGISTER],
      ['userPolicy', '/subpackages/login/userPolicy/userPolicy'],
      ['mineUserPolicy', '/subpackages/login/mineUserPolicy/mineUserPolicy'],
      ['privacyPolicy', '/subpackages/login/privacyPolicy/privacyPolicy'],
    ] as const) {
      await go(page, path)
      await shot(page, name, locale)
    }
    await go(page, AUTHORIZATION)
    await button(page, T[locale].login).click()
    await shot(page, 'authorization-validation', locale)

    // A returning user with saved accounts and an order: home lists them for one-tap top-up.
    const phone = newPhone()
    const password = 'lifePay2026'
    const token = await registerWithPassword(phone, password)
    for (const account of [
      { lifePayType: 10, content: '13912345678', remark: locale === 'zh-CN' ? '妈妈' : 'Mum', ispCode: 'yidong' },
      { lifePayType: 20, content: '3300112233', remark: '', electricType: 'guowang', electricAccountType: 'house' },
    ]) {
      const saved = await app.api('POST', '/api/LifePay/AddUpdateUserAccount', account, token)
      assert.equal(saved.success, true, saved.msg ?? '')
    }
    const order = await app.api(
      'POST',
      '/api/LifePay/CreateLifePayPhoneOrder',
      { phone, ispCode: 'yidong', parValue: 50, idempotencyKey: `e2e-${phone}` },
      token,
    )
    assert.equal(order.success, true, order.msg ?? '')
    await payInSandbox((order.data as { orderNo: string }).orderNo, token)

    await go(page, LOGIN_BY_FORM)
    await input(page, T[locale].phone).fill(phone)
    await input(page, T[locale].password).fill(password)
    await consent(page)
    await button(page, T[locale].login).click()
    await arrive(page, locale, HOME)
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`
    await page.getByText(masked).first().waitFor()
    await page.getByText('139****5678').waitFor()
    await page.getByText('330****2233').waitFor()
    await shot(page, 'home-returning-user', locale)

    // One tap on "top up again" opens the phone top-up with the number and the face value.
    const again = page.getByRole('button', {
      name: new RegExp(`${locale === 'zh-CN' ? '再充一笔' : 'Top up again'} ${masked.replace(/\*/g, '\\*')}`),
    })
    await again.click()
    await page.waitForURL(/phoneBillRecharge/)
    const url = new URL(page.url())
    assert.equal(url.searchParams.get('phone'), phone)
    assert.equal(url.searchParams.get('parValue'), '50')

    await go(page, MINE)
    await shot(page, 'mine-logged-in', locale)
    await context.close()
  })
}
