// How many bits of guessing a secret is worth, estimated the way a guesser would attack it (after zxcvbn's idea, for
// machine secrets): the cheapest description of the string as random characters, common words, sequences, keyboard
// runs and repeats of an earlier part. `Password1234567890Password123456` is 32 characters of four classes — 210 bits
// by length and alphabet alone — but a word, a digit run, the word again and part of the run again: about 30 bits.

/** A pattern found in the cheapest description of a secret. */
export type SecretPattern = 'word' | 'sequence' | 'keyboard' | 'repeat'

export interface SecretStrength {
  /** Estimated bits of guessing: the cheapest description's cost. */
  bits: number
  /** The patterns that description uses (each once, in order of first use). */
  patterns: SecretPattern[]
}

/** Words a person types into a secret setting (and this project's own names), leet undone. */
const WORDS = [
  'dev',
  'pay',
  'key',
  'jwt',
  'app',
  'api',
  'pwd',
  'ops',
  'web',
  'the',
  'and',
  'new',
  'password',
  'passwd',
  'passw0rd',
  'secret',
  'admin',
  'administrator',
  'changeme',
  'change',
  'letmein',
  'welcome',
  'qwerty',
  'default',
  'example',
  'sample',
  'lifepay',
  'life',
  'test',
  'testing',
  'demo',
  'develop',
  'development',
  'prod',
  'production',
  'staging',
  'local',
  'localhost',
  'operator',
  'token',
  'supplier',
  'merchant',
  'wechat',
  'weixin',
  'alipay',
  'aliyun',
  'sandbox',
  'master',
  'root',
  'login',
  'hello',
  'world',
  'monkey',
  'dragon',
  'sunshine',
  'iloveyou',
  'trustno1',
  'football',
  'baseball',
  'shadow',
  'superman',
  'batman',
  'access',
  'private',
  'public',
  'server',
  'database',
  'jwtsecret',
  'apikey',
  'appsecret',
  'random',
  'string',
  'value',
  'please',
]

const WORD_BITS = Math.log2(WORDS.length) + 1

/** Keyboard rows (US layout, shifted and not), where a run of neighbours is one gesture. */
const KEYBOARD_ROWS = [
  '`1234567890-=',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  '~!@#$%^&*()_+',
  'QWERTYUIOP{}|',
  'ASDFGHJKL:"',
  'ZXCVBNM<>?',
]
const KEYBOARD_KEYS = 47

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
}

/** Long secrets are judged on their first part: 256 characters already hold far more than any threshold. */
const ANALYSED_LENGTH = 256

interface Match {
  end: number
  bits: number
  /** null: one character matching no pattern. */
  pattern: SecretPattern | null
}

/** The alphabet a guesser would try for characters matching no pattern: hex, or the classes present. */
function alphabetSize(value: string): number {
  if (/^[0-9a-f]+$/.test(value) || /^[0-9A-F]+$/.test(value)) return 16
  let size = 0
  if (/[a-z]/.test(value)) size += 26
  if (/[A-Z]/.test(value)) size += 26
  if (/[0-9]/.test(value)) size += 10
  if (/[^a-zA-Z0-9]/.test(value)) size += 33
  return Math.max(size, 2)
}

function wordMatches(value: string, start: number): Match[] {
  const plain = value.slice(start).toLowerCase()
  const unleet = [...plain].map((char) => LEET[char] ?? char).join('')
  const matches: Match[] = []
  for (const word of WORDS) {
    if (plain.startsWith(word) || unleet.startsWith(word))
      matches.push({ end: start + word.length, bits: WORD_BITS + (plain.startsWith(word) ? 0 : 1), pattern: 'word' })
  }
  return matches
}

/** Runs of one step (abc, 987, ACE is not: step ±1 only) within one character class, from 3 characters. */
function sequenceMatches(value: string, start: number, alphabet: number): Match[] {
  const matches: Match[] = []
  for (const step of [1, -1]) {
    let end = start + 1
    while (
      end < value.length &&
      value.charCodeAt(end) - value.charCodeAt(end - 1) === step &&
      sameClass(value[end], value[start])
    )
      end++
    for (let length = 3; length <= end - start; length++)
      matches.push({ end: start + length, bits: Math.log2(alphabet) + 1 + Math.log2(length), pattern: 'sequence' })
  }
  return matches
}

