import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { TopUpReminder } from '@contract/reminders'
import type { Locale } from '@domain/locale'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { formatReminderTime, reminderConsentText } from '@domain/reminderSchedule'
import type { reminderMessages as ReminderMessages } from '../../src/subpackages/userAccount/reminderMessages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { assertNoTypeError, consoleErrors, launchBrowser, phoneContext, screenshot, settled, toast } from './browser'
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Issue 20 § reminders in a phone browser (H5: by SMS): from the saved account's editor, the consent never pre-ticked
// and the save refused until it is; the list with the next time and its one-tap cancel; the reminder falling due (the
// sandbox's POST /api/dev/reminders/due, the e2e server having no test clock) sends the SMS, whose link cancels
// without login and says what it cancelled.

const EDIT_PHONE = '/subpackages/userAccount/editPhoneUserAccount/editPhoneUserAccount'

let server: AppServer
let browser: Browser
let reminderMessages: typeof ReminderMessages

before(async () => {
  assertH5Built()
  ;({ reminderMessages } = await importAppModule(() => import('../../src/subpackages/userAccount/reminderMessages')))
  server = await startAppServer()
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
  text: string
  params: Record<string, string>
}

const reminders = (userId: string) =>
  lifePayApi<TopUpReminder[]>(server, userId, 'POST', '/api/LifePay/GetTopUpReminderList', {})

async function dev<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await server.api<T>(method, path, body)
  assert.equal(answer.success, true, `${path}: ${answer.msg}`)
  return answer.data
}

async function settledShot(page: Page, name: string) {
  await settled(page)
  await screenshot(page, `${name}.png`)
}

/** A logged-in phone browser with one saved phone account: the user id, the account id and the page. */
async function withSavedAccount(locale: Locale, phone: string, remark: string) {
  const context = await phoneContext(browser, locale)
  const userId = await logInByPhoneCode(server, context, phone, locale)
  const accountId = await lifePayApi<string>(server, userId, 'POST', '/api/LifePay/AddUpdateUserAccount', {
    lifePayType: LifePayOrderType.Phone,
    content: phone,
    remark,
  })
  const page = await context.newPage()
  return { context, userId, accountId, page, errors: consoleErrors(page) }
}

/** The editor's "Remind me" → the reminder form, its consent unticked; the save refused until it is ticked. */
async function setReminder(page: Page, locale: Locale, accountId: string, userId: string, shot: string) {
  const r = reminderMessages[locale]
  await page.goto(`${server.url}${EDIT_PHONE}?id=${accountId}`)
  await page.getByRole('button', { name: r.remindMe }).click()
  await page.waitForURL(/topUpReminder\?accountId=/)
  const consent = page.getByRole('checkbox', { name: reminderConsentText[locale].consent })
  await consent.waitFor()
  assert.equal(await consent.getAttribute('aria-checked'), 'false', 'never pre-ticked')
  assert.match((await page.getByText(r.channelSms, { exact: true }).textContent()) ?? '', /./)
  // The day: the phone's own picker (a native select laid over the row), which the row then shows.
  const day = new Date().getDate() === 28 ? 27 : 28
  await page.getByRole('combobox', { name: r.dayLabel }).selectOption(String(day))
  await page
    .getByText(r.dayValue.replace('{day}', String(day)), { exact: true })
    .first()
    .waitFor()
  const save = page.getByRole('button', { name: r.save, exact: true })
  await save.click()
  await toast(page, r.consentNeeded).waitFor()
  assert.deepEqual(await reminders(userId), [], 'nothing saved without the consent')
  await consent.click()
  await page.getByRole('checkbox', { name: reminderConsentText[locale].consent, checked: true }).waitFor()
  await toast(page, r.consentNeeded).waitFor({ state: 'detached' })
  await settledShot(page, shot)
  await save.click()
  await page.waitForURL(/reminderList/)
  const [saved] = await reminders(userId)
  assert.deepEqual(
    [saved.userAccountId, saved.kind, saved.dayOfMonth, saved.channel],
    [accountId, 'monthlyDay', day, 'sms'],
  )
  const next = r.next.replace('{time}', formatReminderTime(new Date(saved.nextRunTime!), locale))
  await page.getByRole('listitem').filter({ hasText: next }).waitFor()
  return saved
}

test('H5 (zh-CN): set from the editor, listed; due → the SMS; its link cancels without login and says so', async () => {
  const phone = '13600008801'
  const r = reminderMessages['zh-CN']
  const { context, userId, accountId, page, errors } = await withSavedAccount('zh-CN', phone, '家里的手机')
  const saved = await setReminder(page, 'zh-CN', accountId, userId, 'reminder-set')
  await page.getByRole('listitem').filter({ hasText: '家里的手机' }).waitFor()
  await toast(page, r.saved).waitFor({ state: 'detached' })
  await settledShot(page, 'reminder-list')

  // Due now: the run sends it by SMS to the user's own number, the cancel link in its text.
  await dev('POST', '/api/dev/reminders/due', { id: saved.id })
  let sent: Recorded | undefined
  for (const deadline = Date.now() + 10_000; !sent && Date.now() < deadline;) {
    const messages = await dev<Recorded[]>('GET', `/api/dev/notifications?recipient=${phone}`)
    sent = messages.find((message) => message.event === 'topUpReminder')
    if (!sent) await page.waitForTimeout(100)
  }
  assert.ok(sent, 'the reminder SMS was sent')
  assert.deepEqual([sent.channel, sent.recipient], ['sms', phone])
  const cancelPage = sent.params.cancelPage
  // A page path as the hosts take it (no leading slash); the browser opens it from the site's root.
  assert.match(cancelPage, /^subpackages\/userAccount\/cancelReminder\/cancelReminder\?token=[\w-]+$/)
  assert.ok(sent.text.includes(cancelPage), sent.text)
  assertNoTypeError(errors)
  await context.close()

  // The link, opened in a browser that is not logged in.
  const stranger = await phoneContext(browser, 'zh-CN')
  const link = await stranger.newPage()
  await link.goto(`${server.url}/${cancelPage}`)
  const status = link.getByRole('status')
  await status.getByText(r.cancelled, { exact: true }).waitFor()
  await status.getByText(r.cancelDone.replace('{account}', '136****8801'), { exact: true }).waitFor()
  await settledShot(link, 'reminder-cancelled')
  assert.deepEqual(await reminders(userId), [])
  // Opened again, it says the same.
  await link.reload()
  await link.getByRole('status').getByText(r.cancelled, { exact: true }).waitFor()
  await stranger.close()
})

test('H5 (en-US): set, listed, cancelled with one tap', async () => {
  const r = reminderMessages['en-US']
  const { context, userId, accountId, page, errors } = await withSavedAccount('en-US', '13600008802', 'Mum')
  await setReminder(page, 'en-US', accountId, userId, 'reminder-set-en')
  await page.getByRole('listitem').getByRole('button', { name: r.cancel }).click()
  await page.getByText(r.listEmpty).waitFor()
  assert.deepEqual(await reminders(userId), [])
  assertNoTypeError(errors)
  await context.close()
})
