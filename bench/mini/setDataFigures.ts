import type { LifecycleRecord, SetDataRecord } from '../../test/mini/host/miniHost'
import { median } from '../median'

/** WeChat's experience audit flags a single setData over 256 KB. */
export const SETDATA_AUDIT_BYTES = 256 * 1024

/** One opening of a page, up to the moment its data was complete. */
export interface PageRun {
  /** setData calls of the page from its onLoad up to the one that completed the data, that one included. */
  calls: number
  bytes: number
  largestBytes: number
  /** From the page's onLoad to the setData that completed the data. */
  ms: number
}

/** The figures of one run; `completedIndex` is the setDataLog index of the setData that made the page data-complete. */
export function pageRunFigures(
  setDataLog: SetDataRecord[],
  lifecycleLog: LifecycleRecord[],
  route: string,
  completedIndex: number,
): PageRun {
  const onLoad = lifecycleLog.find((entry) => entry.route === route && entry.lifecycle === 'onLoad')
  if (!onLoad) throw new Error(`${route} never ran onLoad`)
  const records = setDataLog
    .slice(0, completedIndex + 1)
    .filter((record) => record.route === route && record.at >= onLoad.at)
  const last = records[records.length - 1]
  if (!last)
    throw new Error(`${route} was data-complete before any setData of its own (setDataLog index ${completedIndex})`)
  return {
    calls: records.length,
    bytes: records.reduce((sum, record) => sum + record.bytes, 0),
    largestBytes: Math.max(...records.map((record) => record.bytes)),
    ms: last.at - onLoad.at,
  }
}

/** Each figure's median over the runs (figure by figure: the result need not be one of the runs). */
export function medianRun(runs: PageRun[]): PageRun {
  return {
    calls: median(runs.map((run) => run.calls)),
    bytes: median(runs.map((run) => run.bytes)),
    largestBytes: median(runs.map((run) => run.largestBytes)),
    ms: median(runs.map((run) => run.ms)),
  }
}

export interface MeasuredPage {
  build: string
  page: string
  runs: PageRun[]
}

/** The largest single setData of any run of any page, and every page with a setData over the audit threshold. */
export function largestSetData(
  pages: MeasuredPage[],
  thresholdBytes = SETDATA_AUDIT_BYTES,
): {
  largest: { build: string; page: string; bytes: number } | null
  over: { build: string; page: string; bytes: number }[]
} {
  let largest: { build: string; page: string; bytes: number } | null = null
  const over: { build: string; page: string; bytes: number }[] = []
  for (const { build, page, runs } of pages) {
    if (!runs.length) continue
    const bytes = Math.max(...runs.map((run) => run.largestBytes))
    if (!largest || bytes > largest.bytes) largest = { build, page, bytes }
    if (bytes > thresholdBytes) over.push({ build, page, bytes })
  }
  return { largest, over }
}
