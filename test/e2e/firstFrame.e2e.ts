import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { pagePath } from '../../src/routes'
import { ARTIFACTS, launchBrowser, phoneContext, settled } from './browser'
import { seedUserWithOrders } from '../../bench/seedOrders'
import { assertH5Built, importAppModule, storeLogin } from './session'

// index.html's first frame (src/index.html, its table scripts/firstFrameTable.ts): drawn before any of the app's code
// runs, and replaced by the page without moving anything.

let browser: Browser
let server: AppServer
let table: Record<string, [string[], string[], string | 0, 0 | 1]>

before(async () => {
  assertH5Built()
  server = await startAppServer()
  browser = await launchBrowser()
  table = (await importAppModule(() => import('../../scripts/firstFrameTable'))).firstFrameTable()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const ROUTES = [
  { name: 'home', path: '/', row: 'pages/home/index' },
  { name: 'mine', path: '/pages/mine/index' },
  { name: 'phoneBillRecharge', path: pagePath('phoneBillRecharge') },
  { name: 'order detail', path: `${pagePath('order')}?orderNo=LP0000000000001` },
  { name: 'authorization', path: pagePath('authorization') },
]

const rowOf = (route: (typeof ROUTES)[number]) => table[route.row ?? route.path.split('?')[0].slice(1)]
const frameTexts = (page: Page) =>
  page.locator('.lp-first-frame').locator('.lp-first-frame__title, span').allTextContents()

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`the first frame shows each route's title before the app's code runs (${locale})`, async () => {
    const context = await phoneContext(browser, locale)
    const page = await context.newPage()
    // None of the app's scripts load: what shows is index.html's alone.
    await page.route(/\/js\/.*\.js$/, (route) => route.abort())
    for (const route of ROUTES) {
      await page.goto(`${server.url}${route.path}`)
      const [zh, en] = rowOf(route)
      assert.deepEqual(await frameTexts(page), locale === 'en-US' ? en : zh, route.name)
      assert.ok(await page.locator('.lp-first-frame__title').isVisible(), route.name)
      // Mine's frame shows the page's default avatar (a data URI in index.html).
      if (route.name === 'mine')
        await page.waitForFunction(() => {
          const avatar = document.querySelector<HTMLImageElement>('.lp-first-frame img')
          return avatar !== null && avatar.complete && avatar.naturalWidth > 0
        })
      await page.screenshot({ path: join(ARTIFACTS, `first-frame-${route.name.replace(/\W+/g, '-')}-${locale}.png`) })
    }
    await context.close()
  })
}

test('the page marks when it has replaced its first frame (lp-page-rendered, what bench:page measures to)', async () => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  for (const route of ROUTES) {
    await page.goto(`${server.url}${route.path}`)
    await page.locator('.lp-first-frame').waitFor({ state: 'detached' })
    const timings = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      rendered: performance.getEntriesByName('lp-page-rendered').map((mark) => mark.startTime),
    }))
    assert.ok(timings.paint !== undefined, `${route.name}: no first contentful paint`)
    assert.equal(timings.rendered.length, 1, `${route.name}: lp-page-rendered once`)
    assert.ok(timings.rendered[0] >= timings.paint, `${route.name}: lp-page-rendered after the first paint`)
  }
  await context.close()
})

interface LayoutShift {
  value: number
  /** What moved: each source element's tag and classes. */
  moved: string[]
}

/** The layout shifts the page has had since it started loading (what Lighthouse's CLS adds up), without input. */
const layoutShifts = (page: Page): Promise<LayoutShift[]> =>
  page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined)
    // `buffered` puts the entries so far in the observer's buffer at once; takeRecords hands them over.
    observer.observe({ type: 'layout-shift', buffered: true })
    const entries = observer.takeRecords() as (PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources?: { node?: Node | null }[]
    })[]
    observer.disconnect()
    return entries
      .filter((e) => !e.hadRecentInput)
      .map((e) => ({
        value: e.value,
        moved: (e.sources ?? []).map((source) =>
          source.node instanceof Element ? `${source.node.tagName.toLowerCase()}.${source.node.className}` : '?',
        ),
      }))
  })
const layoutShift = async (page: Page) => (await layoutShifts(page)).reduce((sum, shift) => sum + shift.value, 0)

test('the page replaces its first frame without a layout shift of its own', async () => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  for (const route of ROUTES) {
    await page.goto(`${server.url}${route.path}`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.locator('.lp-first-frame').waitFor({ state: 'detached' })
    await settled(page)
    const shift = await layoutShift(page)
    assert.ok(shift <= 0.01, `${route.name}: layout shift ${shift.toFixed(4)}`)
  }
  await context.close()
})

test('the tab pages load without any layout shift on a phone-speed CPU (CLS at the floor: 0)', async () => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  // Lighthouse's mobile CPU, 4× slower: the app boots in several tasks (src/platform/h5Boot.ts) and the browser paints
  // in between, so whatever Taro adds and changes while it starts is painted (its navigation bar, its tab bar).
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  for (const route of ROUTES.filter((r) => r.name === 'home' || r.name === 'mine')) {
    await page.goto(`${server.url}${route.path}`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.locator('.lp-first-frame').waitFor({ state: 'detached' })
    await page.locator('.taro-tabbar__tabbar').waitFor()
    await settled(page)
    assert.deepEqual(await layoutShifts(page), [], route.name)
  }
  await context.close()
})

test('home shows its lists without moving the sections below, in English too (its longer lines)', async () => {
  // Lighthouse's phone (412 wide) in English: a status such as "Refund pending review" once wrapped its row's line
  // and pushed the saved accounts down as the recent orders replaced their skeletons.
  const phone = '13700009913'
  const { userId } = await seedUserWithOrders(server.url, server.smsCode, phone, 6)
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale })
    await storeLogin(context, userId, phone, locale)
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    await page.locator('.lp-topup-row__action').first().waitFor()
    await settled(page)
    assert.deepEqual(await layoutShifts(page), [], locale)
    await context.close()
  }
})

test('the data pages show what they load without moving what they showed while loading', async () => {
  // A user with a few orders, none of whose accounts is saved: the saved-accounts list is empty.
  const phone = '13700009911'
  const { userId, paidOrderNo } = await seedUserWithOrders(server.url, server.smsCode, phone, 3)
  const context = await phoneContext(browser)
  await storeLogin(context, userId, phone, 'zh-CN')
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // Loading, then the empty state: its text is a new element under the art, not the loading text moved there.
  await page.goto(`${server.url}${pagePath('userAccountList')}`)
  await page.locator('.lp-state__empty-art').waitFor()
  await settled(page)
  assert.deepEqual(await layoutShifts(page), [], 'userAccountList')
  // The result shows once the order's details are in: its buttons never move down under the user's finger.
  await page.goto(`${server.url}${pagePath('rechargeResult')}?orderNo=${paidOrderNo}`)
  await page.locator('.lp-result__details').waitFor()
  await settled(page)
  assert.deepEqual(await layoutShifts(page), [], 'rechargeResult')
  await context.close()
})
