// npx tsx bench/composition.ts [h5] [weapp] [--by-file] [--route <path part>]…: what each package and app folder
// contributes to the H5 home page's first load (and the own chunks of each subpackage's first page, and of every route
// whose path contains a --route argument, e.g. `--route electricBillRecharge`) and to the weapp main package's
// scripts, read from the source maps of a scratch build: a copy of the sources whose Taro config adds source maps,
// built under the build lock. This worktree's config and dist stay as they are, so the shipped builds (and
// `npm run size`) are unaffected.
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { kib, markdownTable } from './markdownTable'
import { measureH5 } from './size/h5FirstLoad'
import { measureMiniPackages } from './size/miniPackages'
import { composition, moduleOf, ownerOf } from './size/sourceMapComposition'
import { TEST_BUILD_OPERATOR } from '../config/operatorSettings'

const ROOT = join(__dirname, '..')
const BUILD_LOCK = '/tmp/taro-build.lock'
const SOURCES = [
  'src',
  'domain',
  'config',
  'types',
  'babel.config.js',
  'package.json',
  'tsconfig.json',
  'project.config.json',
  'mini.project.json',
  '.env.preview',
  '.env.production',
]
const BY_FILE = process.argv.includes('--by-file')
// `--route <part>`, repeatable: more H5 routes to break down, by a part of their path.
const ROUTE_ARGS = process.argv.slice(2).flatMap((arg, i, args) => (args[i - 1] === '--route' ? [arg] : []))
// By package: the largest 15; by module (`--by-file`): the largest 60.
const TOP = BY_FILE ? 60 : 15
// Subpackages and page chunks this large get a table of their own.
const LARGE_BYTES = 20 * 1024

// Babel would chain the libraries' own source maps, naming their original files (../src/query.ts) instead of the
// package webpack bundled; without them every byte maps to node_modules/<package>/….
const WITHOUT_INPUT_MAPS = `module.exports = (api) => ({ ...require('./babel.base.js')(api), inputSourceMap: false })
`

const WITH_SOURCE_MAPS = `// Scratch copy (bench/composition.ts): the project's config with source maps.
import base from './base'

const sourceMaps = { enableSourceMap: true, sourceMapType: 'source-map' }
export default async (merge: any, env: any) => merge({}, await (base as any)(merge, env), { h5: sourceMaps, mini: sourceMaps })
`

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)],
  )
}

function scratchCopy(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'lifepay-composition-'))
  for (const source of SOURCES.filter((s) => existsSync(join(ROOT, s))))
    cpSync(join(ROOT, source), join(scratch, source), { recursive: true })
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'))
  renameSync(join(scratch, 'config', 'index.ts'), join(scratch, 'config', 'base.ts'))
  writeFileSync(join(scratch, 'config', 'index.ts'), WITH_SOURCE_MAPS)
  renameSync(join(scratch, 'babel.config.js'), join(scratch, 'babel.base.js'))
  writeFileSync(join(scratch, 'babel.config.js'), WITHOUT_INPUT_MAPS)
  return scratch
}

