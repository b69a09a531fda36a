import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { PageResult } from '@contract/envelope'
import type { LifePayOrderListItem } from '@contract/lifePay'
import type { Locale } from '@domain/locale'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import type { rechargeFormMessages as RechargeFormMessages } from '../../src/subpackages/recharge/formMessages'
import { pagePath } from '../../src/routes'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import {
  assertNoTypeError,
  consoleErrors,
  fieldError,
  launchBrowser,
  phoneContext,
  screenshot,
  settled,
  startsWith,
} from './browser'
import { orderDetail } from './orderFlows'
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Issue 20, part 2 in a phone browser: the checks before paying. A wrong electricity account is caught under its
// field and no order is created; a right one shows its masked holder and balance (sandbox account book, docs/api.md
// § Sandbox), and so does a gas account; a ported number shows its current carrier and the order goes to it.

let server: AppServer
let browser: Browser
let rechargeMessages: typeof RechargeMessages
let rechargeFormMessages: typeof RechargeFormMessages
let fieldMessages: typeof FieldMessages

before(async () => {
  assertH5Built()
  ;({ rechargeMessages } = await importAppModule(() => import('../../src/subpackages/recharge/messages')))
  ;({ rechargeFormMessages } = await importAppModule(() => import('../../src/subpackages/recharge/formMessages')))
  ;({ fieldMessages } = await importAppModule(() => import('../../src/components/lifePayFields/messages')))
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '200', SANDBOX_DUPLICATE_NOTIFY_RATE: '0' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const m = (locale: Locale) => ({ ...rechargeMessages[locale], ...rechargeFormMessages[locale] })
const f = (locale: Locale) => fieldMessages[locale]
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key])

async function newPage(
  locale: Locale,
  phoneNumber: string,
): Promise<{ context: BrowserContext; page: Page; userId: string; errors: string[] }> {
  const context = await phoneContext(browser, locale)
  const userId = await logInByPhoneCode(server, context, phoneNumber, locale)
  const page = await context.newPage()
  return { context, page, userId, errors: consoleErrors(page) }
}

const orderCount = async (userId: string) =>
  (
    await lifePayApi<PageResult<LifePayOrderListItem>>(server, userId, 'POST', '/api/LifePay/GetUserLifePayOrderPage', {
      pageIndex: 1,
      pageSize: 50,
    })
  ).totalCount

/** The line under the account fields where the check's answer shows (role=status). */
const checkStatus = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const topUpButton = (page: Page, locale: Locale) => page.getByRole('button', { name: startsWith(m(locale).topUpNow) })
const faceValue = (page: Page, locale: Locale, value: number) =>
  page
    .getByRole('radiogroup', { name: f(locale).faceValueLabel })
    .getByRole('radio')
    .filter({ has: page.getByText(f(locale).faceValueUnit.replace('{value}', String(value)), { exact: true }) })
const orderNoOf = (page: Page) => new URL(page.url()).searchParams.get('orderNo') ?? ''
/**
 * The form as far up as it goes while the check's answer stays in sight above the bottom bar (typing scrolled it
 * down): the region, the account and the answer together, as the user can see them on one screen.
 */
