import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import type { CreateLifePayOrderResult, LifePayOrderDetail, UserAccount } from '@contract/lifePay'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import type { Locale } from '@domain/locale'
import enUS from '../../src/i18n/en-US'
import zhCN from '../../src/i18n/zh-CN'
import {
  SUBPACKAGES,
  TAB_PAGES,
  accountListUrl,
  applyRefundUrl,
  editAccountUrl,
  orderDetailUrl,
  pagePath,
  rechargeResultUrl,
  refundResultUrl,
  selectPayTypeUrl,
} from '../../src/routes'
import { TEST_BUILD_OPERATOR } from '../../config/operatorSettings'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { ARTIFACTS, launchBrowser, phoneContext, settled } from './browser'
import { assertH5Built, lifePayApi, logInByPhoneCode } from './session'

// Every page of the app as a user sees it, in both languages, at 375×812: a screenshot of each in the suite's
// artifacts (test/e2e/artifacts/tour-*.png), and a check of every text on screen — no template placeholder or
// unfilled value, no English in zh-CN and no Chinese in en-US, except what the user typed and a language's own name.

let server: AppServer
let browser: Browser

before(async () => {
  assertH5Built()
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '100' })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
})

const catalogue = (locale: Locale) => (locale === 'zh-CN' ? zhCN : enUS)

/** What the user types in each language (remarks, holder names): allowed in either script. */
const TYPED: Record<Locale, { phoneRemark: string; electricRemark: string; gasRemark: string }> = {
  'zh-CN': { phoneRemark: '妈妈', electricRemark: '老家', gasRemark: '公司' },
  'en-US': { phoneRemark: 'Mum', electricRemark: 'Home', gasRemark: 'Office' },
}

/** Names a language is always shown in, whatever the page's language (the language switch). */
const AUTONYMS = ['简体中文', 'English']
/**
 * The operator's identifiers the legal pages show as configured, in either language (an ICP filing number is written
 * in Chinese, a phone number in digits): those the build had, else the test build's (scripts/testBuildOperator.ts).
 */
const OPERATOR_IDENTIFIERS = (['TARO_APP_OPERATOR_ICP_FILING', 'TARO_APP_OPERATOR_PHONE'] as const).map(
  (name) => process.env[name]?.trim() || TEST_BUILD_OPERATOR[name],
)

/** Technical terms Chinese text writes in Latin letters (the privacy policy's identifiers and protocols). */
const LATIN_TERMS = ['openId', 'uId', 'HTTPS', 'IP', 'IC']

const PLACEHOLDER = /【待|\[Operator to fill|\{\{|\{[A-Za-z]+\}|\bundefined\b|\bNaN\b|\bnull\b|\[object /
/** Order numbers, e-mail and web addresses: read the same in both languages. */
const IDENTIFIER = /\b[A-Z]{1,4}\d{6,}\b|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?:\/\/\S+/g

/** Every text on screen of the page in front: text nodes under a visible element, and visible input placeholders. */
async function textsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // No named function in here: tsx names them with a helper the page does not have.
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      const parent = node.parentElement
      if (text === '' || !parent || parent.closest('script, style, noscript')) continue
      if (parent.getClientRects().length === 0) continue
      texts.push(text)
    }
    for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const placeholder = input.getAttribute('placeholder') ?? ''
      if (placeholder !== '' && input.getClientRects().length > 0) texts.push(placeholder)
    }
    return texts
  })
}

/** The texts of the page in front that a user of `locale` should not see. */
export function misplacedTexts(texts: readonly string[], locale: Locale, typed: readonly string[]): string[] {
  const allowed = [...AUTONYMS, ...OPERATOR_IDENTIFIERS, ...(locale === 'zh-CN' ? LATIN_TERMS : []), ...typed]
  return texts.filter((text) => {
    if (PLACEHOLDER.test(text)) return true
    let rest = text.replace(IDENTIFIER, '')
    for (const name of allowed) rest = rest.split(name).join('')
    return locale === 'zh-CN' ? /[A-Za-z]{2,}/.test(rest) : /[\u3400-\u9fff]/.test(rest)
  })
}

async function visit(page: Page, url: string, name: string, locale: Locale, typed: readonly string[]) {
  await page.goto(`${server.url}${url}`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await settled(page)
  // A page still loading or failed shows its state, not its content: the tour is of pages with their data.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]:not([hidden])'), undefined, {
    timeout: 15_000,
  })
  await settled(page)
  await page.screenshot({ path: join(ARTIFACTS, `tour-${name}-${locale}.png`) })
  const wrong = misplacedTexts(await textsOnScreen(page), locale, typed)
  assert.deepEqual(wrong, [], `${name} (${locale}) shows ${JSON.stringify(wrong)}`)
}

