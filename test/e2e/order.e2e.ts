import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { CreateLifePayOrderResult } from '@contract/lifePay'
import { LifePayOrderStatus, LifePayStatus } from '@domain/lifePayStatus'
import type { Locale } from '@domain/locale'
import { OrderDisplayStatus, orderDisplayStatusLabels } from '@domain/orderDisplayStatus'
import { RefundApplyReason, refundApplyReasonLabels } from '@domain/refundApplyReason'
import type { orderMessages as OrderMessages } from '../../src/subpackages/order/messages'
import enUS from '../../src/i18n/en-US'
import zhCN from '../../src/i18n/zh-CN'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import {
  ARTIFACTS,
  assertNoTypeError,
  consoleErrors,
  launchBrowser,
  messagePattern,
  phoneContext,
  settled,
} from './browser'
import { operatorCall, orderDetail, payOrder, placePhoneOrder as placePhone } from './orderFlows'
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Orders and refunds in a phone browser against the real server: orders are placed and paid through the API (the
// sandbox cashier's dev route), refunds are applied for in the UI and decided by the operator route.

const ORDER_PAGE = '/subpackages/order/order/order'
let server: AppServer
let browser: Browser
let orderMessages: typeof OrderMessages

before(async () => {
  ;({ orderMessages } = await importAppModule(() => import('../../src/subpackages/order/messages')))
  assertH5Built()
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '200', SANDBOX_DUPLICATE_NOTIFY_RATE: '0' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const m = (locale: Locale) => orderMessages[locale]
const statusText = (locale: Locale, status: OrderDisplayStatus) => orderDisplayStatusLabels[locale][status]

const call = <T>(userId: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
  lifePayApi<T>(server, userId, method, path, body)

const placePhoneOrder = async (userId: string, phone: string, parValue = 50) =>
  (await placePhone(server, userId, phone, parValue)).orderNo
const pay = (userId: string, orderNo: string, until?: LifePayOrderStatus[]) => payOrder(server, userId, orderNo, until)
const detailOf = (userId: string, orderNo: string) => orderDetail(server, userId, orderNo)
const operator = (path: string, body: unknown) => operatorCall(server, path, body)

const shot = (page: Page, name: string, locale: Locale) =>
  page.screenshot({ path: join(ARTIFACTS, `order-${name}-${locale}.png`) })

const catalogue = (locale: Locale) => (locale === 'zh-CN' ? zhCN : enUS)

/** The order's status on the detail page, and the refund's on the refund result page: the headline under the title. */
const headline = (page: Page, name?: string) =>
  page.getByRole('heading', { level: 2, ...(name === undefined ? {} : { name, exact: true }) })
/** The orders of the list, each a button (role queries leave out the hidden pages H5 keeps in the document). */
const rows = (page: Page) => page.getByRole('list').getByRole('button')
const row = (page: Page, maskedAccount: string) => page.getByRole('list').getByRole('button', { name: maskedAccount })

async function confirmDialog(page: Page, locale: Locale) {
  await page
    .getByRole('dialog', { name: m(locale).confirmRefundTitle })
    .getByRole('button', { name: catalogue(locale)['dialog.confirm'], exact: true })
    .click()
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`the order list pages, the detail shows each state's actions, and a foreign order is not found (${locale})`, async () => {
    const context = await phoneContext(browser, locale)
    const userId = await logInByPhoneCode(server, context, locale === 'zh-CN' ? '13600001111' : '13600002222', locale)
    const page = await context.newPage()

    // Empty first: the way out is a top-up.
    await page.goto(`${server.url}${ORDER_PAGE}`)
    await page.getByText(m(locale).emptyOrders).waitFor()
    await settled(page)
    await shot(page, 'list-empty', locale)

    // 11 orders: 9 unpaid, one completed, one whose recharge fails (sandbox account ending 0000, refunded at once).
    const unpaid: string[] = []
    for (let i = 0; i < 9; i++) unpaid.push(await placePhoneOrder(userId, `1380013${String(1000 + i)}`, 10))
    const completed = await placePhoneOrder(userId, '13912345678', 100)
    await pay(userId, completed)
    const failed = await placePhoneOrder(userId, '13912340000', 30)
    await pay(userId, failed, [LifePayOrderStatus.Refunded])

    await page.reload()
    await rows(page).first().waitFor()
    assert.equal(await rows(page).count(), 10)
    await settled(page)
    await shot(page, 'list', locale)
    // Newest first: the failed, automatically refunded order leads, in its words.
    const first = rows(page).first()
    assert.equal(await first.getAttribute('data-order-no'), failed)
    assert.match((await first.textContent()) ?? '', new RegExp(statusText(locale, OrderDisplayStatus.Refunded)))
    assert.match((await first.textContent()) ?? '', /139\*\*\*\*0000/)

    // The end of the list brings the 11th order and says there are no more.
    await page.getByRole('button', { name: m(locale).loadingMore, exact: true }).scrollIntoViewIfNeeded()
    await page.getByText(m(locale).noMore).waitFor()
    assert.equal(await rows(page).count(), 11)
    await page.getByText(m(locale).noMore).scrollIntoViewIfNeeded()
    await shot(page, 'list-end', locale)

    // Tabs: gas has none.
    await page.getByRole('tab', { name: m(locale).tabGas }).click()
    await page.getByText(m(locale).emptyOrdersOfType).waitFor()
    await page.getByRole('tab', { name: m(locale).tabAll }).click()
    await rows(page).first().waitFor()

    // The completed order: detail, copy, refund allowed, top up again.
    await row(page, '139****5678').click()
    await page.waitForURL(new RegExp(`orderNo=${completed}`))
    await headline(page, statusText(locale, OrderDisplayStatus.RechargeSucceeded)).waitFor()
    await settled(page)
    await shot(page, 'detail-succeeded', locale)
    // Issue 37, item 18: the small pill is a 44 px target — a tap 21 px above, below or beside its middle still copies.
    const copy = page.getByRole('button', { name: m(locale).copy, exact: true })
    const pill = await copy.boundingBox()
    assert.ok(pill)
    const target = await page.evaluate(
      ({ x, y }) =>
        [-21, 21, 0].map((dy) =>
          [-21, 21].every((dx) => !!document.elementFromPoint(x + dx, y + dy)?.closest('.lp-order-detail__copy')),
        ),
      { x: pill.x + pill.width / 2, y: pill.y + pill.height / 2 },
    )
    assert.deepEqual(target, [true, true, true], `copy pill ${pill.width}×${pill.height}`)
    await copy.click()
    assert.equal(await page.evaluate(() => localStorage.getItem('taro_clipboard')), JSON.stringify({ data: completed }))
    const buttons = await page
      .getByRole('group', { name: m(locale).orderActions })
      .getByRole('button')
      .allTextContents()
    // Issue 20: a completed order also offers its receipt.
    assert.deepEqual(buttons, [m(locale).applyRefund, m(locale).receipt, m(locale).topUpAgain])
    // Each label whole on one line inside its button: none wraps out of sight at 390 px ("Apply for" alone, once).
    const clipped = await page
      .locator('.lp-order-actions__button')
      .evaluateAll((els) =>
        els
          .filter((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)
          .map((el) => el.textContent),
      )
    assert.deepEqual(clipped, [], `clipped action labels in ${locale}`)
    await page.getByRole('button', { name: m(locale).topUpAgain, exact: true }).click()
    await page.waitForURL(/phoneBillRecharge/)
    const topUp = new URL(page.url())
    assert.equal(topUp.searchParams.get('phone'), '13912345678')
    assert.equal(topUp.searchParams.get('parValue'), '100')
    await page.goBack()

    // The failed one shows its automatic refund.
    await page.goto(`${server.url}${ORDER_PAGE}?orderNo=${failed}`)
    await headline(page, statusText(locale, OrderDisplayStatus.Refunded)).waitFor()
    await page.getByText(m(locale).autoRefundReason).waitFor()
    await settled(page)
    await shot(page, 'detail-auto-refunded', locale)

    // An unpaid one: the countdown and the way to pay it.
    await page.goto(`${server.url}${ORDER_PAGE}?orderNo=${unpaid[0]}`)
    await headline(page, statusText(locale, OrderDisplayStatus.Unpaid)).waitFor()
    await page.getByText(messagePattern(m(locale).hintUnpaidCountdown)).waitFor()
    await settled(page)
    await shot(page, 'detail-unpaid', locale)
    await page.getByRole('button', { name: m(locale).pay, exact: true }).click()
    await page.waitForURL(new RegExp(`selectPayType/selectPayType\\?orderNo=${unpaid[0]}`))

    // Someone else's order number in the URL.
    const other = await phoneContext(browser, locale)
    const otherUser = await logInByPhoneCode(server, other, locale === 'zh-CN' ? '13600003333' : '13600004444', locale)
    await other.close()
    const foreign = await placePhoneOrder(otherUser, '13712345678')
    await page.goto(`${server.url}${ORDER_PAGE}?orderNo=${foreign}`)
    await page.getByText(m(locale).orderNotFound).waitFor()
    assert.equal(await headline(page).count(), 0)
    await settled(page)
    await shot(page, 'detail-not-found', locale)
    await context.close()
  })

  test(`apply for a refund in the UI, pending review, approved → refunded; another delivered and rejected → topped up, refund declined, with the reason (${locale})`, async () => {
    const context = await phoneContext(browser, locale)
    const userId = await logInByPhoneCode(server, context, locale === 'zh-CN' ? '13600005555' : '13600006666', locale)
    const approved = await placePhoneOrder(userId, '13812345678', 50)
    await pay(userId, approved)
    const rejected = await placePhoneOrder(userId, '13512345678', 20)
    await pay(userId, rejected)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    const applications: unknown[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/LifePay/RefundUserLifePayOrder')) applications.push(request.postDataJSON())
    })

    // From the list to the detail to the form.
    await page.goto(`${server.url}${ORDER_PAGE}`)
    await row(page, '138****5678').click()
    await headline(page, statusText(locale, OrderDisplayStatus.RechargeSucceeded)).waitFor()
    await page.getByRole('button', { name: m(locale).applyRefund, exact: true }).click()
    await page.waitForURL(/orderApplyRefund/)
    const submit = page.getByRole('button', { name: m(locale).submitRefund, exact: true })
    await submit.waitFor()
    await settled(page)
    await shot(page, 'refund-form', locale)

    // No reason: nothing is sent.
    await submit.click()
    await page.getByRole('alert').getByText(m(locale).reasonRequired, { exact: true }).waitFor()
    await shot(page, 'refund-form-invalid', locale)

    await page.getByRole('radio', { name: refundApplyReasonLabels[locale][RefundApplyReason.Duplicate] }).click()
    await page
      .getByRole('textbox', { name: m(locale).reasonDetail, exact: true })
      .fill(locale === 'zh-CN' ? '同一号码充了两次' : 'Topped up the same number twice')
    assertNoTypeError(errors)
    // A double tap opens one confirmation and sends one application.
    await submit.dblclick()
    await page.getByRole('dialog', { name: m(locale).confirmRefundTitle }).waitFor()
    await shot(page, 'refund-confirm', locale)
    await confirmDialog(page, locale)
    await page.waitForURL(/orderRefundResult/)
    await headline(page, m(locale).resultPendingReview).waitFor()
    await settled(page)
    await shot(page, 'refund-pending-review', locale)
    // One application: the reason's code, and the remark saying it in the user's words for any back end.
    assert.deepEqual(applications, [
      {
        id: (await detailOf(userId, approved)).id,
        refundApplyRemark:
          locale === 'zh-CN' ? '重复充值：同一号码充了两次' : 'Paid twice: Topped up the same number twice',
        refundApplyReason: RefundApplyReason.Duplicate,
      },
    ])
    const pending = await detailOf(userId, approved)
    assert.equal(pending.lifePayOrderStatus, LifePayOrderStatus.RefundPendingReview)
    assert.equal(pending.payStatus, LifePayStatus.PendingRefund)
    assert.equal(
      pending.refundApplyRemark,
      locale === 'zh-CN' ? '重复充值：同一号码充了两次' : 'Paid twice: Topped up the same number twice',
    )

    // The operator approves; the page shows it when it shows again.
    await operator(`/api/admin/refunds/${approved}/approve`, { acknowledgeDelivered: true })
    await page.reload()
    await headline(page, m(locale).resultRefunded).waitFor()
    await settled(page)
    await shot(page, 'refund-refunded', locale)
    // Back on the detail (the page it came from), the order reads refunded.
    await page.getByRole('button', { name: m(locale).viewOrder, exact: true }).click()
    await headline(page, statusText(locale, OrderDisplayStatus.Refunded)).waitFor()
    await settled(page)
    await shot(page, 'detail-refunded', locale)

    // The second order: applied for, then rejected with a reason.
    await page.goto(`${server.url}/subpackages/order/orderApplyRefund/orderApplyRefund?orderNo=${rejected}`)
    await page.getByRole('radio', { name: refundApplyReasonLabels[locale][RefundApplyReason.NotArrived] }).click()
    await page.getByRole('button', { name: m(locale).submitRefund, exact: true }).click()
    await confirmDialog(page, locale)
    await headline(page, m(locale).resultPendingReview).waitFor()
    const reason = locale === 'zh-CN' ? '话费已到账，不予退款' : 'The credit has arrived, no refund'
    await operator(`/api/admin/refunds/${rejected}/reject`, { reason })
    await page.reload()
    // Issue 37, item 2: the top-up had arrived, so the page says so beside the declined refund, never "failed".
    await headline(page, m(locale).resultRefundDeclined).waitFor()
    await page.getByText(m(locale).resultRefundDeclinedDelivered.replace('{amount}', '¥20.00')).waitFor()
    await page.getByText(reason, { exact: true }).waitFor()
    await settled(page)
    assert.doesNotMatch((await page.textContent('body')) ?? '', /退款失败|Refund failed/)
    await shot(page, 'refund-declined', locale)
    await page.goto(`${server.url}${ORDER_PAGE}?orderNo=${rejected}`)
    await headline(page, statusText(locale, OrderDisplayStatus.DeliveredRefundDeclined)).waitFor()
    await settled(page)
    await shot(page, 'detail-refund-declined', locale)

    // The list shows both outcomes.
    await page.goto(`${server.url}${ORDER_PAGE}`)
    await rows(page).nth(1).waitFor()
    await settled(page)
    await shot(page, 'list-refunds', locale)
    const texts = await rows(page).allTextContents()
    assert.ok(texts.some((t) => t.includes(statusText(locale, OrderDisplayStatus.Refunded))))
    assert.ok(texts.some((t) => t.includes(statusText(locale, OrderDisplayStatus.DeliveredRefundDeclined))))
    assert.equal(applications.length, 2)
    await context.close()
  })
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`an order row shows its whole account beside the type and the status, nothing clipped (${locale})`, async () => {
    const context = await phoneContext(browser, locale)
    const userId = await logInByPhoneCode(server, context, locale === 'zh-CN' ? '13600009991' : '13600009992', locale)
    await call<CreateLifePayOrderResult>(userId, 'POST', '/api/LifePay/CreateLifePayElectricOrder', {
      electricAccount: '3100123456789',
      electricType: 'guowang',
      electricAccountType: 'house',
      province: '310000',
      city: '310100',
      parValue: 200,
      idempotencyKey: randomUUID(),
    })
    const page = await context.newPage()
    await page.goto(`${server.url}${ORDER_PAGE}`)
    await rows(page).first().waitFor()
    await settled(page)
    await shot(page, 'row-electricity', locale)
    // Before, en-US read "Electricity bill 3···": the status took the width and the account was cut.
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('.lp-order-row, .lp-order-row *')]
        .filter((element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    )
    assert.deepEqual(clipped, [])
    await context.close()
  })
}
