import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { Locale } from '@domain/locale'
import type { paymentMessages as PaymentMessages } from '../../src/platform/payment/messages'
import type { orderMessages as OrderMessages } from '../../src/subpackages/order/messages'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import {
  assertNoTypeError,
  consoleErrors,
  launchBrowser,
  messagePattern,
  phoneContext,
  screenshot,
  settled,
} from './browser'
import { orderDetail, placePhoneOrder } from './orderFlows'
import { assertH5Built, importAppModule, logInByPhoneCode } from './session'

// Issue 20 in a phone browser: the SMS opt-in on the pay page (never pre-ticked), the SMS the sandbox records once the
// recharge succeeds, and the order detail's notifications section.

let server: AppServer
let browser: Browser
let rechargeMessages: typeof RechargeMessages
let paymentMessages: typeof PaymentMessages
let orderMessages: typeof OrderMessages

before(async () => {
  assertH5Built()
  ;({ rechargeMessages } = await importAppModule(() => import('../../src/subpackages/recharge/messages')))
  ;({ paymentMessages } = await importAppModule(() => import('../../src/platform/payment/messages')))
  ;({ orderMessages } = await importAppModule(() => import('../../src/subpackages/order/messages')))
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '300' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

interface Recorded {
  channel: string
  event: string
  recipient: string
}

const shot = (page: Page, name: string, locale: Locale) => screenshot(page, `notify-${name}-${locale}.png`)

async function recorded(orderNo: string): Promise<Recorded[]> {
  const res = await fetch(`${server.url}/api/dev/notifications?orderNo=${orderNo}`)
  const envelope = (await res.json()) as { success: boolean; data: Recorded[] }
  assert.equal(envelope.success, true)
  return envelope.data
}

for (const [locale, phone] of [
  ['zh-CN', '13600005555'],
  ['en-US', '13600006666'],
] as const) {
  test(`H5: ticking the SMS opt-in at pay sends the recharge result by SMS once; the order detail lists it (${locale})`, async () => {
    const m = rechargeMessages[locale]
    const context = await phoneContext(browser, locale)
    const userId = await logInByPhoneCode(server, context, phone, locale)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    const { orderNo } = await placePhoneOrder(server, userId, '13812345678', 50)

    await page.goto(`${server.url}/subpackages/recharge/selectPayType/selectPayType?orderNo=${orderNo}&type=phone`)
    const optIn = page.getByRole('checkbox', { name: messagePattern(m.smsOptIn) })
    await optIn.waitFor()
    assert.equal(await optIn.getAttribute('aria-checked'), 'false', 'never pre-ticked')
    assert.match((await optIn.textContent()) ?? '', new RegExp(`${phone.slice(0, 3)}\\*{4}${phone.slice(7)}`))
    await optIn.click()
    await page.getByRole('checkbox', { name: messagePattern(m.smsOptIn), checked: true }).waitFor()
    await settled(page)
    await shot(page, 'optin', locale)

    await page.getByRole('button', { name: messagePattern(m.payNowAmount) }).click()
    const cashier = page.getByRole('dialog', { name: paymentMessages[locale].cashierTitle })
    await cashier.getByRole('button', { name: messagePattern(paymentMessages[locale].pay) }).click()
    await page.waitForURL(/rechargeResult/)
    await page.getByText(m.statusSucceededTitle, { exact: true }).waitFor({ timeout: 20_000 })

    // The SMS went to the user's own number, once, after the recharge succeeded; nothing for "paid" (not asked for).
    let messages: Recorded[] = []
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      messages = await recorded(orderNo)
      if (messages.length > 0) break
      await page.waitForTimeout(100)
    }
    assert.deepEqual(
      messages.map((message) => [message.channel, message.event, message.recipient]),
      [['sms', 'rechargeSucceeded', phone]],
    )
    const detail = await orderDetail(server, userId, orderNo)
    assert.deepEqual(detail.notifications, [{ event: 'rechargeSucceeded', channel: 'sms', status: 'sent' }])

    await page.goto(`${server.url}/subpackages/order/order/order?orderNo=${orderNo}`)
    const o = orderMessages[locale]
    const section = page.getByTestId('order-notifications')
    await section.getByRole('heading', { name: o.notificationsTitle }).waitFor()
    const row = locale === 'zh-CN' ? ['充值到账通知', '短信 · 已发送'] : ['Top-up delivered notice', 'SMS · Sent']
    await section.getByText(row[0], { exact: true }).waitFor()
    await section.getByText(row[1], { exact: true }).waitFor()
    await section.scrollIntoViewIfNeeded()
    await settled(page)
    await shot(page, 'order-detail', locale)
    assertNoTypeError(errors)
    await context.close()
  })
}

test('H5: without the tick nothing is sent and the order detail has no notifications section', async () => {
  const context = await phoneContext(browser, 'zh-CN')
  const userId = await logInByPhoneCode(server, context, '13600007777', 'zh-CN')
  const page = await context.newPage()
  const { orderNo } = await placePhoneOrder(server, userId, '13812345678', 30)
  await page.goto(`${server.url}/subpackages/recharge/selectPayType/selectPayType?orderNo=${orderNo}&type=phone`)
  await page.getByRole('checkbox', { name: messagePattern(rechargeMessages['zh-CN'].smsOptIn) }).waitFor()
  await page.getByRole('button', { name: messagePattern(rechargeMessages['zh-CN'].payNowAmount) }).click()
  const cashier = page.getByRole('dialog', { name: paymentMessages['zh-CN'].cashierTitle })
  await cashier.getByRole('button', { name: messagePattern(paymentMessages['zh-CN'].pay) }).click()
  await page.getByText(rechargeMessages['zh-CN'].statusSucceededTitle, { exact: true }).waitFor({ timeout: 20_000 })
  await page.goto(`${server.url}/subpackages/order/order/order?orderNo=${orderNo}`)
  await page.getByText(orderNo).first().waitFor()
  await settled(page)
  assert.equal(await page.getByTestId('order-notifications').count(), 0)
  assert.deepEqual(await recorded(orderNo), [])
  assert.deepEqual((await orderDetail(server, userId, orderNo)).notifications, [])
  await context.close()
})
