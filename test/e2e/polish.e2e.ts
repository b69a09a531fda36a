import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Locale } from '@domain/locale'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { RefundApplyReason, refundApplyReasonLabels } from '@domain/refundApplyReason'
import type { orderMessages as OrderMessages } from '../../src/subpackages/order/messages'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import type { accountMessages as AccountMessages } from '../../src/subpackages/userAccount/messages'
import type { reminderMessages as ReminderMessages } from '../../src/subpackages/userAccount/reminderMessages'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import enUS from '../../src/i18n/en-US'
import zhCN from '../../src/i18n/zh-CN'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { assertNoTypeError, consoleErrors, launchBrowser, messagePattern, screenshot, settled } from './browser'
import { operatorCall, orderDetail, payOrder, placePhoneOrder } from './orderFlows'
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Issue 37 ("Polish, round two") in a phone browser at the 390×844, both languages: what its items looked
// like to a new user, checked and photographed (test/e2e/artifacts/polish-*.png).

const LOCALES = ['zh-CN', 'en-US'] as const

let server: AppServer
let browser: Browser
let orderMessages: typeof OrderMessages
let rechargeMessages: typeof RechargeMessages
let accountMessages: typeof AccountMessages
let reminderMessages: typeof ReminderMessages
let fieldMessages: typeof FieldMessages

before(async () => {
  assertH5Built()
  ;({ orderMessages } = await importAppModule(() => import('../../src/subpackages/order/messages')))
  ;({ rechargeMessages } = await importAppModule(() => import('../../src/subpackages/recharge/messages')))
  ;({ accountMessages } = await importAppModule(() => import('../../src/subpackages/userAccount/messages')))
  ;({ reminderMessages } = await importAppModule(() => import('../../src/subpackages/userAccount/reminderMessages')))
  ;({ fieldMessages } = await importAppModule(() => import('../../src/components/lifePayFields/messages')))
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '200', SANDBOX_DUPLICATE_NOTIFY_RATE: '0' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

/** The phone: 390×844 at 3 device pixels per CSS px. */
function phone(locale: Locale): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  })
}

const shot = (page: Page, name: string, locale: Locale) => screenshot(page, `polish-${name}-${locale}.png`)
const catalogue = (locale: Locale) => (locale === 'zh-CN' ? zhCN : enUS)
let phones = 0
/** A number of its own per login (rate limits are per number). */
const newPhone = () => `1360037${String(phones++).padStart(4, '0')}`

