import { markdownTable } from '../markdownTable'
import { median } from '../median'
import type { Category } from './pageOptions'
import type { PageFigures } from './lighthouseAudit'

/** Issue 21's targets for every page (Lighthouse mobile, medians); CLS is held to the floor's. */
export const PAGE_TARGETS = { performance: 99, lcpMs: 1200, tbtMs: 50, accessibility: 100 }

export interface AuditedRuns {
  name: string
  runs: PageFigures[]
}

/**
 * Markdown: each page's medians against issue 21's targets (a miss marked ✗), the floor's CLS as the CLS target, and
 * how many pages meet every target. Pages without a successful run are left out.
 */
export function pageTargetsSection(pages: AuditedRuns[], floor: AuditedRuns | null, categories: Category[]): string {
  const measured = pages.filter((page) => page.runs.length > 0)
  const floorCls = floor && floor.runs.length > 0 ? median(floor.runs.map((f) => f.cls)) : null
  // Without a floor the CLS target is Lighthouse's own "good" (0.1) — said in the heading.
  const clsTarget = floorCls ?? 0.1
  type Check = {
    heading: string
    value: (runs: PageFigures[]) => number
    meets: (v: number) => boolean
    show: (v: number) => string
  }
  const checks: Check[] = []
  if (categories.includes('performance')) {
    checks.push(
      {
        heading: `performance ≥ ${PAGE_TARGETS.performance}`,
        value: (runs) => median(runs.map((f) => f.performance)),
        meets: (v) => v >= PAGE_TARGETS.performance,
        show: String,
      },
      {
        heading: `LCP ≤ ${PAGE_TARGETS.lcpMs} ms`,
        value: (runs) => median(runs.map((f) => f.lcpMs)),
        meets: (v) => v <= PAGE_TARGETS.lcpMs,
        show: (v) => String(Math.round(v)),
      },
      {
        heading: `TBT ≤ ${PAGE_TARGETS.tbtMs} ms`,
        value: (runs) => median(runs.map((f) => f.tbtMs)),
        meets: (v) => v <= PAGE_TARGETS.tbtMs,
        show: (v) => String(Math.round(v)),
      },
      {
        heading: `CLS ≤ ${clsTarget.toFixed(3)}${floorCls === null ? ' (no floor)' : ' (floor)'}`,
        value: (runs) => median(runs.map((f) => f.cls)),
        // Lighthouse rounds CLS to 3 places: a page equal to the floor at that precision is at the floor.
        meets: (v) => Number(v.toFixed(3)) <= Number(clsTarget.toFixed(3)),
        show: (v) => v.toFixed(3),
      },
    )
  }
  if (categories.includes('accessibility')) {
    checks.push({
      heading: `accessibility ${PAGE_TARGETS.accessibility}`,
      value: (runs) => median(runs.map((f) => f.accessibility)),
      meets: (v) => v >= PAGE_TARGETS.accessibility,
      show: String,
    })
  }
  let metAll = 0
  const rows = measured.map((page) => {
    const cells = checks.map((check) => {
      const value = check.value(page.runs)
      return { text: `${check.show(value)}${check.meets(value) ? '' : ' ✗'}`, met: check.meets(value) }
    })
    if (cells.every((cell) => cell.met)) metAll++
    return [page.name, ...cells.map((cell) => cell.text)]
  })
  return (
    '### Targets (issue 21; medians, ✗ = missed)\n\n' +
    markdownTable(['page', ...checks.map((check) => check.heading)], rows) +
    `\n\n${metAll} of ${measured.length} pages meet every target.`
  )
}
