import { useQuery } from '@tanstack/react-query'
import { type LifePayRateType } from '../domain/rateType'
import { getRateQueryOptions } from '../services/api/lifePayQueries'
import type { CallOptions } from '../services/http/requestOptions'

/** The discount percents in force (GetRate), by rate type; undefined while loading. `call`: for the fetch it starts. */
export function useRate(call: CallOptions = {}) {
  const query = useQuery(getRateQueryOptions(call))
  const rateOf = (type: LifePayRateType): number | undefined => query.data?.find((r) => r.rateType === type)?.rate
  return { ...query, rateOf }
}
