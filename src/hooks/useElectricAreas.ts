import { useQuery } from '@tanstack/react-query'
import { getElectricSupportAreaQueryOptions } from '../services/api/catalog'

/** Where electricity can be paid (GetElectricSupportArea): the top-up form, the account editor and the order detail. */
export function useElectricAreas(enabled = true) {
  return useQuery({ ...getElectricSupportAreaQueryOptions(), enabled })
}
