import { asc, eq } from 'drizzle-orm'
import type { Channel } from '@contract/admin'
import type { LifePayRateType } from '@domain/rateType'
import type { AppContext } from '../../appContext'
import type { Tx } from '../../db/database'
import { channels, lifePayRates } from '../../db/schema'
import { errors } from '../../http/errors'
import { recordAudit } from '../operatorAccounts/audit'
import type { ActedBy } from '../operatorAccounts/operators'
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

/** Turns a known channel on or off in the caller's transaction; answers whether it was enabled before. */
export async function switchChannel(tx: Tx, now: Date, channelId: string, enabled: boolean): Promise<boolean> {
  const [before] = await tx
    .select({ enabled: channels.enabled })
    .from(channels)
    .where(eq(channels.channelId, channelId))
    .for('update')
  if (!before) throw errors.channelNotFound()
  await tx.update(channels).set({ enabled, updatedTime: now }).where(eq(channels.channelId, channelId))
  return before.enabled
}

/**
 * Turns a known channel on or off, with its audit row in the same transaction; its rates apply, or stop applying, at
 * once on every instance.
 */
export async function setChannelEnabled(
  ctx: AppContext,
  channelId: string,
  enabled: boolean,
  by: ActedBy,
): Promise<Channel> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    const was = await switchChannel(tx, now, channelId, enabled)
    await recordAudit(tx, now, {
      actor: by.actor,
      address: by.address,
      action: `channel.${enabled ? 'enable' : 'disable'}`,
      targetType: 'channel',
      targetId: channelId,
      before: { enabled: was },
      after: { enabled },
    })
  })
  // The table's trigger tells every instance; this one need not wait for its own notification.
  ctx.rates.invalidate()
  const channel = (await listChannels(ctx)).find((c) => c.channelId === channelId)
  if (!channel) throw errors.channelNotFound()
  return channel
}
