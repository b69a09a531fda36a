import { existsSync, readFileSync } from 'node:fs'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]))

/** One segment of a source map's `mappings` (Base64 VLQ): the fields as deltas, 1, 4 or 5 of them. */
function decodeSegment(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new Error(`bad source map segment "${segment}"`)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
      continue
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1)
    value = 0
    shift = 0
  }
  return values
}

/** The package (node_modules/<name>) or app folder (src/<folder>) a source path belongs to. */
export function ownerOf(source: string): string {
  const stripped = source.replace(/^webpack:\/\/[^/]*\//, '')
  // The mini-program runner flattens module paths with '_' (.._node_modules_@tarojs_runtime_dist_…).
  const unflattened = stripped
    .replace(/node_modules/g, '\0')
    .replace(/_/g, '/')
    .replace(/\0/g, 'node_modules')
  const path = (stripped.includes('/') ? stripped : unflattened).replace(/^\.\//, '')
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  if (inModules) return inModules[1]
  const inApp = /(?:^|\/)src\/([^/]+)(?:\/([^/]+))?/.exec(path)
  if (inApp) return inApp[1] === 'subpackages' && inApp[2] ? `src/subpackages/${inApp[2]}` : `src/${inApp[1]}`
  return path.startsWith('webpack/') ? 'webpack runtime' : path
}

/** The module a source path names, for `--by-file` (node_modules/<package>/<path> or src/<path>). */
export function moduleOf(source: string): string {
  const stripped = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '')
  // The mini-program runner's flattened names keep their '_' (a module's own path may contain '_').
  const path = stripped.includes('/')
    ? stripped
    : stripped.replace(/^.*?node_modules_/, 'node_modules/').replace(/^\._src_/, 'src/')
  const inModules = /node_modules\/(.+)$/.exec(path)
  if (inModules) return inModules[1]
  const inApp = /(?:^|\/)(src\/.+)$/.exec(path)
  return inApp ? inApp[1] : path
}

/**
 * Bytes of a generated file attributed to the package or app folder of their source, through the file's source
 * map (`<file>.map`); bytes no mapping covers are "(unmapped)". Null when the file has no map.
 */
export function composition(
  generatedFile: string,
  owner: (source: string) => string = ownerOf,
): Map<string, number> | null {
  const mapFile = `${generatedFile}.map`
  if (!existsSync(mapFile)) return null
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string }
  const lines = readFileSync(generatedFile, 'utf8').split('\n')
  const bytes = new Map<string, number>()
  const add = (owner: string, count: number) => bytes.set(owner, (bytes.get(owner) ?? 0) + count)
  let source = 0
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? ''
    let column = 0
    let covered = 0
    let previous: { column: number; owner: string | null } | null = null
    for (const segment of line.split(',').filter(Boolean)) {
      const fields = decodeSegment(segment)
      column += fields[0]
      if (fields.length >= 4) source += fields[1]
      if (fields.length >= 4 && map.sources[source] === undefined)
        throw new Error(`${mapFile}: mapping to source ${source} of ${map.sources.length}`)
      if (previous) {
        const length = Buffer.byteLength(text.slice(previous.column, column))
        add(previous.owner ?? '(unmapped)', length)
        covered += length
      }
      previous = { column, owner: fields.length >= 4 ? owner(map.sources[source]) : null }
    }
    if (previous) {
      const length = Buffer.byteLength(text.slice(previous.column))
      add(previous.owner ?? '(unmapped)', length)
      covered += length
    }
    add('(unmapped)', Buffer.byteLength(text) - covered)
  })
  return bytes
}
