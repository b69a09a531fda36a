import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { Locale } from '@domain/locale'
import { formatYuan } from '@domain/price'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import type { accountMessages as AccountMessages } from '../../src/subpackages/userAccount/messages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { assertNoTypeError, consoleErrors, launchBrowser, phoneContext } from './browser'
import { payOrder, placePhoneOrder } from './orderFlows'
import { assertH5Built, importAppModule, logInByPhoneCode } from './session'

// Cold loads of the data pages by URL (a payment's return, a shared order link): index.html sends the page's first
// reads itself, with the document, and the app takes their answers instead of asking again (src/index.html,
// src/services/http/earlyAnswers.h5.ts). Who sent each API request is read from Chromium's own network log.

const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'
const STATUS = '/api/LifePay/GetPayStatusByOrderNo'
const ACCOUNTS = '/api/LifePay/GetUserAccountAllList'
const REFRESH = '/api/accountAuth/GetTokenByRefreshToken'

let server: AppServer
let browser: Browser
let recharge: typeof RechargeMessages
let accounts: typeof AccountMessages

before(async () => {
  ;({ rechargeMessages: recharge } = await importAppModule(() => import('../../src/subpackages/recharge/messages')))
  ;({ accountMessages: accounts } = await importAppModule(() => import('../../src/subpackages/userAccount/messages')))
  assertH5Built()
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '100', SANDBOX_DUPLICATE_NOTIFY_RATE: '0' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

interface Sent {
  path: string
  /** The script that sent it: the document itself (its inline script) or one of the app's files. */
  by: string
  at: number
  authorization?: string
}

/**
 * Every API request of the page, with the script that sent it. A request the document's inline script sent names the
 * page's own URL: that script runs as the parser reaches it, before any of the app's files runs, so "by the document"
 * is also "before the app" — unlike a comparison with when the app's files finish downloading, which a warm cache (the
 * second page of a test) can finish first.
 */
async function networkLog(page: Page) {
  const api: Sent[] = []
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url)
    if (!url.pathname.startsWith('/api/')) return
    const frames = event.initiator.stack?.callFrames ?? []
    api.push({
      path: url.pathname,
      by: frames.length ? frames[frames.length - 1].url : event.initiator.type,
      at: event.timestamp,
      authorization: event.request.headers.Authorization,
    })
  })
  return { api }
}

const sentTo = (api: Sent[], path: string) => api.filter((sent) => sent.path === path)

async function paidOrder(userId: string): Promise<{ orderNo: string; payAmount: number }> {
  const { orderNo } = await placePhoneOrder(server, userId, '13800001111', 50)
  const detail = await payOrder(server, userId, orderNo)
  return { orderNo, payAmount: detail.payAmount }
}

const locale: Locale = 'zh-CN'

test('order detail and a result page, opened by URL signed in: each read sent once, by the document', async () => {
  const context = await phoneContext(browser, locale)
  const userId = await logInByPhoneCode(server, context, '13800002001', locale)
  const { orderNo, payAmount } = await paidOrder(userId)
  try {
    const page = await context.newPage()
    const errors = consoleErrors(page)
    let log = await networkLog(page)
    await page.goto(`${server.url}/subpackages/order/order/order?orderNo=${orderNo}`)
    await page.getByText(orderNo).first().waitFor()
    const detail = sentTo(log.api, DETAIL)
    assert.equal(detail.length, 1, JSON.stringify(log.api))
    assert.equal(new URL(detail[0].by).pathname, '/subpackages/order/order/order')

    log = await networkLog(page)
    await page.goto(`${server.url}/subpackages/recharge/rechargeResult/rechargeResult?orderNo=${orderNo}`)
    await page.getByRole('heading', { name: recharge[locale].statusSucceededTitle }).waitFor()
    await page
      .getByTestId('amount-paid')
      .filter({ hasText: formatYuan(payAmount) })
      .waitFor()
    // The status is polled until settled: a paid, delivered order is settled at its first answer, sent once. The
    // order's details are read again once that answer is in (the page refreshes what shows the order), as before.
    assert.equal(sentTo(log.api, STATUS).length, 1, JSON.stringify(log.api))
    assert.ok(sentTo(log.api, DETAIL).length <= 2, JSON.stringify(log.api))
    for (const path of [STATUS, DETAIL]) {
      const [first] = sentTo(log.api, path)
      assert.equal(new URL(first.by).pathname, '/subpackages/recharge/rechargeResult/rechargeResult')
    }
    assertNoTypeError(errors)
  } finally {
    await context.close()
  }
})

test('signed out: the document sends nothing, the page asks for login', async () => {
  const context = await phoneContext(browser, locale)
  try {
    const page = await context.newPage()
    const log = await networkLog(page)
    await page.goto(`${server.url}/subpackages/order/order/order?orderNo=LP0001`)
    await page.locator('.lp-login-required').waitFor()
    assert.deepEqual(sentTo(log.api, DETAIL), [])
  } finally {
    await context.close()
  }
})

test('a token past its time: nothing sent early, the page loads after the refresh with the new token', async () => {
  const context = await phoneContext(browser, locale)
  const phoneNumber = `139${String(Date.now()).slice(-8)}`
  const code = await server.api('POST', '/api/Account/SendPhoneMessageCode', { phoneNumber, businessType: 11 })
  assert.equal(code.success, true, JSON.stringify(code))
  const registered = await server.api<{ accessToken: string; refreshToken: string; expiresIn: number }>(
    'POST',
    '/api/Account/PhoneMesssageCodeRegister',
    { phoneNumber, code: await server.smsCode(phoneNumber), password: 'Secret-2025' },
  )
  assert.equal(registered.success, true, JSON.stringify(registered))
  const token = registered.data
  // The recharge account of this user (LoginRequired's); with a bearer token the server goes by the token.
  const userId = String(JSON.parse(Buffer.from(token.accessToken.split('.')[1], 'base64url').toString()).sub)
  // The session a visit two hours ago left: a full login whose token the app refreshes before it asks.
  const session = JSON.stringify({
    state: { userInfo: token, token: token.accessToken, refreshToken: token.refreshToken, tokenCreationTime: 1 },
    version: 0,
  })
  const account = JSON.stringify({ state: { userId, phoneNumber, channlesNum: '818' }, version: 0 })
  await context.addInitScript(
    ([s, a]) => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('lifePay.session', JSON.stringify({ data: s }))
      localStorage.setItem('lifePay.rechargeAccount', JSON.stringify({ data: a }))
    },
    [session, account] as const,
  )
  try {
    const page = await context.newPage()
    const log = await networkLog(page)
    await page.goto(`${server.url}/subpackages/userAccount/userAccountList/userAccountList`)
    await page.getByText(accounts[locale].emptyPhone).waitFor()
    assert.equal(sentTo(log.api, REFRESH).length, 1, JSON.stringify(log.api))
    const list = sentTo(log.api, ACCOUNTS)
    assert.equal(list.length, 1, JSON.stringify(log.api))
    assert.notEqual(new URL(list[0].by).pathname, '/subpackages/userAccount/userAccountList/userAccountList')
    // Sent by the app once the refresh was under way (the new token can equal the old within the same second).
    assert.ok(list[0].at > sentTo(log.api, REFRESH)[0].at)
    assert.match(list[0].authorization ?? '', /^Bearer /)
  } finally {
    await context.close()
  }
})
