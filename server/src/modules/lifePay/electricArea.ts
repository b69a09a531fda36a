import { electricTypeLabels, type ElectricType } from '@domain/electric'
import type { ElectricSupportArea } from '@contract/lifePay'
import type { Executor } from '../../db/database'
import { errors } from '../../http/errors'
import { checkField } from '../../http/validation'
import { required } from '@domain/validators'
import { findElectricArea } from './catalog'

/** The supported area of an electricity account, whose grid must be the one the user chose. */
export async function electricAreaFor(
  executor: Executor,
  province: string | undefined,
  city: string | undefined,
  electricType: ElectricType,
): Promise<ElectricSupportArea> {
  checkField('province', province, [required])
  checkField('city', city, [required])
  const area = await findElectricArea(executor, String(province).trim(), String(city).trim())
  if (!area) throw errors.areaNotSupported()
  if (area.electricType !== electricType) {
    throw errors.electricTypeMismatch(
      electricTypeLabels['zh-CN'][area.electricType],
      electricTypeLabels['en-US'][area.electricType],
    )
  }
  return area
}
