import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { deliveryExclusionLabels, deliveryTimeText } from '@domain/deliveryTime'
import { label } from '@domain/locale'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { orderDetailUrl, pagePath } from '../../src/routes'
import type { orderMessages as OrderMessages } from '../../src/subpackages/order/messages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { assertNoTypeError, consoleErrors, launchBrowser, phoneContext, screenshot, settled } from './browser'
import { payOrder, placePhoneOrder } from './orderFlows'
import { assertH5Built, importAppModule, logInByPhoneCode } from './session'

// Issue 20, item 5 in a phone browser: a completed order's receipt, saved as a PNG (drawn on a <canvas>, offered
// full screen and as a download), and the delivery time the top-up page states.

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

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from a PNG's IHDR chunk (the first chunk, right after the signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.deepEqual(bytes.subarray(0, 8), PNG_SIGNATURE, 'a PNG signature')
  assert.equal(bytes.subarray(12, 16).toString('ascii'), 'IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`a completed order's receipt, saved as a PNG (${locale})`, async () => {
    const m = orderMessages[locale]
    const context = await phoneContext(browser, locale)
    const phone = locale === 'zh-CN' ? '13600005151' : '13600005252'
    const userId = await logInByPhoneCode(server, context, phone, locale)
    const { orderNo } = await placePhoneOrder(server, userId, phone, 50)
    const order = await payOrder(server, userId, orderNo)
    assert.ok(order.supplierOrderNo)
    const page = await context.newPage()
    const errors = consoleErrors(page)

    await page.goto(`${server.url}${orderDetailUrl(orderNo)}`)
    await page.getByRole('button', { name: m.receipt, exact: true }).click()
    await page.waitForURL(/orderReceipt/)
    await page.getByRole('heading', { name: m.receiptTitle, exact: true }).waitFor()
    await page.getByText(order.supplierOrderNo, { exact: true }).waitFor()
    await page.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`, { exact: true }).waitFor()
    await settled(page)
    await screenshot(page, `receipt-${locale}.png`, { fullPage: true })

    await page.getByRole('button', { name: m.receiptSave, exact: true }).click()
    const viewer = page.getByRole('dialog', { name: m.receiptLongPress })
    await viewer.getByText(m.receiptLongPress, { exact: true }).waitFor()
    // The image shown for a long press is the PNG itself.
    const src = await viewer.locator('img').getAttribute('src')
    assert.match(src ?? '', /^data:image\/png;base64,/)
    // Issue 37, item 1: the preview shows the whole receipt (it scrolls), not its header cut off in a 240 px box.
    await viewer.locator('img').evaluate((img: HTMLImageElement) => img.decode())
    const image = await viewer.locator('img').boundingBox()
    const frame = await viewer.locator('.lp-receipt__image').boundingBox()
    assert.ok(image && frame)
    assert.ok(Math.abs(frame.height - image.height) <= 1, `frame ${frame.height} px, image ${image.height} px`)
    assert.ok(image.height > image.width * 1.2, `image ${image.width}×${image.height}`)
    await screenshot(page, `receipt-preview-${locale}.png`)
    const shown = Buffer.from((src as string).split(',')[1], 'base64')
    // And the download, where the browser keeps one (this iOS 17 Safari does).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('button', { name: m.receiptDownload, exact: true }).click(),
    ])
    assert.equal(download.suggestedFilename(), `receipt-${orderNo}.png`)
    const saved = readFileSync(await download.path())
    assert.deepEqual(saved, shown)
    // 375 CSS px wide at the phone's 2 device pixels per CSS px; as tall as the receipt's rows make it.
    const size = pngSize(saved)
    assert.equal(size.width, 750)
    assert.ok(size.height > 900 && size.height < 2000, `height ${size.height}`)
    // The image is really drawn: the browser decodes it to those dimensions.
    const decoded = await page.evaluate(async (url) => {
      const image = new Image()
      image.src = url
      await image.decode()
      return { width: image.naturalWidth, height: image.naturalHeight }
    }, src as string)
    assert.deepEqual(decoded, size)
    assert.ok(Math.abs(image.height / image.width - size.height / size.width) < 0.01, 'drawn at the PNG’s proportions')
    await viewer.getByRole('button', { name: m.receiptClose, exact: true }).click()
    await viewer.waitFor({ state: 'detached' })
    // Only the browser's own favicon request answers 404 here, as on every page of the suite.
    assertNoTypeError(errors)
    await context.close()
  })
}

test('the phone top-up page states the delivery time and what it excludes (zh-CN)', async () => {
  const context = await phoneContext(browser, 'zh-CN')
  await logInByPhoneCode(server, context, '13600005353', 'zh-CN')
  const page = await context.newPage()
  await page.goto(`${server.url}${pagePath('phoneBillRecharge')}`)
  const notice = page.getByRole('note')
  await notice.getByText(deliveryTimeText(LifePayOrderType.Phone, 'zh-CN'), { exact: true }).waitFor()
  await notice.getByText(label(deliveryExclusionLabels, LifePayOrderType.Phone, 'zh-CN'), { exact: true }).waitFor()
  await page.getByText('¥49.25').first().waitFor()
  await settled(page)
  await screenshot(page, 'delivery-time.png')
  for (const [name, type] of [
    ['electricBillRecharge', LifePayOrderType.Electric],
    ['gasBillRecharge', LifePayOrderType.Gas],
  ] as const) {
    await page.goto(`${server.url}${pagePath(name)}`)
    await page.getByRole('note').getByText(deliveryTimeText(type, 'zh-CN'), { exact: true }).waitFor()
  }
  await context.close()
})
