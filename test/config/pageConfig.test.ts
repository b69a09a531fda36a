/** @jest-environment node */
// Every page's *.config.ts and app.config.ts as Taro evaluates them at build time (in Node, TARO_ENV set, the
// define*Config macros returning their argument), for each host: WeChat's keys for weapp and H5, Alipay's for alipay.
import { SCROLLABLE_PAGES, SUBPACKAGES, TAB_PAGES } from '../../src/routes'

const g = globalThis as Record<string, unknown>
type Json = Record<string, unknown>
type Host = 'weapp' | 'alipay' | 'h5'

const pages: { name: string; file: string }[] = [
  ...TAB_PAGES.map((path) => ({ name: path.split('/')[1], file: `../../src/${path}.config` })),
  ...SUBPACKAGES.flatMap((group) =>
    group.pages.map((name) => ({ name, file: `../../src/${group.root}/${name}/${name}.config` })),
  ),
]

/** What the config file at `file` says when built for `host`. */
function evaluate(file: string, host: Host): Json {
  const taroEnv = process.env.TARO_ENV
  g.definePageConfig = g.defineAppConfig = (config: Json) => config
  process.env.TARO_ENV = host
  try {
    let config!: Json
    jest.isolateModules(() => {
      config = jest.requireActual(file).default
    })
    return config
  } finally {
    process.env.TARO_ENV = taroEnv
    delete g.definePageConfig
    delete g.defineAppConfig
  }
}

// SPEC §2: the login pages, the policy pages and editGasUserAccount scroll; home scrolls so that it can be pulled to
// refresh.
const scrolls = (page: string) => page === 'home' || SCROLLABLE_PAGES.includes(page)
const WECHAT_ONLY = [
  'navigationStyle',
  'disableScroll',
  'enablePullDownRefresh',
  'navigationBarTextStyle',
  'navigationBarTitleText',
  'navigationBarBackgroundColor',
  'backgroundTextStyle',
]
const ALIPAY_ONLY = [
  'transparentTitle',
  'titlePenetrate',
  'allowsBounceVertical',
  'pullRefresh',
  'defaultTitle',
  'titleBarColor',
]

it('covers every route of the app', () => {
  // SPEC §2's 22 routes, orderReceipt and the three reminder pages (issue 20).
  expect(pages).toHaveLength(26)
})

describe.each(pages)('$name', ({ name, file }) => {
  it.each<Host>(['weapp', 'h5'])(
    'on %s: custom navigation bar; whole-page scroll only where the SPEC allows it',
    (host) => {
      const config = evaluate(file, host)
      expect(config).toMatchObject({ navigationStyle: 'custom', disableScroll: !scrolls(name) })
      for (const key of ALIPAY_ONLY) expect(config).not.toHaveProperty(key)
    },
  )

  it("on alipay: Alipay's title bar transparent with taps through to ours; no dragging where the page does not scroll", () => {
    const config = evaluate(file, 'alipay')
    expect(config).toMatchObject({
      transparentTitle: 'always',
      titlePenetrate: 'YES',
      allowsBounceVertical: scrolls(name) ? 'YES' : 'NO',
      pullRefresh: name === 'home',
    })
    for (const key of WECHAT_ONLY) expect(config).not.toHaveProperty(key)
  })
})

describe('home', () => {
  it('is pulled down to refresh: enablePullDownRefresh for WeChat, pullRefresh (which needs bouncing) for Alipay', () => {
    expect(evaluate('../../src/pages/home/index.config', 'weapp')).toEqual({
      navigationStyle: 'custom',
      disableScroll: false,
      enablePullDownRefresh: true,
      backgroundTextStyle: 'dark',
    })
    expect(evaluate('../../src/pages/home/index.config', 'alipay')).toEqual({
      transparentTitle: 'always',
      titlePenetrate: 'YES',
      allowsBounceVertical: 'YES',
      pullRefresh: true,
    })
  })
})

describe('app window', () => {
  it("is WeChat's custom orange navigation for weapp and H5", () => {
    for (const host of ['weapp', 'h5'] as const) {
      expect(evaluate('../../src/app.config', host).window).toEqual({
        navigationStyle: 'custom',
        navigationBarBackgroundColor: '#ff7a1a',
        navigationBarTextStyle: 'white',
        navigationBarTitleText: '生活缴费',
        backgroundColor: '#f5f6f8',
        backgroundTextStyle: 'light',
      })
    }
  })

  it("is Alipay's transparent title bar for alipay, in Alipay's own keys", () => {
    expect(evaluate('../../src/app.config', 'alipay').window).toEqual({
      transparentTitle: 'always',
      titlePenetrate: 'YES',
      defaultTitle: '生活缴费',
      titleBarColor: '#ff7a1a',
      backgroundColor: '#f5f6f8',
      allowsBounceVertical: 'NO',
      pullRefresh: false,
    })
  })
})

describe('app packages', () => {
  type Layout = {
    subPackages: { root: string; pages: string[] }[]
    preloadRule: Record<string, { network: string; packages: string[] }>
  }
  const app = evaluate('../../src/app.config', 'weapp') as unknown as Layout
  const routes = app.subPackages.flatMap((pkg) => pkg.pages.map((page) => `${pkg.root}/${page}`))

  it('keeps every page at its SPEC path, each recharge page in a subpackage of its own, no root inside another', () => {
    expect(routes).toEqual(SUBPACKAGES.flatMap((group) => group.pages.map((page) => `${group.root}/${page}/${page}`)))
    const recharge = SUBPACKAGES.find((group) => group.root === 'subpackages/recharge')!.pages
    for (const page of recharge)
      expect(app.subPackages).toContainEqual({ root: `subpackages/recharge/${page}`, pages: [page] })
    for (const { root } of app.subPackages)
      expect(app.subPackages.filter((other) => other.root.startsWith(`${root}/`))).toEqual([])
  })

  it('preloads the forms from home, and from each form the pay page and that form’s result page', () => {
    const roots = app.subPackages.map((pkg) => pkg.root)
    for (const [page, rule] of Object.entries(app.preloadRule)) {
      expect([...TAB_PAGES, ...routes]).toContain(page)
      for (const root of rule.packages) expect(roots).toContain(root)
    }
    expect(app.preloadRule['subpackages/recharge/gasBillRecharge/gasBillRecharge'].packages).toEqual([
      'subpackages/recharge/selectPayType',
      'subpackages/recharge/rechargeGasResult',
    ])
  })
})