for (const locale of LOCALES) {
  test(`pay page of another account's order: says so, with the way to the orders (item 7, ${locale})`, async () => {
    const owner = await logInByPhoneCode(server, await phone(locale), newPhone(), locale)
    const { orderNo } = await placePhoneOrder(server, owner, '13812345678', 30)
    const context = await phone(locale)
    await logInByPhoneCode(server, context, newPhone(), locale)
    const page = await context.newPage()
    await page.goto(`${server.url}/subpackages/recharge/selectPayType/selectPayType?orderNo=${orderNo}&type=phone`)
    await page.getByText(rechargeMessages[locale].orderNotFound, { exact: true }).waitFor()
    assert.equal(await page.getByText(catalogue(locale)['state.retry'], { exact: true }).count(), 0)
    await settled(page)
    await shot(page, 'pay-foreign-order', locale)
    await page.getByRole('button', { name: rechargeMessages[locale].backToOrders }).click()
    await page.waitForURL(/subpackages\/order\/order\/order$/)
    await context.close()
  })

  test(`logged out, the pay page and a result page ask for login first and read nothing (item 8, ${locale})`, async () => {
    const context = await phone(locale)
    await context.addInitScript(
      (lang) => localStorage.setItem('lifePay.locale', JSON.stringify({ data: lang })),
      locale as string,
    )
    const page = await context.newPage()
    const reads: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/LifePay/'))
        reads.push(`${response.status()} ${new URL(response.url()).pathname}`)
    })
    for (const path of [
      '/subpackages/recharge/selectPayType/selectPayType?orderNo=LP1&type=phone',
      '/subpackages/recharge/rechargeGasResult/rechargeGasResult?orderNo=LP1',
    ]) {
      await page.goto(`${server.url}${path}`)
      await page.getByText(rechargeMessages[locale].loginRequired, { exact: true }).waitFor()
      await settled(page)
      if (path.includes('selectPayType')) await shot(page, 'pay-logged-out', locale)
    }
    assert.deepEqual(reads, [])
    await context.close()
  })

  test(`reloading the pay page keeps the pay method and the SMS notice chosen (item 17, ${locale})`, async () => {
    const context = await phone(locale)
    const userId = await logInByPhoneCode(server, context, newPhone(), locale)
    const { orderNo } = await placePhoneOrder(server, userId, '13812345678', 50)
    const page = await context.newPage()
    await page.goto(`${server.url}/subpackages/recharge/selectPayType/selectPayType?orderNo=${orderNo}&type=phone`)
    const m = rechargeMessages[locale]
    const alipay = page.getByRole('radio', { name: locale === 'zh-CN' ? /支付宝/ : /Alipay/ })
    await alipay.click()
    await page.getByRole('checkbox', { name: messagePattern(m.smsOptIn) }).click()
    await page.reload()
    await page.getByRole('radio', { name: locale === 'zh-CN' ? /支付宝/ : /Alipay/, checked: true }).waitFor()
    await page.getByRole('checkbox', { name: messagePattern(m.smsOptIn), checked: true }).waitFor()
    await settled(page)
    await shot(page, 'pay-reloaded', locale)
    await context.close()
  })

  test(`saved accounts: the pills stay inside, and deleting names the account (items 11, 14, ${locale})`, async () => {
    const context = await phone(locale)
    const userId = await logInByPhoneCode(server, context, newPhone(), locale)
    await lifePayApi(server, userId, 'POST', '/api/LifePay/AddUpdateUserAccount', {
      lifePayType: LifePayOrderType.Phone,
      content: '13812345678',
      remark: locale === 'zh-CN' ? '爸妈的手机' : "Mum's phone",
      ispCode: 'yidong',
    })
    const page = await context.newPage()
    const errors = consoleErrors(page)
    await page.goto(`${server.url}/subpackages/userAccount/userAccountList/userAccountList`)
    const card = page.locator('.lp-account-card').first()
    await card.waitFor()
    // Each pill's label on one line inside its pill.
    const pills = await card.locator('.lp-account-card__pill').evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect()
        const range = document.createRange()
        range.selectNodeContents(node)
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
        return { text: node.textContent, lines, fits: node.scrollWidth <= Math.ceil(box.width) + 1 }
      }),
    )
    assert.ok(pills.some((pill) => pill.text === reminderMessages[locale].remindMe))
    for (const pill of pills) assert.deepEqual([pill.text, pill.lines, pill.fits], [pill.text, 1, true])
    await settled(page)
    await shot(page, 'accounts', locale)

    await card.getByText(accountMessages[locale].delete, { exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(catalogue(locale)['dialog.deleteContent'], { exact: true }).waitFor()
    await dialog.getByText(locale === 'zh-CN' ? '爸妈的手机 · 138****5678' : "Mum's phone · 138****5678").waitFor()
    await settled(page)
    await shot(page, 'accounts-delete', locale)
    // Item 9: going back with the dialog open leaves it behind, on the page that opened it.
    await page.goBack()
    await page.waitForURL((url) => !url.pathname.includes('userAccountList'))
    await settled(page)
    assert.equal(await page.getByRole('dialog').count(), 0)
    assertNoTypeError(errors)
    await context.close()
  })

  test(`refund form: the SMS notice of the review's outcome on H5, sent when ticked (item 20, ${locale})`, async () => {
    const context = await phone(locale)
    const number = newPhone()
    const userId = await logInByPhoneCode(server, context, number, locale)
    const { orderNo } = await placePhoneOrder(server, userId, '13812345678', 30)
    await payOrder(server, userId, orderNo)
    const page = await context.newPage()
    await page.goto(`${server.url}/subpackages/order/orderApplyRefund/orderApplyRefund?orderNo=${orderNo}`)
    const m = orderMessages[locale]
    const box = page.getByRole('checkbox', { name: messagePattern(m.smsRefundOptIn) })
    await box.waitFor()
    assert.equal(await box.getAttribute('aria-checked'), 'false', 'never pre-ticked')
    await box.click()
    await page.getByRole('radio', { name: refundApplyReasonLabels[locale][RefundApplyReason.NotArrived] }).click()
    await settled(page)
    await shot(page, 'refund-form-sms', locale)
    await page.getByRole('button', { name: m.submitRefund, exact: true }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: catalogue(locale)['dialog.confirm'] })
      .click()
    await page.waitForURL(/orderRefundResult/)
    await page.getByRole('heading', { name: m.resultPendingReview }).waitFor()
    await settled(page)
    await operatorCall(server, `/api/admin/refunds/${orderNo}/reject`, {
      reason: locale === 'zh-CN' ? '话费已到账，不予退款' : 'The credit has arrived, no refund',
    })
    let messages: { channel: string; event: string; recipient: string }[] = []
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && messages.length === 0;) {
      const res = await fetch(`${server.url}/api/dev/notifications?orderNo=${orderNo}`)
      messages = ((await res.json()) as { data: typeof messages }).data
      if (messages.length === 0) await page.waitForTimeout(100)
    }
    assert.deepEqual(
      messages.map((message) => [message.channel, message.event, message.recipient]),
      [['sms', 'refundRejected', number]],
    )
    // Item 2 and 16: the declined refund of a delivered top-up, read on the result page.
    await page.reload()
    await page.getByRole('heading', { name: m.resultRefundDeclined }).waitFor()
    await settled(page)
    await shot(page, 'refund-declined', locale)
    await context.close()
  })

  test(`refund result: a long reason reads left to right under its label (item 16, ${locale})`, async () => {
    const context = await phone(locale)
    const userId = await logInByPhoneCode(server, context, newPhone(), locale)
    const { orderNo } = await placePhoneOrder(server, userId, '13812345678', 30)
    await payOrder(server, userId, orderNo)
    const reason =
      locale === 'zh-CN'
        ? '重复充值：同一个号码在同一分钟里被充了两次，第二笔是误操作，请退回第二笔的款项'
        : 'Paid twice: the same number was topped up twice in the same minute; the second was a mistake, please refund it'
    await lifePayApi(server, userId, 'POST', '/api/LifePay/RefundUserLifePayOrder', {
      id: (await orderDetail(server, userId, orderNo)).id,
      refundApplyRemark: reason,
    })
    const page = await context.newPage()
    await page.goto(`${server.url}/subpackages/order/orderRefundResult/orderRefundResult?orderNo=${orderNo}`)
    const value = page.getByText(reason, { exact: true })
    await value.waitFor()
    assert.equal(await value.evaluate((node) => getComputedStyle(node).textAlign), 'left')
    // The head's hint on as few lines as its words need: no character alone on the last line.
    const hint = page.locator('.lp-refund-result__hint')
    const lastLine = await hint.evaluate((node) => {
      const range = document.createRange()
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
      const tops: number[] = []
      for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
        for (let i = 0; i < text.length; i++) {
          range.setStart(text, i)
          range.setEnd(text, i + 1)
          tops.push(Math.round(range.getBoundingClientRect().top))
        }
      }
      return tops.filter((top) => top === tops[tops.length - 1]).length
    })
    assert.ok(lastLine > 1, `the hint's last line holds ${lastLine} character`)
    await settled(page)
    await shot(page, 'refund-pending', locale)
    await context.close()
  })
}