function build(scratch: string, target: 'h5' | 'weapp'): void {
  console.error(`building ${target} with source maps (under ${BUILD_LOCK})…`)
  const args = ['build', '--type', target, ...(target === 'h5' ? ['--mode', 'preview'] : [])]
  const result = spawnSync('flock', [BUILD_LOCK, join(ROOT, 'node_modules', '.bin', 'taro'), ...args], {
    cwd: scratch,
    // Measured, never released: the test identity where the environment names no operator.
    env: { ...TEST_BUILD_OPERATOR, ...process.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    console.error(`${result.stdout}${result.stderr}`.split('\n').slice(-40).join('\n'))
    throw new Error(`the ${target} build failed`)
  }
}

function table(title: string, dist: string, files: string[]): string {
  const total = new Map<string, number>()
  const missing: string[] = []
  for (const file of files) {
    const bytes = composition(join(dist, file), BY_FILE ? moduleOf : ownerOf)
    if (!bytes) missing.push(file)
    for (const [owner, size] of bytes ?? []) total.set(owner, (total.get(owner) ?? 0) + size)
  }
  const sum = [...total.values()].reduce((a, b) => a + b, 0)
  const rows = [...total].sort((a, b) => b[1] - a[1])
  const shown = rows.slice(0, TOP).map(([owner, size]) => [owner, kib(size), `${((size / sum) * 100).toFixed(1)} %`])
  const rest = rows.slice(TOP).reduce((a, [, size]) => a + size, 0)
  if (rest) shown.push([`${rows.length - TOP} others`, kib(rest), `${((rest / sum) * 100).toFixed(1)} %`])
  return [
    `### ${title}: ${kib(sum)} KiB raw in ${files.join(', ')}`,
    '',
    markdownTable([BY_FILE ? 'module' : 'package or app folder', 'KiB', 'share'], shown),
    ...(missing.length ? ['', `No source map for: ${missing.join(', ')}`] : []),
  ].join('\n')
}

function main(): void {
  const targets = process.argv.slice(2).filter((arg) => !arg.startsWith('--') && !ROUTE_ARGS.includes(arg))
  const wanted = targets.length ? targets : ['h5', 'weapp']
  const scratch = scratchCopy()
  try {
    const sections: string[] = []
    if (wanted.includes('h5')) {
      build(scratch, 'h5')
      const dist = join(scratch, 'dist', 'h5')
      const [home, ...others] = measureH5(dist).routes
      // One table per subpackage, for its first page: its other pages share most of those chunks.
      const roots = new Set<string>()
      const firstPages = others.filter((page) => {
        const root = page.path.split('/').slice(0, 2).join('/')
        if (roots.has(root)) return false
        roots.add(root)
        return true
      })
      sections.push(
        table(
          `H5 first load of ${home.path} (scripts)`,
          dist,
          home.firstLoad.files.filter((f) => f.endsWith('.js')),
        ),
      )
      const asked = others.filter((page) => ROUTE_ARGS.some((part) => page.path.includes(part)))
      const unmatched = ROUTE_ARGS.filter((part) => !others.some((page) => page.path.includes(part)))
      if (unmatched.length) throw new Error(`no H5 route's path contains ${unmatched.join(', ')}`)
      const broken = [...firstPages.filter((p) => p.ownChunks.js.raw >= LARGE_BYTES), ...asked]
      for (const page of broken.filter((p, i) => broken.indexOf(p) === i)) {
        sections.push(
          table(
            `H5 own chunks of ${page.path} (scripts)`,
            dist,
            page.ownChunks.files.filter((f) => f.endsWith('.js')),
          ),
        )
      }
    }
    if (wanted.includes('weapp')) {
      build(scratch, 'weapp')
      const dist = join(scratch, 'dist', 'weapp')
      const sizes = measureMiniPackages(dist, 'weapp')
      sections.push(
        table(
          'weapp main package (scripts)',
          dist,
          sizes.mainFiles.filter((f) => f.path.endsWith('.js')).map((f) => f.path),
        ),
      )
      for (const pkg of sizes.packages.filter((p) => p.name !== 'main' && p.bytes >= LARGE_BYTES)) {
        const scripts = filesUnder(join(dist, pkg.name))
          .filter((f) => f.endsWith('.js'))
          .map((f) => relative(dist, f))
        sections.push(table(`weapp ${pkg.name} (scripts)`, dist, scripts))
      }
    }
    console.log(`## Bundle composition (source maps of a scratch build)\n\n${sections.join('\n\n')}`)
  } finally {
    if (process.env.KEEP_SCRATCH) console.error(`scratch build kept in ${scratch}`)
    else rmSync(scratch, { recursive: true, force: true })
  }
}

main()
