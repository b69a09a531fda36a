import { LifePayOrderType } from './lifePayOrderType'
const STARS = '****'

/**
 * Too short to hide anything as head + stars + tail: show at most half, at the end, so never the whole value.
 * `stars`: the SPEC's four for phone numbers, or one per hidden character, so an account's length stays readable.
 */
function maskMiddle(
  value: string | null | undefined,
  head: number,
  tail: number,
  stars: 'four' | 'perHiddenChar' = 'four',
): string {
  const chars = Array.from(value ?? '')
  if (chars.length === 0) return ''
  const starsFor = (hidden: number) => (stars === 'four' ? STARS : '*'.repeat(Math.max(4, hidden)))
  if (chars.length > head + tail)
    return chars.slice(0, head).join('') + starsFor(chars.length - head - tail) + chars.slice(-tail).join('')
  const shown = Math.min(tail, Math.floor(chars.length / 2))
  return starsFor(chars.length - shown) + (shown > 0 ? chars.slice(-shown).join('') : '')
}

/** SPEC §5: '13812345678' → '138****5678'. */
export function maskPhone(phone: string | null | undefined): string {
  return maskMiddle(phone, 3, 4)
}

/**
 * Electricity and gas account numbers: first 3 and last 4 like phone numbers, with a star for each hidden character
 * (at least four): '4401234566789' → '440******6789', never four stars standing for six digits.
 */
export function maskAccount(account: string | null | undefined): string {
  return maskMiddle(account, 3, 4, 'perHiddenChar')
}

/**
 * An account holder's name as a lookup may show it (issue 20): the first character, and the last when there are three
 * or more, a star for each one hidden: '张三' → '张*', '张小三' → '张*三', '欧阳娜娜' → '欧**娜'. Enough for the owner
 * to recognise, too little to learn a stranger's name from an account number.
 */
export function maskHolderName(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim())
  if (chars.length === 0) return ''
  if (chars.length === 1) return '*'
  if (chars.length === 2) return `${chars[0]}*`
  return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1]
}

/** An order's or saved account's number as lists, messages and receipts show it (phones 138****5678). */
export function maskLifePayAccount(type: LifePayOrderType, account: string): string {
  return type === LifePayOrderType.Phone ? maskPhone(account) : maskAccount(account)
}
