// npm run bench:page: the production H5 build (rebuilt when stale, under the build lock) served by the real server
// with a fresh database, a logged-in user with 200 orders, and Lighthouse (default mobile config, simulated
// throttling) in three rounds, each auditing the floor and then every page once; prints the medians and each page's
// ratios to the floor of the same round. `-- --help` lists the options (pages, paths, runs,
// category).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { startAppServer } from '../scripts/lib/appServer'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium'
import { kib, markdownTable } from './markdownTable'
import { median } from './median'
import { floorRatiosSection, pairWithFloor, recordOf, type RecordedRatios } from './page/floorRatios'
import { virtualLoginStorage } from './page/loginStorage'
import { pageFigures, runLighthouse, type PageFigures } from './page/lighthouseAudit'
import { parsePageOptions, resolvePath, USAGE, type Category, type PageOptions } from './page/pageOptions'
import { pageTargetsSection } from './page/pageTargets'
import { seedUserWithOrders } from './seedOrders'
import { buildLocked } from './taroBuild'

const PHONE_NUMBER = '13800005555'
const FLOOR_NAME = 'floor: empty Taro app'

/**
 * Writes the login into the browser's localStorage for the app's origin (a same-origin page that is not the app), or
 * with `null` clears it (the logged-out pages).
 */
