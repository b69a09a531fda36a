import { and, eq, inArray } from 'drizzle-orm'
import type { LifePayRate } from '../../../../types/api/lifePay'
import type { LifePayRateType } from '../../../../src/domain/rateType'
import type { AppContext } from '../../appContext'
import { lifePayRates } from '../../db/schema'
import { errors } from '../../http/errors'
import { recordAudit } from '../operatorAccounts/audit'
import type { ActedBy } from '../operatorAccounts/operators'
import { ppmToPercent } from './catalog'
import { DEFAULT_CHANNEL_ID } from './rateCache'

// The operator's rate changes (POST /api/LifePay/CreateEditLifePayRate). An order keeps the rate it was created at
// (life_pay_orders.rate_ppm), so a change prices new orders only; the table's trigger tells every instance's cache.

const percentToPpm = (percent: number) => Math.round(percent * 10_000)

/** Sets the default channel's rate of each type given, with the audit entry in the same transaction. */
export async function setDefaultRates(
  ctx: AppContext,
  rates: readonly LifePayRate[],
  by: ActedBy,
): Promise<LifePayRate[]> {
  const types = rates.map((rate) => rate.rateType)
  if (new Set(types).size !== types.length) throw errors.badRequest('each rateType at most once')
  const now = ctx.clock.now()
  const onDefault = eq(lifePayRates.channelId, DEFAULT_CHANNEL_ID)
  const after = await ctx.db.transaction(async (tx) => {
    const before = await tx
      .select()
      .from(lifePayRates)
      .where(and(onDefault, inArray(lifePayRates.rateType, types)))
    for (const rate of rates) {
      const ratePpm = percentToPpm(rate.rate)
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
