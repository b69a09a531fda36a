import { matchElectricArea, type NamedArea } from '@domain/electricArea'
import type { Locale } from '@domain/locale'
import { regionLabel, regionName } from '@domain/regionNames'

/**
 * A stored region in the user's language: '广东省 深圳市' / 'Shenzhen, Guangdong', a municipality once ('北京市' /
 * 'Beijing'). An area not (or not yet) in the list reads the same from the stored names.
 */
export function regionText(
  areas: readonly NamedArea[] | undefined,
  province: string | null | undefined,
  city: string | null | undefined,
  locale: Locale,
): string {
  const area = matchElectricArea(areas, province, city)
  if (area) return regionLabel(area, locale)
  if (province && city) return regionLabel({ provinceName: province, cityName: city }, locale)
  const name = province || city
  return name ? regionName(name, locale) : ''
}
