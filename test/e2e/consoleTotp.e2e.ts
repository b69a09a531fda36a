import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Locale } from '@domain/locale'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { base32Decode, hotp, totpStep } from '../../server/src/modules/operatorAccounts/totp'
import type { commonMessages as CommonMessages } from '../../console/src/i18n/common'
import type { operatorsMessages as OperatorsMessages } from '../../console/src/pages/operators/messages'
import type { securityMessages as SecurityMessages } from '../../console/src/pages/security/messages'
import type { totpMessages as TotpMessages } from '../../console/src/session/totpMessages'
import { ARTIFACTS, consoleErrors, launchBrowser, settled } from './browser'
import { operatorCall } from './orderFlows'

// Issue 34, the console's two-step verification in a desktop Chromium against the real server: an operator sets it
// up from the security screen (QR code and key, confirmed with the app's code, recovery codes shown once), logs in
// with the code as a second step and with a recovery code, and another admin resets it; on a server that requires
// it for admins (production; here ADMIN_TOTP_REQUIRED=1), an admin's first login shows the enrolment alone. Needs
// dist/console only (npm run build:console).

const CONSOLE_DIST = join(__dirname, '../../dist/console')
const DEMO_OPERATOR = { loginName: 'operator', password: 'LifePayOps2026' }

let server: AppServer
let browser: Browser
let common: typeof CommonMessages
let totp: typeof TotpMessages
let security: typeof SecurityMessages
let operators: typeof OperatorsMessages

before(async () => {
  assert.ok(existsSync(join(CONSOLE_DIST, 'index.html')), 'dist/console is missing: run npm run build:console first')
  ;({ commonMessages: common } = await import('../../console/src/i18n/common'))
  ;({ totpMessages: totp } = await import('../../console/src/session/totpMessages'))
  ;({ securityMessages: security } = await import('../../console/src/pages/security/messages'))
  ;({ operatorsMessages: operators } = await import('../../console/src/pages/operators/messages'))
  server = await startAppServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

async function desk(locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale, acceptDownloads: true })
  await context.addInitScript((lang) => localStorage.setItem('lifePayConsole.locale', lang), locale)
  return context
}

const shot = (page: Page, name: string, locale: Locale) =>
  page.screenshot({ path: join(ARTIFACTS, `console-totp-${name}-${locale}.png`), fullPage: true })

