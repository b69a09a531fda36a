import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(__dirname, '..')
export const H5_DIST = join(ROOT, 'dist', 'h5')
const STAMP = join(H5_DIST, '.build-stamp')
const INPUTS = ['src', 'config', 'types', 'babel.config.js', 'package.json', 'tsconfig.json', '.env.preview']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

/** True when dist/h5 is missing or older than any of its inputs. */
export function h5BuildIsStale(): boolean {
  if (!existsSync(STAMP)) return true
  const built = statSync(STAMP).mtimeMs
  return INPUTS.some((input) => newestMtime(join(ROOT, input)) > built)
}

/** One production Taro build in the project; on failure its last 40 lines go to stderr and it throws. */
export function taroBuild(args: string[], what: string): void {
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', 'taro'), ['build', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status !== 0) {
    console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').slice(-40).join('\n'))
    throw new Error(`The ${what} build failed (its last lines are above)`)
  }
}

/** Builds the production H5 app for same-origin serving (mode `preview`) when it is missing or stale. */
export function ensureH5Build(): void {
  if (!h5BuildIsStale()) return
  console.log('Building the H5 app (dist/h5 is missing or older than its sources)…')
  taroBuild(['--type', 'h5', '--mode', 'preview'], 'H5')
  writeFileSync(STAMP, new Date().toISOString())
}
