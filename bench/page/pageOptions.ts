import { pagePath } from '../../src/routes'
import { readFlags } from '../cliFlags'

export type Category = 'performance' | 'accessibility'

export interface AuditedPage {
  name: string
  /** Path and query; `{orderNo}` / `{paidOrderNo}` stand for an order of the seeded user. */
  path: string
}

export interface PageOptions {
  pages: AuditedPage[]
  runs: number
  categories: Category[]
  /** Audit without the login in localStorage (login pages as a new user sees them). */
  loggedOut: boolean
  /** Folder to write each run's whole Lighthouse result into (JSON), for reading long tasks and script costs. */
  saveDir?: string
}

/** The pages issue 8 measures, in this order, when no page is asked for. */
export const DEFAULT_PAGE_NAMES = ['home', 'phoneBillRecharge', 'order']
const TAB_PATHS: Record<string, string> = { home: '/', mine: '/pages/mine/index' }
const CATEGORIES: Category[] = ['performance', 'accessibility']

export const USAGE = `usage: npm run bench:page -- [--pages home,order,loginByForm,…] [--path /subpackages/…?orderNo={orderNo}]…
                       [--runs N] [--only accessibility|performance] [--logged-out] [--save DIR]
  --pages   page names: home, mine, or any SPEC page (e.g. orderApplyRefund); default ${DEFAULT_PAGE_NAMES.join(',')}
  --path    any route path, repeatable; {orderNo} / {paidOrderNo} become an order of the seeded user
  --runs    Lighthouse runs per page (default 3; the median is printed)
  --only    one category (default: performance and accessibility)
  --save    write each run's Lighthouse result and trace to DIR/<page>-<run>.json and .trace.json
            (npm run bench:trace -- --read DIR/home-1.trace.json lists its long tasks)`

function pageByName(name: string): AuditedPage {
  return { name, path: TAB_PATHS[name] ?? pagePath(name) }
}

/** Reads bench:page's command line; with no option, the measurement (3 runs, three pages, both categories). */
export function parsePageOptions(argv: string[]): PageOptions {
  const names: string[] = []
  const paths: string[] = []
  let runs = 3
  let categories = CATEGORIES
  let loggedOut = false
  let saveDir: string | undefined
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
      default:
        throw new Error(`unknown option ${flag.arg}\n${USAGE}`)
    }
  })
  for (const path of paths)
    if (!path.startsWith('/')) throw new Error(`--path must start with /, got ${path}\n${USAGE}`)
  const pages = [
    ...(names.length === 0 && paths.length === 0 ? DEFAULT_PAGE_NAMES : names).map(pageByName),
    ...paths.map((path) => ({ name: path, path })),
  ]
  return { pages, runs, categories, loggedOut, ...(saveDir ? { saveDir } : {}) }
}

/** The path with the seeded user's order numbers in place of `{orderNo}` and `{paidOrderNo}`. */
export function resolvePath(path: string, orders: { orderNo: string; paidOrderNo: string }): string {
  return path
    .replaceAll('{orderNo}', encodeURIComponent(orders.orderNo))
    .replaceAll('{paidOrderNo}', encodeURIComponent(orders.paidOrderNo))
}
