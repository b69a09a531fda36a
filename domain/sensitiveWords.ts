// Aho-Corasick over case-folded UTF-16 code units: one pass per string, linear in its length, whatever the
// number of words (bench/filter.ts measures it against a single compiled regex and a naive per-word replace).

let foldTable: Uint16Array | undefined

/**
 * Lower case per code unit, filled in as units are met (0: not yet; unit 0 is simply folded again): filling all 65,536
 * up front took ~10 ms of a phone's main thread on the first API answer. A unit whose lower case is not one unit
 * (e.g. 'İ') stays as it is, keeping offsets.
 */
function fold(): Uint16Array {
  foldTable ??= new Uint16Array(0x10000)
  return foldTable
}

function foldUnit(table: Uint16Array, unit: number): number {
  const lower = String.fromCharCode(unit).toLowerCase()
  return (table[unit] = lower.length === 1 ? lower.charCodeAt(0) : unit)
}

/** The words of a pattern text: separated by '|' or line breaks, trimmed, empty ones dropped, unique. */
export function parseSensitiveWords(patternText: string | null | undefined): string[] {
  const words = (patternText ?? '')
    .replace(/^\uFEFF/, '')
    .split(/[|\r\n]/)
    .map((word) => word.trim())
    .filter((word) => word !== '')
  return Array.from(new Set(words))
}

interface Automaton {
  fold: Uint16Array
  /** Transitions out of the root, dense: most characters of ordinary text leave the matcher at the root. */
  rootNext: Int32Array
  next: (Map<number, number> | undefined)[]
  fail: Int32Array
  /** Length of the longest word that ends at this state (its own or one reached through failure links). */
  longest: Int32Array
}

function buildAutomaton(words: readonly string[]): Automaton {
  const table = fold()
  const rootNext = new Int32Array(0x10000)
  const next: (Map<number, number> | undefined)[] = [undefined]
  const wordLength: number[] = [0]
  for (const word of words) {
    let state = 0
    for (let i = 0; i < word.length; i++) {
      const unit = word.charCodeAt(i)
      const code = table[unit] || foldUnit(table, unit)
      let child = state === 0 ? rootNext[code] || undefined : next[state]?.get(code)
      if (child === undefined) {
        child = next.length
        next.push(undefined)
        wordLength.push(0)
        if (state === 0) rootNext[code] = child
        else (next[state] ??= new Map()).set(code, child)
      }
      state = child
    }
    wordLength[state] = word.length
  }
  const count = next.length
  const fail = new Int32Array(count)
  const longest = new Int32Array(count)
  const queue: number[] = []
  for (let code = 0; code < 0x10000; code++) {
    const child = rootNext[code]
    if (child) {
      longest[child] = wordLength[child]
      queue.push(child)
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]
    next[state]?.forEach((child, code) => {
      let f = fail[state]
      let target: number | undefined
      for (;;) {
        target = f === 0 ? rootNext[code] || undefined : next[f]?.get(code)
        if (target !== undefined || f === 0) break
        f = fail[f]
      }
      fail[child] = target ?? 0
      longest[child] = Math.max(wordLength[child], longest[fail[child]])
      queue.push(child)
    })
  }
  return { fold: table, rootNext, next, fail, longest }
}

/** Replaces every character (code point) of every match with '*'; overlapping matches mask their union. */
function maskText(automaton: Automaton, text: string): string {
  const { fold: table, rootNext, next, fail, longest } = automaton
  let starts: number[] | undefined
  let ends: number[] | undefined
  let state = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const code = table[unit] || foldUnit(table, unit)
    for (;;) {
      if (state === 0) {
        state = rootNext[code]
        break
      }
      const target = next[state]?.get(code)
      if (target !== undefined) {
        state = target
        break
      }
      state = fail[state]
    }
    const length = longest[state]
    if (length === 0) continue
    // Matches arrive in order of their end, so merging with the last ranges keeps the list sorted and disjoint.
    let start = i - length + 1
    if (!starts || !ends) {
      starts = []
      ends = []
    }
    while (ends.length > 0 && ends[ends.length - 1] >= start - 1) {
      start = Math.min(start, starts[starts.length - 1])
      starts.pop()
      ends.pop()
    }
    starts.push(start)
    ends.push(i)
  }
  if (!starts || !ends) return text
  let result = ''
  let from = 0
  for (let r = 0; r < starts.length; r++) {
    result += text.slice(from, starts[r])
    for (let i = starts[r]; i <= ends[r]; i++) {
      const unit = text.charCodeAt(i)
      const isSecondHalf = unit >= 0xdc00 && unit <= 0xdfff && i > starts[r] && isHighSurrogate(text.charCodeAt(i - 1))
      if (!isSecondHalf) result += '*'
    }
    from = ends[r] + 1
  }
  return result + text.slice(from)
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

export type SensitiveWordFilter = <T>(value: T) => T

/** Filter for the pattern text of static storage (SPEC §5): a masked copy of a JSON-shaped value, keys kept. */
export function createSensitiveWordFilter(patternText: string | null | undefined): SensitiveWordFilter {
  const words = parseSensitiveWords(patternText)
  const automaton = words.length > 0 ? buildAutomaton(words) : undefined
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return automaton ? maskText(automaton, value) : value
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value === 'object' && value !== null && isPlainObject(value)) {
      const copy: Record<string, unknown> = {}
      for (const key of Object.keys(value)) {
        // A '__proto__' key from JSON.parse is data; plain assignment would set the copy's prototype instead.
        const item = walk(value[key])
        if (key === '__proto__') {
          Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true })
        } else {
          copy[key] = item
        }
      }
      return copy
    }
    return value
  }
  return <T>(value: T): T => walk(value) as T
}
