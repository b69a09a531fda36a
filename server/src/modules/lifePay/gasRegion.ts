import { and, eq, isNull, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { requiredBecause } from '@domain/validators'
import type { AppContext } from '../../appContext'
import { regions } from '../../db/schema'
import { errors } from '../../http/errors'
import { checkField } from '../../http/validation'

const province = alias(regions, 'province')

/**
 * A gas order's province and city (production's `LifeGasData`), as codes or names of GetRegionalManagementList: the
 * city must be one of the province's. Stored as codes, like an electricity order's.
 */
export async function gasRegionFor(
  ctx: Pick<AppContext, 'db'>,
  provinceText: string | undefined,
  cityText: string | undefined,
): Promise<{ provinceCode: string; cityCode: string }> {
  checkField('province', provinceText, [requiredBecause('regionRequired')])
  checkField('city', cityText, [requiredBecause('regionRequired')])
  const wantedProvince = String(provinceText).trim()
  const wantedCity = String(cityText).trim()
  const [found] = await ctx.db
    .select({ provinceCode: province.areaCode, cityCode: regions.areaCode })
    .from(regions)
    .innerJoin(province, eq(regions.parentCode, province.areaCode))
    .where(
      and(
        isNull(province.parentCode),
        or(eq(province.areaCode, wantedProvince), eq(province.areaName, wantedProvince)),
        or(eq(regions.areaCode, wantedCity), eq(regions.areaName, wantedCity)),
      ),
    )
    .limit(1)
  if (!found) throw errors.regionUnknown()
  return found
}