test('the gas result states the gas promise beside its expected time (item 5)', async () => {
  // A supplier that takes its time: the order stays "recharging" while the page is looked at.
  const slow = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '600000' })
  try {
    for (const locale of LOCALES) {
      const context = await phone(locale)
      const userId = await logInByPhoneCode(slow, context, newPhone(), locale)
      const { orderNo } = await lifePayApi<{ orderNo: string }>(
        slow,
        userId,
        'POST',
        '/api/LifePay/CreateLifePayGasOrder',
        {
          gasAccount: '880012345',
          gasOrgType: 'xin_ao',
          province: '310000',
          city: '310100',
          parValue: 100,
          idempotencyKey: `gas-${locale}-${Date.now()}`,
        },
      )
      await payOrder(slow, userId, orderNo, [LifePayOrderStatus.PendingConfirmation])
      const detail = await orderDetail(slow, userId, orderNo)
      assert.ok(detail.expectedDeliveryTime)
      const page = await context.newPage()
      await page.goto(`${slow.url}/subpackages/recharge/rechargeGasResult/rechargeGasResult?orderNo=${orderNo}`)
      const status = page.getByRole('status')
      await status.getByText(rechargeMessages[locale].statusRechargingTitle, { exact: true }).waitFor()
      await status.locator('.lp-expected-delivery').waitFor()
      const text = (await status.textContent()) ?? ''
      assert.match(
        text,
        locale === 'zh-CN' ? /通常2小时内到账，高峰期最长72小时/ : /within 2\shours; .* up to 72\shours/,
      )
      assert.doesNotMatch(text, /几分钟|within minutes/)
      await settled(page)
      await shot(page, 'gas-recharging', locale)
      await context.close()
    }
  } finally {
    await slow.stop()
  }
})

