import { kib } from '../markdownTable'
import type { H5Sizes } from './h5FirstLoad'

/** config/sizeBudgets.json's H5 keys (KiB of JS, gzip -9). */
export interface H5Budgets {
  /** index.html's scripts: the app shell every route starts with. */
  h5ShellJsGzipKiB: number
  /** Any route opened in a fresh tab: the shell plus the route's chunks. */
  h5RouteFirstLoadJsGzipKiB: number
  targets: { h5ShellJsGzipKiB: number; h5RouteFirstLoadJsGzipKiB: number }
}

export interface H5BudgetCheck {
  /** The budget and target lines printed under the table. */
  lines: string[]
  /** What `size --check` fails on. */
  failures: string[]
}

const gap = (figure: number, target: number) =>
  figure / 1024 <= target ? 'met' : `${(figure / 1024 - target).toFixed(1)} KiB over`

/** The shell and every route's first load against their budgets (failing) and issue 21's targets (printed only). */
export function checkH5Budgets(h5: H5Sizes, budgets: H5Budgets): H5BudgetCheck {
  const failures: string[] = []
  const shell = h5.entry.js.gzip
  if (shell / 1024 > budgets.h5ShellJsGzipKiB)
    failures.push(`H5 shell JS is ${kib(shell)} KiB gzip, over its ${budgets.h5ShellJsGzipKiB} KiB budget`)
  const over = h5.routes.filter((route) => route.firstLoad.js.gzip / 1024 > budgets.h5RouteFirstLoadJsGzipKiB)
  for (const route of over)
    failures.push(
      `H5 ${route.path} first-load JS is ${kib(route.firstLoad.js.gzip)} KiB gzip, over its ` +
        `${budgets.h5RouteFirstLoadJsGzipKiB} KiB budget`,
    )
  const largest = h5.routes.reduce((big, route) => (route.firstLoad.js.gzip > big.firstLoad.js.gzip ? route : big))
  const largestJs = largest.firstLoad.js.gzip
  const { targets } = budgets
  const overTarget = h5.routes.filter((route) => route.firstLoad.js.gzip / 1024 > targets.h5RouteFirstLoadJsGzipKiB)
  return {
    lines: [
      `Budgets: shell JS ≤ ${budgets.h5ShellJsGzipKiB} KiB gzip — ${kib(shell)}${shell / 1024 > budgets.h5ShellJsGzipKiB ? ' OVER' : ''}; ` +
        `every route's first-load JS ≤ ${budgets.h5RouteFirstLoadJsGzipKiB} — largest ${kib(largestJs)} (${largest.path})` +
        `${over.length ? `, ${over.length} OVER` : ''}.`,
      `Targets (issue 21, not failing budgets): shell ≤ ${targets.h5ShellJsGzipKiB} KiB — ${gap(shell, targets.h5ShellJsGzipKiB)}; ` +
        `every route ≤ ${targets.h5RouteFirstLoadJsGzipKiB} KiB — ` +
        (overTarget.length ? `${overTarget.length} of ${h5.routes.length} routes over` : 'met') +
        '.',
    ],
    failures,
  }
}
