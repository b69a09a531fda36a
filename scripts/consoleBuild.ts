/**
 * The operator console's build (`npm run build:console`, and `npm start` when dist/console is missing or stale):
 * esbuild bundles console/src into content-hashed ES modules, split per screen, under dist/console/assets, writes
 * index.html pointing at them, and a .br and .gz sibling of each text file for the server to send as they are.
 *
 * Taro-free and without Vite: Vite 5–8 and its React plugin conflict with the peer ranges Taro 4.2 declares
 * (`vite@^4`), and esbuild, already in the tree for Taro at this version, does all the console needs
 * (docs/decisions/operator-console.md).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { readFile } from 'node:fs/promises'
import { build, type Metafile, type Plugin } from 'esbuild'

const ROOT = join(__dirname, '..')
export const CONSOLE_DIST = join(ROOT, 'dist', 'console')
const SOURCE = join(ROOT, 'console')
const STAMP = join(CONSOLE_DIST, '.build-stamp')
export const CONSOLE_META = join(ROOT, 'dist', 'console.meta.json')
// What the console's bundle is made of: its own sources, the domain rules and the API contract it shares.
const INPUTS = ['console', 'domain', 'types/api', 'package.json', 'package-lock.json', 'scripts/consoleBuild.ts']

/** The console's entry, as the metafile names it. */
export const CONSOLE_ENTRY = 'console/src/main.tsx'
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs)
}

// An initialism stays one word: QRCode → qr-code, as antd names its folders.
const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()

/** Where a named export of a barrel lives as its own module's default export. */
const deepPaths: Record<string, (name: string) => string> = {
  antd: (name) => `antd/es/${kebab(name)}`,
  '@ant-design/icons': (name) => `@ant-design/icons/es/icons/${name}`,
}

/**
 * `import { Table, type TableProps } from 'antd'` → `import Table from 'antd/es/table'` (and the icons likewise),
 * in the console's own files. esbuild splits code by which entry points reach each file, and a barrel reaches every
 * component: with `import { App } from 'antd'` in main.tsx, the table, date picker, upload… of every screen landed in
 * the first load (440 KiB gzip instead of ~270). The sources keep the barrels' idiomatic imports; type-only names are
 * erased anyway.
 */
export function deepImports(source: string): string {
  return source.replace(
    /import\s*\{([^}]*)\}\s*from\s*'(antd|@ant-design\/icons)'/g,
    (_whole, names: string, barrel: string) => {
      const imports = names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !name.startsWith('type '))
        .map((name) => {
          const [imported, local = imported] = name.split(/\s+as\s+/)
          return `import ${local} from '${deepPaths[barrel](imported)}'`
        })
      return imports.length ? imports.join('; ') : ''
    },
  )
}

const deepImportsPlugin: Plugin = {
  name: 'deep-imports',
  setup(build) {
    build.onLoad({ filter: /[\\/]console[\\/]src[\\/].*\.tsx?$/ }, async (args) => ({
      contents: deepImports(await readFile(args.path, 'utf8')),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
    }))
  },
}

export function consoleBuildIsStale(): boolean {
  if (!existsSync(STAMP)) return true
  const built = statSync(STAMP).mtimeMs
  return INPUTS.some((input) => newestMtime(join(ROOT, input)) > built)
}

function precompress(dir: string): void {
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name)
    if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue
    const content = readFileSync(path)
    if (content.length < 1024) continue
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    const gz = gzipSync(content, { level: 9 })
    if (br.length < content.length) writeFileSync(`${path}.br`, br)
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz)
  }
}

/** The entry's own chunk and the chunks it imports statically: what the first page load fetches. */
export function initialFiles(metafile: Metafile, entryOut: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of metafile.outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(entryOut)
  return [...seen]
}

export async function buildConsole(): Promise<void> {
  rmSync(CONSOLE_DIST, { recursive: true, force: true })
  mkdirSync(CONSOLE_DIST, { recursive: true })
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: CONSOLE_ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(CONSOLE_DIST, 'assets'),
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    assetNames: '[name].[hash]',
    publicPath: '/console/assets',
    minify: true,
    sourcemap: false,
    metafile: true,
    jsx: 'automatic',
    // Operators work at desktop browsers (docs/decisions/operator-console.md): no phone floor here.
    target: ['chrome109', 'edge109', 'firefox115', 'safari15.6'],
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: join(SOURCE, 'tsconfig.json'),
    plugins: [deepImportsPlugin],
  })
  // Each lazy screen is an entry point of its own under splitting: the page's is the one built from main.tsx.
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === CONSOLE_ENTRY)
  if (!entry) throw new Error('the console build wrote no entry chunk')
  const toUrl = (file: string) => `/console/${relative(CONSOLE_DIST, join(ROOT, file)).split('\\').join('/')}`
  const preloads = initialFiles(result.metafile, entry[0])
    .filter((file) => file !== entry[0])
    .map((file) => `<link rel="modulepreload" href="${toUrl(file)}" />`)
  const styles = entry[1].cssBundle ? [`<link rel="stylesheet" href="${toUrl(entry[1].cssBundle)}" />`] : []
  const tags = [...styles, ...preloads, `<script type="module" src="${toUrl(entry[0])}"></script>`].join('\n    ')
  const html = readFileSync(join(SOURCE, 'index.html'), 'utf8').replace('<!-- entry -->', tags)
  writeFileSync(join(CONSOLE_DIST, 'index.html'), html)
  // Beside the build, not in it: the size script reads it, the server does not serve it.
  writeFileSync(CONSOLE_META, JSON.stringify(result.metafile))
  precompress(CONSOLE_DIST)
  writeFileSync(STAMP, new Date().toISOString())
}

/** Builds the console when dist/console is missing or older than its inputs. */
export async function ensureConsoleBuild(): Promise<void> {
  if (!consoleBuildIsStale()) return
  console.log('Building the operator console (dist/console is missing or older than its sources)…')
  await buildConsole()
}

if (require.main === module) {
  buildConsole().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
