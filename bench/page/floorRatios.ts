import { markdownTable } from '../markdownTable'
import { median } from '../median'
import type { PageFigures } from './lighthouseAudit'

/**
 * Issue 38's page targets: each page's largest paint as a ratio to the floor's (the empty Taro app) and its blocking
 * time beyond the floor's, measured round by round in the same run (the floor audited in every round, just before the
 * pages), so a machine that slows down mid-run moves both sides of each ratio. A page must stay within 5 % of the
 * ratio recorded on main (`bench/page/floorRatios.json`, written by `--record`).
 */
export interface RecordedRatios {
  /** When and on what the ratios were measured. */
  measured: string
  /** Median LCP ÷ floor LCP, and median TBT − floor TBT in ms, per page name. */
  pages: Record<string, { lcpRatio: number; tbtOverFloorMs: number }>
}

/** Per round: the page's figure paired with the floor's of the same round (rounds where either failed are left out). */
export interface PairedRuns {
  name: string
  /** Index = round; null where that round's audit failed. */
  rounds: (PageFigures | null)[]
}

export const REGRESSION_TOLERANCE = 0.05
/** Blocking time is small and noisy near zero: a regression is also at least this many ms. */
export const TBT_NOISE_MS = 20

const spread = (values: number[], show: (v: number) => string) => {
  const finite = values.filter(Number.isFinite)
  if (!finite.length) return '–'
  return `${show(Math.min(...finite))} / ${show(median(finite))} / ${show(Math.max(...finite))}`
}

export interface RatioFigures {
  name: string
  lcpRatios: number[]
  tbtOverFloor: number[]
}

export function pairWithFloor(page: PairedRuns, floor: PairedRuns): RatioFigures {
  const lcpRatios: number[] = []
  const tbtOverFloor: number[] = []
  page.rounds.forEach((figures, round) => {
    const base = floor.rounds[round]
    if (!figures || !base) return
    lcpRatios.push(figures.lcpMs / base.lcpMs)
    tbtOverFloor.push(figures.tbtMs - base.tbtMs)
  })
  return { name: page.name, lcpRatios, tbtOverFloor }
}

/** The pages' ratios as the record `--record` writes. */
export function recordOf(figures: RatioFigures[], measured: string): RecordedRatios {
  return {
    measured,
    pages: Object.fromEntries(
      figures
        .filter((f) => f.lcpRatios.length > 0)
        .map((f) => [
          f.name,
          {
            lcpRatio: Number(median(f.lcpRatios).toFixed(3)),
            tbtOverFloorMs: Math.round(median(f.tbtOverFloor)),
          },
        ]),
    ),
  }
}

/**
 * Markdown: min / median / max of each page's per-round ratios, the recorded ratio, and ✗ where the median is more
 * than 5 % worse than the record; with the count of regressions (what a caller fails on).
 */
export function floorRatiosSection(
  figures: RatioFigures[],
  recorded: RecordedRatios | null,
): { text: string; regressions: string[] } {
  const regressions: string[] = []
  const rows = figures
    .filter((f) => f.lcpRatios.length > 0)
    .map((f) => {
      const lcp = median(f.lcpRatios)
      const tbt = median(f.tbtOverFloor)
      const was = recorded?.pages[f.name]
      let lcpMark = ''
      let tbtMark = ''
      if (was) {
        if (lcp > was.lcpRatio * (1 + REGRESSION_TOLERANCE)) {
          lcpMark = ' ✗'
          regressions.push(`${f.name}: LCP ${lcp.toFixed(3)}× the floor, recorded ${was.lcpRatio}×`)
        }
        const allowed = Math.max(was.tbtOverFloorMs + TBT_NOISE_MS, was.tbtOverFloorMs * (1 + REGRESSION_TOLERANCE))
        if (tbt > allowed) {
          tbtMark = ' ✗'
          regressions.push(`${f.name}: TBT ${Math.round(tbt)} ms over the floor, recorded ${was.tbtOverFloorMs} ms`)
        }
      }
      return [
        f.name,
        spread(f.lcpRatios, (v) => v.toFixed(2)) + lcpMark,
        was ? was.lcpRatio.toFixed(2) : '–',
        spread(f.tbtOverFloor, (v) => String(Math.round(v))) + tbtMark,
        was ? String(was.tbtOverFloorMs) : '–',
      ]
    })
  const text = [
    '### Against the floor, round by round (min / median / max of the rounds)',
    '',
    markdownTable(['page', 'LCP ÷ floor', 'recorded', 'TBT − floor ms', 'recorded'], rows),
    '',
    recorded
      ? `Recorded ${recorded.measured}; ✗ = the median more than ${REGRESSION_TOLERANCE * 100} % worse ` +
        `(TBT: and more than ${TBT_NOISE_MS} ms). ${regressions.length} regression${regressions.length === 1 ? '' : 's'}.`
      : 'No ratios recorded yet (`--record` writes bench/page/floorRatios.json).',
  ].join('\n')
  return { text, regressions }
}
