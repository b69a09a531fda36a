import { useQuery } from '@tanstack/react-query'
import type { RegionalManagement } from '@contract/area'
import type { NamedArea } from '@domain/electricArea'
import { getRegionalManagementListQueryOptions } from '../services/api/area'

/** GetRegionalManagementList's tree as the region picker lists it: one entry per city, with its province. */
export function regionAreas(tree: readonly RegionalManagement[]): NamedArea[] {
  // No flatMap: the oldest hosts' engines (Chrome 63, iOS 11) lack it.
  const areas: NamedArea[] = []
  for (const province of tree) {
    for (const city of province.children) {
      areas.push({
        provinceCode: province.areaCode,
        provinceName: province.areaName,
        cityCode: city.areaCode,
        cityName: city.areaName,
      })
    }
  }
  return areas
}

/** Every province's cities (GetRegionalManagementList): where a gas account is, in the forms that ask. */
export function useRegionAreas(enabled = true) {
  return useQuery({ ...getRegionalManagementListQueryOptions(), select: regionAreas, enabled })
}
