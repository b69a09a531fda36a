import type { AccountLookup } from './supplier'

// The sandbox supplier's account book for the lookup before paying (issue 20), by the account's last digits so a
// tester can pick an outcome by typing (docs/api.md § Sandbox). Suffixes apart from the recharge scripts' (0000,
// 0003, 0009: sandboxAccounts.ts), so an account that looks up fine can still fail its recharge on purpose.

/** No such account at the grid or gas company: the form says so and will not submit. */
export const SANDBOX_LOOKUP_NOT_FOUND_SUFFIX = '4044'
/** The supplier cannot answer the lookup (maintenance): the form says so and lets the user go on. */
export const SANDBOX_LOOKUP_UNAVAILABLE_SUFFIX = '5035'

/** Holder names by the account's last digit (masked by the server before they are sent). */
export const SANDBOX_HOLDER_NAMES = [
  '张小三',
  '王五',
  '李四海',
  '赵敏',
  '欧阳娜娜',
  '陈晓明',
  '刘洋',
  '周杰',
  '吴彦祖',
  '孙丽',
] as const

/**
 * The sandbox's answer for an account. Found accounts: the holder by the last digit; by the second-to-last digit the
 * supplier reports a balance (0–2), an amount owed (3–5) or neither (6–9), both the last four digits read as fen —
 * 4401234560123 has ¥1.23 balance, 4401234560345 owes ¥3.45, 4401234560789 reports no figures.
 */
export function sandboxAccountLookup(account: string): AccountLookup {
  if (account.endsWith(SANDBOX_LOOKUP_NOT_FOUND_SUFFIX)) return { status: 'notFound' }
  if (account.endsWith(SANDBOX_LOOKUP_UNAVAILABLE_SUFFIX)) return { status: 'unavailable' }
  const digits = account.replace(/\D/g, '').padStart(4, '0')
  const last = Number(digits[digits.length - 1])
  const figureDigit = Number(digits[digits.length - 2])
  const fen = Number(digits.slice(-4))
  return {
    status: 'found',
    holderName: SANDBOX_HOLDER_NAMES[last],
    balanceFen: figureDigit <= 2 ? fen : null,
    owedFen: figureDigit >= 3 && figureDigit <= 5 ? fen : null,
  }
}
