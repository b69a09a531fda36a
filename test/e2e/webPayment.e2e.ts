import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { LifePayOrderDetail } from '@contract/lifePay'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import { LifePayType, lifePayTypeLabels } from '@domain/lifePayType'
import { toFen } from '@domain/price'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import type { rechargeFormMessages as RechargeFormMessages } from '../../src/subpackages/recharge/formMessages'
import { ARTIFACTS, exactly, launchBrowser, messagePattern, phoneContext, settled, startsWith } from './browser'
import { startProductionServer, type ProductionStack } from './productionServer'
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Issue 34's "done when" for a phone browser: in production mode (every provider real, each at its local fake), an H5
// top-up from an ordinary phone browser — no WeChat, no Alipay in its user agent — pays through WeChat Pay's H5 payment
// and Alipay's mobile-web payment and reaches "recharge succeeded"; coming back by the back button, or quitting the
// cashier, lands on the order's result page. There is no sandbox cashier in production: a tap that opened it would
// fail here.

let stack: ProductionStack
let browser: Browser
let rechargeMessages: typeof RechargeMessages
let rechargeFormMessages: typeof RechargeFormMessages
let fieldMessages: typeof FieldMessages

const LOCALE = 'zh-CN'
const m = () => ({ ...rechargeMessages[LOCALE], ...rechargeFormMessages[LOCALE] })

before(async () => {
  assertH5Built()
  ;({ rechargeMessages } = await importAppModule(() => import('../../src/subpackages/recharge/messages')))
  ;({ rechargeFormMessages } = await importAppModule(() => import('../../src/subpackages/recharge/formMessages')))
  ;({ fieldMessages } = await importAppModule(() => import('../../src/components/lifePayFields/messages')))
  stack = await startProductionServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await stack?.stop()
})

let phoneSeq = 0

/** A new user in a plain phone browser (Safari on an iPhone), logged in by SMS code through the Alibaba Cloud fake. */
async function newPayer(): Promise<{ context: BrowserContext; page: Page; userId: string; phone: string }> {
  const phone = `1390071${String(1000 + ++phoneSeq)}`
  // 号码百科 knows the number: the form confirms its carrier.
  stack.aliyun.number(phone, {
    basicCarrier: '中国移动',
    carrier: '中国移动',
    ported: false,
    province: '广东',
    city: '深圳',
  })
  // The cashiers' pages are the fakes', served over https with the test authority's certificate (productionServer.ts),
  // which this browser takes as a phone takes a vendor's public one.
  const context = await phoneContext(browser, LOCALE, { ignoreHTTPSErrors: true })
  const userId = await logInByPhoneCode(stack.server, context, phone, LOCALE)
  const page = await context.newPage()
  return { context, page, userId, phone }
}

const orderDetail = (userId: string, orderNo: string) =>
  lifePayApi<LifePayOrderDetail>(
    stack.server,
    userId,
    'GET',
    `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${encodeURIComponent(orderNo)}`,
  )

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `web-payment-${name}.png`) })

/** The phone form for `phone` and 50 yuan, submitted: the pay page of the new order; its number. */
async function placeOrder(page: Page, phone: string): Promise<string> {
  await page.goto(
    `${stack.server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=${phone}&parValue=50`,
  )
  const faces = page.getByRole('radiogroup', { name: fieldMessages[LOCALE].faceValueLabel })
  await faces.getByRole('radio', { checked: true }).waitFor()
  await page.getByRole('button', { name: startsWith(m().topUpNow) }).click()
  await page.waitForURL(/selectPayType/)
  return new URL(page.url()).searchParams.get('orderNo') ?? ''
}

/** On the pay page: choose the pay type and pay; the browser leaves for the provider's cashier. */
async function payWith(page: Page, lifePayType: LifePayType): Promise<void> {
  await page.getByRole('radio', { name: lifePayTypeLabels[LOCALE][lifePayType] }).click()
  await settled(page)
  await page.getByRole('button', { name: messagePattern(m().payNowAmount) }).click()
}

/** The result page's headline. */
const resultTitle = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: exactly(title) }).waitFor({ timeout: 45_000 })

/** The cashier page of a fake, once the browser is there: its amount in fen. */
async function cashierAmount(page: Page, origin: string): Promise<number> {
  await page.waitForURL((url) => url.origin === origin)
  return toFen(Number(((await page.getByTestId('amount').textContent()) ?? '').replace(/[^\d.]/g, '')))
}