async function logIn(chromePort: number, origin: string, entries: Record<string, string> | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`)
  try {
    const page = await browser.contexts()[0].newPage()
    await page.goto(`${origin}/healthz`)
    await page.evaluate(
      (items) =>
        items
          ? Object.entries(items).forEach(([key, value]) => localStorage.setItem(key, value))
          : localStorage.clear(),
      entries,
    )
    await page.close()
  } finally {
    // Connected over CDP: this only disconnects; the browser (and its storage) stays for Lighthouse.
    await browser.close()
  }
}

interface PageResult {
  name: string
  path: string
  runs: PageFigures[]
  failures: string[]
}

function printPageTable(all: PageResult[], { runs: runCount, categories, throttling }: PageOptions): void {
  const results = all.filter((r) => r.runs.length > 0)
  const m = (runs: PageFigures[], pick: (f: PageFigures) => number) => median(runs.map(pick))
  const has = (category: Category) => categories.includes(category)
  // The median run of the main category stands for the page (performance when measured).
  const score = (f: PageFigures) => (has('performance') ? f.performance : f.accessibility)
  type Column = [string, (runs: PageFigures[]) => string | number]
  const columns: Column[] = [
    ...(has('performance')
      ? ([
          ['performance', (runs) => m(runs, (f) => f.performance)],
          ['FCP ms', (runs) => Math.round(m(runs, (f) => f.fcpMs))],
          ['LCP ms', (runs) => Math.round(m(runs, (f) => f.lcpMs))],
          ['TBT ms', (runs) => Math.round(m(runs, (f) => f.tbtMs))],
          ...(throttling === 'devtools'
            ? ([
                ['TTI ms', (runs) => Math.round(m(runs, (f) => f.interactiveMs))],
                ['rendered ms', (runs) => Math.round(m(runs, (f) => f.pageRenderedMs))],
              ] satisfies Column[])
            : []),
          ['CLS', (runs) => m(runs, (f) => f.cls).toFixed(3)],
          ['total KiB', (runs) => kib(m(runs, (f) => f.totalBytes))],
        ] satisfies Column[])
      : []),
    ...(has('accessibility')
      ? ([['accessibility', (runs) => m(runs, (f) => f.accessibility)]] satisfies Column[])
      : []),
    [
      `${categories[0]} per run`,
      (runs) => runs.map(score).join(' / ') + (runs.length < runCount ? ` (${runCount - runs.length} failed)` : ''),
    ],
  ]
  console.log(
    `## Page speed (Lighthouse ${runCount} run${runCount > 1 ? 's' : ''} per page, medians; mobile, ${throttling === 'devtools' ? 'devtools (applied) throttling: measured times' : 'simulated throttling'})\n`,
  )
  console.log(
    markdownTable(
      ['page', ...columns.map(([heading]) => heading)],
      results.map(({ name, path, runs }) => {
        const pathname = path.split('?')[0]
        const redirected = runs.find(
          // `/` shows the entry page: home, or the floor's only page.
          (f) => f.finalPath !== pathname && !(pathname === '/' && /^\/pages\/(home|index)\//.test(f.finalPath)),
        )
        return [
          redirected ? `${name} (ended on ${redirected.finalPath})` : name,
          ...columns.map(([, value]) => value(runs)),
        ]
      }),
    ),
  )
  const benchmarkIndex = median(results.flatMap((r) => r.runs.map((f) => f.benchmarkIndex)))
  console.log(
    `\nLighthouse CPU benchmark index of this machine during the runs (median): ${Math.round(benchmarkIndex)}.`,
  )
  for (const { name, failures } of all) {
    for (const failure of failures) console.log(`\nLighthouse failed on ${name}, ${failure}`)
  }
  for (const { name, path, runs } of results) {
    const typical = [...runs].sort((a, b) => score(a) - score(b))[Math.floor(runs.length / 2)]
    console.log(`\n### ${name}\n`)
    if (name !== path) console.log(`- Path: ${path}`)
    // The request list comes with the performance category only.
    if (has('performance')) {
      console.log(`- API calls: ${typical.apiCalls.join(', ') || 'none'}`)
      console.log(
        `- Requests: ${typical.resources.map((r) => `${r.type} ${r.requests} (${r.transferKiB.toFixed(1)} KiB)`).join(', ')}`,
      )
    }
    if (has('performance')) for (const finding of typical.findings) console.log(`- ${finding}`)
    for (const failure of typical.accessibilityFailures) {
      console.log(
        `- Accessibility: ${failure.title} (${failure.id}, weight ${failure.weight}), ${failure.elements.length} element${failure.elements.length === 1 ? '' : 's'}:`,
      )
      for (const element of failure.elements) console.log(`  - ${element}`)
    }
    for (const warning of new Set(runs.flatMap((f) => f.warnings))) console.log(`- Lighthouse warning: ${warning}`)
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) return console.log(USAGE)
  const options = parsePageOptions(process.argv.slice(2))
  buildLocked('h5')
  if (options.floor) buildLocked('h5', { floor: true })
  // BENCH_STATIC_DIR: another build to serve (a copy of dist/h5 from before a change, for an A/B in turns).
  const staticDir = process.env.BENCH_STATIC_DIR
  const server = await startAppServer({
    SANDBOX_SUPPLIER_DELAY_MS: '100',
    ...(staticDir ? { STATIC_DIR: staticDir } : {}),
  })
  // The floor: the empty app served by the same server code on its own port (its page calls nothing).
  const floorServer = options.floor
    ? await startAppServer({ STATIC_DIR: join(__dirname, '..', 'dist', 'floor', 'h5') })
    : null
  const userDataDir = mkdtempSync(join(tmpdir(), 'lifepay-bench-chrome-'))
  let chrome: { port: number; kill: () => void } | null = null
  try {
    console.error(`seeding a user with 200 orders on ${server.url}…`)
    const user = await seedUserWithOrders(server.url, server.smsCode, PHONE_NUMBER)
    const { launch } = await import('chrome-launcher')
    chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir })
    if (!options.loggedOut) await logIn(chrome.port, server.url, virtualLoginStorage(user.userId, user.phoneNumber))
    const floor: PageResult | null = floorServer ? { name: FLOOR_NAME, path: '/', runs: [], failures: [] } : null
    // The logged-in pages first, then the logged-out ones (the login pages of the default list) with the login gone.
    const pages = [...options.pages.filter((p) => !p.loggedOut), ...options.pages.filter((p) => p.loggedOut)]
    const audited = pages.map((page) => ({
      page,
      result: {
        name: page.name,
        path: resolvePath(page.path, { orderNo: user.orderNos[0], paidOrderNo: user.paidOrderNo }),
        runs: [] as PageFigures[],
        failures: [] as string[],
      },
      rounds: [] as (PageFigures | null)[],
    }))
    const floorRounds: (PageFigures | null)[] = []
    const audit = async (name: string, url: string, run: number): Promise<PageFigures> => {
      console.error(`Lighthouse ${name} round ${run}/${options.runs}…`)
      const { lhr, traceEvents, lanternInput } = await runLighthouse(
        url,
        chrome!.port,
        options.categories,
        options.throttling,
      )
      if (options.saveDir) {
        const base = join(options.saveDir, `${name.replace(/[^\w-]+/g, '_')}-${run}`)
        mkdirSync(options.saveDir, { recursive: true })
        writeFileSync(`${base}.json`, JSON.stringify(lhr))
        writeFileSync(`${base}.trace.json`, JSON.stringify(traceEvents))
        writeFileSync(`${base}.lantern.json`, JSON.stringify(lanternInput))
      }
      return pageFigures(lhr)
    }
    // Round by round (issue 38): the floor, then every page once, so a machine that slows down mid-run slows both
    // sides of each ratio; the login is restored or cleared as each page needs it.
    let loggedIn = !options.loggedOut
    for (let run = 1; run <= options.runs; run++) {
      if (floor && floorServer) {
        try {
          const figures = await audit(FLOOR_NAME, `${floorServer.url}/`, run)
          floor.runs.push(figures)
          floorRounds.push(figures)
        } catch (error) {
          floor.failures.push(`run ${run}: ${error instanceof Error ? error.message : String(error)}`)
          floorRounds.push(null)
        }
      }
      for (const entry of audited) {
        const wantLogin = !options.loggedOut && !entry.page.loggedOut
        if (wantLogin !== loggedIn) {
          await logIn(chrome.port, server.url, wantLogin ? virtualLoginStorage(user.userId, user.phoneNumber) : null)
          loggedIn = wantLogin
        }
        try {
          const figures = await audit(entry.page.name, `${server.url}${entry.result.path}`, run)
          entry.result.runs.push(figures)
          entry.rounds.push(figures)
        } catch (error) {
          // A run a loaded machine breaks (e.g. a protocol timeout) is left out, not fatal.
          entry.result.failures.push(`run ${run}: ${error instanceof Error ? error.message : String(error)}`)
          entry.rounds.push(null)
        }
      }
    }
    const results: PageResult[] = [...(floor ? [floor] : []), ...audited.map((entry) => entry.result)]
    printPageTable(results, options)
    console.log(
      `\n${pageTargetsSection(
        results.filter((result) => result !== floor),
        floor,
        options.categories,
      )}`,
    )
    if (floor && options.categories.includes('performance')) {
      const ratios = audited.map((entry) =>
        pairWithFloor({ name: entry.page.name, rounds: entry.rounds }, { name: FLOOR_NAME, rounds: floorRounds }),
      )
      const recordPath = join(__dirname, 'page', 'floorRatios.json')
      const recorded = existsSync(recordPath) ? (JSON.parse(readFileSync(recordPath, 'utf8')) as RecordedRatios) : null
      console.log(`\n${floorRatiosSection(ratios, options.record ? null : recorded).text}`)
      if (options.record) {
        const measured = `${new Date().toISOString().slice(0, 10)}, ${options.runs} rounds, ${options.throttling}`
        writeFileSync(recordPath, `${JSON.stringify(recordOf(ratios, measured), null, 2)}\n`)
        console.log(`\nRecorded the ratios in ${recordPath}.`)
      }
    }
  } finally {
    chrome?.kill()
    await server.stop()
    await floorServer?.stop()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
