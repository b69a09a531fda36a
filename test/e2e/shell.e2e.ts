import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import enUS from '../../src/i18n/en-US'
import zhCN from '../../src/i18n/zh-CN'
import { SUBPACKAGES, pagePath } from '../../src/routes'
import { ARTIFACTS, assertToastAbove, launchBrowser, phoneContext, settled, toast } from './browser'
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

/** The page's title, in the navigation bar (role queries leave out the hidden pages H5 keeps in the document). */
const navTitle = (page: Page, name?: string) =>
  page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name, exact: true }) })

test('home and mine tabs switch through the tab bar, each under its own title', async () => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  await page.goto(`${baseUrl}/pages/home/index?channelId=demo`)
  await navTitle(page).waitFor()
  assert.equal(await navTitle(page).textContent(), zhCN['app.productTitle'])
  await page.screenshot({ path: join(ARTIFACTS, 'shell-home-zh-CN.png') })

  await page.getByRole('link', { name: zhCN['tab.mine'], exact: true }).click()
  await page.waitForURL(/pages\/mine\/index/)
  await navTitle(page, zhCN['page.mine']).waitFor()
  await page.screenshot({ path: join(ARTIFACTS, 'shell-mine-zh-CN.png') })
  // The channel from the tab page's query is kept for the request layer.
  assert.equal(await page.evaluate(() => localStorage.getItem('lifePay.channelId')), JSON.stringify({ data: 'demo' }))

  await page.getByRole('link', { name: zhCN['tab.home'], exact: true }).click()
  await page.waitForURL(/pages\/home\/index/)
  await context.close()
})

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`every registered route opens by URL with its name in the bar and the SPEC's title on the document (${locale})`, async () => {
    const catalogue = locale === 'zh-CN' ? zhCN : enUS
    const context = await phoneContext(browser, locale)
    const page = await context.newPage()
    for (const group of SUBPACKAGES) {
      for (const name of group.pages) {
        await page.goto(`${baseUrl}${pagePath(name)}`)
        // Issue 37, item 12: the bar reads like a product (the page's name); the document keeps SPEC's pattern.
        const name_ = catalogue[`page.${name}` as keyof typeof catalogue]
        await navTitle(page, name_).waitFor({ timeout: 15000 })
        await page.waitForFunction((title) => document.title === title, `${name_} - ${catalogue['app.titleSuffix']}`)
        await page.screenshot({ path: join(ARTIFACTS, `route-${name}-${locale}.png`) })
      }
    }
    await context.close()
  })
}

for (const entry of [
  '/subpackages/recharge/gasBillRecharge/gasBillRecharge?collect=1',
  '/pages/mine/index?collect=true',
]) {
  test(`a collect entry opens home alone, nothing of the linked page behind it (${entry})`, async () => {
    const context = await phoneContext(browser)
    const page = await context.newPage()
    // A returning visitor: the linked page's code is cached, so it loads fast enough to race the relaunch.
    await page.goto(`${baseUrl}${entry.split('?')[0]}`)
    await navTitle(page).waitFor()
    await settled(page)
    await page.goto(`${baseUrl}${entry}`)
    await navTitle(page, zhCN['app.productTitle']).waitFor()
    await page.waitForLoadState('networkidle')
    assert.equal(new URL(page.url()).pathname, '/pages/home/index')
    assert.equal(await page.title(), zhCN['app.productTitle'])
    // One page in the document: before, the linked page stayed mounted behind home, its button above the tab bar.
    assert.equal(await page.locator('.taro_page').count(), 1)
    await page.screenshot({ path: join(ARTIFACTS, `collect-entry-${entry.includes('gas') ? 'gas' : 'mine'}.png`) })
    await context.close()
  })
}

test('with the server unreachable, opening a page not loaded yet says it could not be opened (logged out, 常用户号)', async () => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  await page.goto(`${baseUrl}/pages/mine/index`)
  await navTitle(page, zhCN['page.mine']).waitFor()
  await settled(page)
  // The server goes away: the saved-accounts page's code cannot be fetched any more.
  await page.route('**/*', (route) => route.abort('connectionrefused'))
  await page.getByText('常用户号', { exact: true }).click()
  // Before, nothing at all happened (the failure was an unhandled rejection in the router).
  await toast(page, zhCN['state.pageLoadFailed']).waitFor({ timeout: 5000 })
  // Still on Mine, with its address and its tab bar.
  await page.waitForURL(/pages\/mine\/index/)
  await page.getByRole('link', { name: zhCN['tab.home'], exact: true }).waitFor()
  await assertToastAbove(page, zhCN['state.pageLoadFailed'], '.taro-tabbar__tabbar')
  await page.screenshot({ path: join(ARTIFACTS, 'page-load-failed-zh-CN.png') })
  await context.close()
})
