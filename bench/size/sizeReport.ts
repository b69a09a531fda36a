import { join } from 'node:path'
import budgets from '../../config/sizeBudgets.json'
import { kib, markdownTable } from '../markdownTable'
import { measureConsole, type ConsoleSizes } from './consoleLoad'
import { checkH5Budgets } from './h5Budgets'
import { measureH5, type FirstLoad, type H5Sizes } from './h5FirstLoad'
import { measureMiniPackages, type MiniPlatform, type MiniSizes } from './miniPackages'

export interface SizeReport {
  /** Markdown: the tables, the budget and target lines. */
  text: string
  /** Budgets exceeded or builds missing: what `size --check` fails on. */
  failures: string[]
}

const LARGEST_FILES = 8

function attempt<T>(measure: () => T, failures: string[]): T | null {
  try {
    return measure()
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error))
    return null
  }
}

function miniSection(minis: MiniSizes[], failures: string[]): string {
  const names = [...new Set(minis.flatMap((m) => m.packages.map((p) => p.name)))]
  const rows = names.map((name) => {
    const budget = name === 'main' ? budgets.miniMainPackageKiB : budgets.miniSubpackageKiB
    const cells = minis.map((mini) => {
      const bytes = mini.packages.find((p) => p.name === name)?.bytes
      if (bytes === undefined) return '–'
      if (bytes / 1024 > budget) {
        failures.push(`${mini.platform} ${name} is ${kib(bytes)} KiB, over its ${budget} KiB budget`)
        return `${kib(bytes)} OVER`
      }
      return kib(bytes)
    })
    return [name, ...cells, String(budget)]
  })
  const lines = [
    '### Mini-program packages (KiB, raw bytes of every uploaded file)',
    '',
    markdownTable(['package', ...minis.map((m) => m.platform), 'budget'], rows),
  ]
  for (const mini of minis) {
    const overTarget = mini.packages.flatMap((p) => {
      const target = p.name === 'main' ? budgets.targets.miniMainPackageKiB : budgets.targets.miniSubpackageKiB
      const gap = p.bytes / 1024 - target
      return gap > 0 ? [`${p.name} ${kib(p.bytes)} KiB (${gap.toFixed(1)} over)`] : []
    })
    lines.push(
      '',
      `Targets (issue 21, not failing budgets): ${mini.platform} main package ≤ ${budgets.targets.miniMainPackageKiB} KiB, ` +
        `each subpackage ≤ ${budgets.targets.miniSubpackageKiB} KiB — ${overTarget.length ? overTarget.join(', ') : 'met'}.`,
    )
  }
  lines.push('', '#### Largest files of the main package (KiB)', '')
  const largest = minis.flatMap((mini) =>
    mini.mainFiles.slice(0, LARGEST_FILES).map((f) => [`${mini.platform}: ${f.path}`, kib(f.bytes)]),
  )
  lines.push(markdownTable(['file', 'KiB'], largest))
  return lines.join('\n')
}

const weights = (load: FirstLoad) => [
  kib(load.js.raw),
  kib(load.js.gzip),
  kib(load.css.raw),
  kib(load.css.gzip),
  kib(load.sent),
]

function h5Section(h5: H5Sizes, failures: string[]): string {
  const check = checkH5Budgets(h5, budgets)
  failures.push(...check.failures)
  const lines = [
    '### H5 first load (KiB; gzip -9, and as sent)',
    '',
    'A fresh tab opening a page downloads index.html’s scripts and styles (the app shell) and the route’s chunks',
    '(first load); “own” is the route’s chunks alone, “after home” what navigating to it from the home page adds.',
    '“Sent (br)” is what the server puts on the wire for a first load to a browser that accepts Brotli: the document,',
    'the scripts and the styles, each as its precompressed `.br` sibling (budgets stay on the gzip figures).',
    '',
    markdownTable(
      [
        'page',
        'JS raw',
        'JS gzip',
        'CSS raw',
        'CSS gzip',
        'sent (br)',
        'own JS gzip',
        'own CSS gzip',
        'after home JS gzip',
        'after home CSS gzip',
      ],
      [
        ['app shell (index.html)', ...weights(h5.entry), '', '', '', ''],
        ...h5.routes.map((route) => [
          route.path,
          ...weights(route.firstLoad),
          kib(route.ownChunks.js.gzip),
          kib(route.ownChunks.css.gzip),
          kib(route.afterHome.js.gzip),
          kib(route.afterHome.css.gzip),
        ]),
      ],
    ),
    '',
    ...check.lines,
  ]
  for (const group of h5.duplicatedCss) {
    lines.push(
      `Duplicated CSS: ${group.files.length} CSS chunk files have the same ${kib(group.bytes)} KiB content ` +
        `(e.g. ${group.files.slice(0, 3).join(', ')}): each page fetches these styles again under another name.`,
    )
  }
  return lines.join('\n')
}

function consoleSection(sizes: ConsoleSizes, failures: string[]): string {
  const budget = budgets.consoleFirstLoadJsGzipKiB
  const screenBudget = budgets.consoleScreenJsGzipKiB
  if (sizes.firstLoadJsGzip / 1024 > budget)
    failures.push(`Console first-load JS is ${kib(sizes.firstLoadJsGzip)} KiB gzip, over its ${budget} KiB budget`)
  for (const screen of sizes.screens)
    if (screen.ownJsGzip / 1024 > screenBudget)
      failures.push(`Console screen ${screen.screen} adds ${kib(screen.ownJsGzip)} KiB gzip, over ${screenBudget} KiB`)
  return [
    '### Operator console (KiB; gzip -9)',
    '',
    `First load (index.html's script, preloads, stylesheet): JS ${kib(sizes.firstLoadJsGzip)}, CSS ${kib(sizes.firstLoadCssGzip)} — budget ${budget} KiB JS.`,
    '',
    markdownTable(
      ['screen', 'adds JS gzip', 'budget'],
      sizes.screens.map((screen) => [screen.screen, kib(screen.ownJsGzip), String(screenBudget)]),
    ),
  ].join('\n')
}

/**
 * Sizes of the production builds under `distRoot` (dist/weapp, dist/alipay, dist/h5) against config/sizeBudgets.json.
 */
export function sizeReport(distRoot: string): SizeReport {
  const failures: string[] = []
  const minis = (['weapp', 'alipay'] as MiniPlatform[])
    .map((platform) => attempt(() => measureMiniPackages(join(distRoot, platform), platform), failures))
    .filter((mini): mini is MiniSizes => mini !== null)
  const h5 = attempt(() => measureH5(join(distRoot, 'h5')), failures)
  const operatorConsole = attempt(() => measureConsole(distRoot), failures)
  const sections = [
    minis.length ? miniSection(minis, failures) : '',
    h5 ? h5Section(h5, failures) : '',
    operatorConsole ? consoleSection(operatorConsole, failures) : '',
  ].filter(Boolean)
  if (failures.length) sections.push(['**Size check failures**', '', ...failures.map((f) => `- ${f}`)].join('\n'))
  return { text: sections.join('\n\n'), failures }
}
