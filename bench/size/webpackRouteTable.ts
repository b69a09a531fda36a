// Reads the built H5 app bundle the way the browser's webpack runtime does: the route table Taro generates
// (each route's `load` calls `__webpack_require__.e(<chunk id>)` for every chunk the page needs) and the runtime's
// own chunk-file functions (`.u` for scripts, `.miniCssF` for styles), evaluated rather than pattern-matched, so
// the figures follow any filename template or chunk naming. Anything unrecognised throws: a size check must not
// report zeros because the bundle's shape changed.

export interface RouteChunks {
  /** 'pages/home/index', 'subpackages/recharge/phoneBillRecharge/phoneBillRecharge', … */
  path: string
  chunkIds: string[]
}

export interface ChunkFiles {
  /** Output-relative path of a chunk's script, e.g. 'js/111.747724c1.js'. */
  script: (chunkId: string) => string
  /** Output-relative path of a chunk's stylesheet (it may not exist: not every chunk has CSS). */
  stylesheet: (chunkId: string) => string | null
}

const CLOSERS: Record<string, string> = { '(': ')', '{': '}', '[': ']' }

/** The source text of the expression starting at `start`, up to the `,` `;` or unmatched bracket that ends it. */
export function readExpression(source: string, start: number): string {
  const stack: string[] = []
  for (let i = start; i < source.length; i++) {
    const char = source[i]
    if (char === '"' || char === "'" || char === '`') {
      i = endOfString(source, i)
      continue
    }
    if (char in CLOSERS) stack.push(CLOSERS[char])
    else if (char === ')' || char === '}' || char === ']') {
      if (stack.length === 0) return source.slice(start, i)
      if (stack.pop() !== char) throw new Error(`unbalanced "${char}" at ${i} in the app bundle`)
    } else if ((char === ',' || char === ';') && stack.length === 0) return source.slice(start, i)
  }
  throw new Error('an expression of the app bundle does not end')
}

function endOfString(source: string, open: number): number {
  const quote = source[open]
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === '\\') i++
    else if (source[i] === quote) return i
  }
  throw new Error('unterminated string in the app bundle')
}

const ROUTE = /["']?path["']?\s*:\s*"([^"]+)"\s*,\s*["']?load["']?\s*:\s*/g
const CHUNK_LOAD = /\.e\(\s*(["']?)([\w.+-]+)\1\s*\)/g

/**
 * A chunk id as the runtime's tables key it: a minifier writes the number 7000 as `7e3` (and 0.5 as `.5`), which an
 * object literal's key and a lookup both read as "7000"; a quoted id is a name, kept as written.
 */
export function chunkIdOf(written: string, quoted: boolean): string {
  if (quoted || !/^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(written)) return written
  return String(Number(written))
}

/** Every route of the table with the chunk ids its `load` fetches; empty when the source holds no route table. */
export function parseRouteTable(source: string): RouteChunks[] {
  const routes: RouteChunks[] = []
  for (const match of source.matchAll(ROUTE)) {
    const load = readExpression(source, (match.index ?? 0) + match[0].length)
    const chunkIds = [...new Set([...load.matchAll(CHUNK_LOAD)].map((m) => chunkIdOf(m[2], m[1] !== '')))]
    if (chunkIds.length === 0)
      throw new Error(`route ${match[1]}: its load function fetches no chunk: ${load.slice(0, 200)}`)
    routes.push({ path: match[1], chunkIds })
  }
  return routes
}

/** The app config Taro embeds in the bundle names the first page; null when it is not there. */
export function parseEntryPagePath(source: string): string | null {
  return /["']?entryPagePath["']?\s*:\s*"([^"]+)"/.exec(source)?.[1] ?? null
}

function runtimeFunction(source: string, property: string, sampleId: string, suffix: string): (id: string) => string {
  const assignment = new RegExp(`\\.${property}\\s*=\\s*(?=function\\b|\\(?[\\w$]+\\)?\\s*=>)`, 'g')
  for (const match of source.matchAll(assignment)) {
    const text = readExpression(source, (match.index ?? 0) + match[0].length)
    try {
      // Our own build output: the chunk-file function of webpack's runtime, a pure id → path mapping.
      const candidate = new Function(`return (${text})`)() as (id: string) => unknown
      if (typeof candidate(sampleId) === 'string' && String(candidate(sampleId)).endsWith(suffix)) {
        return (id) => String(candidate(id))
      }
    } catch {
      // Another `.${property}=` of the bundle (or one needing runtime state): try the next one.
    }
  }
  throw new Error(`the webpack runtime's .${property} chunk-file function was not found in the app bundle`)
}

/** The runtime's chunk-file functions; `sampleId` is any chunk id of the route table, to recognise them by. */
export function parseChunkFiles(source: string, sampleId: string): ChunkFiles {
  const script = runtimeFunction(source, 'u', sampleId, '.js')
  let stylesheet: ((id: string) => string) | null = null
  try {
    stylesheet = runtimeFunction(source, 'miniCssF', sampleId, '.css')
  } catch {
    // A build without extracted CSS chunks.
  }
  const styled = chunksWithStyles(source)
  return {
    script,
    stylesheet: (id) => {
      if (styled && !styled.has(id)) return null
      const path = stylesheet?.(id)
      return path && !path.includes('undefined') ? path : null
    },
  }
}

/**
 * The chunks mini-css-extract's runtime loads a stylesheet for (`.f.miniCss`'s `{"<id>":1,…}[chunkId]`), null when
 * the bundle has no such loader. `.miniCssF` alone cannot tell: with every page's styles in one chunk it names that
 * one file whatever the id.
 */
function chunksWithStyles(source: string): Set<string> | null {
  const loader = /\.miniCss\s*=\s*(?=function\b|\(?[\w$,\s]+\)?\s*=>)/.exec(source)
  if (!loader) return null
  const body = readExpression(source, loader.index + loader[0].length)
  const set = /\{((?:\s*["']?[\w.+-]+["']?\s*:\s*1\s*,?)+)\}\s*\[/.exec(body)
  if (!set)
    throw new Error(`the webpack runtime's .miniCss loader has no set of chunks with styles: ${body.slice(0, 200)}`)
  return new Set([...set[1].matchAll(/(["']?)([\w.+-]+)\1\s*:/g)].map((m) => chunkIdOf(m[2], m[1] !== '')))
}
