import type { LifePayOrderType } from '../../../../src/domain/lifePayOrderType'

// The low-balance check asks the supplier for the account's balance. The supplier's account lookup (issue 20 part 2)
// lands on SupplierProvider on another branch; this module depends only on this function type, wired in app.ts.

export interface BalanceLookupAccount {
  lifePayOrderType: LifePayOrderType
  account: string
  userAccountId: string | null
}

/** The account's balance in fen, or null when the supplier does not say (then nothing is decided that day). */
export type BalanceLookup = (account: BalanceLookupAccount) => Promise<number | null>

/**
 * The sandbox's balances: the account's last three digits as whole yuan (…050 → ¥50.00), so a demo picks a low or a
 * healthy account by its number.
 */
export const sandboxBalanceLookup: BalanceLookup = async ({ account }) => {
  const digits = /(\d{1,3})$/.exec(account)
  return digits ? Number(digits[1]) * 100 : null
}
