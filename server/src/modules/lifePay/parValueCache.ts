import { LoadGuard } from '../../cache/invalidatedCache'
import type { Executor } from '../../db/database'
import { parValues } from '../../db/schema'
import type { LifePayOrderType } from '@domain/lifePayOrderType'

/** One face value on offer: what Create…Order checks its request against. */
export interface ParValueKind {
  lifePayOrderType: LifePayOrderType
  subType: string
  parValueFen: number
}

const keyOf = (kind: ParValueKind) => `${kind.lifePayOrderType}:${kind.subType}:${kind.parValueFen}`

/**
 * The face values on offer (a few dozen rows) in memory, so creating an order does not read them (issue 38). Any
 * change to par_values (seeding, SQL by hand) fires the price list's notification (migration 0022), which clears
 * this copy on every instance, as it does the rates (RateCache).
 */
export class ParValueCache {
  private offered: Set<string> | null = null
  private readonly guard = new LoadGuard<'parValues'>()
  private readonly read: () => Promise<Set<string>>

  constructor(executor: Executor) {
    const query = executor
      .select({
        lifePayOrderType: parValues.lifePayOrderType,
        subType: parValues.subType,
        parValueFen: parValues.faceValueFen,
      })
      .from(parValues)
      .prepare('par_values_on_offer')
    this.read = async () => new Set((await query.execute()).map((row) => keyOf(row as ParValueKind)))
  }

  async offers(kind: ParValueKind): Promise<boolean> {
    const offered = this.guard.trusted
      ? (this.offered ?? (await this.guard.load('parValues', this.read, (rows) => (this.offered = rows))))
      : await this.read()
    return offered.has(keyOf(kind))
  }

  invalidate(): void {
    this.offered = null
    this.guard.invalidate('parValues')
  }

  setListening(listening: boolean): void {
    this.offered = null
    this.guard.setListening(listening)
  }
}