test('login fields open the phone keypad; the mine page has a bell for reminders (items 12, 18)', async () => {
  for (const locale of LOCALES) {
    const context = await phone(locale)
    await context.addInitScript(
      (lang) => localStorage.setItem('lifePay.locale', JSON.stringify({ data: lang })),
      locale as string,
    )
    const page = await context.newPage()
    await page.goto(`${server.url}/subpackages/login/authorization/authorization`)
    const inputs = page.locator('.lp-login-field__input input')
    await inputs.first().waitFor()
    assert.deepEqual(await inputs.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('type'))), [
      'tel',
      'tel',
    ])
    await page.getByRole('heading', { level: 1, name: catalogue(locale)['page.authorization'], exact: true }).waitFor()
    await page.waitForFunction(
      (title) => document.title === title,
      `${catalogue(locale)['page.authorization']} - ${catalogue(locale)['app.titleSuffix']}`,
    )
    await settled(page)
    await shot(page, 'login', locale)
    await page.goto(`${server.url}/pages/mine/index`)
    await page.locator('.lp-menu-item__icon').first().waitFor()
    const icons = await page
      .locator('img.lp-menu-item__icon')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src')))
    assert.ok(icons.length >= 6)
    assert.equal(new Set(icons).size, icons.length, 'every menu entry draws its own icon')
    await settled(page)
    await shot(page, 'mine', locale)
    await context.close()
  }
})

test('electricity: residential, enterprise, shop, and city letters a finger can hit (items 13, 18)', async () => {
  for (const locale of LOCALES) {
    const context = await phone(locale)
    await logInByPhoneCode(server, context, newPhone(), locale)
    const page = await context.newPage()
    await page.goto(`${server.url}/subpackages/recharge/electricBillRecharge/electricBillRecharge`)
    const f = fieldMessages[locale]
    await page.getByRole('button', { name: f.regionLabel, exact: true }).waitFor()
    await settled(page)
    await shot(page, 'electric-form', locale)
    await page.getByRole('button', { name: f.regionLabel, exact: true }).click()
    const sheet = page.getByRole('dialog', { name: f.regionSheetTitle })
    await sheet.waitFor()
    await settled(page)
    const letters = await sheet.locator('.lp-region-index__letter').evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect()
        return { width: box.width, height: box.height }
      }),
    )
    assert.ok(letters.length > 0)
    // 44 px wide each; 44 tall while the list's height allows, else an even share of it (and the bar slides).
    for (const letter of letters) assert.ok(letter.width >= 44, `letter ${letter.width}×${letter.height}`)
    const list = await sheet.locator('.lp-region-picker__list').boundingBox()
    assert.ok(list)
    const share = Math.min(44, list.height / letters.length) - 1
    for (const letter of letters) assert.ok(letter.height >= share, `letter ${letter.width}×${letter.height}`)
    await shot(page, 'electric-region-sheet', locale)
    // The account type is State Grid's (domain/orderRequirements.ts): asked once a State Grid city is chosen.
    await sheet.getByRole('radio', { name: locale === 'zh-CN' ? '北京市' : 'Beijing' }).click()
    const types = page.getByRole('radiogroup', { name: f.accountTypeLabel })
    await types.waitFor()
    assert.deepEqual(
      await types.getByRole('radio').allTextContents(),
      locale === 'zh-CN' ? ['住宅', '企业', '店铺'] : ['Residential', 'Enterprise', 'Shop'],
    )
    await context.close()
  }
})
