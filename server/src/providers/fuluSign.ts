import { createHash, timingSafeEqual } from 'node:crypto'

// The Fulu open platform's MD5 signature (docs/supplier.md § Signature): the characters of a JSON text sorted, the
// app secret appended, MD5 in lower-case hex. Requests and callbacks sign the JSON of their object without `sign`;
// answers sign their `result` text.

/**
 * The characters of `text` in code-point order, joined. Fulu's SDKs sort UTF-16 units (C#, Java), UTF-8 byte strings
 * of each character (PHP, Go) or JavaScript strings: the same order for every character below U+10000, which is all
 * this protocol carries.
 */
export function sortedCharacters(text: string): string {
  return Array.from(text)
    .sort((a, b) => (a.codePointAt(0) as number) - (b.codePointAt(0) as number))
    .join('')
}

/** md5(sorted characters of `text` + secret), lower-case hex. */
export function fuluSign(text: string, secret: string): string {
  return createHash('md5')
    .update(sortedCharacters(text) + secret, 'utf8')
    .digest('hex')
}

/**
 * The JSON text an object is signed by: compact, `/` and non-ASCII characters as they are (PHP's
 * JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE, .NET's and Go's defaults), `sign` left out. Key order does not
 * matter: the characters are sorted.
 */
export function signedJson(fields: Record<string, unknown>): string {
  const { sign: _sign, ...rest } = fields
  return JSON.stringify(rest)
}

/** Whether `given` is the lower-case hex signature `expected` (constant time). */
export function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given, 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
