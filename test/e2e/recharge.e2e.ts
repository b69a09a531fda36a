import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { LifePayOrderDetail, LifePayOrderListItem } from '../../types/api/lifePay'
import type { PageResult } from '../../types/api/envelope'
import { LifePayOrderStatus, LifePayStatus } from '../../src/domain/lifePayStatus'
import type { Locale } from '../../src/domain/locale'
import { toFen } from '../../src/domain/price'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { ARTIFACTS, launchBrowser, phoneContext, settled } from './browser'
import { assertH5Built, lifePayApi, logInByPhoneCode } from './session'

// The whole top-up → pay → result journey in a phone browser against the real server (fresh embedded database,
// sandbox payment and supplier). Phone browsers pay through the sandbox cashier.

let server: AppServer
let browser: Browser

before(async () => {
  assertH5Built()
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '300', SANDBOX_DUPLICATE_NOTIFY_RATE: '1' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

// The app's catalogues import Taro, which needs a browser: the texts the test looks for are repeated here.
const TEXT = {
  'zh-CN': {
    statusSucceededTitle: '充值成功',
    statusRefundedTitle: '充值失败，已退款',
    statusRechargingTitle: '支付成功，充值中',
    statusUnpaidTitle: '订单未支付',
    payCancelled: '已取消支付，订单保留30分钟内可继续支付',
    accountSaved: '已保存为常用账号',
    carrierOverridden: '已按你的选择充值（携号转网的号码请选实际运营商）',
    carrierUnknown: '无法识别该号段的运营商，请选择',
  },
  'en-US': {
    statusSucceededTitle: 'Recharge succeeded',
    statusRefundedTitle: 'Recharge failed, refunded',
    statusRechargingTitle: 'Paid, recharging',
    statusUnpaidTitle: 'Not paid',
    payCancelled: 'Payment cancelled. You can still pay this order within 30 minutes',
    accountSaved: 'Saved to your accounts',
    carrierOverridden: 'Topping up with your choice (for a ported number pick its current carrier)',
    carrierUnknown: "We can't tell this number's carrier, please pick one",
  },
} as const
const m = (locale: Locale) => TEXT[locale]
const f = m

const orderDetail = (userId: string, orderNo: string) =>
  lifePayApi<LifePayOrderDetail>(
    server,
    userId,
    'GET',
    `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${encodeURIComponent(orderNo)}`,
  )

const orderPage = (userId: string) =>
  lifePayApi<PageResult<LifePayOrderListItem>>(server, userId, 'POST', '/api/LifePay/GetUserLifePayOrderPage', {
    pageIndex: 1,
    pageSize: 50,
  })

async function newPage(
  locale: Locale,
  phoneNumber: string,
): Promise<{ context: BrowserContext; page: Page; userId: string }> {
  const context = await phoneContext(browser, locale)
  const userId = await logInByPhoneCode(server, context, phoneNumber, locale)
  const page = await context.newPage()
  return { context, page, userId }
}

const shot = (page: Page, name: string, locale: Locale) =>
  page.screenshot({ path: join(ARTIFACTS, `recharge-${name}-${locale}.png`) })

/** Integer fen of a displayed amount such as '¥98.50'. */
const fenOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100)

async function waitForResultTitle(page: Page, title: string, timeout = 30_000) {
  await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll<HTMLElement>('.lp-result__title')].some(
        (el) => el.offsetParent !== null && el.textContent === text,
      ),
    title,
    { timeout },
  )
}

/** Phone form: type a number (replacing the prefilled one) and confirm it by leaving the field. */
async function enterPhone(page: Page, phone: string) {
  const edit = page.locator('.lp-phone-confirmed__edit:visible')
  if (await edit.count()) await edit.click()
  await page.locator('.lp-text-field input:visible').fill(phone)
  await page.locator('.lp-field__label:visible').first().click()
}

