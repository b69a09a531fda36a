import type { Flags, Result } from 'lighthouse'
import type { Throttling } from './pageOptions'

/** The User Timing mark src/index.html sets when the page has rendered the element that replaces its first frame. */
export const PAGE_RENDERED_MARK = 'lp-page-rendered'

export interface PageFigures {
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  /** Time to interactive (measured with devtools throttling; Lighthouse 12 only reports it in the result). */
  interactiveMs: number
  /** When the page rendered the element that replaces its first frame (PAGE_RENDERED_MARK; NaN without it). */
  pageRenderedMs: number
  cls: number
  totalBytes: number
  /** Lighthouse's CPU benchmark of this machine at the time (simulated throttling scales by it). */
  benchmarkIndex: number
  /** Path the page ended on: another one than asked means a redirect (e.g. to the login page). */
  finalPath: string
  /** The API calls the page made, e.g. GetRate, GetUserLifePayOrderPage. */
  apiCalls: string[]
  /** Opportunities and diagnostics worth reading, largest first. */
  findings: string[]
  /** Every accessibility audit that counts towards the score and failed, with the elements it failed on. */
  accessibilityFailures: AccessibilityFailure[]
  /** Requests by resource type: count and transfer KiB. */
  resources: { type: string; requests: number; transferKiB: number }[]
  warnings: string[]
}

export interface AccessibilityFailure {
  id: string
  title: string
  weight: number
  /** One line per failing element: its selector, its markup and what axe says is wrong. */
  elements: string[]
}

interface AxeNodeItem {
  node?: { selector?: string; snippet?: string; nodeLabel?: string; explanation?: string }
}

interface NetworkRequestItem {
  url: string
  resourceType?: string
  transferSize?: number
}

const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN

function findings(lhr: Result): string[] {
  const notes: string[] = []
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
  const snippet = lcpElement?.items?.[0]?.items?.[0]?.node?.snippet
  if (snippet) notes.push(`LCP element: ${snippet.slice(0, 120)}`)
  for (const audit of Object.values(lhr.audits)) {
    const savingsMs =
      (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0
    const savingsBytes = (audit.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0
    if (audit.score !== null && audit.score < 0.9 && (savingsMs >= 50 || savingsBytes >= 4096)) {
      notes.push(`${audit.title}: ~${Math.round(savingsMs)} ms, ${(savingsBytes / 1024).toFixed(1)} KiB (${audit.id})`)
    }
  }
  for (const id of ['bootup-time', 'mainthread-work-breakdown']) {
    const audit = lhr.audits[id]
    if (audit?.displayValue) notes.push(`${audit.title}: ${audit.displayValue}`)
  }
  return notes
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** axe's failure summary without its "Fix any/all of the following:" headings, on one line. */
function axeExplanation(explanation: string): string {
  return explanation
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^Fix (any|all) of the following:?$/.test(line))
    .join('; ')
}

export function accessibilityFailures(lhr: Result): AccessibilityFailure[] {
  const failures: AccessibilityFailure[] = []
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id]
    if (ref.weight === 0 || !audit || audit.score === null || audit.score >= 1) continue
    const items = (audit.details as { items?: AxeNodeItem[] } | undefined)?.items ?? []
    const elements = items.map(({ node }) => {
      const where = node?.selector ?? '?'
      const markup = node?.snippet ? ` ${oneLine(node.snippet, 160)}` : ''
      const label = node?.nodeLabel ? ` “${oneLine(node.nodeLabel, 40)}”` : ''
      const why = node?.explanation ? ` — ${axeExplanation(node.explanation)}` : ''
      return `${where}${markup}${label}${why}`
    })
    failures.push({ id: ref.id, title: audit.title, weight: ref.weight, elements })
  }
  return failures.sort((a, b) => b.weight - a.weight)
}

/** A User Timing mark's time (ms after the navigation), NaN when the page set none. */
function userTiming(lhr: Result, name: string): number {
  const items =
    (lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items ?? []
  return items.find((item) => item.name === name)?.startTime ?? Number.NaN
}

/** Figures of one Lighthouse run. */
export function pageFigures(lhr: Result): PageFigures {
  const requests =
    (lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined)?.items ?? []
  const byType = new Map<string, { requests: number; transferKiB: number }>()
  for (const request of requests) {
    const type = request.resourceType ?? 'Other'
    const entry = byType.get(type) ?? { requests: 0, transferKiB: 0 }
    entry.requests++
    entry.transferKiB += (request.transferSize ?? 0) / 1024
    byType.set(type, entry)
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    interactiveMs: numeric(lhr, 'interactive'),
    pageRenderedMs: userTiming(lhr, PAGE_RENDERED_MARK),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    totalBytes: numeric(lhr, 'total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    apiCalls: requests
      .map((r) => new URL(r.url).pathname)
      .filter((path) => path.startsWith('/api/'))
      .map((path) => path.split('/').pop() ?? path),
    findings: findings(lhr),
    accessibilityFailures: accessibilityFailures(lhr),
    resources: [...byType].map(([type, entry]) => ({ type, ...entry })),
    warnings: [
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
      ...lhr.runWarnings.map(String),
    ],
  }
}

/**
 * Lighthouse's default (mobile) config, simulated throttling, the categories asked for (performance and accessibility).
 * The trace is the observed (unthrottled) load that Lighthouse's simulation scales: bench:trace reads its tasks.
 */
export async function runLighthouse(
  url: string,
  port: number,
  categories: string[] = ['performance', 'accessibility'],
  throttlingMethod: Throttling = 'simulate',
): Promise<{ lhr: Result; traceEvents: unknown[]; lanternInput: LanternInput }> {
  const { default: lighthouse } = await import('lighthouse')
  // The storage reset stays on: it clears the HTTP cache (a cold load every run) but, with Lighthouse's default
  // clearStorageTypes, not localStorage, where the login lives.
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories, throttlingMethod }
  const result = await lighthouse(url, flags)
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  // A run whose trace broke (NO_NAVSTART on a loaded machine) has no figures: a failed run, not NaN in the medians.
  if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`)
  const { artifacts, lhr } = result
  return {
    lhr,
    traceEvents: artifacts.Trace?.traceEvents ?? [],
    lanternInput: {
      devtoolsLog: artifacts.DevtoolsLog ?? [],
      gatherContext: artifacts.GatherContext,
      URL: artifacts.URL,
      settings: lhr.configSettings,
    },
  }
}

/**
 * What Lighthouse's simulation (Lantern) reads besides the trace: the network log, the run's settings (throttling)
 * and URLs. Saved beside the trace (`--save`), bench/page/lanternGraph.ts simulates the run again from them.
 */
export interface LanternInput {
  devtoolsLog: unknown[]
  gatherContext: unknown
  URL: unknown
  settings: unknown
}
