import { useQuery } from '@tanstack/react-query'
import { type LifePayRateType } from '@domain/rateType'
import { getRateQueryOptions } from '../services/api/catalog'
import type { CallOptions } from '../services/http/requestOptions'
import { useLifePayStore } from '../stores/lifePay'
import { useSessionStore } from '../stores/session'

/**
 * Who GetRate answers for: the server prices a logged-in user at their own channel's rates (docs/api.md § Pricing),
 * so a login or a switch of user reads the rates again, and the form shows the price the order will have.
 */
function useRateCaller(): string {
  const subject = useSessionStore((state) => (state.token ? String(state.accountInfo?.sub ?? 'token') : ''))
  const lifePayUserId = useLifePayStore((state) => state.userId)
  return subject || lifePayUserId ? `${subject}|${lifePayUserId}` : ''
}

/** The discount percents in force (GetRate), by rate type; undefined while loading. `call`: for the fetch it starts. */
export function useRate(call: CallOptions = {}) {
  const query = useQuery(getRateQueryOptions(useRateCaller(), call))
  const rateOf = (type: LifePayRateType): number | undefined => query.data?.find((r) => r.rateType === type)?.rate
  return { ...query, rateOf }
}
