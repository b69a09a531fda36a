import { asc, eq } from 'drizzle-orm'
import type { LifePayRate } from '../../../../types/api/lifePay'
import type { LifePayRateInput } from '../../../../types/api/operator'
import type { LifePayRateType } from '../../../../src/domain/rateType'
import type { AppContext } from '../../appContext'
import { lifePayRates } from '../../db/schema'
import { percentToPpm } from '../../db/seed'
import { invalidField } from '../../http/validation'
import { ppmToPercent } from '../lifePay/catalog'
import { DEFAULT_CHANNEL_ID } from '../lifePay/rateCache'

// POST /api/LifePay/CreateEditLifePayRate: the four default rates (SPEC §9), which every channel without rates of
// its own prices at. Orders keep the rate they were created with (`rate_ppm`), so a change applies to new orders only.

/** The default channel's rates, by type. */
export async function defaultRates(ctx: AppContext): Promise<LifePayRate[]> {
  const rows = await ctx.db
    .select()
    .from(lifePayRates)
    .where(eq(lifePayRates.channelId, DEFAULT_CHANNEL_ID))
    .orderBy(asc(lifePayRates.rateType))
  return rows.map((row) => ({ rateType: row.rateType as LifePayRateType, rate: ppmToPercent(row.ratePpm) }))
}

/** Rates are stored in parts per million: a percent with more than 4 decimals cannot be kept as given. */
export function ratePpmOf(field: string, rate: number): number {
  const ppm = percentToPpm(rate)
  if (Math.abs(ppm / 10_000 - rate) > 1e-9) {
    throw invalidField(field, { 'zh-CN': '最多保留4位小数', 'en-US': 'at most 4 decimals' })
  }
  return ppm
}

/** Creates or changes the given default rates in one transaction; every instance's rate cache drops its copy. */
export async function createEditLifePayRates(
  ctx: AppContext,
  input: readonly LifePayRateInput[],
): Promise<LifePayRate[]> {
  const types = new Set(input.map((rate) => rate.rateType))
  if (types.size !== input.length) {
    throw invalidField('rateType', { 'zh-CN': '费率类型重复', 'en-US': 'each rate type at most once' })
  }
  const rows = input.map((rate) => ({
    channelId: DEFAULT_CHANNEL_ID,
    rateType: rate.rateType,
    ratePpm: ratePpmOf('rate', rate.rate),
  }))
  await ctx.db.transaction(async (tx) => {
    for (const row of rows) {
      await tx
        .insert(lifePayRates)
        .values(row)
        .onConflictDoUpdate({ target: [lifePayRates.channelId, lifePayRates.rateType], set: { ratePpm: row.ratePpm } })
    }
  })
  // The table's trigger tells every instance; this one need not wait for its own notification (as channels.ts).
  ctx.rates.invalidate()
  return defaultRates(ctx)
}
