import { pagePath } from '../../src/routes'
import { readFlags } from '../cliFlags'

export type Category = 'performance' | 'accessibility'

export interface AuditedPage {
  name: string
  /** Path and query; `{orderNo}` / `{paidOrderNo}` stand for an order of the seeded user. */
  path: string
  /** Audited without the login (the login pages as a new user sees them), after the logged-in pages. */
  loggedOut?: boolean
}

export interface PageOptions {
  pages: AuditedPage[]
  runs: number
  categories: Category[]
  /** Audit without the login in localStorage (login pages as a new user sees them). */
  loggedOut: boolean
  /** Folder to write each run's whole Lighthouse result into (JSON), for reading long tasks and script costs. */
  saveDir?: string
  /** Audit the floor too — an empty Taro app built with our config (bench/floor/app) — as many runs, first. */
  floor: boolean
  /**
   * Lighthouse's throttling: `simulate` (its default and the measure: an unthrottled load, then Lantern's
   * estimate) or `devtools` (the load itself throttled to slow 4G and 4× CPU: the times are measured, not modelled).
   */
  throttling: Throttling
  /** Write each page's median ratios to the floor into bench/page/floorRatios.json (the record later runs hold). */
  record: boolean
}

export type Throttling = 'simulate' | 'devtools'

const TAB_PATHS: Record<string, string> = { home: '/', mine: '/pages/mine/index' }
const withOrder = (page: string, order: string) => `${pagePath(page)}?orderNo={${order}}`

/** Issue 21's pages, in this order, when no page is asked for: every kind of page, the login pages logged out. */
export const DEFAULT_PAGES: AuditedPage[] = [
  { name: 'home', path: '/' },
  { name: 'mine', path: TAB_PATHS.mine },
  ...['phoneBillRecharge', 'electricBillRecharge', 'gasBillRecharge'].map((name) => ({ name, path: pagePath(name) })),
  { name: 'selectPayType', path: withOrder('selectPayType', 'orderNo') },
  { name: 'rechargeResult', path: withOrder('rechargeResult', 'paidOrderNo') },
  { name: 'order list', path: pagePath('order') },
  { name: 'order detail', path: withOrder('order', 'paidOrderNo') },
  { name: 'orderApplyRefund', path: withOrder('orderApplyRefund', 'paidOrderNo') },
  { name: 'orderRefundResult', path: withOrder('orderRefundResult', 'paidOrderNo') },
  { name: 'userAccountList', path: pagePath('userAccountList') },
  ...['authorization', 'loginByForm'].map((name) => ({ name, path: pagePath(name), loggedOut: true })),
]
const CATEGORIES: Category[] = ['performance', 'accessibility']

export const USAGE = `usage: npm run bench:page -- [--pages home,order,loginByForm,…] [--path /subpackages/…?orderNo={orderNo}]…
                       [--runs N] [--only accessibility|performance] [--logged-out] [--save DIR] [--no-floor]
                       [--throttling devtools]
  --pages   page names: home, mine, or any SPEC page (e.g. orderApplyRefund); default issue 21's list:
            ${DEFAULT_PAGES.map((p) => p.name).join(', ')}
  --path    any route path, repeatable; {orderNo} / {paidOrderNo} become an order of the seeded user
  --runs    rounds (default 3): each round audits the floor, then every page once; medians are printed
  --only    one category (default: performance and accessibility)
  --save    write each run's Lighthouse result, trace and network log to DIR/<page>-<run>.json, .trace.json and
            .lantern.json (npm run bench:trace -- --read DIR/home-1.trace.json lists its long tasks;
            npx tsx bench/page/lanternGraph.ts DIR/home-1 what the simulated FCP and LCP wait for)
  --no-floor  skip the floor (an empty Taro app with our config, audited in every round just before the pages)
  --record  write the pages' median ratios to the floor to bench/page/floorRatios.json (run on main; later runs
            mark a page more than 5 % worse than its record)
  --throttling devtools  load the page throttled (slow 4G, 4× CPU) and measure, instead of Lighthouse's simulation;
            adds the measured time to interactive and the app's "page rendered" mark (lp-page-rendered)`

function pageByName(name: string): AuditedPage {
  return { name, path: TAB_PATHS[name] ?? pagePath(name) }
}

/** Reads bench:page's command line; with no option, the measurement (3 runs, every page, both categories). */
export function parsePageOptions(argv: string[]): PageOptions {
  const names: string[] = []
  const paths: string[] = []
  let runs = 3
  let categories = CATEGORIES
  let loggedOut = false
  let saveDir: string | undefined
  let floor = true
  let throttling: Throttling = 'simulate'
  let record = false
  readFlags(argv, USAGE, (flag) => {
    switch (flag.name) {
      case '--pages':
        names.push(...flag.list())
        break
      case '--path':
        paths.push(flag.value())
        break
      case '--runs':
        runs = flag.positiveWholeNumber()
        break
      case '--only': {
        const wanted = flag.value().split(',') as Category[]
        const unknown = wanted.filter((c) => !CATEGORIES.includes(c))
        if (unknown.length > 0) throw new Error(`unknown category ${unknown.join(', ')}\n${USAGE}`)
        categories = CATEGORIES.filter((c) => wanted.includes(c))
        break
      }
      case '--logged-out':
        loggedOut = true
        break
      case '--save':
        saveDir = flag.value()
        break
      case '--no-floor':
        floor = false
        break
      case '--record':
        record = true
        break
      case '--throttling': {
        const method = flag.value()
        if (method !== 'simulate' && method !== 'devtools')
          throw new Error(`--throttling is simulate or devtools, got ${method}\n${USAGE}`)
        throttling = method
        break
      }
      default:
        throw new Error(`unknown option ${flag.arg}\n${USAGE}`)
    }
  })
  for (const path of paths)
    if (!path.startsWith('/')) throw new Error(`--path must start with /, got ${path}\n${USAGE}`)
  const pages =
    names.length === 0 && paths.length === 0
      ? DEFAULT_PAGES
      : [...names.map(pageByName), ...paths.map((path) => ({ name: path, path }))]
  return { pages, runs, categories, loggedOut, floor, throttling, record, ...(saveDir ? { saveDir } : {}) }
}

/** The path with the seeded user's order numbers in place of `{orderNo}` and `{paidOrderNo}`. */
export function resolvePath(path: string, orders: { orderNo: string; paidOrderNo: string }): string {
  return path
    .replaceAll('{orderNo}', encodeURIComponent(orders.orderNo))
    .replaceAll('{paidOrderNo}', encodeURIComponent(orders.paidOrderNo))
}