async function chooseFace(page: Page, faceText: string) {
  await page
    .locator('.lp-face:visible', {
      has: page.locator('.lp-face__value:visible', { hasText: new RegExp(`^${faceText}$`) }),
    })
    .click()
}

const submitButton = (page: Page) => page.locator('.lp-submit-bar__button:visible')

/** From the pay page: pay in the sandbox cashier with the default pay type; returns the order number. */
async function payInCashier(page: Page, locale: Locale, screenshots = false): Promise<string> {
  await page.waitForURL(/selectPayType/)
  const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? ''
  await page.waitForSelector('.lp-paytype__option:visible')
  await settled(page)
  if (screenshots) await shot(page, 'select-pay-type', locale)
  await submitButton(page).click()
  await page.waitForSelector('.lp-cashier:visible')
  if (screenshots) await shot(page, 'sandbox-cashier', locale)
  await page.locator('.lp-cashier__pay:visible').click()
  return orderNo
}

const carriers = [
  { phone: '13812345678', carrier: 'China Mobile', zh: '中国移动' },
  { phone: '13012345678', carrier: 'China Unicom', zh: '中国联通' },
  { phone: '13312345678', carrier: 'China Telecom', zh: '中国电信' },
] as const

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`phone top-up for each carrier family: detected carrier, price equal to the server's amount, paid, recharged (${locale})`, async () => {
    const { context, page, userId } = await newPage(locale, locale === 'zh-CN' ? '13900001111' : '13900002222')
    for (const [index, { phone, carrier, zh }] of carriers.entries()) {
      const screenshots = index === 0
      await page.goto(`${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge`)
      await page.waitForSelector('.lp-face:visible')
      await settled(page)
      if (screenshots) await shot(page, 'phone-form', locale)
      await enterPhone(page, phone)
      const carrierName = locale === 'zh-CN' ? zh : carrier
      const chosen = page.locator('.lp-chip--selected .lp-chip__label:visible', { hasText: carrierName })
      await chosen.waitFor()
      // Face values over 300 (the server offers 500) are not offered.
      const faces = await page.locator('.lp-face__value:visible').allTextContents()
      assert.ok(faces.length > 0 && !faces.some((text) => /500/.test(text)), faces.join(','))
      await chooseFace(page, locale === 'zh-CN' ? '100元' : '¥100')
      const shownPrice = fenOf(await page.locator('.lp-submit-bar__price:visible').textContent())
      if (screenshots) await shot(page, 'phone-ready', locale)
      await submitButton(page).click()
      const orderNo = await payInCashier(page, locale, screenshots)
      const order = await orderDetail(userId, orderNo)
      assert.equal(shownPrice, toFen(order.payAmount), `${carrier}: shown ${shownPrice} fen, server ${order.payAmount}`)
      assert.equal(order.account, phone)
      assert.equal(
        order.ispCode,
        { 'China Mobile': 'yidong', 'China Unicom': 'liantong', 'China Telecom': 'dianxin' }[carrier],
      )
      await page.waitForURL(/rechargeResult/)
      if (screenshots) {
        await page.waitForSelector('.lp-result__title:visible')
        await shot(page, 'result-in-progress', locale)
      }
      await waitForResultTitle(page, m(locale).statusSucceededTitle)
      await settled(page)
      if (screenshots) await shot(page, 'result-succeeded', locale)
      assert.equal(fenOf(await page.getByTestId('amount-paid').textContent()), toFen(order.payAmount))
    }
    // Each order is in the user's list, completed (the order list page belongs to the order screens).
    const list = await orderPage(userId)
    assert.equal(list.items.length, 3)
    for (const item of list.items) {
      assert.equal(item.payStatus, LifePayStatus.Paid)
      assert.equal(item.lifePayOrderStatus, LifePayOrderStatus.Completed)
    }
    await context.close()
  })
}

