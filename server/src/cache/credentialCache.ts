import type { Db } from '../db/database'
import { findVirtualLogin, isFamilyRevoked, type VirtualLoginRow } from '../modules/account/credentialReads'
import { LoadGuard } from './invalidatedCache'
import { LruMap } from './lruMap'

type Entry = { kind: 'family'; revoked: boolean } | { kind: 'virtual'; login: VirtualLoginRow }

/**
 * What every authenticated request asks (is this login family revoked? whose is this virtual login, and is it
 * revoked?) answered from memory, so the check costs a lookup, not a query. Revocation is announced by the tables'
 * trigger (CREDENTIAL_REVOKED_CHANNEL) to every instance, which drops its entry; while the listener is down nothing
 * is served from memory (LoadGuard), so a revocation is never missed.
 */
export class CredentialCache {
  private readonly entries: LruMap<string, Entry>
  private readonly guard = new LoadGuard<string>()

  constructor(
    private readonly db: Db,
    maxEntries: number,
  ) {
    this.entries = new LruMap(maxEntries)
  }

  private async cached(key: string, load: () => Promise<Entry | null>): Promise<Entry | null> {
    if (this.guard.trusted) {
      const hit = this.entries.get(key)
      if (hit) return hit
    }
    // An unknown id is not remembered: the login that creates it may be on another instance, with no notification.
    return this.guard.load(key, load, (entry) => entry && this.entries.set(key, entry))
  }

  async familyRevoked(familyId: string): Promise<boolean> {
    const entry = await this.cached(`family:${familyId}`, async () => ({
      kind: 'family',
      revoked: await isFamilyRevoked(this.db, familyId),
    }))
    return entry?.kind !== 'family' || entry.revoked
  }

  async virtualLogin(id: string): Promise<VirtualLoginRow | null> {
    const entry = await this.cached(`virtual:${id}`, async () => {
      const login = await findVirtualLogin(this.db, id)
      return login ? { kind: 'virtual', login } : null
    })
    return entry?.kind === 'virtual' ? entry.login : null
  }

  /**
   * The virtual login `id` when memory can answer (remembered, and the listener listening), without a promise:
   * the auth hook's fast path (issue 21). Undefined: ask `virtualLogin`.
   */
  virtualLoginInMemory(id: string): VirtualLoginRow | undefined {
    if (!this.guard.trusted) return undefined
    const hit = this.entries.get(`virtual:${id}`)
    return hit?.kind === 'virtual' ? hit.login : undefined
  }

  /** `family:<id>` or `virtual:<id>`: the payload of the revocation notification. */
  invalidate(key: string): void {
    this.entries.delete(key)
    this.guard.invalidate(key)
  }

  setListening(listening: boolean): void {
    this.entries.clear()
    this.guard.setListening(listening)
  }
}
