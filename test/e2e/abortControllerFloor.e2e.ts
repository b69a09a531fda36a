import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { consoleErrors, launchBrowser, phoneContext } from './browser'
import { assertH5Built, importAppModule, logInByPhoneCode } from './session'

// abortcontroller-polyfill, which @tarojs/taro-h5's request module imports, installs itself in a browser without
// AbortController (Chrome < 66, iOS < 12.1: inside our floor) before the first page and its requests.

const PHONE_PAGE = '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge'

let server: AppServer
let browser: Browser
let fieldMessages: typeof FieldMessages

before(async () => {
  assertH5Built()
  ;({ fieldMessages } = await importAppModule(() => import('../../src/components/lifePayFields/messages')))
  server = await startAppServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

/**
 * Chromium as Chrome 63–65 was: no AbortController or AbortSignal, and a fetch that ignores `signal` (today's would
 * refuse the polyfill's, which is not a native AbortSignal).
 */
async function withoutAbortController(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>
    delete scope.AbortController
    delete scope.AbortSignal
    const nativeFetch = window.fetch
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const options = { ...init }
      delete options.signal
      return nativeFetch(input, options)
    }
  })
}

/** The page's own errors: not the browser's report of a missing /favicon.ico (the app has none). */
const pageErrors = (errors: string[]) => errors.filter((error) => !/^Failed to load resource/.test(error))

const faceValues = (page: Page) =>
  page.getByRole('radiogroup', { name: fieldMessages['zh-CN'].faceValueLabel }).getByRole('radio')

const nativeAbortController = (page: Page) =>
  page.evaluate(() => /\[native code\]/.test(String(window.AbortController)))

async function openPhonePage(context: BrowserContext) {
  const page = await context.newPage()
  const errors = consoleErrors(page)
  await page.goto(`${server.url}${PHONE_PAGE}`)
  await faceValues(page).first().waitFor()
  return { page, errors }
}

test('without AbortController (Chrome < 66, iOS < 12.1): the polyfill is installed, the page loads its data', async () => {
  const context = await phoneContext(browser)
  await withoutAbortController(context)
  await logInByPhoneCode(server, context, '13900003301', 'zh-CN')
  const { page, errors } = await openPhonePage(context)
  assert.equal(await nativeAbortController(page), false)
  assert.deepEqual(pageErrors(errors), [])
  await context.close()
})

test('without AbortController: a request that never answers times out into the page’s error state', async () => {
  const context = await phoneContext(browser)
  await withoutAbortController(context)
  await logInByPhoneCode(server, context, '13900003302', 'zh-CN')
  const page = await context.newPage()
  const errors = consoleErrors(page)
  const f = fieldMessages['zh-CN']
  // The face values never come: the request layer's 10 s deadline aborts it through the polyfill's controller.
  await page.route('**/api/LifePay/GetPhoneParValue', () => undefined)
  await page.goto(`${server.url}${PHONE_PAGE}`)
  await page.getByText(f.faceValuesFailed, { exact: true }).waitFor({ timeout: 20_000 })
  assert.deepEqual(pageErrors(errors), [])
  // And once the server answers again, the retry loads them.
  await page.unroute('**/api/LifePay/GetPhoneParValue')
  await page.getByText(f.retry, { exact: true }).click()
  await faceValues(page).first().waitFor()
  await context.close()
})

test('a browser with AbortController keeps its own', async () => {
  const context = await phoneContext(browser)
  await logInByPhoneCode(server, context, '13900003303', 'zh-CN')
  const { page, errors } = await openPhonePage(context)
  assert.equal(await nativeAbortController(page), true)
  assert.deepEqual(pageErrors(errors), [])
  await context.close()
})