test('a ported number: the user overrides the detected carrier and the order uses it', async () => {
  const locale = 'zh-CN'
  const { context, page, userId } = await newPage(locale, '13900003333')
  await page.goto(
    `${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345670&parValue=50`,
  )
  await page.waitForSelector('.lp-face--selected:visible')
  await page.locator('.lp-chip:visible', { hasText: '中国电信' }).click()
  await page.getByText(f(locale).carrierOverridden).waitFor()
  await shot(page, 'phone-carrier-override', locale)
  await submitButton(page).click()
  await page.waitForURL(/selectPayType/)
  const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? ''
  assert.equal((await orderDetail(userId, orderNo)).ispCode, 'dianxin')
  await context.close()
})

test('validation shows at the field before any call; 192 asks for the carrier', async () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const { context, page, userId } = await newPage(locale, locale === 'zh-CN' ? '13900004444' : '13900005555')
    await page.goto(`${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge`)
    await page.waitForSelector('.lp-face:visible')
    await enterPhone(page, '12345')
    await submitButton(page).click()
    await page.locator('.lp-field__error:visible').first().waitFor()
    await shot(page, 'phone-errors', locale)
    await enterPhone(page, '19212345678')
    await page.getByText(f(locale).carrierUnknown).waitFor()
    await shot(page, 'phone-192', locale)
    assert.equal((await orderPage(userId)).totalCount, 0)
    await context.close()
  }
})

test('electricity top-up through to recharge succeeded, with the holder name where the grid needs it', async () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const { context, page, userId } = await newPage(locale, locale === 'zh-CN' ? '13900006666' : '13900007777')
    await page.goto(`${server.url}/subpackages/recharge/electricBillRecharge/electricBillRecharge`)
    await page.waitForSelector('.lp-select:visible')
    await settled(page)
    await shot(page, 'electric-form', locale)
    await page.locator('.lp-select:visible').click()
    await page.waitForSelector('.lp-sheet:visible')
    await shot(page, 'electric-region-sheet', locale)
    await page.locator('.lp-sheet .lp-chip:visible', { hasText: '深圳市' }).click()
    await submitButton(page).click()
    await page.locator('.lp-field__error:visible').first().waitFor()
    await shot(page, 'electric-errors', locale)
    const inputs = page.locator('.lp-text-field input:visible')
    await inputs.nth(0).fill('0755001234567')
    await inputs.nth(1).fill('张三')
    await chooseFace(page, locale === 'zh-CN' ? '200元' : '¥200')
    const shownPrice = fenOf(await page.locator('.lp-submit-bar__price:visible').textContent())
    await shot(page, 'electric-ready', locale)
    await submitButton(page).click()
    const orderNo = await payInCashier(page, locale)
    const order = await orderDetail(userId, orderNo)
    assert.equal(shownPrice, toFen(order.payAmount))
    assert.deepEqual(
      [order.electricType, order.province, order.city, order.name],
      ['nanwang', '440000', '440300', '张三'],
    )
    await page.waitForURL(/rechargeElectricResult/)
    await waitForResultTitle(page, m(locale).statusSucceededTitle)
    await settled(page)
    // The account is not saved yet: the page offers to save it.
    await page.locator('.lp-save-offer__button:visible').click()
    await page.getByText(m(locale).accountSaved).first().waitFor()
    await shot(page, 'electric-result-saved', locale)
    const saved = await lifePayApi<{ content: string }[]>(
      server,
      userId,
      'POST',
      '/api/LifePay/GetUserAccountAllList',
      {
        lifePayOrderType: 20,
      },
    )
    assert.deepEqual(
      saved.map((a) => a.content),
      ['0755001234567'],
    )
    await context.close()
  }
})

