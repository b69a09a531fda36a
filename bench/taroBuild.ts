import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { ensureH5Build, h5BuildIsStale, taroBuild } from '../scripts/h5Build'

export type BuildTarget = 'weapp' | 'alipay' | 'h5'

// Several people build on this machine: one Taro build at a time, machine-wide.
const BUILD_LOCK = '/tmp/taro-build.lock'
const ROOT = join(__dirname, '..')

const FLOOR_ENV = 'LIFEPAY_FLOOR_APP'

function buildNow(target: BuildTarget): void {
  // The floor (bench/floor/app, into dist/floor): always rebuilt, an empty app builds in seconds.
  if (process.env[FLOOR_ENV] === '1') {
    return taroBuild(['--type', target, ...(target === 'h5' ? ['--mode', 'preview'] : [])], `${target} floor`)
  }
  // H5 for same-origin serving (mode preview), stamped so `npm start` and bench:page reuse it.
  if (target === 'h5') return ensureH5Build()
  taroBuild(['--type', target], target)
}

/**
 * Production build of one target under the build lock (this file re-run inside `flock`). H5 is built only when
 * dist/h5 is older than its sources; mini-programs always (they carry no build stamp).
 */
export function buildLocked(target: BuildTarget, { floor = false }: { floor?: boolean } = {}): void {
  if (target === 'h5' && !floor && !h5BuildIsStale()) {
    console.error('dist/h5 is newer than its sources: not rebuilt')
    return
  }
  if (spawnSync('flock', ['-n', BUILD_LOCK, 'true']).status !== 0)
    console.error(`waiting for ${BUILD_LOCK} (another Taro build runs)…`)
  const started = Date.now()
  // The build's chatter goes to stderr: stdout carries the figures (bench/report.md is made of it).
  const result = spawnSync('flock', [BUILD_LOCK, process.execPath, '--import', 'tsx', __filename, target], {
    cwd: ROOT,
    env: { ...process.env, [FLOOR_ENV]: floor ? '1' : '' },
    stdio: ['ignore', process.stderr, process.stderr],
  })
  const what = floor ? `${target} floor` : target
  if (result.status !== 0) throw new Error(`the ${what} build failed`)
  console.error(`built ${what} in ${((Date.now() - started) / 1000).toFixed(0)} s (lock wait included)`)
}

if (require.main === module) {
  const target = process.argv[2] as BuildTarget
  if (!['weapp', 'alipay', 'h5'].includes(target)) throw new Error(`usage: taroBuild.ts weapp|alipay|h5, got ${target}`)
  console.error(`building ${target}…`)
  buildNow(target)
}
