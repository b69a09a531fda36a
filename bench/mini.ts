// npm run bench:mini [-- --runs N]: every route check of test/mini/routeChecks.ts opened in a fresh mini-program test
// host (dist/weapp and dist/alipay, current client profile) against the real server, as a returning user; per page
// the setData calls until the page is data-complete, their bytes, the largest one and the time from onLoad. Medians.
import { existsSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, relative } from 'node:path'
import { startAppServer, type AppServer } from '../scripts/lib/appServer'
import { waitFor, type MiniPlatform } from '../test/mini/host/miniHost'
import { CHECKS, type Orders, type RouteCheck } from '../test/mini/routeChecks'
import {
  createHost,
  dataComplete,
  DIST,
  hostReport,
  prepareRouteChecks,
  storedLogin,
  type TestUser,
} from '../test/mini/support'
import { kib, markdownTable } from './markdownTable'
import { parseMiniOptions, USAGE } from './mini/miniOptions'
import {
  largestSetData,
  medianRun,
  pageRunFigures,
  SETDATA_AUDIT_BYTES,
  type MeasuredPage,
  type PageRun,
} from './mini/setDataFigures'
import { buildLocked } from './taroBuild'

const ROOT = join(__dirname, '..')

/** `pages/home/index` → home, `subpackages/order/order/order` → order. */
const pageName = (check: RouteCheck) =>
  check.route
    .replace(/\/index$/, '')
    .split('/')
    .pop() as string
const pageLabel = (check: RouteCheck) =>
  `${pageName(check)}${check.query ? `?${Object.keys(check.query({ completed: '', unpaid: '', electricAccount: '', gasAccount: '' })).join('&')}` : ''}`

/**
 * Opens the page in a fresh host and waits (polling) until it is data-complete: the first setData after which the
 * route check's condition holds. Fails with the host's report when that never happens.
 */
async function measureOpening(
  server: AppServer,
  platform: MiniPlatform,
  user: TestUser,
  orders: Orders,
  check: RouteCheck,
  timeoutMs: number,
): Promise<PageRun> {
  const host = createHost(server, { platform, profile: 'current' }, storedLogin(user))
  let completedIndex: number | undefined
  // Read at each setData, so the one that completed the data is known exactly, not up to a polling interval. Only a
  // setData completes: a read answered on the network is not on screen until the app renders it.
  host.onSetData = () => {
    if (completedIndex === undefined && dataComplete(host, check, orders)) completedIndex = host.setDataLog.length - 1
  }
  try {
    await host.launch({ path: check.route, query: check.query?.(orders) ?? {} })
    try {
      await waitFor(`${pageLabel(check)} data-complete`, () => completedIndex !== undefined, timeoutMs)
    } catch {
      const shows = check.shows(orders)
      const heldWithoutSetData = host.stack.length > 0 && dataComplete(host, check, orders)
      throw new Error(
        `${platform} ${pageLabel(check)}: not data-complete after ${timeoutMs} ms (must show ${shows.join(', ')} after ${check.reads.join(', ') || 'no reads'}; ` +
          `${host.setDataLog.length} setData so far${heldWithoutSetData ? '; the condition holds, but no setData came after its reads were answered' : ''})\n${hostReport(host)}`,
      )
    }
    return pageRunFigures(host.setDataLog, host.lifecycleLog, check.route, completedIndex as number)
  } finally {
    host.onSetData = null
    host.dispose()
  }
}

function builtAt(platform: MiniPlatform): string {
  const app = join(DIST, platform, 'app.js')
  return statSync(app)
    .mtime.toISOString()
    .replace(/\.\d+Z$/, 'Z')
}

function printReport(measured: MeasuredPage[], platforms: MiniPlatform[], runs: number, loadAtStart: number): void {
  console.log(
    `## Mini-program setData (${runs} run${runs > 1 ? 's' : ''} per page, medians; current client profile, real server)\n`,
  )
  console.log(
    'Each page opened in a fresh test host as a shared link opens it, by a returning user; figures up to the setData after which the page showed its data and its reads were answered (test/mini/routeChecks.ts).',
  )
  for (const platform of platforms) {
    console.log(`\n### ${platform} (${relative(ROOT, join(DIST, platform)) || '.'}, built ${builtAt(platform)})\n`)
    const rows = measured
      .filter((page) => page.build === platform)
      .map(({ page, runs: pageRuns }) => {
        const m = medianRun(pageRuns)
        return [
          page,
          m.calls,
          kib(m.bytes),
          kib(m.largestBytes),
          Math.round(m.ms),
          pageRuns.map((run) => Math.round(run.ms)).join(' / '),
        ]
      })
    console.log(markdownTable(['page', 'setData', 'KiB', 'largest KiB', 'onLoad → data ms', 'ms per run'], rows))
  }
  const { largest, over } = largestSetData(measured)
  const threshold = `${SETDATA_AUDIT_BYTES / 1024} KiB`
  console.log(
    `\nLargest single setData until data-complete: ${largest ? `${kib(largest.bytes)} KiB (${largest.build} ${largest.page})` : 'none'}; ` +
      (over.length
        ? `**over WeChat's ${threshold} audit threshold: ${over.map((page) => `${page.build} ${page.page} ${kib(page.bytes)} KiB`).join(', ')}**.`
        : `none over WeChat's ${threshold} audit threshold.`),
  )
  console.log(
    `\nLoad average (1 min) ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end: the times move with other work on the machine; the setData counts and bytes do not.`,
  )
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) return console.log(USAGE)
  const options = parseMiniOptions(process.argv.slice(2))
  const checks = CHECKS.filter((check) => !options.pages.length || options.pages.includes(pageName(check)))
  const unknown = options.pages.filter((page) => !CHECKS.some((check) => pageName(check) === page))
  if (unknown.length) throw new Error(`no route check for ${unknown.join(', ')}\n${USAGE}`)
  for (const platform of options.platforms) {
    if (existsSync(join(DIST, platform, 'app.js'))) continue
    if (process.env.MINI_DIST) throw new Error(`${join(DIST, platform)} has no app.js`)
    buildLocked(platform)
  }
  const loadAtStart = loadavg()[0]
  const server = await startAppServer()
  try {
    console.error(`preparing the route checks' user and orders on ${server.url}…`)
    const { user, orders } = await prepareRouteChecks(server)
    const measured: MeasuredPage[] = []
    for (const platform of options.platforms) {
      const pages = checks.map((check) => ({ build: platform, page: pageLabel(check), check, runs: [] as PageRun[] }))
      // Run by run over all pages, so a moment of load on the machine touches one run of many pages, not one page.
      for (let run = 1; run <= options.runs; run++) {
        console.error(`${platform} run ${run}/${options.runs}…`)
        for (const page of pages)
          page.runs.push(await measureOpening(server, platform, user, orders, page.check, options.timeoutMs))
      }
      measured.push(...pages.map(({ build, page, runs }) => ({ build, page, runs })))
    }
    printReport(measured, options.platforms, options.runs, loadAtStart)
  } finally {
    await server.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
