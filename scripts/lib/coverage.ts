import { relative } from 'node:path'

/** One file's entry in an istanbul coverage-final.json (what c8 and jest's V8 coverage both write). */
export interface FileCoverage {
  path: string
  statementMap: Record<string, { start: { line: number }; end: { line: number } }>
  s: Record<string, number>
  b: Record<string, number[]>
}
export type CoverageMap = Record<string, FileCoverage>

export interface Figures {
  covered: number
  total: number
}
export interface AreaCoverage {
  lines: Figures
  branches: Figures
}
/** coverage-floor.json: per area, the lowest line and branch percentages a run may have. */
export type Floor = Record<string, { lines: number; branches: number }>

/** The areas of the tree, by the folder their files live in (first match wins). */
export const AREAS: readonly (readonly [string, string])[] = [
  ['server', 'server/src/'],
  ['kernel', 'domain/'],
  ['app', 'src/'],
  ['console', 'console/src/'],
]

function areaOf(path: string): string | undefined {
  return AREAS.find(([, folder]) => path.startsWith(folder))?.[0]
}

/** Line → hit count, a line counting as hit when any statement starting on it ran (istanbul's rule). */
function lineHits(file: FileCoverage): Map<number, number> {
  const hits = new Map<number, number>()
  for (const [id, location] of Object.entries(file.statementMap)) {
    const line = location.start.line
    hits.set(line, Math.max(hits.get(line) ?? 0, file.s[id] ?? 0))
  }
  return hits
}

function branchFigures(file: FileCoverage): Figures {
  const counts = Object.values(file.b).flat()
  return { covered: counts.filter((count) => count > 0).length, total: counts.length }
}

/**
 * Per area, lines and branches over every file of the given maps. A file both suites load (the kernel) counts a line
 * covered when either covered it, and the better of its two branch figures (their branch maps need not match).
 */
export function coverageOf(root: string, maps: CoverageMap[]): Record<string, AreaCoverage> {
  const files = new Map<string, { lines: Map<number, number>; branches: Figures }>()
  for (const map of maps) {
    for (const file of Object.values(map)) {
      const path = relative(root, file.path).split('\\').join('/')
      const lines = lineHits(file)
      const branches = branchFigures(file)
      const known = files.get(path)
      if (!known) {
        files.set(path, { lines, branches })
        continue
      }
      for (const [line, count] of lines) known.lines.set(line, Math.max(known.lines.get(line) ?? 0, count))
      if (branches.covered * known.branches.total > known.branches.covered * branches.total) known.branches = branches
    }
  }
  const areas: Record<string, AreaCoverage> = {}
  for (const [area] of AREAS) areas[area] = { lines: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 } }
  for (const [path, { lines, branches }] of files) {
    const area = areaOf(path)
    if (!area) continue
    areas[area].lines.total += lines.size
    areas[area].lines.covered += [...lines.values()].filter((count) => count > 0).length
    areas[area].branches.total += branches.total
    areas[area].branches.covered += branches.covered
  }
  return areas
}

/** A percentage to one decimal, rounded down (a floor is never above what was measured). */
export function percentDown({ covered, total }: Figures): number {
  return total === 0 ? 0 : Math.floor((1000 * covered) / total) / 10
}

/** What fell below its floor, in words; empty when every area is at or above it. */
export function shortfalls(areas: Record<string, AreaCoverage>, floor: Floor): string[] {
  const below: string[] = []
  for (const [area, limits] of Object.entries(floor)) {
    const measured = areas[area]
    if (!measured) {
      below.push(`${area}: in the floor but not measured`)
      continue
    }
    for (const kind of ['lines', 'branches'] as const) {
      const value = percentDown(measured[kind])
      if (value < limits[kind]) below.push(`${area} ${kind}: ${value}% < floor ${limits[kind]}%`)
    }
  }
  return below
}

/**
 * The floor raised to this run's figures less `slack` points (runs differ by a few lines: timing-dependent paths
 * under parallel tests; two CI runs of one tree differed by 0.3 points on the server's branches, and the console's
 * 103 branches make one branch a point), never lowered.
 */
export function raiseFloor(areas: Record<string, AreaCoverage>, floor: Floor, slack = 1): Floor {
  const raised: Floor = { ...floor }
  for (const [area, measured] of Object.entries(areas)) {
    if (measured.lines.total === 0) continue
    const at = (kind: 'lines' | 'branches') =>
      Math.max(
        floor[area]?.[kind] ?? 0,
        Math.max(0, Math.floor(10 * (percentDown(measured[kind]) - slack) + 1e-9) / 10),
      )
    raised[area] = { lines: at('lines'), branches: at('branches') }
  }
  return raised
}
