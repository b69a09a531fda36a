import { LoadGuard } from '../../cache/invalidatedCache'
import type { Executor } from '../../db/database'
import { eq, or } from 'drizzle-orm'
import { channels, lifePayRates } from '../../db/schema'

/** The default channel: every request without a usable channel of its own prices at its rates. */
export const DEFAULT_CHANNEL_ID = ''

export type RateRow = Pick<typeof lifePayRates.$inferSelect, 'channelId' | 'rateType' | 'ratePpm'>

/**
 * The rates in force (a few rows per channel) in memory. Whatever changes rates or channels (the operator's channel
 * calls, seeding, SQL by hand) fires the tables' notification, which clears this copy on every instance.
 */
export class RateCache {
  private rows: RateRow[] | null = null
  private readonly guard = new LoadGuard<'rates'>()
  private readonly read: () => Promise<RateRow[]>

  constructor(executor: Executor) {
    // Only rates that may apply: the default channel's, and those of channels known and enabled.
    const query = executor
      .select({ channelId: lifePayRates.channelId, rateType: lifePayRates.rateType, ratePpm: lifePayRates.ratePpm })
      .from(lifePayRates)
      .leftJoin(channels, eq(channels.channelId, lifePayRates.channelId))
      .where(or(eq(lifePayRates.channelId, DEFAULT_CHANNEL_ID), eq(channels.enabled, true)))
      .prepare('life_pay_rates_in_force')
    this.read = () => query.execute()
  }

  async all(): Promise<RateRow[]> {
    if (!this.guard.trusted) return this.read()
    return this.rows ?? this.guard.load('rates', this.read, (rows) => (this.rows = rows))
  }

  invalidate(): void {
    this.rows = null
    this.guard.invalidate('rates')
  }

  setListening(listening: boolean): void {
    this.rows = null
    this.guard.setListening(listening)
  }
}
