import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parseChunkFiles, parseEntryPagePath, parseRouteTable, type RouteChunks } from './webpackRouteTable'

export interface Weight {
  raw: number
  gzip: number
}

export interface FirstLoad {
  js: Weight
  css: Weight
  /**
   * Bytes on the wire to a browser that accepts Brotli, as the server sends them: each file's `.br` sibling the build
   * writes (config/precompressAssets.ts), or the file itself when it has none (under 1 KiB, or not smaller); a first
   * load counts the document (index.html) too.
   */
  sent: number
  /** Output-relative paths, in load order. */
  files: string[]
}

export interface RouteFirstLoad {
  path: string
  /** What opening this route in a fresh tab downloads: index.html's scripts and styles plus the route's chunks. */
  firstLoad: FirstLoad
  /** The route's own chunks only (what navigating to it adds when none of them is loaded yet). */
  ownChunks: FirstLoad
  /** What navigating to it from the home page adds: its chunks the home page has not loaded. */
  afterHome: FirstLoad
}

export interface DuplicatedCss {
  /** Size of one copy. */
  bytes: number
  files: string[]
}

export interface H5Sizes {
  /** index.html's scripts and styles: the app shell every route starts with. */
  entry: FirstLoad
  /** The home page, then every other route in route-table order (the order of app.config.ts). */
  routes: RouteFirstLoad[]
  /** CSS chunk files with identical content: the same styles downloaded again on every page. */
  duplicatedCss: DuplicatedCss[]
}

function sentBytes(dist: string, file: string): number {
  const br = join(dist, `${file}.br`)
  return existsSync(br) ? statSync(br).size : statSync(join(dist, file)).size
}

function weigh(dist: string, files: string[], document?: string): FirstLoad {
  const load: FirstLoad = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 }, sent: 0, files }
  if (document) load.sent += sentBytes(dist, document)
  for (const file of files) {
    load.sent += sentBytes(dist, file)
    const body = readFileSync(join(dist, file))
    // Level 9: what a static server's precompressed assets would be; deterministic, so budgets can use it.
    const weight = file.endsWith('.css') ? load.css : load.js
    weight.raw += body.length
    weight.gzip += gzipSync(body, { level: 9 }).length
  }
  return load
}

function entryFiles(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0])
  const hrefOf = (tag: string) => /\bhref="([^"]+)"/.exec(tag)?.[1]
  // The shell's scripts preloaded by index.html and started after its first paint (config/h5FirstLoad.ts).
  const shellScripts = links.filter((tag) => /\bdata-lp-shell\b/.test(tag)).map(hrefOf)
  const styles = links.filter((tag) => /\brel="?stylesheet"?/.test(tag)).map(hrefOf)
  return [...scripts, ...shellScripts, ...styles]
    .filter((href): href is string => Boolean(href))
    .map((url) => url.replace(/^\//, ''))
}

function duplicatedCss(dist: string): DuplicatedCss[] {
  const cssDir = join(dist, 'css')
  if (!existsSync(cssDir)) return []
  const byContent = new Map<string, DuplicatedCss>()
  for (const name of readdirSync(cssDir).filter((n) => n.endsWith('.css'))) {
    const body = readFileSync(join(cssDir, name))
    const hash = createHash('sha1').update(body).digest('hex')
    const group = byContent.get(hash) ?? { bytes: body.length, files: [] }
    group.files.push(`css/${name}`)
    byContent.set(hash, group)
  }
  return [...byContent.values()].filter((group) => group.files.length > 1)
}

/** First-load weights of the production H5 build in `dist` (dist/h5). */
export function measureH5(dist: string): H5Sizes {
  const indexHtml = join(dist, 'index.html')
  if (!existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: build the H5 app first`)
  const shell = entryFiles(readFileSync(indexHtml, 'utf8'))
  const bundle = shell
    .filter((file) => file.endsWith('.js'))
    .find((file) => parseRouteTable(readFileSync(join(dist, file), 'utf8')).length > 0)
  if (!bundle) throw new Error(`no script of ${indexHtml} holds Taro's route table (has the H5 build's shape changed?)`)
  const source = readFileSync(join(dist, bundle), 'utf8')
  const table = parseRouteTable(source)
  const chunkFiles = parseChunkFiles(source, table[0].chunkIds[0])
  const filesOf = (route: RouteChunks) =>
    route.chunkIds.flatMap((id) => {
      // A chunk of shared styles alone (splitChunks splits CSS too) has no script: webpack's runtime never asks for
      // one.
      const files = [chunkFiles.script(id), chunkFiles.stylesheet(id)].filter(
        (file): file is string => !!file && existsSync(join(dist, file)),
      )
      if (files.length === 0)
        throw new Error(`route ${route.path}: chunk ${id} should be ${chunkFiles.script(id)}, which is missing`)
      return files
    })

  const homePath = parseEntryPagePath(source) ?? table[0].path
  const home = table.find((route) => route.path === homePath)
  if (!home) throw new Error(`the entry page ${homePath} is not in the route table`)
  const homeFiles = new Set([...shell, ...filesOf(home)])
  const routes = [home, ...table.filter((route) => route !== home)].map((route) => {
    const own = filesOf(route)
    return {
      path: route.path,
      firstLoad: weigh(dist, [...shell, ...own], 'index.html'),
      ownChunks: weigh(dist, own),
      afterHome: weigh(
        dist,
        own.filter((file) => !homeFiles.has(file)),
      ),
    }
  })
  return { entry: weigh(dist, shell, 'index.html'), routes, duplicatedCss: duplicatedCss(dist) }
}
