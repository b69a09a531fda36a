import { and, eq, inArray } from 'drizzle-orm'
import type { LifePayRate } from '@contract/lifePay'
import type { LifePayRateType } from '@domain/rateType'
import type { AppContext } from '../../appContext'
import { lifePayRates } from '../../db/schema'
import { percentToPpm } from '../../db/seed'
import { invalidField } from '../../http/validation'
import { recordAudit } from '../operatorAccounts/audit'
import type { ActedBy } from '../operatorAccounts/operators'
import { ppmToPercent } from './catalog'
import { DEFAULT_CHANNEL_ID } from './rateCache'

// The operator's rate changes (POST /api/LifePay/CreateEditLifePayRate). An order keeps the rate it was created at
// (life_pay_orders.rate_ppm), so a change prices new orders only; the table's trigger tells every instance's cache.

/** Rates are stored in parts per million: a percent with more than 4 decimals cannot be kept as given. */
export function ratePpmOf(field: string, rate: number): number {
  const ppm = percentToPpm(rate)
  if (Math.abs(ppm / 10_000 - rate) > 1e-9) {
    throw invalidField(field, { 'zh-CN': '最多保留4位小数', 'en-US': 'at most 4 decimals' })
  }
  return ppm
}

/** Sets the default channel's rate of each type given, with the audit entry in the same transaction. */
export async function setDefaultRates(
  ctx: AppContext,
  rates: readonly LifePayRate[],
  by: ActedBy,
): Promise<LifePayRate[]> {
  const types = rates.map((rate) => rate.rateType)
  if (new Set(types).size !== types.length) {
    throw invalidField('rateType', { 'zh-CN': '费率类型重复', 'en-US': 'each rate type at most once' })
  }
  const ppms = new Map(rates.map((rate) => [rate.rateType, ratePpmOf('rate', rate.rate)]))
  const now = ctx.clock.now()
  const onDefault = eq(lifePayRates.channelId, DEFAULT_CHANNEL_ID)
  const after = await ctx.db.transaction(async (tx) => {
    const before = await tx
      .select()
      .from(lifePayRates)
      .where(and(onDefault, inArray(lifePayRates.rateType, types)))
    for (const rate of rates) {
      const ratePpm = ppms.get(rate.rateType) as number
      await tx
        .insert(lifePayRates)
        .values({ channelId: DEFAULT_CHANNEL_ID, rateType: rate.rateType, ratePpm })
        .onConflictDoUpdate({ target: [lifePayRates.channelId, lifePayRates.rateType], set: { ratePpm } })
      const old = before.find((row) => row.rateType === rate.rateType)
      await recordAudit(tx, now, {
        actor: by.actor,
        action: 'rate.set',
        targetType: 'rate',
        targetId: String(rate.rateType),
        before: old ? { rate: ppmToPercent(old.ratePpm) } : null,
        after: { rate: ppmToPercent(ratePpm) },
        address: by.address,
      })
    }
    return tx.select().from(lifePayRates).where(onDefault)
  })
  // This instance need not wait for its own notification.
  ctx.rates.invalidate()
  return after
    .sort((a, b) => a.rateType - b.rateType)
    .map((row) => ({ rateType: row.rateType as LifePayRateType, rate: ppmToPercent(row.ratePpm) }))
}