/** antd spaces the two characters of a Chinese button label: match across whitespace. */
function button(scope: Page | ReturnType<Page['getByRole']>, text: string) {
  const letters = [...text].map((letter) => letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return scope.getByRole('button', { name: new RegExp(`(^|\\s)${letters.join('\\s*')}$`) })
}

async function submitPassword(page: Page, url: string, locale: Locale, who: { loginName: string; password: string }) {
  await page.goto(`${url}/console/`)
  await page.getByLabel(locale === 'zh-CN' ? '账号' : 'Login name').fill(who.loginName)
  await page.getByLabel(locale === 'zh-CN' ? '密码' : 'Password').fill(who.password)
  await button(page, locale === 'zh-CN' ? '登录' : 'Log in').click()
}

/**
 * Goes through the enrolment on screen: the key read off the page, the code computed as an authenticator app does,
 * the recovery codes read back. Returns the key and the codes.
 */
async function enrol(page: Page, locale: Locale): Promise<{ key: Buffer; recoveryCodes: string[] }> {
  const text = totp[locale]
  await button(page, text.start).click()
  await page.getByRole('img', { name: text.qrLabel }).or(page.getByLabel(text.qrLabel)).first().waitFor()
  const key = base32Decode((await page.getByTestId('totp-secret').textContent()) ?? '')
  assert.equal(key.length, 20)
  await shot(page, 'enrol', locale)
  await page.getByLabel(text.code, { exact: true }).fill(hotp(key, totpStep(new Date())))
  await button(page, text.verify).click()
  const list = page.getByRole('list', { name: text.recoveryCodes })
  await list.waitFor()
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
  assert.equal(recoveryCodes.length, 10)
  await shot(page, 'recovery-codes', locale)
  await button(page, text.done).click()
  return { key, recoveryCodes }
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`set up two-step verification, log in with the app's code and with a recovery code, reset by another admin (${locale})`, async () => {
    const who = { loginName: `totp.${locale}`, password: 'Totp-Password-2026' }
    await operatorCall(server, '/api/admin/operators', { ...who, role: 'reviewer' })
    const text = totp[locale]
    const context = await desk(locale)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    await submitPassword(page, server.url, locale, who)
    await page.getByRole('menu').getByRole('menuitem', { name: common[locale].menuSecurity }).click()
    await page.getByTestId('security-status').getByText(security[locale].off, { exact: true }).waitFor()
    const { key, recoveryCodes } = await enrol(page, locale)
    await page.getByTestId('security-status').getByText(security[locale].on, { exact: true }).waitFor()
    await button(page, common[locale].logout).click()

    // The password alone asks for the code; a wrong one is refused in words; the app's code logs in. (The code of the
    // step after the enrolment's: the enrolment used this step's, and a step is never accepted twice.)
    await submitPassword(page, server.url, locale, who)
    await page.getByText(text.enterCode).waitFor()
    await shot(page, 'second-step', locale)
    await page.getByLabel(text.code, { exact: true }).fill('000000')
    await button(page, text.submit).click()
    await page
      .getByRole('alert')
      .filter({ hasText: locale === 'zh-CN' ? /验证码错误/ : /Wrong or already used code/ })
      .waitFor()
    await page.getByLabel(text.code, { exact: true }).fill(hotp(key, totpStep(new Date()) + 1))
    await button(page, text.submit).click()
    await page.getByRole('menu').waitFor()
    await button(page, common[locale].logout).click()

    // No phone at hand: a recovery code, once.
    await submitPassword(page, server.url, locale, who)
    await button(page, text.useRecovery).click()
    await page.getByLabel(text.recoveryCode, { exact: true }).fill(recoveryCodes[0])
    await button(page, text.submit).click()
    await page.getByRole('menu').waitFor()
    await page.getByRole('menu').getByRole('menuitem', { name: common[locale].menuSecurity }).click()
    await page.getByTestId('security-status').getByText('9', { exact: true }).waitFor()
    await button(page, common[locale].logout).click()

    // Another admin resets it from the Operators screen: the password alone logs in again.
    await submitPassword(page, server.url, locale, DEMO_OPERATOR)
    await page.getByRole('menu').getByRole('menuitem', { name: common[locale].menuOperators }).click()
    const row = page.getByTestId('operators-table').locator('tbody tr').filter({ hasText: who.loginName })
    await row.getByText(operators[locale].totpOn, { exact: true }).waitFor()
    await button(row, operators[locale].resetTotp).click()
    await button(page.getByRole('dialog'), operators[locale].resetTotp).click()
    await row.getByText(operators[locale].totpOff, { exact: true }).waitFor()
    await settled(page)
    await shot(page, 'operators', locale)
    await button(page, common[locale].logout).click()
    await submitPassword(page, server.url, locale, who)
    await page.getByRole('menu').waitFor()
    assert.deepEqual(
      errors.filter((error) => !error.includes('status of 401')),
      [],
    )
    await context.close()
  })
}

test('where admins must have it (production; ADMIN_TOTP_REQUIRED=1), an admin’s first login shows the enrolment alone', async () => {
  const required = await startAppServer({ ADMIN_TOTP_REQUIRED: '1' })
  try {
    const locale = 'zh-CN'
    const context = await desk(locale)
    const page = await context.newPage()
    await submitPassword(page, required.url, locale, DEMO_OPERATOR)
    await page.getByRole('heading', { name: totp[locale].requiredTitle }).waitFor()
    assert.equal(await page.getByRole('menu').count(), 0)
    await shot(page, 'required', locale)
    await enrol(page, locale)
    // Set up: the same session opens the console.
    await page.getByRole('menu').getByRole('menuitem', { name: common[locale].menuDashboard }).waitFor()
    await context.close()
  } finally {
    await required.stop()
  }
})
