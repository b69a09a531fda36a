import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser } from 'playwright-core'
import type { CreateLifePayOrderResult, LifePayOrderListItem } from '@contract/lifePay'
import type { PageResult } from '@contract/envelope'
import type { Locale } from '@domain/locale'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import type { rechargeFormMessages as RechargeFormMessages } from '../../src/subpackages/recharge/formMessages'
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
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Issue 20, duplicate guard on H5: a second top-up of a number with an unpaid order asks first; "view order" opens
// it, "top up anyway" places the second.

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
  // The suites' server runs without the guard (scripts/lib/appServer.ts); this flow is about it.
  server = await startAppServer({ DUPLICATE_GUARD: 'on' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const m = (locale: Locale) => ({ ...rechargeMessages[locale], ...rechargeFormMessages[locale] })

const orderPage = (userId: string) =>
  lifePayApi<PageResult<LifePayOrderListItem>>(server, userId, 'POST', '/api/LifePay/GetUserLifePayOrderPage', {
    pageIndex: 1,
    pageSize: 50,
  })

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a second top-up of a number with an unpaid order asks first; view order, then top up anyway (${locale})`, async () => {
    const own = locale === 'zh-CN' ? '13900003331' : '13900003332'
    const context = await phoneContext(browser, locale)
    const userId = await logInByPhoneCode(server, context, own, locale)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    try {
      const earlier = await lifePayApi<CreateLifePayOrderResult>(
        server,
        userId,
        'POST',
        '/api/LifePay/CreateLifePayPhoneOrder',
        { phone: own, ispCode: 'yidong', parValue: 50, idempotencyKey: `dup-${locale}-${Date.now()}` },
      )

      const askAgain = async () => {
        await page.goto(`${server.url}/subpackages/recharge/phoneBillRecharge/phoneBillRecharge`)
        const faces = page.getByRole('radiogroup', { name: fieldMessages[locale].faceValueLabel }).getByRole('radio')
        await faces.first().waitFor()
        await faces
          .filter({
            has: page.getByText(fieldMessages[locale].faceValueUnit.replace('{value}', '50'), { exact: true }),
          })
          .click()
        await page.getByRole('button', { name: startsWith(m(locale).topUpNow) }).click()
        const dialog = page.getByRole('dialog', { name: m(locale).duplicateUnpaid })
        await dialog.waitFor()
        return dialog
      }

      const dialog = await askAgain()
      const stage = m(locale).duplicateStageUnpaid
      assert.match((await dialog.textContent()) ?? '', new RegExp(`${stage} · ¥50\\.00 · \\d\\d-\\d\\d \\d\\d:\\d\\d`))
      // The dialog is the answer: no toast says it again.
      assert.equal(await page.locator('.lp-toast').filter({ visible: true }).count(), 0)
      await settled(page)
      await screenshot(page, `duplicate-prompt-${locale}.png`)

      await dialog.getByRole('button', { name: m(locale).viewOrder, exact: true }).click()
      await page.waitForURL(new RegExp(`/subpackages/order/order/order\\?orderNo=${earlier.orderNo}`))
      await page.getByText(earlier.orderNo).first().waitFor()

      const again = await askAgain()
      await again.getByRole('button', { name: m(locale).topUpAnyway, exact: true }).click()
      await page.waitForURL(/selectPayType/)
      const second = new URL(page.url()).searchParams.get('orderNo')
      assert.ok(second && second !== earlier.orderNo)
      const orders = (await orderPage(userId)).items.filter((order) => order.account === own)
      assert.deepEqual(orders.map((order) => order.orderNo).sort(), [earlier.orderNo, second].sort())
      assertNoTypeError(errors)
    } finally {
      await context.close()
    }
  })
}
