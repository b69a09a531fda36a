/**
 * The API server as production runs it (`npm run build:server`, and `npm start` or the test suites' servers when
 * dist/server is missing or older than its sources): esbuild bundles server/src with the kernel and the contract into
 * one CommonJS file, dist/server/main.js, with its source map (`node --enable-source-maps` prints stack traces in the
 * TypeScript sources), and copies the migrations beside it (database.ts reads them next to itself). Packages stay in
 * node_modules (PGlite's WebAssembly, argon2's native binary load from their own folders). No tsx at run time.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

const ROOT = join(__dirname, '..')
export const SERVER_DIST = join(ROOT, 'dist', 'server')
/** What production starts: `node --enable-source-maps dist/server/main.js`. */
export const SERVER_MAIN = join(SERVER_DIST, 'main.js')
const STAMP = join(SERVER_DIST, '.build-stamp')
// What the server's bundle is made of.
const INPUTS = ['server/src', 'domain', 'types/api', 'package.json', 'package-lock.json', 'scripts/serverBuild.ts']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

export function serverBuildIsStale(): boolean {
  if (!existsSync(STAMP)) return true
  const built = statSync(STAMP).mtimeMs
  return INPUTS.some((input) => newestMtime(join(ROOT, input)) > built)
}

export async function buildServer(): Promise<void> {
  rmSync(SERVER_DIST, { recursive: true, force: true })
  mkdirSync(SERVER_DIST, { recursive: true })
  await build({
    entryPoints: [join(ROOT, 'server/src/main.ts')],
    outfile: SERVER_MAIN,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    // The server's tsconfig: its paths name the kernel (@domain) and the contract (@contract).
    tsconfig: join(ROOT, 'server/tsconfig.json'),
    sourcemap: 'linked',
    // Stack traces name the TypeScript files; the sources themselves stay out of the map.
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  })
  cpSync(join(ROOT, 'server/src/db/migrations'), join(SERVER_DIST, 'migrations'), { recursive: true })
  writeFileSync(STAMP, new Date().toISOString())
}

export async function ensureServerBuild(): Promise<void> {
  if (!serverBuildIsStale()) return
  console.log('Building the server (dist/server is missing or older than its sources)…')
  await buildServer()
}

if (require.main === module) {
  buildServer().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
