/**
 * The state every cache of database rows here shares: a cache is only as good as its invalidation, so it serves
 * and stores only while invalidations cannot be missed (`trusted`: the change listener is listening), and a load
 * that raced an invalidation is not stored (it may have read the rows from before the change).
 */
export class LoadGuard<K> {
  private readonly loading = new Map<K, Set<{ stale: boolean }>>()
  private listening = false

  get trusted(): boolean {
    return this.listening
  }

  /** The listener's state; any change means notifications may have been missed, so in-flight loads are stale. */
  setListening(listening: boolean): void {
    this.listening = listening
    this.invalidateAll()
  }

  /** Runs a load of `key`; `store` is called with its result unless `key` was invalidated meanwhile. */
  async load<V>(key: K, produce: () => Promise<V>, store: (value: V) => void): Promise<V> {
    const token = { stale: false }
    let tokens = this.loading.get(key)
    if (!tokens) this.loading.set(key, (tokens = new Set()))
    tokens.add(token)
    try {
      const value = await produce()
      if (!token.stale && this.listening) store(value)
      return value
    } finally {
      tokens.delete(token)
      if (tokens.size === 0 && this.loading.get(key) === tokens) this.loading.delete(key)
    }
  }

  invalidate(key: K): void {
    for (const token of this.loading.get(key) ?? []) token.stale = true
  }

  invalidateAll(): void {
    for (const tokens of this.loading.values()) for (const token of tokens) token.stale = true
  }
}
