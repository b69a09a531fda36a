// npm run bench:trace: where the main thread's long tasks go on an H5 page. Loads the page (logged in, 200 orders,
// as bench:page does) in Chromium at Lighthouse's 4× CPU slowdown with a trace and a JS sampling profile, then prints
// every task of 50 ms or more: its start, its length, its trace events (script, style, layout…) and the source files
// whose code ran in it (through the build's hidden source maps). It explains bench:page's TBT; it is not a score.
//   LIFEPAY_H5_SOURCEMAP=1 npx taro build --type h5 --mode preview   (maps for the source files; else bundles)
//   npm run bench:trace -- [--path /pages/mine/index] [--runs 5] [--quiet]
//   npm run bench:trace -- --dist /tmp/before --dist dist/h5 --runs 7 --quiet
//     (two builds, their runs interleaved so that the machine's drift falls on both: compare the medians)
//   npm run bench:trace -- --read bench-lhr/home-1.trace.json   (a trace bench:page -- --save wrote: Lighthouse's own
//   unthrottled load, its CPU time scaled by 4 as Lighthouse's simulation does; no sampling profile, so no files)
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type CDPSession } from 'playwright-core'
import { SourceMapConsumer } from 'source-map'
import { startAppServer, type AppServer } from '../scripts/lib/appServer'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium'
import { virtualLoginStorage } from './page/loginStorage'
import { seedUserWithOrders, type SeededUser } from './seedOrders'
import { longTasks, type CpuProfile, type LongTaskReport, type TraceEvent } from './trace/longTasks'

const PHONE_NUMBER = '13800005556'
const ROOT = join(__dirname, '..')
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
]

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(name)
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback
}

function argumentList(name: string): string[] {
  return process.argv.flatMap((arg, i) => (arg === name && process.argv[i + 1] ? [process.argv[i + 1]] : []))
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Source file of a position in a served script, through its hidden source map when the build wrote one. */
function sourceLocator(origin: string, dist: string): (url: string, line: number, column: number) => string {
  const maps = new Map<string, SourceMapConsumer | null>()
  return (url, line, column) => {
    if (!url.startsWith(origin)) return url || '(native)'
    const path = new URL(url).pathname
    if (!maps.has(path)) {
      const mapFile = join(dist, `${path}.map`)
      maps.set(path, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null)
    }
    const map = maps.get(path)
    if (!map) return path
    const source = map.originalPositionFor({ line: line + 1, column }).source
    return source ? source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '') : path
  }
}

async function traceOnce(
  cdp: CDPSession,
  navigate: () => Promise<void>,
): Promise<{ events: TraceEvent[]; profile: CpuProfile }> {
  const events: TraceEvent[] = []
  const collect = ({ value }: { value: unknown[] }) => events.push(...(value as TraceEvent[]))
  cdp.on('Tracing.dataCollected', collect)
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()))
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES.join(','), transferMode: 'ReportEvents' })
  await cdp.send('Profiler.start')
  await navigate()
  const { profile } = await cdp.send('Profiler.stop')
  await cdp.send('Tracing.end')
  await complete
  cdp.off('Tracing.dataCollected', collect)
  return { events, profile: profile as unknown as CpuProfile }
}

/** One cold load: a new context (a new renderer, no V8 code in memory) with the login, no HTTP cache, 4× CPU. */
async function traceLoad(
  browser: Browser,
  server: AppServer,
  user: SeededUser,
  path: string,
): Promise<{ events: TraceEvent[]; profile: CpuProfile }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  })
  try {
    const page = await context.newPage()
    await page.goto(`${server.url}/healthz`)
    await page.evaluate(
      (items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)),
      virtualLoginStorage(user.userId, user.phoneNumber),
    )
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    return await traceOnce(cdp, async () => {
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
      await page.waitForTimeout(4000)
    })
  } finally {
    await context.close()
  }
}

function printReport(title: string, report: LongTaskReport): void {
  console.log(
    `\n## ${title}: FCP ${report.fcpMs ?? '?'} ms, blocking time after FCP ${report.blockingMs} ms, from the start ${report.allBlockingMs} ms, busy ${report.busyMs} ms\n`,
  )
  for (const task of report.tasks) {
    console.log(
      `- ${task.startMs} ms +${task.durationMs} ms${task.afterFcp ? '' : ' (before FCP)'}: ${task.events.map(([name, ms]) => `${name} ${ms}`).join(', ')}`,
    )
    for (const [file, ms] of task.files) console.log(`    ${ms.toString().padStart(4)} ms  ${file}`)
  }
}

async function main(): Promise<void> {
  const saved = argument('--read', '')
  if (saved)
    return printReport(
      `${saved} (×4)`,
      longTasks(JSON.parse(readFileSync(saved, 'utf8')) as TraceEvent[], null, (url) => url, 4),
    )
  const path = argument('--path', '/')
  const runs = Number(argument('--runs', '1'))
  const quiet = process.argv.includes('--quiet')
  const dists = (argumentList('--dist').length ? argumentList('--dist') : ['dist/h5']).map((dir) => resolve(ROOT, dir))
  for (const dist of dists)
    if (!existsSync(join(dist, 'index.html')))
      throw new Error(`no H5 build in ${dist}: run npm run build:h5 (or bench:page) first`)
  const builds: { dist: string; server: AppServer; user: SeededUser; reports: LongTaskReport[] }[] = []
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    for (const dist of dists) {
      const server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '100', STATIC_DIR: dist })
      builds.push({
        dist,
        server,
        user: await seedUserWithOrders(server.url, server.smsCode, PHONE_NUMBER),
        reports: [],
      })
    }
    for (let run = 1; run <= runs; run++) {
      for (const build of builds) {
        const { events, profile } = await traceLoad(browser, build.server, build.user, path)
        const report = longTasks(events, profile, sourceLocator(build.server.url, build.dist))
        build.reports.push(report)
        const title = `${path} run ${run}${builds.length > 1 ? ` of ${build.dist}` : ''} (4× CPU, unthrottled network)`
        if (quiet) console.log(`${title}: blocking from the start ${report.allBlockingMs} ms, busy ${report.busyMs} ms`)
        else printReport(title, report)
      }
    }
    console.log('')
    for (const { dist, reports } of builds) {
      const blocking = reports.map((r) => r.allBlockingMs)
      const busy = reports.map((r) => r.busyMs)
      console.log(
        `${dist}: blocking time from the start ${blocking.join(' / ')} ms (median ${median(blocking)}), busy ${busy.join(' / ')} ms (median ${median(busy)})`,
      )
    }
  } finally {
    await browser.close()
    await Promise.all(builds.map((b) => b.server.stop()))
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
