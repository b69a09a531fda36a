import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import ExcelJS from 'exceljs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { LifePayOrderStatus, LifePayStatus } from '../../src/domain/lifePayStatus'
import type { Locale } from '../../src/domain/locale'
import { maskPhone } from '../../src/domain/mask'
import { formatYuan, rechargePrice } from '../../src/domain/price'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import type { commonMessages as CommonMessages } from '../../console/src/i18n/common'
import type { orderMessages as OrderMessages } from '../../console/src/pages/orders/messages'
import type { refundMessages as RefundMessages } from '../../console/src/pages/refunds/messages'
import { ARTIFACTS, consoleErrors, exactly, launchBrowser, settled } from './browser'
import { OPERATOR_TOKEN, orderDetail, payOrder, placePhoneOrder } from './orderFlows'
import { lifePayApi, phoneCodeLogin } from './session'

// The operator console (console/, served at /console) in a desktop Chromium against the real server: operators log
// in, find orders, review refunds with a voucher upload, change rates and channels, export Excel — and the app's
// users see the result through the app's own API and pages.

const CONSOLE_DIST = join(__dirname, '../../dist/console')
const DEMO_OPERATOR = { loginName: 'operator', password: 'LifePayOps2026' }

let server: AppServer
let browser: Browser
let common: typeof CommonMessages
let orders: typeof OrderMessages
let refunds: typeof RefundMessages

before(async () => {
  assert.ok(existsSync(join(CONSOLE_DIST, 'index.html')), 'dist/console is missing: run npm run build:console first')
  ;({ commonMessages: common } = await import('../../console/src/i18n/common'))
  ;({ orderMessages: orders } = await import('../../console/src/pages/orders/messages'))
  ;({ refundMessages: refunds } = await import('../../console/src/pages/refunds/messages'))
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '200', SANDBOX_DUPLICATE_NOTIFY_RATE: '0' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

/** A desktop browser window in `locale`, the console's language chosen up front. */
async function desk(locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale, acceptDownloads: true })
  await context.addInitScript((lang) => localStorage.setItem('lifePayConsole.locale', lang), locale)
  return context
}

const shot = (page: Page, name: string, locale: Locale) =>
  page.screenshot({ path: join(ARTIFACTS, `console-${name}-${locale}.png`), fullPage: true })

async function logIn(page: Page, locale: Locale, who = DEMO_OPERATOR): Promise<void> {
  await page.goto(`${server.url}/console/`)
  const labels = locale === 'zh-CN' ? { name: '账号', password: '密码' } : { name: 'Login name', password: 'Password' }
  await page.getByLabel(labels.name).fill(who.loginName)
  await page.getByLabel(labels.password).fill(who.password)
  await page.getByRole('button', { name: locale === 'zh-CN' ? /登\s*录/ : 'Log in' }).click()
  await page.getByRole('menu').waitFor()
}

const menu = (page: Page, locale: Locale, key: keyof (typeof CommonMessages)['zh-CN']) =>
  page.getByRole('menu').getByRole('menuitem', { name: common[locale][key] })

/** A row of a console table holding `text`. */
const tableRow = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).locator('tbody tr').filter({ hasText: text })

/** An app user with a paid, delivered phone top-up of `parValue` yuan to `phone`. */
async function userWithDeliveredOrder(userPhone: string, phone: string, parValue = 50) {
  const userId = await phoneCodeLogin(server, userPhone)
  const { orderNo } = await placePhoneOrder(server, userId, phone, parValue)
  await payOrder(server, userId, orderNo)
  return { userId, orderNo }
}

/** The app user asks for a refund of a delivered order, as the app's refund form sends it. */
async function applyForRefund(userId: string, orderNo: string, reason: string): Promise<void> {
  await lifePayApi(server, userId, 'POST', '/api/LifePay/RefundUserLifePayOrder', {
    orderNo,
    refundApplyRemark: reason,
  })
}

// A 1×1 PNG: the voucher a reviewer uploads.
const VOUCHER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