async function screenshotWithAnswer(page: Page, name: string) {
  await page.evaluate(() => {
    // No named function in here: tsx names them with a helper the page does not have.
    const scroller = [...document.querySelectorAll('*')].find((element) => element.scrollTop > 0)
    if (scroller) scroller.scrollTop = 0
    const answer = [...document.querySelectorAll('.lp-account-check, .lp-field__error')].find(
      (element) => element.getClientRects().length > 0,
    )
    const bar = [...document.querySelectorAll('.lp-submit-bar')].find((element) => element.getClientRects().length > 0)
    if (!scroller || !answer || !bar) return
    const overlap = answer.getBoundingClientRect().bottom + 16 - bar.getBoundingClientRect().top
    if (overlap > 0) scroller.scrollTop = overlap
  })
  await settled(page)
  await screenshot(page, `${name}.png`)
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a wrong electricity account is refused before any order; the right one shows its holder and balance (${locale})`, async () => {
    const { context, page, userId, errors } = await newPage(locale, locale === 'zh-CN' ? '13600006161' : '13600006262')
    await page.goto(`${server.url}${pagePath('electricBillRecharge')}`)
    const region = page.getByRole('button', { name: f(locale).regionLabel, exact: true })
    await region.click()
    const sheet = page.getByRole('dialog', { name: f(locale).regionSheetTitle })
    await sheet.getByRole('radio', { name: locale === 'zh-CN' ? '北京市' : 'Beijing' }).click()
    await sheet.waitFor({ state: 'hidden' })
    const account = page.getByRole('textbox', { name: f(locale).electricAccountLabel, exact: true })

    await account.fill('1100123454044')
    await fieldError(page, m(locale).accountNotFound).waitFor()
    await faceValue(page, locale, 100).click()
    await topUpButton(page, locale).click()
    // Refused on the spot: the page stays, the message under the account stays, the server has no order.
    await settled(page)
    assert.match(page.url(), /electricBillRecharge/)
    await fieldError(page, m(locale).accountNotFound).waitFor()
    assert.equal(await orderCount(userId), 0)
    if (locale === 'zh-CN') await screenshotWithAnswer(page, 'account-check-wrong')

    await account.fill('1100123451020')
    await checkStatus(page, fill(m(locale).accountHolder, { name: '张*三' })).waitFor()
    await checkStatus(page, fill(m(locale).accountBalance, { amount: '¥10.20' })).waitFor()
    assert.equal(await fieldError(page, m(locale).accountNotFound).count(), 0)
    await settled(page)
    await screenshotWithAnswer(page, locale === 'zh-CN' ? 'account-check-found' : 'account-check-found-en')
    await topUpButton(page, locale).click()
    await page.waitForURL(/selectPayType/)
    const order = await orderDetail(server, userId, orderNoOf(page))
    assert.deepEqual([order.account, order.electricType, order.parValue], ['1100123451020', 'guowang', 100])
    assertNoTypeError(errors)
    await context.close()
  })
}

test('a gas account shows its masked holder and balance, and the order goes to it (zh-CN)', async () => {
  const locale = 'zh-CN'
  const { context, page, userId, errors } = await newPage(locale, '13600006363')
  await page.goto(`${server.url}${pagePath('gasBillRecharge')}`)
  // A gas order names its province and city (domain/orderRequirements.ts).
  await page.getByRole('button', { name: f(locale).regionLabel, exact: true }).click()
  const sheet = page.getByRole('dialog', { name: f(locale).regionSheetTitle })
  await sheet.getByRole('radio', { name: '北京市' }).click()
  await sheet.waitFor({ state: 'hidden' })
  await page
    .getByRole('radiogroup', { name: f(locale).gasProviderLabel })
    .getByRole('radio', { name: '新奥燃气' })
    .click()
  await page.getByRole('textbox', { name: f(locale).gasAccountLabel, exact: true }).fill('XA00120128')
  await checkStatus(page, fill(m(locale).accountHolder, { name: '吴*祖' })).waitFor()
  await checkStatus(page, fill(m(locale).accountBalance, { amount: '¥1.28' })).waitFor()
  await faceValue(page, locale, 50).click()
  await topUpButton(page, locale).click()
  await page.waitForURL(/selectPayType/)
  const order = await orderDetail(server, userId, orderNoOf(page))
  assert.deepEqual(
    [order.account, order.gasOrgType, order.province, order.city],
    ['XA00120128', 'xin_ao', '110000', '110100'],
  )
  assertNoTypeError(errors)
  await context.close()
})

test('a ported number shows the carrier it is with now, preselected, and the order is placed with it (zh-CN)', async () => {
  const locale = 'zh-CN'
  const { context, page, userId, errors } = await newPage(locale, '13600006464')
  await page.goto(`${server.url}${pagePath('phoneBillRecharge')}`)
  // The user's own number first: the lookup confirms its segment's carrier and says where it is registered.
  await checkStatus(page, fill(m(locale).carrierConfirmed, { carrier: '中国移动', place: '广东广州' })).waitFor()
  await page.getByRole('button', { name: m(locale).editPhone, exact: true }).click()
  await page.getByRole('textbox', { name: f(locale).phoneLabel, exact: true }).fill('13900000088')
  // Confirmed by leaving the field, as a user does.
  await page.getByText(f(locale).phoneLabel, { exact: true }).filter({ visible: true }).click()
  await checkStatus(page, fill(m(locale).carrierPorted, { carrier: '中国联通' })).waitFor()
  const carriers = page.getByRole('radiogroup', { name: f(locale).carrierLabel })
  const unicom = carriers.getByRole('radio', { name: '中国联通', checked: true })
  await unicom.waitFor()
  // Marked as the lookup's answer, not as what the 139 segment suggests.
  assert.equal(await unicom.textContent(), `中国联通${f(locale).carrierVerified}`)
  await faceValue(page, locale, 50).click()
  await settled(page)
  await screenshotWithAnswer(page, 'carrier-ported')
  await topUpButton(page, locale).click()
  await page.waitForURL(/selectPayType/)
  const order = await orderDetail(server, userId, orderNoOf(page))
  assert.deepEqual([order.account, order.ispCode], ['13900000088', 'liantong'])
  assertNoTypeError(errors)
  await context.close()
})
