import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { UserAccount } from '@contract/lifePay'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import type { rechargeFormMessages as RechargeFormMessages } from '../../src/subpackages/recharge/formMessages'
import { pagePath } from '../../src/routes'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import {
  assertNoTypeError,
  consoleErrors,
  launchBrowser,
  phoneContext,
  screenshot,
  settled,
  startsWith,
} from './browser'
import { orderDetail, payOrder } from './orderFlows'
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Issue 36: the H5 app against our server answering exactly as the production back end would
// (LIFEPAY_API_PROFILE=production: no account or carrier check, no reminders, no notification opt-ins). The SPEC's
// flows go on — login, a top-up of each kind, pay, result, orders, a refund, saved accounts — and no extension's
// absence shows as an error.

const LOCALE = 'zh-CN'
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
  server = await startAppServer({
    LIFEPAY_API_PROFILE: 'production',
    SANDBOX_SUPPLIER_DELAY_MS: '200',
    SANDBOX_DUPLICATE_NOTIFY_RATE: '0',
  })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const texts = () => ({ ...rechargeMessages[LOCALE], ...rechargeFormMessages[LOCALE] })
const f = () => fieldMessages[LOCALE]

/** Nothing of an absent extension shows: no toast or field error (role alert), no check's line (role status). */
async function nothingSaid(page: Page): Promise<void> {
  await settled(page)
  // A check's "checking…" may show while the 404 is on its way; then nothing stays.
  await page
    .getByRole('status')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined)
  const lines = await page.getByRole('status').allTextContents()
  assert.deepEqual(lines, [], 'no account or carrier check line')
  assert.deepEqual(await page.getByRole('alert').allTextContents(), [], 'no toast, no field error')
}

/** Submits the form on screen and lands on the pay page: the order's number; no SMS box (no opt-ins there). */
async function submitToPay(page: Page): Promise<string> {
  await page.getByRole('button', { name: startsWith(texts().topUpNow) }).click()
  await page.waitForURL(/selectPayType/)
  await settled(page)
  assert.equal(await page.getByRole('checkbox').count(), 0, 'no SMS opt-in on a back end without notifications')
  assert.equal(await page.getByRole('alert').count(), 0)
  return new URL(page.url()).searchParams.get('orderNo') ?? ''
}

/** Picks a region in the form's region sheet. */
async function region(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: f().regionLabel, exact: true }).click()
  await page.getByRole('dialog', { name: f().regionSheetTitle }).getByRole('radio', { name }).click()
}

/** The first face value offered. */
const firstFace = (page: Page) =>
  page.getByRole('radiogroup', { name: f().faceValueLabel }).getByRole('radio').first().click()

test('login, a top-up of each kind, pay, result, orders, a refund and saved accounts, with no extension', async () => {
  const context = await phoneContext(browser, LOCALE)
  const userId = await logInByPhoneCode(server, context, '13600003636', LOCALE)
  const page = await context.newPage()
  const errors = consoleErrors(page)

  // Electricity: no account check; the order is made and paid.
  await page.goto(`${server.url}${pagePath('electricBillRecharge')}`)
  await region(page, '北京市')
  await page.getByRole('textbox', { name: f().electricAccountLabel, exact: true }).fill('1100123451020')
  await firstFace(page)
  await nothingSaid(page)
  const electric = await submitToPay(page)
  assert.equal((await payOrder(server, userId, electric)).lifePayOrderStatus, LifePayOrderStatus.Completed)

  // Gas: the same.
  await page.goto(`${server.url}${pagePath('gasBillRecharge')}`)
  await region(page, '北京市')
  await page.getByRole('radiogroup', { name: f().gasProviderLabel }).getByRole('radio', { name: '新奥燃气' }).click()
  await page.getByRole('textbox', { name: f().gasAccountLabel, exact: true }).fill('XA00120128')
  await firstFace(page)
  await nothingSaid(page)
  const gas = await submitToPay(page)
  assert.equal((await payOrder(server, userId, gas)).lifePayOrderStatus, LifePayOrderStatus.Completed)

  // Phone: no carrier check, the prefix guess stays; the result page says the top-up arrived.
  await page.goto(`${server.url}${pagePath('phoneBillRecharge')}?phone=13900000055&parValue=50`)
  await page.getByRole('radiogroup', { name: f().faceValueLabel }).getByRole('radio', { checked: true }).waitFor()
  await nothingSaid(page)
  const phone = await submitToPay(page)
  await payOrder(server, userId, phone)
  await page.goto(`${server.url}${pagePath('rechargeResult')}?orderNo=${phone}`)
  await page.getByRole('heading', { level: 2, name: texts().statusSucceededTitle, exact: true }).waitFor()

  // A recharge that fails (sandbox account ending 0000): the money goes back by itself.
  await page.goto(`${server.url}${pagePath('phoneBillRecharge')}?phone=13900000000&parValue=50`)
  await page.getByRole('radiogroup', { name: f().faceValueLabel }).getByRole('radio', { checked: true }).waitFor()
  const failing = await submitToPay(page)
  const refunded = await payOrder(server, userId, failing, [LifePayOrderStatus.Refunded])
  assert.equal(refunded.payStatus, LifePayStatus.Refunded)

  // The orders: all four, listed.
  await page.goto(`${server.url}${pagePath('order')}`)
  await page.getByRole('list').getByRole('button').nth(3).waitFor()
  assert.equal(await page.getByRole('list').getByRole('button').count(), 4)
  await nothingSaid(page)
  await screenshot(page, 'production-shape-orders.png')

  // Saved accounts: saved and listed, without "remind me" (no reminders there); the reminders page says so plainly.
  await lifePayApi(server, userId, 'POST', '/api/LifePay/AddUpdateUserAccount', {
    lifePayType: 10,
    content: '13900000055',
    remark: '爸妈',
  })
  await page.goto(`${server.url}${pagePath('userAccountList')}`)
  await page.getByText('爸妈', { exact: false }).first().waitFor()
  await nothingSaid(page)
  assert.equal(await page.getByRole('button', { name: '提醒我充值' }).count(), 0)
  const accounts = await lifePayApi<UserAccount[]>(server, userId, 'POST', '/api/LifePay/GetUserAccountAllList', {})
  assert.equal(accounts.length, 1)
  await page.goto(`${server.url}${pagePath('reminderList')}`)
  await page.getByText('当前服务暂不提供充值提醒').waitFor()
  assert.equal(await page.getByRole('alert').count(), 0)

  for (const orderNo of [electric, gas, phone]) {
    assert.equal((await orderDetail(server, userId, orderNo)).payStatus, LifePayStatus.Paid)
  }
  assertNoTypeError(errors)
  await context.close()
})