function sameClass(a: string, b: string): boolean {
  const classOf = (char: string) => (/[a-z]/.test(char) ? 1 : /[A-Z]/.test(char) ? 2 : /[0-9]/.test(char) ? 3 : 4)
  return classOf(a) === classOf(b)
}

/** Neighbouring keys along a keyboard row, either way, from 4 characters. */
function keyboardMatches(value: string, start: number): Match[] {
  const matches: Match[] = []
  for (const row of KEYBOARD_ROWS) {
    for (const direction of [1, -1]) {
      let end = start + 1
      while (end < value.length) {
        const before = row.indexOf(value[end - 1])
        if (before < 0 || row.indexOf(value[end]) !== before + direction) break
        end++
      }
      if (row.indexOf(value[start]) < 0) continue
      for (let length = 4; length <= end - start; length++)
        matches.push({
          end: start + length,
          bits: Math.log2(KEYBOARD_KEYS) + 1 + Math.log2(length),
          pattern: 'keyboard',
        })
    }
  }
  return matches
}

/** A copy of an earlier part, from 3 characters; overlapping, so `abcabcabc` and `aaaa` are one unit repeated. */
function repeatMatches(value: string, start: number): Match[] {
  const matches: Match[] = []
  let longest = 0
  for (let earlier = 0; earlier < start; earlier++) {
    let length = 0
    while (start + length < value.length && value[earlier + length] === value[start + length]) length++
    longest = Math.max(longest, length)
  }
  // Costs the reference back (which earlier position) and the length.
  for (let length = 3; length <= longest; length++)
    matches.push({ end: start + length, bits: Math.log2(start) + Math.log2(length), pattern: 'repeat' })
  return matches
}

/** The cheapest description of `value` (dynamic programming over every pattern found at every position). */
export function secretStrength(secret: string): SecretStrength {
  const value = secret.slice(0, ANALYSED_LENGTH)
  if (value.length === 0) return { bits: 0, patterns: [] }
  const alphabet = alphabetSize(value)
  const charBits = Math.log2(alphabet)
  const best: number[] = [0, ...Array<number>(value.length).fill(Infinity)]
  const via: (Match & { start: number })[] = Array(value.length + 1)
  for (let start = 0; start < value.length; start++) {
    const candidates: Match[] = [
      { end: start + 1, bits: charBits, pattern: null },
      ...wordMatches(value, start),
      ...sequenceMatches(value, start, alphabet),
      ...keyboardMatches(value, start),
      ...repeatMatches(value, start),
    ]
    for (const match of candidates) {
      const cost = best[start] + match.bits
      if (cost < best[match.end]) {
        best[match.end] = cost
        via[match.end] = { ...match, start }
      }
    }
  }
  const patterns: SecretPattern[] = []
  for (let end = value.length; end > 0; end = via[end].start) {
    const pattern = via[end].pattern
    if (pattern && !patterns.includes(pattern)) patterns.unshift(pattern)
  }
  return { bits: Math.floor(best[value.length] + (secret.length - value.length) * charBits), patterns }
}

const PATTERN_WORDS: Record<SecretPattern, string> = {
  word: 'a common word',
  sequence: 'a sequence',
  keyboard: 'a keyboard run',
  repeat: 'a repeated part',
}

/** Why the secret is weaker than `minBits`, or null: the estimate and the patterns that lowered it, not the secret. */
export function weakerThan(secret: string, minBits: number): string | null {
  const { bits, patterns } = secretStrength(secret)
  if (bits >= minBits) return null
  const why = patterns.length > 0 ? ` (${patterns.map((pattern) => PATTERN_WORDS[pattern]).join(', ')})` : ''
  return `guessable: about ${bits} bits${why}, at least ${minBits} needed`
}
