/**
 * One shared-code file per mini-program subpackage instead of one per module (issue 21). Taro's optimizeMainPackage
 * moves a module that only subpackages use out of the main package into `sub-common/<md5>.js`, one file per module,
 * copied into every subpackage that needs it, and prepends a `require("../sub-common/<md5>.js");` for each of them to
 * every page of the subpackage that uses it: recharge had 41 such files and 5.4 KiB of `require` lines, userAccount 49
 * and 8.2 KiB — about a tenth of each subpackage in wrappers and paths, not code. This plugin runs after Taro's and
 * moves a subpackage's sub-common modules into its `sub-vendors.js`, which Taro already has every page of the
 * subpackage require: one webpack chunk push that installs all their chunk ids, so each page's entry still finds every
 * chunk it waits for. The modules only register there (webpack runs a module when something requires it), so a page
 * pays nothing at run time for the shared modules it does not use. Styles (`.wxss`/`.acss`) stay as Taro writes
 * them. A subpackage of one page, which Taro gives no sub-vendors, gets one made of its sub-common modules. A file
 * that is not the plain push this expects is left as it is.
 * Saves 11.1 KiB of weapp's userAccount subpackage, 6.1 of order's (measured, docs/architecture.md § Patches). To
 * remove: the `mergeSubCommon` plugin line in config/index.ts and this file.
 */
import { posix } from 'node:path'
import type { Compilation, Compiler, sources as WebpackSources } from 'webpack'

const PLUGIN = 'MergeSubCommon'

// Taro's sub-common chunk: `"use strict";(wx.webpackJsonp=wx.webpackJsonp||[]).push([[<ids>],{<modules>}]);`
// (`my.` on Alipay), maybe followed by a source map comment.
const CHUNK_PUSH =
  /^"use strict";\((\w+)\.webpackJsonp=\1\.webpackJsonp\|\|\[\]\)\.push\(\[\[([\d,]+)\],\{([\s\S]*)\}\]\);?(\n\/\/# sourceMappingURL=\S+)?\s*$/
const SUB_COMMON_FILE = /^(.+)\/sub-common\/([0-9a-f]{32})\.js$/
const SUB_VENDORS = 'sub-vendors.js'

interface Push {
  global: string
  ids: string
  /** The module table's text and where it starts in the file. */
  modules: string
  modulesStart: number
}

function parsePush(code: string): Push | null {
  const match = CHUNK_PUSH.exec(code)
  if (!match) return null
  // The ids are digits and commas: the first `],{` closes them.
  return { global: match[1], ids: match[2], modules: match[3], modulesStart: code.indexOf('],{') + 3 }
}

export class MergeSubCommonPlugin {
  apply(compiler: Compiler) {
    const { Compilation: CompilationClass, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation: Compilation) => {
      // Taro's MiniSplitChunksPlugin writes the sub-common copies and the require lines at ANALYSE.
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: CompilationClass.PROCESS_ASSETS_STAGE_ANALYSE + 1 },
        (assets) => mergeSubCommon(compilation, assets, sources),
      )
    })
  }
}

function mergeSubCommon(
  compilation: Compilation,
  assets: Record<string, WebpackSources.Source>,
  sources: typeof WebpackSources,
) {
  // A chunk's module table as a source, keeping its source map when the build writes them (bench/composition.ts).
  const moduleTable = (file: string, push: Push): WebpackSources.Source => {
    const code = String(assets[file].source())
    const map = assets[`${file}.map`]
    const whole = map ? new sources.SourceMapSource(code, file, String(map.source())) : new sources.RawSource(code)
    const table = new sources.ReplaceSource(whole)
    table.replace(0, push.modulesStart - 1, '')
    table.replace(push.modulesStart + push.modules.length, code.length - 1, '')
    return table
  }
  const bySubRoot = new Map<string, { file: string; hash: string; push: Push }[]>()
  for (const file of Object.keys(assets)) {
    const match = SUB_COMMON_FILE.exec(file)
    if (!match) continue
    const push = parsePush(String(assets[file].source()))
    if (!push) continue
    const [, subRoot, hash] = match
    bySubRoot.set(subRoot, [...(bySubRoot.get(subRoot) ?? []), { file, hash, push }])
  }
  for (const [subRoot, commons] of bySubRoot) {
    const vendorsFile = `${subRoot}/${SUB_VENDORS}`
    // A subpackage of one page has no sub-vendors (Taro's group needs two chunks): the merged file becomes it.
    const vendors = assets[vendorsFile] ? parsePush(String(assets[vendorsFile].source())) : null
    if (assets[vendorsFile] && !vendors) continue
    const global = vendors?.global ?? commons[0].push.global
    if (commons.some((common) => common.push.global !== global)) continue
    const parts = [...(vendors ? [{ file: vendorsFile, push: vendors }] : []), ...commons].filter(
      (part) => part.push.modules !== '',
    )
    const ids = [...(vendors ? [vendors.ids] : []), ...commons.map((common) => common.push.ids)].join(',')
    const merged = new sources.ConcatSource(
      `"use strict";(${global}.webpackJsonp=${global}.webpackJsonp||[]).push([[${ids}],{`,
    )
    parts.forEach((part, index) => {
      if (index > 0) merged.add(',')
      merged.add(moduleTable(part.file, part.push))
    })
    merged.add('}]);')
    const mapFile = assets[`${vendorsFile}.map`] ?? assets[`${commons[0].file}.map`]
    if (mapFile) {
      const name = vendorsFile.slice(vendorsFile.lastIndexOf('/') + 1)
      const map = new sources.RawSource(JSON.stringify(merged.map()))
      if (assets[`${vendorsFile}.map`]) compilation.updateAsset(`${vendorsFile}.map`, map)
      else compilation.emitAsset(`${vendorsFile}.map`, map)
      merged.add(`\n//# sourceMappingURL=${name}.map`)
    }
    const vendorsSource = new sources.RawSource(String(merged.source()))
    if (vendors) compilation.updateAsset(vendorsFile, vendorsSource)
    else compilation.emitAsset(vendorsFile, vendorsSource)
    const mergedHashes = new Set(commons.map((common) => common.hash))
    for (const common of commons) {
      compilation.deleteAsset(common.file)
      if (assets[`${common.file}.map`]) compilation.deleteAsset(`${common.file}.map`)
    }
    // The pages' require lines for the merged files go; their require of sub-vendors (after them) stays, or, where
    // Taro wrote no sub-vendors, takes the place of the first one.
    const requireLine = /require\("(?:(?:\.\.\/)+|\.\/)sub-common\/([0-9a-f]{32})\.js"\);/g
    for (const file of Object.keys(assets)) {
      if (!file.startsWith(`${subRoot}/`) || !file.endsWith('.js') || file === vendorsFile) continue
      const code = String(assets[file].source())
      let vendorsRequired = !!vendors
      const without = code.replace(requireLine, (line, hash: string) => {
        if (!mergedHashes.has(hash)) return line
        if (vendorsRequired) return ''
        vendorsRequired = true
        return `require(${JSON.stringify(relativeRequire(file, vendorsFile))});`
      })
      if (without !== code) compilation.updateAsset(file, new sources.RawSource(without))
    }
  }
}

/** The path a script at `from` requires `to` by, both relative to the output root: `./x.js`, `../x.js`. */
function relativeRequire(from: string, to: string): string {
  const path = posix.relative(posix.dirname(from), to)
  return path.startsWith('.') ? path : `./${path}`
}