test('gas top-up through to recharge succeeded', async () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const { context, page, userId } = await newPage(locale, locale === 'zh-CN' ? '13900008888' : '13900009999')
    await page.goto(`${server.url}/subpackages/recharge/gasBillRecharge/gasBillRecharge`)
    await page.waitForSelector('.lp-chip:visible')
    await settled(page)
    await shot(page, 'gas-form', locale)
    await page.locator('.lp-chip:visible', { hasText: locale === 'zh-CN' ? '新奥燃气' : 'ENN Natural Gas' }).click()
    await page.locator('.lp-text-field input:visible').fill('XA20240001')
    await chooseFace(page, locale === 'zh-CN' ? '50元' : '¥50')
    const shownPrice = fenOf(await page.locator('.lp-submit-bar__price:visible').textContent())
    await shot(page, 'gas-ready', locale)
    await submitButton(page).click()
    const orderNo = await payInCashier(page, locale)
    assert.equal(shownPrice, toFen((await orderDetail(userId, orderNo)).payAmount))
    await page.waitForURL(/rechargeGasResult/)
    await waitForResultTitle(page, m(locale).statusSucceededTitle)
    await settled(page)
    await shot(page, 'gas-result-succeeded', locale)
    await context.close()
  }
})

test('a sandbox account that fails recharge ends refunded', async () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const { context, page, userId } = await newPage(locale, locale === 'zh-CN' ? '13700001111' : '13700002222')
    await page.goto(
      `${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13912340000&parValue=30`,
    )
    await page.waitForSelector('.lp-face--selected:visible')
    await submitButton(page).click()
    const orderNo = await payInCashier(page, locale)
    await page.waitForURL(/rechargeResult/)
    await waitForResultTitle(page, m(locale).statusRefundedTitle)
    await settled(page)
    await shot(page, 'result-refunded', locale)
    const order = await orderDetail(userId, orderNo)
    assert.equal(order.payStatus, LifePayStatus.Refunded)
    assert.equal(order.lifePayOrderStatus, LifePayOrderStatus.Refunded)
    await context.close()
  }
})

test('cancelling payment leaves the order unpaid and payable again', async () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const { context, page, userId } = await newPage(locale, locale === 'zh-CN' ? '13700003333' : '13700004444')
    await page.goto(
      `${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13512345678&parValue=20`,
    )
    await page.waitForSelector('.lp-face--selected:visible')
    await submitButton(page).click()
    await page.waitForURL(/selectPayType/)
    const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? ''
    await page.waitForSelector('.lp-paytype__option:visible')
    await submitButton(page).click()
    await page.waitForSelector('.lp-cashier:visible')
    await page.locator('.lp-cashier__cancel:visible').click()
    await page.locator('.lp-toast__text:visible', { hasText: m(locale).payCancelled }).waitFor()
    await shot(page, 'pay-cancelled', locale)
    assert.match(page.url(), /selectPayType/)
    const order = await orderDetail(userId, orderNo)
    assert.equal(order.payStatus, LifePayStatus.Unpaid)
    assert.equal(order.lifePayOrderStatus, LifePayOrderStatus.PendingConfirmation)

    // The result page of an unpaid order says so and leads back to paying it.
    await page.goto(`${server.url}/subpackages/recharge/rechargeResult/rechargeResult?orderNo=${orderNo}`)
    await waitForResultTitle(page, m(locale).statusUnpaidTitle, 20_000)
    await shot(page, 'result-not-paid', locale)
    await page.locator('.lp-result__primary:visible').click()
    assert.equal(await payInCashier(page, locale), orderNo)
    await page.waitForURL(/rechargeResult/)
    await waitForResultTitle(page, m(locale).statusSucceededTitle)
    await context.close()
  }
})

test('a double tap creates one order', async () => {
  const { context, page, userId } = await newPage('zh-CN', '13700005555')
  await page.goto(
    `${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13612345678&parValue=10`,
  )
  await page.waitForSelector('.lp-face--selected:visible')
  await submitButton(page).dblclick()
  await page.waitForURL(/selectPayType/)
  await settled(page)
  assert.equal((await orderPage(userId)).totalCount, 1)
  await context.close()
})

