const STARS = '****'

/** Too short to hide anything as head + **** + tail: show at most half, at the end, so never the whole value. */
function maskMiddle(value: string | null | undefined, head: number, tail: number): string {
  const chars = Array.from(value ?? '')
  if (chars.length === 0) return ''
  if (chars.length > head + tail) return chars.slice(0, head).join('') + STARS + chars.slice(-tail).join('')
  const shown = Math.min(tail, Math.floor(chars.length / 2))
  return STARS + (shown > 0 ? chars.slice(-shown).join('') : '')
}

/** SPEC §5: '13812345678' → '138****5678'. */
export function maskPhone(phone: string | null | undefined): string {
  return maskMiddle(phone, 3, 4)
}

/** Electricity and gas account numbers, masked like phone numbers. */
export function maskAccount(account: string | null | undefined): string {
  return maskMiddle(account, 3, 4)
}
