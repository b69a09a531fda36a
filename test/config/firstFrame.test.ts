import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locale } from '../../src/domain/locale'
import { translate } from '../../src/i18n/i18n'
import { formatMessage } from '../../src/i18n/messages'
import { homeMessages } from '../../src/pages/home/messages'

// src/index.html's first frame: the script that draws it, run as the browser runs it.
const html = readFileSync(join(__dirname, '../../src/index.html'), 'utf8')
const firstFrameScript = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((m) => m[1])
  .find((s) => s.includes('lp-first-frame'))

function drawAt(path: string, { saved, language }: { saved?: Locale; language?: string } = {}) {
  document.body.innerHTML = '<div id="app"></div>'
  window.history.replaceState(null, '', path)
  localStorage.clear()
  // Taro's setStorageSync wraps every value as {data}.
  if (saved) localStorage.setItem('lifePay.locale', JSON.stringify({ data: saved }))
  jest.spyOn(navigator, 'language', 'get').mockReturnValue(language ?? 'zh-CN')
  new Function(firstFrameScript as string)()
  return document.querySelector('.lp-first-frame')
}

const texts = (frame: Element | null) =>
  [...(frame?.querySelectorAll('.lp-first-frame__title, span') ?? [])].map((e) => e.textContent)
const homeTexts = (locale: Locale) => [
  translate(locale, 'app.productTitle'),
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
        value.replace(/,\s+/g, ',').replace(/(\d+)px/g, (_, px: string) => `${Number(px) / 40}rem`),
      ])
      .map(([name, value]) => [name, value.replace(/\b0\./g, '.')]),
  )
}
const scss = (file: string) => readFileSync(join(__dirname, '../../src', file), 'utf8')
const firstFrameCss = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? ''

describe("index.html's first frame of home", () => {
  it('shows the nav bar title and the hero in the language the app will pick', () => {
    expect(firstFrameScript).toBeDefined()
    expect(texts(drawAt('/'))).toEqual(homeTexts('zh-CN'))
    expect(texts(drawAt('/pages/home/index', { language: 'en-GB' }))).toEqual(homeTexts('en-US'))
    // A saved choice wins over the system language, as in src/i18n/i18n.ts.
    expect(texts(drawAt('/', { saved: 'zh-CN', language: 'en-US' }))).toEqual(homeTexts('zh-CN'))
    expect(texts(drawAt('/?channelId=abc', { saved: 'en-US' }))).toEqual(homeTexts('en-US'))
  })

  it("has the page's own colours and sizes (NavBar.scss, home/index.scss), so nothing changes when the page takes over", () => {
    const frame = (name: string) => declarations(firstFrameCss, `.lp-first-frame__${name}`)
    const navBar = declarations(scss('components/NavBar.scss'), '.lp-navbar')
    const hero = declarations(scss('pages/home/index.scss'), '.lp-home__hero')
    expect(frame('bar').background).toBe(navBar.background)
    expect(frame('bar').color).toBe(navBar.color)
    expect(frame('hero').background).toBe(hero.background)
    expect(frame('hero').padding).toBe(hero.padding)
    for (const [name, page] of [
      ['title', declarations(scss('components/NavBar.scss'), '.lp-navbar__title')],
      ['hero-title', declarations(scss('pages/home/index.scss'), '.lp-home__hero-title')],
      ['hero-subtitle', declarations(scss('pages/home/index.scss'), '.lp-home__hero-subtitle')],
    ] as const) {
      for (const property of ['font-size', 'font-weight', 'letter-spacing', 'margin-top', 'opacity']) {
        expect([name, property, frame(name)[property]]).toEqual([name, property, page[property]])
      }
    }
  })

  it('is drawn for home only: another page opened by its link starts blank, as before', () => {
    expect(drawAt('/subpackages/order/order/order')).toBeNull()
    expect(drawAt('/pages/mine/index')).toBeNull()
  })

  it('goes away as soon as the page itself has rendered its hero', async () => {
    const frame = drawAt('/')
    document
      .getElementById('app')
      ?.insertAdjacentHTML('beforeend', '<div class="lp-page"><div class="lp-navbar"></div></div>')
    await Promise.resolve()
    expect(frame?.isConnected).toBe(true)
    document.querySelector('.lp-page')?.insertAdjacentHTML('beforeend', '<div class="lp-home__hero"></div>')
    await Promise.resolve()
    expect(frame?.isConnected).toBe(false)
  })
})
