/**
 * npm run syntax:check — the shipped scripts (dist/weapp, dist/alipay, dist/h5) stay at the floor of our oldest
 * engines (browserslist: iOS 11, Chrome 63), in syntax and in built-ins:
 * - every script must parse as ES2017. Babel lowers our sources to that floor, but node_modules are shipped as
 *   published unless config/index.ts transpiles them: a package that starts using newer syntax (object spread, `?.`,
 *   class fields) would be a blank app on those phones, and no test running on Node or a current Chromium would notice;
 * - the built-ins those engines lack (and, in the mini-programs, the browser APIs their runtimes never had) may be
 *   used only where the build itself provides them. Read from the build, not from our config: a free global left in
 *   a script was not rewritten by config/floorGlobals.ts's ProvidePlugin, so it is a use of the engine's (missing)
 *   one, unless the build installs it on the global (abortcontroller-polyfill: @tarojs/taro-h5 imports it, and it
 *   installs itself where the browser lacks AbortController); a prototype method is provided when some script of
 *   the build installs it (src/platform/floor/installPrototypes.ts).
 *   What counts as a use or an install: scripts/floorBuiltins.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse } from 'acorn'
import {
  ENGINE_FLOOR_MISSING,
  MINI_RUNTIME_MISSING,
  scriptBuiltins,
  type BuiltinName,
  type ScriptBuiltins,
} from './floorBuiltins'

export const ECMA_FLOOR = 2017

export type Target = 'weapp' | 'alipay' | 'h5'

function scriptsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return scriptsUnder(path)
    return name.endsWith('.js') ? [path] : []
  })
}

/** The scripts of one build that do not parse at the floor, with where and why. */
export function syntaxAboveFloor(dist: string): string[] {
  return scriptsUnder(dist).flatMap((file) => {
    const source = readFileSync(file, 'utf8')
    try {
      parse(source, { ecmaVersion: ECMA_FLOOR, sourceType: 'script' })
      return []
    } catch (error) {
      const { pos, message } = error as { pos: number; message: string }
      return [`${relative(dist, file)}: ${message} — …${source.slice(Math.max(0, pos - 60), pos + 40)}…`]
    }
  })
}

/** The built-ins a build's target engines lack. */
export function missingBuiltins(target: Target): BuiltinName[] {
  return target === 'h5' ? [...ENGINE_FLOOR_MISSING] : [...ENGINE_FLOOR_MISSING, ...MINI_RUNTIME_MISSING]
}

// abortcontroller-polyfill's own flag, read by its install step: the library, which installs the two globals where
// they are missing, is in the build.
const ABORT_CONTROLLER_POLYFILL_MARK = '__FORCE_INSTALL_ABORTCONTROLLER_POLYFILL'

export interface BuiltinReport {
  /** Uses of built-ins the build does not provide: `file:line:column name — …excerpt…`. */
  unprovided: string[]
  /** Every use above the floor, provided or not, counted by built-in. */
  counts: Map<BuiltinName, { uses: number; provided: boolean }>
}

function lineAndColumn(source: string, pos: number): string {
  const before = source.slice(0, pos)
  const line = before.split('\n').length
  return `${line}:${pos - before.lastIndexOf('\n')}`
}

/** The built-ins above the floor one build calls, and which of them it does not provide. */
export function builtinsAboveFloor(dist: string, target: Target): BuiltinReport {
  const watched = new Set(missingBuiltins(target))
  const files = scriptsUnder(dist).flatMap((file) => {
    const source = readFileSync(file, 'utf8')
    try {
      return [{ file, source, builtins: scriptBuiltins(source, watched) }]
    } catch {
      return [] // does not parse even as the latest ECMAScript: nothing to walk (syntaxAboveFloor reports it)
    }
  })
  const provided = new Set<BuiltinName>(files.flatMap(({ builtins }) => builtins.installs))
  if (files.some(({ source }) => source.includes(ABORT_CONTROLLER_POLYFILL_MARK)))
    provided.add('AbortController').add('AbortSignal')
  const report: BuiltinReport = { unprovided: [], counts: new Map() }
  for (const { file, source, builtins } of files as Array<{ file: string; source: string; builtins: ScriptBuiltins }>) {
    for (const use of builtins.uses) {
      const isProvided = provided.has(use.builtin)
      const count = report.counts.get(use.builtin) ?? { uses: 0, provided: isProvided }
      count.uses++
      report.counts.set(use.builtin, count)
      if (!isProvided) {
        const excerpt = source.slice(Math.max(0, use.pos - 50), use.pos + 50).replace(/\s+/g, ' ')
        report.unprovided.push(
          `${relative(dist, file)}:${lineAndColumn(source, use.pos)} ${use.builtin} — …${excerpt}…`,
        )
      }
    }
  }
  return report
}

if (require.main === module) {
  // `-- --dist <dir>` checks another set of builds (an older checkout's dist/, say).
  const distArg = process.argv.indexOf('--dist')
  const root = distArg > 0 ? process.argv[distArg + 1] : join(__dirname, '..', 'dist')
  const builds = (['weapp', 'alipay', 'h5'] as const).filter((target) => existsSync(join(root, target)))
  if (!builds.length) throw new Error(`no build in ${root}: build weapp, alipay or h5 first`)
  let failed = false
  for (const target of builds) {
    const dist = join(root, target)
    const syntax = syntaxAboveFloor(dist)
    const builtins = builtinsAboveFloor(dist, target)
    for (const line of [...syntax, ...builtins.unprovided]) console.error(`${target}/${line}`)
    const listed = [...builtins.counts].sort(([a], [b]) => a.localeCompare(b))
    const summary = listed.length
      ? listed.map(([name, { uses, provided }]) => `${name} ×${uses}${provided ? ' (provided)' : ''}`).join(', ')
      : 'none'
    console.log(
      `${target}: ${syntax.length ? `${syntax.length} script(s) above` : 'every script parses at'} ES${ECMA_FLOOR}; ` +
        `built-ins above the floor: ${summary}${builtins.unprovided.length ? ` — ${builtins.unprovided.length} use(s) not provided` : ''}`,
    )
    failed ||= syntax.length > 0 || builtins.unprovided.length > 0
  }
  if (failed) process.exit(1)
}