test('WeChat Pay H5 payment: h5_url with redirect_url, paid in the cashier, back to "recharge succeeded"', async () => {
  const { context, page, userId, phone } = await newPayer()
  const orderNo = await placeOrder(page, phone)
  await payWith(page, LifePayType.WxPay)
  const amount = await cashierAmount(page, stack.wechatPay.baseUrl)
  const order = await orderDetail(userId, orderNo)
  assert.equal(amount, toFen(order.payAmount))
  // WeChat's rules held: the page came from the app's origin and the payer's IP is the one the server sent.
  const prepay = stack.wechatPay.orders.get(orderNo)
  assert.deepEqual([prepay?.tradeType, prepay?.payerClientIp, prepay?.h5Type], ['MWEB', '127.0.0.1', 'Wap'])
  assert.equal(
    new URL(page.url()).searchParams.get('redirect_url'),
    `${stack.server.url}/subpackages/recharge/rechargeResult/rechargeResult?orderNo=${orderNo}`,
  )
  await shot(page, 'wechat-cashier')
  await page.getByRole('button', { name: '立即支付' }).click()
  await page.waitForURL(/rechargeResult/)
  await resultTitle(page, m().statusSucceededTitle)
  await settled(page)
  await shot(page, 'wechat-succeeded')
  // Paid once, by WeChat's notification (acknowledged), with WeChat's transaction.
  assert.deepEqual(
    stack.wechatPay.deliveries.filter((delivery) => delivery.orderNo === orderNo),
    [{ orderNo, status: 200 }],
  )
  const paid = await orderDetail(userId, orderNo)
  assert.deepEqual(
    [paid.payStatus, paid.lifePayOrderStatus, paid.lifePayType],
    [LifePayStatus.Paid, LifePayOrderStatus.Completed, LifePayType.WxPay],
  )
  await context.close()
})

test('Alipay mobile-web payment with its notification lost: back to the result page, the server asks Alipay', async () => {
  const { context, page, userId, phone } = await newPayer()
  const orderNo = await placeOrder(page, phone)
  stack.alipay.notifications('hold')
  try {
    await payWith(page, LifePayType.AliPay)
    const amount = await cashierAmount(page, new URL(stack.alipay.gateway).origin)
    assert.equal(amount, toFen((await orderDetail(userId, orderNo)).payAmount))
    await shot(page, 'alipay-cashier')
    await page.getByRole('button', { name: '确认付款' }).click()
    await page.waitForURL(/rechargeResult/)
  } finally {
    stack.alipay.notifications('deliver')
  }
  // Alipay's signed return parameters are dropped from the address, never read.
  await page.waitForURL((url) => url.search === `?orderNo=${orderNo}`)
  await resultTitle(page, m().statusSucceededTitle)
  await shot(page, 'alipay-succeeded')
  assert.deepEqual(
    stack.alipay.deliveries.filter((delivery) => delivery.orderNo === orderNo),
    [{ orderNo, answer: 'held' }],
  )
  const paid = await orderDetail(userId, orderNo)
  assert.deepEqual(
    [paid.payStatus, paid.lifePayOrderStatus, paid.lifePayType],
    [LifePayStatus.Paid, LifePayOrderStatus.Completed, LifePayType.AliPay],
  )
  await context.close()
})

test('Alipay paid with its notification delivered, and quitting the cashier comes back unpaid', async () => {
  const { context, page, userId, phone } = await newPayer()
  const quitOrder = await placeOrder(page, phone)
  await payWith(page, LifePayType.AliPay)
  await cashierAmount(page, new URL(stack.alipay.gateway).origin)
  await page.getByRole('link', { name: '退出' }).click()
  await page.waitForURL(/rechargeResult/)
  await resultTitle(page, m().statusUnpaidTitle)
  await shot(page, 'alipay-quit')
  assert.equal((await orderDetail(userId, quitOrder)).payStatus, LifePayStatus.Unpaid)
  // Pay now: the same order, through the cashier again, paid this time.
  await page.getByRole('button', { name: m().payNow, exact: true }).click()
  await page.waitForURL(/selectPayType/)
  await payWith(page, LifePayType.AliPay)
  await cashierAmount(page, new URL(stack.alipay.gateway).origin)
  await page.getByRole('button', { name: '确认付款' }).click()
  await resultTitle(page, m().statusSucceededTitle)
  assert.deepEqual(
    stack.alipay.deliveries.filter((delivery) => delivery.orderNo === quitOrder),
    [{ orderNo: quitOrder, answer: 'success' }],
  )
  await context.close()
})

test('back from the cashier by the back button: the result page of the order, which can be paid from there', async () => {
  const { context, page, phone } = await newPayer()
  const orderNo = await placeOrder(page, phone)
  await payWith(page, LifePayType.WxPay)
  await cashierAmount(page, stack.wechatPay.baseUrl)
  await page.goBack()
  await page.waitForURL(/rechargeResult/)
  assert.equal(new URL(page.url()).searchParams.get('orderNo'), orderNo)
  await resultTitle(page, m().statusUnpaidTitle)
  await shot(page, 'back-button')
  // The back button led here once: the pay page opens as usual from "pay now", and pays.
  await page.getByRole('button', { name: m().payNow, exact: true }).click()
  await page.waitForURL(/selectPayType/)
  await payWith(page, LifePayType.WxPay)
  await cashierAmount(page, stack.wechatPay.baseUrl)
  await page.getByRole('button', { name: '立即支付' }).click()
  await resultTitle(page, m().statusSucceededTitle)
  await context.close()
})
