import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { UserAccount } from '../../types/api/lifePay'
import { LifePayOrderType } from '../../src/domain/lifePayOrderType'
import type { Locale } from '../../src/domain/locale'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { accountMessages as AccountMessages } from '../../src/subpackages/userAccount/messages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { ARTIFACTS, launchBrowser, phoneContext, settled } from './browser'
import { assertH5Built, importAppModule, lifePayApi, logInByPhoneCode } from './session'

// Saved accounts in a phone browser against the real server: add, refuse a duplicate, edit, use from the top-up
// page, delete, for each utility; someone else's account id is not found.

const LIST_PAGE = '/subpackages/userAccount/userAccountList/userAccountList'
let server: AppServer
let browser: Browser
let accountMessages: typeof AccountMessages
let fieldMessages: typeof FieldMessages

/** The server's answers (server/src/http/errors.ts), in the language the browser asks for. */
const DUPLICATE: Record<Locale, string> = {
  'zh-CN': '该账户已添加，请勿重复添加',
  'en-US': 'This account is already saved',
}
const DELETE_QUESTION: Record<Locale, [string, string]> = {
  'zh-CN': ['提示', '确定要删除该数据吗？'],
  'en-US': ['Prompt', 'Are you sure you want to delete this data?'],
}

before(async () => {
  assertH5Built()
  ;({ accountMessages } = await importAppModule(() => import('../../src/subpackages/userAccount/messages')))
  ;({ fieldMessages } = await importAppModule(() => import('../../src/components/lifePayFields/messages')))
  server = await startAppServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const m = (locale: Locale) => accountMessages[locale]
const f = (locale: Locale) => fieldMessages[locale]

const accountsOf = (userId: string, type: LifePayOrderType) =>
  lifePayApi<UserAccount[]>(server, userId, 'POST', '/api/LifePay/GetUserAccountAllList', { lifePayOrderType: type })

const shot = (page: Page, name: string, locale: Locale) =>
  page.screenshot({ path: join(ARTIFACTS, `account-${name}-${locale}.png`) })

const cards = (page: Page) => page.locator('.lp-account-card:visible')
const save = (page: Page) => page.locator('.lp-account-form__save:visible').click()
/** The text input of a labelled field on the page in front. */
// A field as a screen reader finds it: the native <input> named by its label.
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true })

async function backOnList(page: Page) {
  await page.waitForURL(/userAccountList/)
  await page.locator('.lp-account-list:visible').waitFor()
}

