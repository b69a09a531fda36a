import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { navBarTitle } from '../../src/components/pageTitle'
import type { Locale } from '@domain/locale'
import { formatMessage } from '../../src/i18n/messages'
import { homeMessages } from '../../src/pages/home/messages'
import { pagePath, pageTitleKey, SUBPACKAGES, TAB_PAGES } from '../../src/routes'
import {
  defaultAvatarDataUri,
  firstFramesInHtml,
  firstFrameTable,
  INDEX_HTML,
  writeFirstFrames,
} from '../../scripts/firstFrameTable'

// `npm run firstframes`: this file with FIRST_FRAMES=write rewrites index.html's table from the catalogues first.
if (process.env.FIRST_FRAMES === 'write') writeFirstFrames()

// src/index.html's first frame: the script that draws it, run as the browser runs it.
const html = readFileSync(INDEX_HTML, 'utf8')
const firstFrameScript = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((m) => m[1])
  .find((s) => s.includes('lp-first-frame'))

const ANDROID =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 Mobile/15A372 Safari/604.1'

function drawAt(
  path: string,
  { saved, language, userAgent }: { saved?: Locale; language?: string; userAgent?: string } = {},
) {
  document.body.innerHTML = '<div id="app"></div>'
  window.history.replaceState(null, '', path)
  localStorage.clear()
  // Taro's setStorageSync wraps every value as {data}.
  if (saved) localStorage.setItem('lifePay.locale', JSON.stringify({ data: saved }))
  jest.spyOn(navigator, 'language', 'get').mockReturnValue(language ?? 'zh-CN')
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent ?? IPHONE)
  new Function(firstFrameScript as string)()
  return document.querySelector('.lp-first-frame')
}

const texts = (frame: Element | null) =>
  [...(frame?.querySelectorAll('.lp-first-frame__title, span') ?? [])].map((e) => e.textContent)
const homeTexts = (locale: Locale) => [
  navBarTitle(locale),
  formatMessage(homeMessages, locale, 'heroTitle'),
  formatMessage(homeMessages, locale, 'heroSubtitle'),
]

afterEach(() => jest.restoreAllMocks())

