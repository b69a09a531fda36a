import { useQuery } from '@tanstack/react-query'
import { getElectricSupportArea } from '../../../services/api/lifePay'
import { queryKeys } from '../../../services/queryKeys'

const FIVE_MINUTES = 5 * 60 * 1000

/** Where electricity can be paid (GetElectricSupportArea), shared with the top-up page's cache. */
export function useElectricAreas(enabled = true) {
  return useQuery({
    queryKey: queryKeys.electricSupportArea,
    queryFn: getElectricSupportArea,
    staleTime: FIVE_MINUTES,
    enabled,
  })
}