async function deleteCard(page: Page, locale: Locale, screenshot = false) {
  await cards(page).first().getByText(m(locale).delete).click()
  const dialog = page.locator('.lp-dialog__box:visible')
  await dialog.waitFor()
  const text = (await dialog.textContent()) ?? ''
  for (const expected of DELETE_QUESTION[locale]) assert.ok(text.includes(expected), text)
  if (screenshot) await shot(page, 'delete-confirm', locale)
  await page.locator('.lp-dialog__btn--confirm:visible').click()
  await page.waitForFunction(() => document.querySelectorAll('.lp-account-card').length === 0)
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`add, refuse a duplicate, edit, top up with and delete a saved account of each utility (${locale})`, async () => {
    const context = await phoneContext(browser, locale)
    const userId = await logInByPhoneCode(server, context, locale === 'zh-CN' ? '13500001111' : '13500002222', locale)
    const page = await context.newPage()

    // Phone: empty, then added from the list.
    await page.goto(`${server.url}${LIST_PAGE}`)
    await page.getByText(m(locale).emptyPhone).waitFor()
    await settled(page)
    await shot(page, 'list-empty', locale)
    await page.getByText(`+ ${m(locale).addPhone}`).click()
    await page.waitForURL(/editPhoneUserAccount/)
    await page.locator('.lp-account-form__save').waitFor()
    await save(page)
    await page.locator('.lp-field__error').first().waitFor()
    await settled(page)
    await shot(page, 'phone-invalid', locale)
    await field(page, f(locale).phoneLabel).fill('13812345678')
    // The carrier is detected from the number.
    await page.locator('.lp-chip--selected', { hasText: locale === 'zh-CN' ? '中国移动' : 'China Mobile' }).waitFor()
    await field(page, m(locale).remarkLabel).fill(locale === 'zh-CN' ? '爸妈' : 'Parents')
    await shot(page, 'phone-filled', locale)
    await save(page)
    await backOnList(page)
    await cards(page).first().waitFor()
    assert.equal(await cards(page).count(), 1)
    const card = (await cards(page).first().textContent()) ?? ''
    assert.ok(card.includes(locale === 'zh-CN' ? '爸妈' : 'Parents') && card.includes('138****5678'), card)
    await settled(page)
    await shot(page, 'list-phone', locale)

    // The same number again is refused, in the server's words, at the number.
    await page.getByText(`+ ${m(locale).addPhone}`).click()
    await page.waitForURL(/editPhoneUserAccount/)
    await field(page, f(locale).phoneLabel).fill('13812345678')
    await save(page)
    await page.locator('.lp-field__error:visible', { hasText: DUPLICATE[locale] }).waitFor()
    await settled(page)
    await shot(page, 'phone-duplicate', locale)
    await page.goBack()
    await backOnList(page)

    // Edit the remark.
    await cards(page).first().getByText(m(locale).edit).click()
    await page.waitForURL(/editPhoneUserAccount\?id=/)
    const remark = field(page, m(locale).remarkLabel)
    await page.waitForFunction(
      (label) => (document.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement | null)?.value !== '',
      m(locale).remarkLabel,
    )
    await settled(page)
    await shot(page, 'phone-edit', locale)
    await remark.fill(locale === 'zh-CN' ? '妈妈' : 'Mum')
    await save(page)
    await backOnList(page)
    await cards(page)
      .first()
      .getByText(locale === 'zh-CN' ? '妈妈' : 'Mum')
      .waitFor()
    assert.deepEqual(
      (await accountsOf(userId, LifePayOrderType.Phone)).map((a) => [a.content, a.remark, a.ispCode]),
      [['13812345678', locale === 'zh-CN' ? '妈妈' : 'Mum', 'yidong']],
    )

    // Top up with it: the top-up page opens with the number, and its saved-account picker shows the new remark.
    await cards(page).first().getByText(m(locale).topUp).click()
    await page.waitForURL(/phoneBillRecharge/)
    await page.locator('.lp-phone-confirmed__number:visible', { hasText: '138****5678' }).waitFor()
    await page.locator('.lp-saved__chip:visible', { hasText: locale === 'zh-CN' ? '妈妈' : 'Mum' }).waitFor()
    await settled(page)
    await shot(page, 'phone-top-up', locale)
    await page.goBack()
    await backOnList(page)

    // Electricity: region (the grid follows), account, holder name where the grid asks.
    await page.getByRole('tab', { name: m(locale).tabElectric }).click()
    await page.getByText(m(locale).emptyElectric).waitFor()
    await page.getByText(`+ ${m(locale).addElectric}`).click()
    await page.waitForURL(/editElectricUserAccount/)
    await page.locator('.lp-select:visible').click()
    await page.locator('.lp-sheet .lp-chip', { hasText: '深圳市' }).click()
    await field(page, f(locale).electricAccountLabel).fill('0755001234567')
    await field(page, f(locale).holderNameLabel).fill('张三')
    await field(page, m(locale).remarkLabel).fill(locale === 'zh-CN' ? '家里' : 'Home')
    await settled(page)
    await shot(page, 'electric-filled', locale)
    await save(page)
    await backOnList(page)
    await cards(page).first().waitFor()
    const electric = (await cards(page).first().textContent()) ?? ''
    assert.ok(electric.includes('075****4567') && electric.includes('广东省 深圳市'), electric)
    await settled(page)
    await shot(page, 'list-electric', locale)

    // Gas: company and account; this page scrolls as a whole.
    await page.getByRole('tab', { name: m(locale).tabGas }).click()
    await page.getByText(`+ ${m(locale).addGas}`).click()
    await page.waitForURL(/editGasUserAccount/)
    await page.locator('.lp-page--scroll:visible .lp-account-form').waitFor()
    await page.locator('.lp-chip:visible', { hasText: locale === 'zh-CN' ? '新奥燃气' : 'ENN Natural Gas' }).click()
    await field(page, f(locale).gasAccountLabel).fill('XA20240001')
    await settled(page)
    await shot(page, 'gas-filled', locale)
    await save(page)
    await backOnList(page)
    await cards(page).first().waitFor()
    assert.ok(((await cards(page).first().textContent()) ?? '').includes('XA2****0001'))
    await settled(page)
    await shot(page, 'list-gas', locale)

    // Delete each, after the SPEC's question.
    await deleteCard(page, locale, true)
    await page.getByText(m(locale).emptyGas).waitFor()
    await page.getByRole('tab', { name: m(locale).tabElectric }).click()
    await cards(page).first().waitFor()
    await deleteCard(page, locale)
    await page.getByRole('tab', { name: m(locale).tabPhone }).click()
    await cards(page).first().waitFor()
    await deleteCard(page, locale)
    for (const type of [LifePayOrderType.Phone, LifePayOrderType.Electric, LifePayOrderType.Gas]) {
      assert.deepEqual(await accountsOf(userId, type), [])
    }
    await context.close()
  })
}

test('someone else’s account id in the URL is not found', async () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const owner = await phoneContext(browser, locale)
    const ownerId = await logInByPhoneCode(server, owner, locale === 'zh-CN' ? '13500003333' : '13500004444', locale)
    await owner.close()
    const id = await lifePayApi<string>(server, ownerId, 'POST', '/api/LifePay/AddUpdateUserAccount', {
      lifePayType: LifePayOrderType.Phone,
      content: '13912345678',
      remark: 'owner',
    })

    const context = await phoneContext(browser, locale)
    await logInByPhoneCode(server, context, locale === 'zh-CN' ? '13500005555' : '13500006666', locale)
    const page = await context.newPage()
    await page.goto(`${server.url}/subpackages/userAccount/editPhoneUserAccount/editPhoneUserAccount?id=${id}`)
    await page.getByText(m(locale).accountNotFound).waitFor()
    assert.equal(await page.locator('.lp-account-form').count(), 0)
    await settled(page)
    await shot(page, 'not-found', locale)
    await context.close()
  }
})
