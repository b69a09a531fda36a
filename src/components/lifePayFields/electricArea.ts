import type { ElectricSupportArea } from '../../../types/api/lifePay'
import { matchElectricArea } from '../../domain/electricArea'

/** '广东省 深圳市' for a stored region; the stored text itself when the area is not (or not yet) known. */
export function regionText(
  areas: readonly ElectricSupportArea[] | undefined,
  province: string | null | undefined,
  city: string | null | undefined,
): string {
  const area = matchElectricArea(areas, province, city)
  return area ? `${area.provinceName} ${area.cityName}` : [province, city].filter(Boolean).join(' ')
}
