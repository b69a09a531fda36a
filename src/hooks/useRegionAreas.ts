import { useQuery } from '@tanstack/react-query'
import type { RegionalManagement } from '@contract/area'
import type { NamedArea } from '@domain/electricArea'
import { getRegionalManagementListQueryOptions } from '../services/api/area'

/** GetRegionalManagementList's tree as the region picker lists it: one entry per city, with its province. */
export function regionAreas(tree: readonly RegionalManagement[]): NamedArea[] {
  return tree.flatMap((province) =>
    province.children.map((city) => ({
      provinceCode: province.areaCode,
      provinceName: province.areaName,
      cityCode: city.areaCode,
      cityName: city.areaName,
    })),
  )
}

/** Every province's cities (GetRegionalManagementList): where a gas account is, in the forms that ask. */
export function useRegionAreas(enabled = true) {
  return useQuery({ ...getRegionalManagementListQueryOptions(), select: regionAreas, enabled })
}
