import type { ElectricSupportArea } from '../../../types/api/lifePay'

/** The supported area an account or order names: the server keeps area codes, forms may send names; either matches. */
export function areaOf(
  areas: readonly ElectricSupportArea[] | undefined,
  province: string | null | undefined,
  city: string | null | undefined,
): ElectricSupportArea | undefined {
  if (!areas || !city) return undefined
  const sameCity = areas.filter((area) => area.cityCode === city || area.cityName === city)
  return (
    sameCity.find((area) => !province || area.provinceCode === province || area.provinceName === province) ??
    sameCity[0]
  )
}

/** '广东省 深圳市' for a stored region; the stored text itself when the area is not (or not yet) known. */
export function regionText(
  areas: readonly ElectricSupportArea[] | undefined,
  province: string | null | undefined,
  city: string | null | undefined,
): string {
  const area = areaOf(areas, province, city)
  return area ? `${area.provinceName} ${area.cityName}` : [province, city].filter(Boolean).join(' ')
}

const withoutCitySuffix = (name: string) => name.trim().replace(/市$/, '')

/** The supported area of the location city ('深圳' and '深圳市' alike); undefined where electricity cannot be paid. */
export function locatedArea(
  areas: readonly ElectricSupportArea[] | undefined,
  city: string,
): ElectricSupportArea | undefined {
  const wanted = withoutCitySuffix(city)
  if (!areas || !wanted) return undefined
  return areas.find((area) => withoutCitySuffix(area.cityName) === wanted)
}
