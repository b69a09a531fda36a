import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser } from 'playwright-core'
import { SUBPACKAGES, TAB_PAGES, pagePath } from '../../src/routes'
import { launchBrowser, phoneContext, settled } from './browser'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { assertH5Built } from './session'

// The H5 app under the server's Content-Security-Policy: every route renders, and the browser reports no violation
// (an inline script without its hash, an eval, a style or image source the policy does not allow).

let browser: Browser
let server: AppServer

before(async () => {
  assertH5Built()
  server = await startAppServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

test('every route renders under the CSP with no violation reported', async () => {
  const context = await phoneContext(browser)
  const page = await context.newPage()
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)
    })
  })
  const first = await page.goto(`${server.url}/pages/home/index`)
  const csp = first?.headers()['content-security-policy'] ?? ''
  assert.match(csp, /script-src 'self' 'sha256-/)
  assert.equal(first?.headers()['x-content-type-options'], 'nosniff')

  const paths = [...TAB_PAGES.map((path) => `/${path}`), ...SUBPACKAGES.flatMap((group) => group.pages.map(pagePath))]
  for (const path of paths) {
    await page.goto(`${server.url}${path}`)
    // The app ran: Taro mounted the page and drew its title bar.
    await page.locator('.lp-navbar__title').filter({ visible: true }).first().waitFor()
    await settled(page)
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
    assert.deepEqual(violations, [], `${path}: ${violations.join('; ')}`)
  }
  await context.close()
})
