import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { UserAccount } from '@contract/lifePay'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { validationMessages } from '@domain/validationMessages'
import enUS from '../../src/i18n/en-US'
import zhCN from '../../src/i18n/zh-CN'
import type { Locale } from '@domain/locale'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { accountMessages as AccountMessages } from '../../src/subpackages/userAccount/messages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { ARTIFACTS, assertToastAbove, fieldError, launchBrowser, phoneContext, settled } from './browser'
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

const catalogue = (locale: Locale) => (locale === 'zh-CN' ? zhCN : enUS)

/** The saved accounts of the list on top (role queries leave out the hidden pages H5 keeps in the document). */
const cards = (page: Page) => page.getByRole('list').getByRole('listitem')
const saveButton = (page: Page, locale: Locale) => page.getByRole('button', { name: m(locale).save, exact: true })
const save = (page: Page, locale: Locale) => saveButton(page, locale).click()
/** The text input of a labelled field on the page in front. */
// A field as a screen reader finds it: the native <input> named by its label.
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true })

async function backOnList(page: Page, locale: Locale) {
  await page.waitForURL(/userAccountList/)
  const title = catalogue(locale)['page.userAccountList']
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
}

async function deleteCard(page: Page, locale: Locale, screenshot = false) {
  await cards(page).first().getByText(m(locale).delete).click()
  const dialog = page.getByRole('dialog', { name: DELETE_QUESTION[locale][0] })
  await dialog.waitFor()
  const text = (await dialog.textContent()) ?? ''
  for (const expected of DELETE_QUESTION[locale]) assert.ok(text.includes(expected), text)
  if (screenshot) await shot(page, 'delete-confirm', locale)
  await dialog.getByRole('button', { name: catalogue(locale)['dialog.confirm'], exact: true }).click()
  await cards(page).first().waitFor({ state: 'detached' })
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
    await saveButton(page, locale).waitFor()
    await save(page, locale)
    await fieldError(page, validationMessages[locale].required).waitFor()
    await settled(page)
    await shot(page, 'phone-invalid', locale)
    await field(page, f(locale).phoneLabel).fill('13812345678')
    // The carrier is detected from the number.
    await page.getByRole('radio', { name: locale === 'zh-CN' ? '中国移动' : 'China Mobile', checked: true }).waitFor()
    await field(page, m(locale).remarkLabel).fill(locale === 'zh-CN' ? '爸妈' : 'Parents')
    await shot(page, 'phone-filled', locale)
    await save(page, locale)
    await backOnList(page, locale)
    await cards(page).first().waitFor()
    // Saved, said above the add button (it used to cover "+ Add …").
    await assertToastAbove(page, m(locale).saved, '.lp-account-list__bar')
    assert.equal(await cards(page).count(), 1)
    const card = (await cards(page).first().textContent()) ?? ''
    assert.ok(card.includes(locale === 'zh-CN' ? '爸妈' : 'Parents') && card.includes('138****5678'), card)
    await settled(page)
    await shot(page, 'list-phone', locale)

    // The same number again is refused, in the server's words, at the number.
    await page.getByText(`+ ${m(locale).addPhone}`).click()
    await page.waitForURL(/editPhoneUserAccount/)
    await field(page, f(locale).phoneLabel).fill('13812345678')
    await save(page, locale)
    await fieldError(page, DUPLICATE[locale]).waitFor()
    await settled(page)
    await shot(page, 'phone-duplicate', locale)
    await page.goBack()
    await backOnList(page, locale)

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
    await save(page, locale)
    await backOnList(page, locale)
    await cards(page)
      .first()
      .getByText(locale === 'zh-CN' ? '妈妈' : 'Mum')
      .waitFor()
    assert.deepEqual(
      (await accountsOf(userId, LifePayOrderType.Phone)).map((a) => [a.content, a.remark, a.ispCode]),
      [['13812345678', locale === 'zh-CN' ? '妈妈' : 'Mum', 'yidong']],
    )

    // Top up with it: the top-up page opens with the number, and its saved-account picker shows the new remark.
    await cards(page).first().getByText(m(locale).topUp, { exact: true }).click()
    await page.waitForURL(/phoneBillRecharge/)
    await page
      .getByRole('group', { name: f(locale).phoneLabel })
      .getByText('138****5678', { exact: true })
      .waitFor()
    await page.getByRole('button', { name: locale === 'zh-CN' ? '妈妈' : 'Mum', pressed: true }).waitFor()
    await settled(page)
    await shot(page, 'phone-top-up', locale)
    await page.goBack()
    await backOnList(page, locale)

    // Electricity: region (the grid follows), account, holder name where the grid asks.
    await page.getByRole('tab', { name: m(locale).tabElectric }).click()
    await page.getByText(m(locale).emptyElectric).waitFor()
    await page.getByText(`+ ${m(locale).addElectric}`).click()
    await page.waitForURL(/editElectricUserAccount/)
    await page.getByRole('button', { name: f(locale).regionLabel, exact: true }).click()
    await page
      .getByRole('dialog', { name: f(locale).regionSheetTitle })
      .getByRole('radio', { name: locale === 'zh-CN' ? '深圳市' : 'Shenzhen' })
      .click()
    await field(page, f(locale).electricAccountLabel).fill('0755001234567')
    await field(page, f(locale).holderNameLabel).fill('张三')
    await field(page, m(locale).remarkLabel).fill(locale === 'zh-CN' ? '家里' : 'Home')
    await settled(page)
    await shot(page, 'electric-filled', locale)
    await save(page, locale)
    await backOnList(page, locale)
    await cards(page).first().waitFor()
    const electric = (await cards(page).first().textContent()) ?? ''
    const region = locale === 'zh-CN' ? '广东省 深圳市' : 'Shenzhen, Guangdong'
    assert.ok(electric.includes('075******4567') && electric.includes(region), electric)
    await settled(page)
    await shot(page, 'list-electric', locale)

    // Gas: company and account; this page scrolls as a whole.
    await page.getByRole('tab', { name: m(locale).tabGas }).click()
    await page.getByText(`+ ${m(locale).addGas}`).click()
    await page.waitForURL(/editGasUserAccount/)
    // The layout, not an element a user looks for: the page frame's scrolling variant.
    await page
      .locator('.lp-page--scroll:visible')
      .getByRole('radiogroup', { name: f(locale).gasProviderLabel })
      .waitFor()
    await page.getByRole('radio', { name: locale === 'zh-CN' ? '新奥燃气' : 'ENN Natural Gas' }).click()
    await field(page, f(locale).gasAccountLabel).fill('XA20240001')
    await settled(page)
    await shot(page, 'gas-filled', locale)
    await save(page, locale)
    await backOnList(page, locale)
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
    // No form: neither its fields nor its save button.
    assert.equal(await page.getByRole('textbox').count(), 0)
    assert.equal(await saveButton(page, locale).count(), 0)
    await settled(page)
    await shot(page, 'not-found', locale)
    await context.close()
  }
})
