import { useQuery } from '@tanstack/react-query'
import { type LifePayRateType } from '../domain/rateType'
import { getRate } from '../services/api/lifePay'
import type { CallOptions } from '../services/http/requestOptions'
import { queryKeys } from '../services/queryKeys'

const FIVE_MINUTES = 5 * 60 * 1000

/** The discount percents in force (GetRate), by rate type; undefined while loading. `call`: for the fetch it starts. */
export function useRate(call: CallOptions = {}) {
  const query = useQuery({ queryKey: queryKeys.rate, queryFn: () => getRate(call), staleTime: FIVE_MINUTES })
  const rateOf = (type: LifePayRateType): number | undefined => query.data?.find((r) => r.rateType === type)?.rate
  return { ...query, rateOf }
}