async function paid(userId: string, orderNo: string): Promise<void> {
  await lifePayApi(server, userId, 'POST', '/api/LifePay/GetPayOrderForJsAPI', { orderNo, lifePayType: 10 })
  await lifePayApi(server, userId, 'POST', '/api/dev/pay/confirm', { orderNo, deliveries: 1 })
  const deadline = Date.now() + 20_000
  for (;;) {
    const order = await lifePayApi<LifePayOrderDetail>(
      server,
      userId,
      'GET',
      `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${orderNo}`,
    )
    if (order.lifePayOrderStatus === LifePayOrderStatus.Completed) return
    assert.ok(Date.now() < deadline, `order ${orderNo} not completed`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  test(`every page, logged out: screenshot and its texts in ${locale}`, { timeout: 180_000 }, async () => {
    const context = await phoneContext(browser, locale)
    await context.addInitScript((lang) => {
      localStorage.setItem('lifePay.locale', JSON.stringify({ data: lang }))
    }, locale)
    const page = await context.newPage()
    for (const tab of TAB_PAGES) await visit(page, `/${tab}`, `${tab.split('/')[1]}-logged-out`, locale, [])
    // The login subpackage's pages: the ones a logged-out user reaches.
    const login = SUBPACKAGES.find((group) => group.root === 'subpackages/login')?.pages ?? []
    assert.ok(login.length > 0)
    for (const name of login) await visit(page, pagePath(name), name, locale, [])
    await context.close()
  })

  test(`every page with a user's data: screenshot and its texts in ${locale}`, { timeout: 300_000 }, async () => {
    const context = await phoneContext(browser, locale)
    const userId = await logInByPhoneCode(server, context, locale === 'zh-CN' ? '13600007777' : '13600008888', locale)
    const api = <T>(path: string, body: unknown) => lifePayApi<T>(server, userId, 'POST', path, body)
    const typed = TYPED[locale]
    const saved = {
      phone: await api<string>('/api/LifePay/AddUpdateUserAccount', {
        lifePayType: LifePayOrderType.Phone,
        content: '13912345678',
        remark: typed.phoneRemark,
        ispCode: 'yidong',
      }),
      electric: await api<string>('/api/LifePay/AddUpdateUserAccount', {
        lifePayType: LifePayOrderType.Electric,
        content: '3100123456789',
        remark: typed.electricRemark,
        electricType: 'guowang',
        electricAccountType: 'house',
        province: '310000',
        city: '310100',
      }),
      gas: await api<string>('/api/LifePay/AddUpdateUserAccount', {
        lifePayType: LifePayOrderType.Gas,
        content: '880012345',
        remark: typed.gasRemark,
        gasOrgType: 'xin_ao',
      }),
    }
    const order = (path: string, body: object) =>
      api<CreateLifePayOrderResult>(path, { ...body, idempotencyKey: randomUUID() }).then((o) => o.orderNo)
    const phone = await order('/api/LifePay/CreateLifePayPhoneOrder', {
      phone: '13912345678',
      ispCode: 'yidong',
      parValue: 50,
    })
    const refunding = await order('/api/LifePay/CreateLifePayPhoneOrder', {
      phone: '13912345678',
      ispCode: 'yidong',
      parValue: 30,
    })
    const electric = await order('/api/LifePay/CreateLifePayElectricOrder', {
      electricAccount: '3100123456789',
      electricType: 'guowang',
      electricAccountType: 'house',
      province: '310000',
      city: '310100',
      parValue: 100,
    })
    const gas = await order('/api/LifePay/CreateLifePayGasOrder', {
      gasAccount: '880012345',
      gasOrgType: 'xin_ao',
      province: '310000',
      city: '310100',
      parValue: 100,
    })
    const unpaid = await order('/api/LifePay/CreateLifePayPhoneOrder', {
      phone: '13912345678',
      ispCode: 'yidong',
      parValue: 100,
    })
    for (const orderNo of [phone, refunding, electric, gas]) await paid(userId, orderNo)
    const detail = await lifePayApi<LifePayOrderDetail>(
      server,
      userId,
      'GET',
      `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${refunding}`,
    )
    await api('/api/LifePay/RefundUserLifePayOrder', {
      id: detail.id,
      refundApplyRemark: locale === 'zh-CN' ? '充错号码' : 'Wrong number',
    })
    const accounts = await api<UserAccount[]>('/api/LifePay/GetUserAccountAllList', {})
    assert.equal(accounts.length, 3)

    const page = await context.newPage()
    const all = [...Object.values(typed), locale === 'zh-CN' ? '充错号码' : 'Wrong number']
    const pages: [string, string][] = [
      ['home', `/${TAB_PAGES[0]}`],
      ['mine', `/${TAB_PAGES[1]}`],
      ['phoneBillRecharge', pagePath('phoneBillRecharge')],
      ['electricBillRecharge', pagePath('electricBillRecharge')],
      ['gasBillRecharge', pagePath('gasBillRecharge')],
      ['selectPayType', selectPayTypeUrl(unpaid, 'phone')],
      ['rechargeResult', rechargeResultUrl('phone', phone)],
      ['rechargeElectricResult', rechargeResultUrl('electric', electric)],
      ['rechargeGasResult', rechargeResultUrl('gas', gas)],
      ['order', pagePath('order')],
      ['order-detail', orderDetailUrl(electric)],
      ['orderApplyRefund', applyRefundUrl(gas)],
      ['orderRefundResult', refundResultUrl(refunding)],
      ['userAccountList', accountListUrl(LifePayOrderType.Electric)],
      ['editPhoneUserAccount', editAccountUrl(LifePayOrderType.Phone, saved.phone)],
      ['editElectricUserAccount', editAccountUrl(LifePayOrderType.Electric, saved.electric)],
      ['editGasUserAccount', editAccountUrl(LifePayOrderType.Gas, saved.gas)],
    ]
    for (const [name, url] of pages) await visit(page, url, name, locale, all)
    // Every page title is the catalogue's (nothing left untranslated in the navigation bar).
    assert.ok(catalogue(locale)['app.titleSuffix'])
    await context.close()
  })
}
