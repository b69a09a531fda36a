import { join } from 'node:path'
import budgets from '../../config/sizeBudgets.json'
import { kib, markdownTable } from '../markdownTable'
import { measureH5, type H5Sizes } from '../size/h5FirstLoad'
import { measureMiniPackages, type MiniPlatform, type MiniSizes } from '../size/miniPackages'

/** Issue 21's size targets (KiB): printed beside the figures and the floor, never failing (budgets do that). */
export const SIZE_TARGETS_KIB = {
  h5ShellGzip: budgets.targets.h5ShellJsGzipKiB,
  h5RouteFirstLoadGzip: budgets.targets.h5RouteFirstLoadJsGzipKiB,
  miniMain: budgets.targets.miniMainPackageKiB,
  miniSubpackage: budgets.targets.miniSubpackageKiB,
}

export interface SizeFigures {
  h5: H5Sizes | null
  minis: MiniSizes[]
}

/** The builds in `distRoot` (dist, or dist/floor for the empty app), whichever exist. */
export function measureSizes(distRoot: string): SizeFigures {
  const tryMeasure = <T>(measure: () => T): T | null => {
    try {
      return measure()
    } catch {
      return null
    }
  }
  const minis = (['weapp', 'alipay'] as MiniPlatform[])
    .map((platform) => tryMeasure(() => measureMiniPackages(join(distRoot, platform), platform)))
    .filter((sizes): sizes is MiniSizes => sizes !== null)
  return { h5: tryMeasure(() => measureH5(join(distRoot, 'h5'))), minis }
}

interface Row {
  figure: string
  ours: number | null
  floor: number | null
  target: number
  /** Which page or package the figure is (the largest of several). */
  which?: string
}

const largest = <T>(items: T[], size: (item: T) => number): T | undefined =>
  items.reduce<T | undefined>((big, item) => (big === undefined || size(item) > size(big) ? item : big), undefined)

function rows(ours: SizeFigures, floor: SizeFigures): Row[] {
  const routeGzip = (h5: H5Sizes | null) => largest(h5?.routes ?? [], (route) => route.firstLoad.js.gzip)
  const biggestRoute = routeGzip(ours.h5)
  const result: Row[] = [
    {
      figure: 'H5 shell (index.html scripts), JS gzip',
      ours: ours.h5?.entry.js.gzip ?? null,
      floor: floor.h5?.entry.js.gzip ?? null,
      target: SIZE_TARGETS_KIB.h5ShellGzip,
    },
    {
      figure: 'H5 largest route first load, JS gzip',
      which: biggestRoute?.path,
      ours: biggestRoute?.firstLoad.js.gzip ?? null,
      floor: routeGzip(floor.h5)?.firstLoad.js.gzip ?? null,
      target: SIZE_TARGETS_KIB.h5RouteFirstLoadGzip,
    },
  ]
  for (const mini of ours.minis) {
    const floorMini = floor.minis.find((m) => m.platform === mini.platform)
    const main = (sizes: MiniSizes | undefined) => sizes?.packages.find((p) => p.name === 'main')?.bytes ?? null
    const sub = largest(
      mini.packages.filter((p) => p.name !== 'main'),
      (p) => p.bytes,
    )
    result.push({
      figure: `${mini.platform} main package`,
      ours: main(mini),
      floor: main(floorMini),
      target: SIZE_TARGETS_KIB.miniMain,
    })
    if (sub) {
      result.push({
        figure: `${mini.platform} largest subpackage`,
        which: sub.name,
        ours: sub.bytes,
        floor: null,
        target: SIZE_TARGETS_KIB.miniSubpackage,
      })
    }
  }
  return result
}

/** Markdown: each size target beside Life Pay's figure and the empty app's (the floor), with what is left. */
export function floorSizeSection(ours: SizeFigures, floor: SizeFigures): string {
  const cell = (bytes: number | null) => (bytes === null ? '–' : kib(bytes))
  const table = markdownTable(
    ['figure (KiB)', 'which', 'Life Pay', 'floor: empty Taro app', 'target', 'over target'],
    rows(ours, floor).map((row) => [
      row.figure,
      row.which ?? '',
      cell(row.ours),
      cell(row.floor),
      String(row.target),
      row.ours === null ? '–' : row.ours / 1024 > row.target ? kib(row.ours - row.target * 1024) : 'met',
    ]),
  )
  return (
    '### Targets beside the floor (issue 21)\n\n' +
    'The floor is an empty Taro app (bench/floor/app: one page, one line of text) built with the same config in the ' +
    'same run; a subpackage has no floor.\n\n' +
    table
  )
}