for (const locale of ['zh-CN', 'en-US'] as const) {
  const t = () => orders[locale]
  const r = () => refunds[locale]

  test(`log in: a wrong password is refused in words, the right one opens the dashboard; log out (${locale})`, async () => {
    const context = await desk(locale)
    const page = await context.newPage()
    await logIn(page, locale, { loginName: 'operator', password: 'not-the-password' }).catch(() => {})
    await page.getByRole('alert').filter({ hasText: locale === 'zh-CN' ? /密码/ : /password/i }).waitFor()
    await shot(page, 'login-refused', locale)
    await logIn(page, locale)
    await menu(page, locale, 'menuDashboard').waitFor()
    await page.getByRole('button', { name: common[locale].logout }).click()
    await page.getByRole('button', { name: locale === 'zh-CN' ? /登\s*录/ : 'Log in' }).waitFor()
    // The session is gone on the server too: a reload stays on the login screen.
    await page.reload()
    await page.getByRole('button', { name: locale === 'zh-CN' ? /登\s*录/ : 'Log in' }).waitFor()
    await context.close()
  })

  test(`find a paid order by the phone number topped up, open its timeline, export the list and read it back (${locale})`, async () => {
    const phone = locale === 'zh-CN' ? '13712340001' : '13712340002'
    const { orderNo } = await userWithDeliveredOrder(locale === 'zh-CN' ? '13600101001' : '13600101002', phone)
    const context = await desk(locale)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    await logIn(page, locale)
    await menu(page, locale, 'menuOrders').click()
    await page.getByRole('heading', { level: 1, name: t().title }).waitFor()
    await page.getByLabel(t().keyWords).fill(phone)
    await page.getByRole('button', { name: common[locale].search }).click()
    const row = tableRow(page, 'orders-table', orderNo)
    await row.waitFor()
    assert.equal(await page.getByTestId('orders-table').locator('tbody tr.ant-table-row').count(), 1)
    // The filter is in the address: a reload keeps it.
    assert.match(page.url(), new RegExp(`keyWords=${phone}`))
    await settled(page)
    await shot(page, 'orders-found', locale)

    // Export the filtered list: the file holds exactly that order.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: t().export }).click()
    const file = join(ARTIFACTS, `console-export-${locale}.xlsx`)
    await (await download).saveAs(file)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    const sheet = workbook.worksheets[0]
    const cells = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((values) => (values as unknown[]).map((value) => String(value ?? '')))
    assert.equal(cells.length, 2, `a header and one order: ${JSON.stringify(cells)}`)
    assert.ok(cells[1].includes(orderNo), JSON.stringify(cells[1]))
    assert.ok(cells[1].includes(phone), JSON.stringify(cells[1]))

    // The order's page: its fields, and its timeline from creation to delivery.
    await row.getByRole('link', { name: orderNo }).click()
    await page.getByTestId('order-timeline').waitFor()
    const timeline = page.getByTestId('order-timeline')
    for (const kind of [t().kindCreated, t().kindPaid, t().kindDelivered])
      await timeline.getByText(kind, { exact: true }).first().waitFor()
    await settled(page)
    await shot(page, 'order-detail', locale)
    assert.deepEqual(
      errors.filter((error) => !/401/.test(error)),
      [],
    )
    await context.close()
  })

  test(`review refunds: approve one with a voucher upload (the user sees it refunded), reject another with a reason (${locale})`, async () => {
    const userPhone = locale === 'zh-CN' ? '13600102001' : '13600102002'
    const approvedOrder = await userWithDeliveredOrder(userPhone, '13812340000'.replace(/0000$/, '1001'))
    const rejectedOrder = await userWithDeliveredOrder(userPhone, '13812341002', 20)
    await applyForRefund(approvedOrder.userId, approvedOrder.orderNo, 'Paid twice')
    await applyForRefund(rejectedOrder.userId, rejectedOrder.orderNo, 'Not arrived')
    const context = await desk(locale)
    const page = await context.newPage()
    await logIn(page, locale)
    await menu(page, locale, 'menuRefunds').click()
    const approveRow = tableRow(page, 'refunds-table', approvedOrder.orderNo)
    await approveRow.waitFor()
    await settled(page)
    await shot(page, 'refund-queue', locale)

    // Approve: the voucher is required; the supplier reported the top-up delivered, so a second, explicit confirm.
    await approveRow.getByRole('button', { name: r().approve }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await dialog.getByRole('button', { name: common[locale].confirm }).click()
    await dialog.getByText(r().voucherRequired, { exact: true }).waitFor()
    await dialog.locator('input[type=file]').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: VOUCHER_PNG })
    await dialog.getByLabel(r().remark).fill(locale === 'zh-CN' ? '重复支付，已核实' : 'Paid twice, checked')
    await dialog.getByRole('img').first().waitFor()
    await settled(page)
    await shot(page, 'refund-approve', locale)
    await dialog.getByRole('button', { name: common[locale].confirm }).click()
    await dialog.getByText(r().deliveredTitle).waitFor()
    await dialog.getByRole('checkbox', { name: r().deliveredConfirm }).check()
    await dialog.getByRole('button', { name: common[locale].confirm }).click()
    await page.getByText(r().approved, { exact: true }).waitFor()
    await approveRow.waitFor({ state: 'detached' })

    // The user's order reads refunded, and the voucher is kept with the review.
    const refunded = await orderDetail(server, approvedOrder.userId, approvedOrder.orderNo)
    assert.equal(refunded.payStatus, LifePayStatus.Refunded)
    assert.equal(refunded.lifePayOrderStatus, LifePayOrderStatus.Refunded)
    const page1 = await fetch(`${server.url}/api/LifePay/GetLifePayOrderPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': OPERATOR_TOKEN },
      body: JSON.stringify({ pageModel: { rows: 10, page: 1 }, keyWords: approvedOrder.orderNo }),
    }).then((res) => res.json() as Promise<{ data: { data: { refundCredentialsImgUrl: string | null }[] } }>)
    const voucherUrl = page1.data.data[0]?.refundCredentialsImgUrl
    assert.match(String(voucherUrl), /refund-vouchers\//)
    const voucher = await fetch(String(voucherUrl))
    assert.equal(voucher.status, 200)
    assert.deepEqual(Buffer.from(await voucher.arrayBuffer()), VOUCHER_PNG)

    // Reject: a reason is required; the user sees it.
    const rejectRow = tableRow(page, 'refunds-table', rejectedOrder.orderNo)
    await rejectRow.getByRole('button', { name: r().reject }).click()
    const reject = page.getByRole('dialog')
    await reject.getByRole('button', { name: common[locale].confirm }).click()
    await reject.getByRole('alert').first().waitFor()
    const reason = locale === 'zh-CN' ? '话费已到账，不予退款' : 'The credit has arrived, no refund'
    await reject.getByLabel(r().rejectReason).fill(reason)
    await reject.getByRole('button', { name: common[locale].confirm }).click()
    await page.getByText(r().rejected, { exact: true }).waitFor()
    await rejectRow.waitFor({ state: 'detached' })
    const rejected = await orderDetail(server, rejectedOrder.userId, rejectedOrder.orderNo)
    assert.equal(rejected.lifePayOrderStatus, LifePayOrderStatus.RefundFailed)
    assert.equal(rejected.refundCheckRemark, reason)

    // The approved order's page shows the voucher and the review in its operator actions.
    await page.goto(`${server.url}/console/orders/${approvedOrder.orderNo}`)
    await page.getByTestId('order-audit-table').getByText(DEMO_OPERATOR.loginName).first().waitFor()
    await page.getByRole('img', { name: t().voucher }).waitFor()
    await settled(page)
    await shot(page, 'order-refunded', locale)
    await context.close()
  })
}

// Used by the rate and channel tests below.
void maskPhone
void formatYuan
void rechargePrice
void exactly
