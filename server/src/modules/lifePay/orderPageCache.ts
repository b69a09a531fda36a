import { gzipSync } from 'node:zlib'
import { LoadGuard } from '../../cache/invalidatedCache'

/** The pages cached per (user, type filter, page size): the order screen and home read the first ones. */
export const CACHED_PAGES = 3

export interface OrderPageCacheLimits {
  maxEntries: number
  /** Upper bound of the memory the cached bodies take (2 bytes a character). */
  maxBytes: number
}

export interface OrderPageKey {
  pageIndex: number
  pageSize: number
  lifePayOrderType?: number
}

interface Entry {
  userId: string
  body: string
  /** The body gzipped, made on the first send to a client that takes gzip (gzipped()). */
  gzip?: Buffer
}

const bytesOf = (body: string) => body.length * 2

const keyOf = (userId: string, key: OrderPageKey) =>
  `${userId}|${key.lifePayOrderType ?? ''}|${key.pageSize}|${key.pageIndex}`

/**
 * GetUserLifePayOrderPage's serialized answers of a user's first pages, least recently used dropped first.
 * Every write to a user's orders drops that user's pages: locally right after the commit (orderTransaction), on
 * other instances when the database's notification arrives (docs/server.md § Caches).
 */
export class OrderPageCache {
  private readonly entries = new Map<string, Entry>()
  private readonly keysOfUser = new Map<string, Set<string>>()
  private readonly guard = new LoadGuard<string>()
  private bytes = 0

  constructor(private readonly limits: OrderPageCacheLimits) {}

  /** Served from the cache only while the change listener is listening (otherwise a change could go unnoticed). */
  get enabled(): boolean {
    return this.guard.trusted
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes }
  }

  setListening(listening: boolean): void {
    this.clear()
    this.guard.setListening(listening)
  }

  /** The cached body of this page, or `produce`'s (then cached unless the user's orders changed meanwhile). */
  async page(userId: string, key: OrderPageKey, produce: () => Promise<string>): Promise<string> {
    if (!this.enabled || key.pageIndex > CACHED_PAGES) return produce()
    const cacheKey = keyOf(userId, key)
    const hit = this.entries.get(cacheKey)
    if (hit) {
      this.entries.delete(cacheKey)
      this.entries.set(cacheKey, hit)
      return hit.body
    }
    return this.guard.load(userId, produce, (body) => this.store(cacheKey, userId, body))
  }

  /**
   * `body` (an answer of page()) gzipped: kept beside the cached page, so a hit is not compressed again; compressed
   * on each call when the page is not (or no longer) the cached one.
   */
  gzipped(userId: string, key: OrderPageKey, body: string): Buffer {
    const entry = this.entries.get(keyOf(userId, key))
    if (!entry || entry.body !== body) return gzipSync(body)
    if (!entry.gzip) {
      const gzip = gzipSync(body)
      entry.gzip = gzip
      this.bytes += gzip.length
      // The gzip counts towards the budget like a page: over it, the oldest pages go (perhaps this one).
      this.evictOverBudget()
      return gzip
    }
    return entry.gzip
  }

  /** Drops the user's pages, and keeps a load already under way from storing what it read before the change. */
  invalidate(userId: string): void {
    this.guard.invalidate(userId)
    const keys = this.keysOfUser.get(userId)
    if (!keys) return
    for (const key of keys) this.remove(key)
  }

  clear(): void {
    this.guard.invalidateAll()
    this.entries.clear()
    this.keysOfUser.clear()
    this.bytes = 0
  }

  private store(cacheKey: string, userId: string, body: string): void {
    if (bytesOf(body) > this.limits.maxBytes) return
    this.remove(cacheKey)
    this.entries.set(cacheKey, { userId, body })
    this.bytes += bytesOf(body)
    let keys = this.keysOfUser.get(userId)
    if (!keys) this.keysOfUser.set(userId, (keys = new Set()))
    keys.add(cacheKey)
    this.evictOverBudget()
  }

  /** Drops the oldest pages until the cache is within its entry and byte limits. */
  private evictOverBudget(): void {
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.remove(this.entries.keys().next().value as string)
    }
  }

  private remove(cacheKey: string): void {
    const entry = this.entries.get(cacheKey)
    if (!entry) return
    this.entries.delete(cacheKey)
    this.bytes -= bytesOf(entry.body) + (entry.gzip?.length ?? 0)
    const keys = this.keysOfUser.get(entry.userId)
    keys?.delete(cacheKey)
    if (keys?.size === 0) this.keysOfUser.delete(entry.userId)
  }
}
