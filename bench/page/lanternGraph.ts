// What Lighthouse's simulated FCP and LCP wait for, from a run bench:page saved (`--save DIR`): Lighthouse's own
// Lantern code builds the page's dependency graph from the saved trace and network log, cuts the optimistic and
// pessimistic FCP/LCP graphs at the observed paint, and simulates them with the run's throttling. Prints each graph's
// nodes — requests and main-thread tasks — with their observed and simulated times, the last to end first.
//   npx tsx bench/page/lanternGraph.ts /tmp/lhr/home-1 [/tmp/lhr/home-2 …]
import { readFileSync } from 'node:fs'
import type { LanternInput } from './lighthouseAudit'

/** The parts of Lantern's graph nodes read here (lighthouse/core/lib/lantern, @paulirish/trace_engine). */
export interface GraphNode {
  id: string
  type: 'network' | 'cpu'
  /** Observed, in trace microseconds. */
  startTime: number
  endTime: number
  isMainDocument(): boolean
  request?: { url: string; resourceType?: string; priority: string; transferSize: number; initiator?: { type: string } }
  childEvents?: { name: string; args?: { data?: { url?: string } } }[]
}

interface NodeTiming {
  startTime: number
  endTime: number
}

interface Estimate {
  timeInMs: number
  nodeTimings: Map<GraphNode, NodeTiming>
}

interface LanternMetricResult {
  timing: number
  optimisticEstimate: Estimate
  pessimisticEstimate: Estimate
}

type ComputedArtifact = { request(data: unknown, context: unknown): Promise<LanternMetricResult> }

export interface GraphRow {
  what: string
  /** Observed start and end, ms after the navigation. */
  observed: [number, number]
  /** Simulated start and end, ms. */
  simulated: [number, number]
}

/** A node as one line: a request's type, priority and path, or a task's main events (scripts by file). */
export function describeNode(node: GraphNode): string {
  if (node.type === 'network' && node.request) {
    const { url, resourceType, priority, transferSize } = node.request
    const path = url.startsWith('data:') ? 'data: URL' : new URL(url).pathname
    const kind = node.isMainDocument() ? 'document' : (resourceType ?? 'Other')
    return `${kind} ${path} (${priority}, ${(transferSize / 1024).toFixed(1)} KiB)`
  }
  const counts = new Map<string, number>()
  const scripts = new Set<string>()
  for (const event of node.childEvents ?? []) {
    counts.set(event.name, (counts.get(event.name) ?? 0) + 1)
    const url = event.name === 'EvaluateScript' ? event.args?.data?.url : undefined
    if (url) scripts.add(new URL(url).pathname)
  }
  const notable = ['ParseHTML', 'EvaluateScript', 'Layout', 'UpdateLayoutTree', 'Paint', 'FunctionCall', 'TimerFire']
  const events = notable.filter((name) => counts.has(name)).map((name) => `${name}×${counts.get(name)}`)
  return `task ${events.join(' ') || 'other'}${scripts.size ? ` [${[...scripts].join(', ')}]` : ''}`
}

/** The graph's nodes, those that end last first (what the estimate waits for). */
export function graphRows(estimate: Estimate, navigationStartUs: number): GraphRow[] {
  return [...estimate.nodeTimings]
    .map(([node, timing]) => ({
      what: describeNode(node),
      observed: [(node.startTime - navigationStartUs) / 1000, (node.endTime - navigationStartUs) / 1000] as [
        number,
        number,
      ],
      simulated: [timing.startTime, timing.endTime] as [number, number],
    }))
    .sort((a, b) => b.simulated[1] - a.simulated[1])
}

const ms = (value: number) => `${Math.round(value)}`.padStart(5)

function printEstimate(label: string, estimate: Estimate, navigationStartUs: number): void {
  console.log(`  ${label}: ${Math.round(estimate.timeInMs)} ms, ${estimate.nodeTimings.size} nodes`)
  console.log('    simulated start–end | observed start–end | node')
  for (const row of graphRows(estimate, navigationStartUs)) {
    console.log(
      `    ${ms(row.simulated[0])}–${ms(row.simulated[1])} | ${ms(row.observed[0])}–${ms(row.observed[1])} | ${row.what}`,
    )
  }
}

async function explain(base: string): Promise<void> {
  const traceEvents = JSON.parse(readFileSync(`${base}.trace.json`, 'utf8')) as { name: string; ts: number }[]
  const input = JSON.parse(readFileSync(`${base}.lantern.json`, 'utf8')) as LanternInput
  // Lighthouse's computed artifacts (no package exports: its own files, as its audits import them).
  const { LanternFirstContentfulPaint } =
    (await import('lighthouse/core/computed/metrics/lantern-first-contentful-paint.js')) as {
      LanternFirstContentfulPaint: ComputedArtifact
    }
  const { LanternLargestContentfulPaint } =
    (await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js')) as {
      LanternLargestContentfulPaint: ComputedArtifact
    }
  const { ProcessedNavigation } = (await import('lighthouse/core/computed/processed-navigation.js')) as unknown as {
    ProcessedNavigation: { request(trace: unknown, context: unknown): Promise<{ timings: Record<string, number> }> }
  }
  const { LoadSimulator } = (await import('lighthouse/core/computed/load-simulator.js')) as {
    LoadSimulator: { request(data: unknown, context: unknown): Promise<{ rtt: number; throughput: number }> }
  }
  const context = { computedCache: new Map() }
  const trace = { traceEvents }
  const data = { ...input, trace, SourceMaps: [], simulator: null }
  const navigation = await ProcessedNavigation.request(trace, context)
  const simulator = await LoadSimulator.request(data, context)
  const navigationStartUs = traceEvents.find((event) => event.name === 'navigationStart')?.ts ?? 0
  const fcp = await LanternFirstContentfulPaint.request(data, context)
  const lcp = await LanternLargestContentfulPaint.request(data, context)
  console.log(`\n## ${base}\n`)
  console.log(
    `Observed: FCP ${Math.round(navigation.timings.firstContentfulPaint)} ms, LCP ${Math.round(navigation.timings.largestContentfulPaint)} ms. ` +
      `Simulation: RTT ${simulator.rtt} ms, ${Math.round(simulator.throughput / 1024)} Kbit/s.`,
  )
  for (const [name, result] of [
    ['FCP', fcp],
    ['LCP', lcp],
  ] as const) {
    console.log(`\n${name} simulated ${Math.round(result.timing)} ms (the mean of the two graphs; LCP at least FCP)`)
    printEstimate('optimistic', result.optimisticEstimate, navigationStartUs)
    printEstimate('pessimistic', result.pessimisticEstimate, navigationStartUs)
  }
}

async function main(): Promise<void> {
  const bases = process.argv.slice(2).map((arg) => arg.replace(/(\.trace|\.lantern)?\.json$/, ''))
  if (bases.length === 0) {
    console.error(
      'usage: npx tsx bench/page/lanternGraph.ts DIR/<page>-<run> … (saved by npm run bench:page -- --save DIR)',
    )
    process.exit(2)
  }
  for (const base of bases) await explain(base)
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
