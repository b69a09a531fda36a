import { and, eq } from 'drizzle-orm'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import type { AppContext } from '../../appContext'
import { userAccounts } from '../../db/schema'

// The low-balance check asks the supplier for the account's balance: the same account lookup the top-up forms make
// before paying (SupplierProvider.lookupAccount), with the grid, area or gas company of the saved account.

export interface BalanceLookupAccount {
  lifePayOrderType: LifePayOrderType
  account: string
  userAccountId: string | null
}

/** The account's balance in fen, or null when the supplier does not say (then nothing is decided that day). */
export type BalanceLookup = (account: BalanceLookupAccount) => Promise<number | null>

export function supplierBalanceLookup(ctx: AppContext): BalanceLookup {
  return async ({ lifePayOrderType, account, userAccountId }) => {
    if (lifePayOrderType !== LifePayOrderType.Electric && lifePayOrderType !== LifePayOrderType.Gas) return null
    if (!userAccountId) return null
    const [saved] = await ctx.db
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, userAccountId), eq(userAccounts.content, account)))
    if (!saved) return null
    const answer = await ctx.providers.supplier.lookupAccount({
      lifePayOrderType,
      account,
      electricType: saved.electricType,
      gasOrgType: saved.gasOrgType,
      province: saved.province,
      city: saved.city,
    })
    if (answer.status !== 'found') return null
    // An amount owed is a balance below zero: the reminder is for exactly that.
    if (answer.balanceFen !== null) return answer.balanceFen
    return answer.owedFen !== null ? -answer.owedFen : null
  }
}