test('taps and seconds from the one-tap repeat to a paid phone top-up', async () => {
  const { context, page } = await newPage('zh-CN', '13700006666')
  // What home's one-tap repeat opens: the form prefilled with the number and the face value.
  const started = Date.now()
  let taps = 0
  await page.goto(
    `${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge?phone=13812345678&parValue=100`,
  )
  await page.waitForSelector('.lp-face--selected:visible')
  await submitButton(page).click()
  taps++
  await page.waitForURL(/selectPayType/)
  await page.waitForSelector('.lp-paytype__option:visible')
  await submitButton(page).click()
  taps++
  await page.waitForSelector('.lp-cashier:visible')
  await page.locator('.lp-cashier__pay:visible').click()
  taps++
  await page.waitForURL(/rechargeResult/)
  await page.waitForFunction(
    (titles: string[]) =>
      [...document.querySelectorAll<HTMLElement>('.lp-result__title')].some(
        (el) => el.offsetParent !== null && titles.includes(el.textContent ?? ''),
      ),
    [m('zh-CN').statusRechargingTitle, m('zh-CN').statusSucceededTitle] as string[],
  )
  const paidAfter = (Date.now() - started) / 1000
  await waitForResultTitle(page, m('zh-CN').statusSucceededTitle)
  const rechargedAfter = (Date.now() - started) / 1000
  // One more tap on home opens the prefilled form.
  console.log(
    `home → paid phone top-up: ${taps + 1} taps (1 on home, ${taps} here); paid ${paidAfter.toFixed(1)} s, recharged ${rechargedAfter.toFixed(1)} s after the form opened`,
  )
  assert.equal(taps, 3)
  await context.close()
})

/** Presses Tab until the focused element matches `selector` (at most `limit` times); fails when Tab never gets there. */
async function tabTo(page: Page, selector: string, limit = 20) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))
  assert.fail(`Tab did not reach ${selector} (focus is on ${at})`)
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement
    const style = getComputedStyle(element)
    return {
      text: element.textContent ?? '',
      checked: element.getAttribute('aria-checked'),
      outline: `${style.outlineStyle} ${style.outlineColor}`,
    }
  })

test('a phone top-up with the keyboard only: Tab, arrows, Enter, up to the payment choice (en-US)', async () => {
  const locale = 'en-US'
  const { context, page, userId } = await newPage(locale, '15800006666')
  await page.goto(`${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge`)
  await page.waitForSelector('.lp-face:visible')
  await settled(page)
  // The own number is prefilled and its carrier detected; Tab enters the face values at the first one.
  await tabTo(page, '.lp-face')
  assert.match((await focused(page)).text, /^¥10/)
  // The focus ring: the deep brand orange #c2410c, shown for keyboard focus.
  assert.equal((await focused(page)).outline, 'solid rgb(194, 65, 12)')
  // Each arrow moves to the next face value and chooses it, as a radio group does.
  for (let step = 0; step < 10 && !/^¥100/.test((await focused(page)).text); step++) {
    await page.keyboard.press('ArrowRight')
    assert.equal((await focused(page)).checked, 'true')
  }
  assert.match((await focused(page)).text, /^¥100/)
  assert.equal(await page.locator('.lp-face--selected:visible').count(), 1)
  await shot(page, 'keyboard-face-value', locale)
  await tabTo(page, '.lp-submit-bar__button')
  await page.keyboard.press('Enter')
  await page.waitForURL(/selectPayType/)
  const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? ''
  const order = await orderDetail(userId, orderNo)
  assert.equal(order.parValue, 100)
  assert.equal(order.account, '15800006666')
  // The payment choice: Tab reaches the chosen pay type, Space keeps it chosen, Tab and Enter open the cashier.
  await page.waitForSelector('.lp-paytype__option:visible')
  await settled(page)
  await tabTo(page, '.lp-paytype__option:not([aria-disabled="true"])')
  await page.keyboard.press(' ')
  assert.equal((await focused(page)).checked, 'true')
  await tabTo(page, '.lp-submit-bar__button')
  await page.keyboard.press('Enter')
  await page.waitForSelector('.lp-cashier:visible')
  await shot(page, 'keyboard-cashier', locale)
  await context.close()
})
