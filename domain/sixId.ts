/**
 * `sixID`: the last six characters of the account holder's resident ID number, which Southern Grid asks for. The
 * last character of a Chinese ID number is a check digit that may be X, so: six digits, or five and X.
 */
export const SIX_ID_PATTERN = /^\d{5}[\dX]$/

/** As typed: a lower-case x is the same check character; spaces are slips of the keyboard. */
export function normalizeSixId(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase()
}

export function isSixId(text: string): boolean {
  return SIX_ID_PATTERN.test(normalizeSixId(text))
}

/** Part of an identity number: lists, messages, logs and the console show only its last character ('*****X'). */
export function maskSixId(sixId: string | null | undefined): string {
  const chars = Array.from(sixId ?? '')
  if (chars.length === 0) return ''
  return '*'.repeat(chars.length - 1) + chars[chars.length - 1]
}
