import { LoadGuard } from '../../cache/invalidatedCache'
import type { Executor } from '../../db/database'
import { lifePayRates } from '../../db/schema'

export type RateRow = Pick<typeof lifePayRates.$inferSelect, 'channelId' | 'rateType' | 'ratePpm'>

/**
 * The whole rates table (a few rows per channel) in memory. No route or command changes rates; whatever does
 * (seeding, SQL by hand) fires the table's notification, which clears this copy on every instance.
 */
export class RateCache {
  private rows: RateRow[] | null = null
  private readonly guard = new LoadGuard<'rates'>()
  private readonly read: () => Promise<RateRow[]>

  constructor(executor: Executor) {
    const query = executor
      .select({ channelId: lifePayRates.channelId, rateType: lifePayRates.rateType, ratePpm: lifePayRates.ratePpm })
      .from(lifePayRates)
      .prepare('life_pay_rates_all')
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
