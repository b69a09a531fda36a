/**
 * Coverage (`npm run coverage`, run by CI): the server suite under c8 and the app tests under jest's V8 coverage, one
 * summary per area, checked against coverage-floor.json, which only goes up: the check fails below a floor, and
 * `npm run coverage -- --raise-floor` raises each floor the run beat (never lowers one). `--from <folder>` reads
 * the counts a `LIFEPAY_COVERAGE=<folder> npm test` run left (what CI does: neither suite runs twice).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { coverageOf, raiseFloor, shortfalls, type AreaCoverage, type CoverageMap, type Floor } from './lib/coverage'

const ROOT = join(__dirname, '..')
const OUTPUT = join(ROOT, 'coverage')
const FLOOR = join(ROOT, 'coverage-floor.json')
const BIN = join(ROOT, 'node_modules', '.bin')

function run(command: string, args: string[]): void {
  const result = spawnSync(join(BIN, command), args, { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`coverage: ${command} ${args.join(' ')} failed (${result.status ?? result.signal})`)
    process.exit(1)
  }
}

function readMap(file: string): CoverageMap {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CoverageMap) : {}
}

function percent(covered: number, total: number): string {
  return total === 0 ? '   —  ' : `${((100 * covered) / total).toFixed(1).padStart(5)}%`
}

const C8_SCOPE = [
  '--all',
  '--src=server/src',
  '--src=domain',
  '--include=server/src/**',
  '--include=domain/**',
  '--exclude=server/src/db/migrations/**',
]

/** The value after `--from`: a folder a `LIFEPAY_COVERAGE=<folder> npm test` run left its counts in (CI), if given. */
function fromRun(): string | undefined {
  const at = process.argv.indexOf('--from')
  return at < 0 ? undefined : join(ROOT, process.argv[at + 1] ?? 'coverage')
}

function main(): void {
  const raise = process.argv.includes('--raise-floor')
  const from = fromRun()
  const output = from ?? OUTPUT
  if (from) {
    // CI: `npm test` ran with LIFEPAY_COVERAGE, so the server suite's processes left V8's counts and jest its report.
    if (!existsSync(join(from, '.c8')) || !existsSync(join(from, 'app', 'coverage-final.json'))) {
      console.error(`coverage: no counts in ${from}: run LIFEPAY_COVERAGE=${from} npm test first`)
      process.exit(1)
    }
    run('c8', [
      'report',
      '--reporter=json',
      `--reports-dir=${join(from, 'server')}`,
      `--temp-directory=${join(from, '.c8')}`,
      ...C8_SCOPE,
    ])
  } else {
    rmSync(OUTPUT, { recursive: true, force: true })
    // c8 collects from every node process the suite starts (the test runner runs each file in its own).
    run('c8', [
      '--reporter=json',
      `--reports-dir=${join(OUTPUT, 'server')}`,
      `--temp-directory=${join(OUTPUT, '.c8')}`,
      ...C8_SCOPE,
      'npm',
      'run',
      'test:server',
      '--silent',
    ])
    run('jest', ['--coverage', '--coverageReporters=json', `--coverageDirectory=${join(OUTPUT, 'app')}`])
  }
  const areas = coverageOf(ROOT, [
    readMap(join(output, 'server', 'coverage-final.json')),
    readMap(join(output, 'app', 'coverage-final.json')),
  ])
  const floor = existsSync(FLOOR) ? (JSON.parse(readFileSync(FLOOR, 'utf8')) as Floor) : {}
  console.log('\nCoverage (npm run coverage)          lines            branches        floor (lines / branches)')
  for (const [area, figures] of Object.entries(areas) as [string, AreaCoverage][]) {
    const { lines, branches } = figures
    const own = floor[area]
    console.log(
      `  ${area.padEnd(8)} ${percent(lines.covered, lines.total)} ${`${lines.covered}/${lines.total}`.padStart(12)}` +
        `  ${percent(branches.covered, branches.total)} ${`${branches.covered}/${branches.total}`.padStart(10)}` +
        `   ${own ? `${own.lines}% / ${own.branches}%` : 'none'}`,
    )
  }
  const below = shortfalls(areas, floor)
  if (raise) {
    const raised = raiseFloor(areas, floor)
    writeFileSync(FLOOR, `${JSON.stringify(raised, null, 2)}\n`)
    console.log(`\ncoverage-floor.json: ${JSON.stringify(raised)}`)
  }
  if (below.length) {
    console.error(`\nCoverage fell below its floor (coverage-floor.json):\n  ${below.join('\n  ')}`)
    process.exit(1)
  }
}

main()
