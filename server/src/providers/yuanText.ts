// Providers write money as yuan text ("98.50"): converted with integers only, so no float ever reaches an amount.

/** Fen to yuan text with two decimals: 9850 → "98.50". */
export function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : ''
  const abs = Math.abs(fen)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Yuan text to fen; null for anything that is not a plain amount with at most two decimals (a sign allowed). */
export function fenOfYuanText(text: unknown): number | null {
  if (typeof text !== 'string') return null
  const match = /^(-?)(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  return match[1] === '-' ? -fen : fen
}