/** The declarations of `selector` in a stylesheet, px as the build writes them (pxtransform: 750 design, 40px rem). */
function declarations(css: string, selector: string): Record<string, string> {
  const block = new RegExp(`${selector.replace(/[.]/g, '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? ''
  return Object.fromEntries(
    block
      .split(';')
      .map((d) => d.split(':').map((part) => part.trim()))
      .filter(([name, value]) => name && value)
      .map(([name, value]) => [
        name,
        value
          .replace(/,\s+/g, ',')
          .replace(/\b(\d+)px\b/g, (_, px: string) => (px === '0' ? '0' : `${Number(px) / 40}rem`))
          .replace(/\b0\./g, '.'),
      ]),
  )
}
const sourceOf = (file: string) => readFileSync(join(__dirname, '../../src', file), 'utf8')
const scss = sourceOf
const firstFrameCss = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? ''

describe("index.html's first frame", () => {
  it('holds the table generated from the catalogues and the avatar (npm run firstframes rewrites them)', () => {
    expect(firstFramesInHtml(html)).toEqual({ table: firstFrameTable(), avatar: defaultAvatarDataUri() })
  })

  it('has a row for every route, titled as the nav bar titles the page', () => {
    const table = firstFrameTable()
    const routes = [...TAB_PAGES, ...SUBPACKAGES.flatMap((g) => g.pages.map((p) => pagePath(p).slice(1)))]
    expect(Object.keys(table).sort()).toEqual([...routes].sort())
    for (const page of SUBPACKAGES.flatMap((g) => g.pages)) {
      // Every SPEC page passes its own title key to PageFrame, the one the table is read with: itself, or through its
      // form frame — the top-up frame titles a page by its kind (`page.<kind>BillRecharge`), the saved-account frame
      // by its kind's `pageTitle`.
      const source = readFileSync(join(__dirname, '../../src', `${pagePath(page)}.tsx`), 'utf8')
      const rechargeKind = /<RechargeFormPage kind=\{(\w+)Recharge\}/.exec(source)?.[1]
      const accountKind = /<EditAccountPage kind=\{(\w+)Account\}/.exec(source)?.[1]
      const kindSource = accountKind && sourceOf(`subpackages/userAccount/kinds/${accountKind}Account.tsx`)
      const titleKey = rechargeKind
        ? `page.${rechargeKind}BillRecharge`
        : kindSource
          ? /pageTitle: '([^']+)'/.exec(kindSource)?.[1]
          : /titleKey='([^']+)'/.exec(source)?.[1]
      expect([page, titleKey]).toEqual([page, pageTitleKey(page)])
      const [zh, en] = table[pagePath(page).slice(1)]
      expect([zh[0], en[0]]).toEqual([
        navBarTitle('zh-CN', pageTitleKey(page)),
        navBarTitle('en-US', pageTitleKey(page)),
      ])
    }
  })

  it('shows the nav bar title and the hero of home in the language the app will pick', () => {
    expect(firstFrameScript).toBeDefined()
    expect(texts(drawAt('/'))).toEqual(homeTexts('zh-CN'))
    expect(texts(drawAt('/pages/home/index', { language: 'en-GB' }))).toEqual(homeTexts('en-US'))
    // A saved choice wins over the system language, as in src/i18n/i18n.ts.
    expect(texts(drawAt('/', { saved: 'zh-CN', language: 'en-US' }))).toEqual(homeTexts('zh-CN'))
    expect(texts(drawAt('/?channelId=abc', { saved: 'en-US' }))).toEqual(homeTexts('en-US'))
  })

  it('draws every other route with its title, a back button off the tabs, and the top-up notice', () => {
    const mine = drawAt('/pages/mine/index', { language: 'en-US' })
    expect(texts(mine)).toEqual([navBarTitle('en-US', 'page.mine')])
    expect(mine?.querySelector('.lp-first-frame__back')).toBeNull()
    // The page's default avatar itself, in the HTML (no request behind the bundles).
    expect(mine?.querySelector('img')?.getAttribute('src')).toBe(defaultAvatarDataUri())
    const order = drawAt('/subpackages/order/order/order/?orderNo=A1')
    expect(texts(order)).toEqual([navBarTitle('zh-CN', 'page.order')])
    expect(order?.querySelector('.lp-first-frame__back')).not.toBeNull()
    expect(order?.getAttribute('aria-hidden')).toBe('true')
    const phone = drawAt('/subpackages/recharge/phoneBillRecharge/phoneBillRecharge', { saved: 'en-US' })
    expect(texts(phone)).toEqual(firstFrameTable()['subpackages/recharge/phoneBillRecharge/phoneBillRecharge'][1])
    expect(phone?.querySelector('.lp-first-frame__notice')).not.toBeNull()
    expect(drawAt('/subpackages/nowhere/x/x')).toBeNull()
  })

  it('has the nav bar height src/stores/layout.ts gives the host: 48 on Android, 44 elsewhere', () => {
    const height = (userAgent: string) =>
      (drawAt('/', { userAgent })?.querySelector('.lp-first-frame__bar') as HTMLElement).style.height
    expect(height(ANDROID)).toBe('48px')
    expect(height(IPHONE)).toBe('44px')
  })

  it("has the page's own colours and sizes, so nothing changes when the page takes over", () => {
    const frame = (name: string) => declarations(firstFrameCss, `.lp-first-frame__${name}`)
    const navBar = scss('components/NavBar.scss')
    const home = scss('pages/home/index.scss')
    const notice = scss('subpackages/recharge/components/DeliveryTimeNotice.scss')
    const mine = scss('pages/mine/MineHeader.scss')
    expect(frame('bar').background).toBe(declarations(navBar, '.lp-navbar').background)
    expect(frame('bar').color).toBe(declarations(navBar, '.lp-navbar').color)
    const pairs: [string, Record<string, string>][] = [
      ['title', declarations(navBar, '.lp-navbar__title')],
      ['back', declarations(navBar, '.lp-navbar__back')],
      ['chevron', declarations(navBar, '.lp-navbar__chevron')],
      ['hero', declarations(home, '.lp-home__hero')],
      ['hero-title', declarations(home, '.lp-home__hero-title')],
      ['hero-subtitle', declarations(home, '.lp-home__hero-subtitle')],
      ['mine', declarations(mine, '.lp-mine-header')],
      ['avatar', declarations(mine, '.lp-mine-header__avatar')],
      ['notice', declarations(notice, '.lp-delivery-notice')],
      ['notice-time', declarations(notice, '.lp-delivery-notice__time')],
      ['notice-exclusions', declarations(notice, '.lp-delivery-notice__exclusions')],
    ]
    for (const [name, page] of pairs) {
      for (const property of Object.keys(page).filter((p) => !['z-index', 'flex-shrink', 'position'].includes(p))) {
        expect([name, property, frame(name)[property]]).toEqual([name, property, page[property]])
      }
    }
  })

  it('goes away as soon as the page itself has rendered the same element', async () => {
    const frame = drawAt('/')
    document
      .getElementById('app')
      ?.insertAdjacentHTML('beforeend', '<div class="lp-page"><div class="lp-navbar__title"></div></div>')
    await Promise.resolve()
    expect(frame?.isConnected).toBe(true)
    document.querySelector('.lp-page')?.insertAdjacentHTML('beforeend', '<div class="lp-home__hero"></div>')
    await Promise.resolve()
    expect(frame?.isConnected).toBe(false)

    const order = drawAt('/subpackages/order/order/order')
    document.getElementById('app')?.insertAdjacentHTML('beforeend', '<div class="lp-navbar__title"></div>')
    await Promise.resolve()
    expect(order?.isConnected).toBe(false)
  })
})
