import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser } from 'playwright-core'
import enUS from '../../src/i18n/en-US'
import zhCN from '../../src/i18n/zh-CN'
import { SUBPACKAGES, pagePath } from '../../src/routes'
import { ARTIFACTS, launchBrowser, phoneContext } from './browser'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { assertH5Built } from './session'

let browser: Browser
let server: AppServer
let baseUrl: string

before(async () => {
  assertH5Built()
  server = await startAppServer()
  baseUrl = server.url
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const navTitle = '.lp-navbar__title'

test('home and mine tabs switch through the tab bar, each under its own title', async () => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  await page.goto(`${baseUrl}/pages/home/index?channelId=demo`)
  await page.waitForSelector(navTitle)
  assert.equal(await page.textContent(navTitle), zhCN['app.productTitle'])
  await page.screenshot({ path: join(ARTIFACTS, 'shell-home-zh-CN.png') })

  await page.locator('.weui-tabbar__item', { hasText: zhCN['tab.mine'] }).click()
  await page.waitForURL(/pages\/mine\/index/)
  await page.waitForFunction(
    ([sel, text]) => [...document.querySelectorAll(sel)].some((el) => el.textContent === text),
    [navTitle, `${zhCN['page.mine']} - ${zhCN['app.titleSuffix']}`] as const,
  )
  await page.screenshot({ path: join(ARTIFACTS, 'shell-mine-zh-CN.png') })
  // The channel from the tab page's query is kept for the request layer.
  assert.equal(await page.evaluate(() => localStorage.getItem('lifePay.channelId')), JSON.stringify({ data: 'demo' }))

  await page.locator('.weui-tabbar__item', { hasText: zhCN['tab.home'] }).click()
  await page.waitForURL(/pages\/home\/index/)
  await context.close()
})

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`every registered route opens by URL with its page title (${locale})`, async () => {
    const catalogue = locale === 'zh-CN' ? zhCN : enUS
    const context = await phoneContext(browser, locale)
    const page = await context.newPage()
    for (const group of SUBPACKAGES) {
      for (const name of group.pages) {
        await page.goto(`${baseUrl}${pagePath(name)}`)
        const expected = `${catalogue[`page.${name}` as keyof typeof catalogue]} - ${catalogue['app.titleSuffix']}`
        await page.waitForFunction(
          ([sel, text]) => [...document.querySelectorAll(sel)].some((el) => el.textContent === text),
          [navTitle, expected] as const,
          { timeout: 15000 },
        )
        assert.equal(await page.title(), expected)
        await page.screenshot({ path: join(ARTIFACTS, `route-${name}-${locale}.png`) })
      }
    }
    await context.close()
  })
}
