import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import { CONSOLE_ENTRY, initialFiles } from '../../scripts/consoleBuild'

export interface ConsoleScreenLoad {
  /** The screen's source file (console/src/pages/…). */
  screen: string
  /** JS gzip bytes the screen adds to the first load (its chunk and the chunks only it and its kin import). */
  ownJsGzip: number
}

export interface ConsoleSizes {
  /** What opening any console address downloads before a screen: index.html's script, preloads and stylesheet. */
  firstLoadJsGzip: number
  firstLoadCssGzip: number
  screens: ConsoleScreenLoad[]
}

const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length

/**
 * The operator console's download weights from its build (dist/console and the esbuild metafile beside it,
 * dist/console.meta.json; scripts/consoleBuild.ts): the first load, and what each screen adds to it.
 */
export function measureConsole(distRoot: string): ConsoleSizes {
  const metaPath = join(distRoot, 'console.meta.json')
  if (!existsSync(metaPath)) throw new Error('dist/console is missing: run npm run build:console')
  const metafile = JSON.parse(readFileSync(metaPath, 'utf8')) as Metafile
  const repoRoot = join(distRoot, '..')
  const outputs = Object.entries(metafile.outputs)
  const main = outputs.find(([, output]) => output.entryPoint === CONSOLE_ENTRY)
  if (!main) throw new Error('the console build has no main entry')
  const initial = new Set(initialFiles(metafile, main[0]))
  const js = (files: Iterable<string>) =>
    [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipBytes(join(repoRoot, file)), 0)
  const screens = outputs
    .filter(([file, output]) => file !== main[0] && output.entryPoint?.startsWith('console/src/pages/'))
    .map(([file, output]) => ({
      screen: output.entryPoint!.replace('console/src/pages/', ''),
      ownJsGzip: js(initialFiles(metafile, file).filter((chunk) => !initial.has(chunk))),
    }))
    .sort((a, b) => b.ownJsGzip - a.ownJsGzip)
  return {
    firstLoadJsGzip: js(initial),
    firstLoadCssGzip: main[1].cssBundle ? gzipBytes(join(repoRoot, main[1].cssBundle)) : 0,
    screens,
  }
}
