import type { ElectricSupportArea } from '../../../types/api/lifePay'

/** The supported area an order names: the server keeps area codes; names match too. */
export function areaOf(
  areas: readonly ElectricSupportArea[] | undefined,
  province: string | null | undefined,
  city: string | null | undefined,
): ElectricSupportArea | undefined {
  if (!areas || !city) return undefined
  const sameCity = areas.filter((area) => area.cityCode === city || area.cityName === city)
  return sameCity.find((area) => !province || area.provinceCode === province || area.provinceName === province) ?? sameCity[0]
}

/** '广东省 深圳市' for an order's region, as stored when the area is not (or not yet) known. */
export function regionText(
  areas: readonly ElectricSupportArea[] | undefined,
  province: string | null | undefined,
  city: string | null | undefined,
): string {
  const area = areaOf(areas, province, city)
  return area ? `${area.provinceName} ${area.cityName}` : [province, city].filter(Boolean).join(' ')
}
