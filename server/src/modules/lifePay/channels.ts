import { asc, eq } from 'drizzle-orm'
import type { Channel } from '../../../../types/api/admin'
import type { LifePayRateType } from '../../../../src/domain/rateType'
import type { AppContext } from '../../appContext'
import { channels, lifePayRates } from '../../db/schema'
import { errors } from '../../http/errors'
import { ppmToPercent } from './catalog'

// Channels are server data (docs/api.md § Pricing): the operator lists them and turns them on or off; which rates a
// request gets follows from that alone, never from the id the client sends.

/** Every known channel with its own rates, in id order. */
export async function listChannels(ctx: AppContext): Promise<Channel[]> {
  const [rows, rates] = await Promise.all([
    ctx.db.select().from(channels).orderBy(asc(channels.channelId)),
    ctx.db.select().from(lifePayRates).orderBy(asc(lifePayRates.rateType)),
  ])
  return rows.map((row) => ({
    channelId: row.channelId,
    name: row.name,
    enabled: row.enabled,
    rates: rates
      .filter((rate) => rate.channelId === row.channelId)
      .map((rate) => ({ rateType: rate.rateType as LifePayRateType, rate: ppmToPercent(rate.ratePpm) })),
  }))
}

/** Turns a known channel on or off; its rates apply, or stop applying, at once on every instance. */
export async function setChannelEnabled(ctx: AppContext, channelId: string, enabled: boolean): Promise<Channel> {
  const [updated] = await ctx.db
    .update(channels)
    .set({ enabled, updatedTime: ctx.clock.now() })
    .where(eq(channels.channelId, channelId))
    .returning({ channelId: channels.channelId })
  if (!updated) throw errors.channelNotFound()
  // The table's trigger tells every instance; this one need not wait for its own notification.
  ctx.rates.invalidate()
  const channel = (await listChannels(ctx)).find((c) => c.channelId === channelId)
  if (!channel) throw errors.channelNotFound()
  return channel
}
