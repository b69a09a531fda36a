import { lt, sql } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Db } from '../../db/database'
import { rateLimits } from '../../db/schema'

// Counters in the database, so every instance shares them (docs/server.md § Abuse limits). Each (limit, subject)
// row counts points within a fixed window that opens with its first point; one upsert counts and answers, so
// concurrent requests on any instance cannot both slip under a limit.
//
// Not rate-limiter-flexible: its PostgreSQL store needs a `pg` client (not PGlite), creates its table outside our
// migrations and reads Date.now(), so the tests' clock could not drive it; what we need is this one statement.

export interface Limit {
  /** Part of the key: one counter per limit and subject. */
  name: string
  points: number
  windowMs: number
}

export interface LimitState {
  /** Points counted in the current window, this one included. */
  used: number
  /** Over the limit: the caller refuses the request. */
  exceeded: boolean
  /** When the window ends (and the subject may try again). */
  retryAfterMs: number
}

/** Expired rows are deleted about once per this many writes. */
const CLEANUP_EVERY = 200

export class RateLimiter {
  private writes = 0

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private key(limit: Limit, subject: string): string {
    return `${limit.name}:${subject}`
  }

  /** Counts `points` for the subject (0 only reads) and says whether it is now over the limit. */
  async consume(limit: Limit, subject: string, points = 1): Promise<LimitState> {
    const now = this.clock.now()
    const resetTime = new Date(now.getTime() + limit.windowMs)
    const expired = sql`${rateLimits.resetTime} <= ${now.toISOString()}::timestamptz`
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: this.key(limit, subject), points, resetTime })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          points: sql`case when ${expired} then ${points} else ${rateLimits.points} + ${points} end`,
          resetTime: sql`case when ${expired} then ${resetTime.toISOString()}::timestamptz else ${rateLimits.resetTime} end`,
        },
      })
      .returning({ points: rateLimits.points, resetTime: rateLimits.resetTime })
    if (++this.writes % CLEANUP_EVERY === 0) await this.db.delete(rateLimits).where(lt(rateLimits.resetTime, now))
    return {
      used: row.points,
      exceeded: row.points > limit.points,
      retryAfterMs: Math.max(0, row.resetTime.getTime() - now.getTime()),
    }
  }

  /** Whether the subject is over the limit already, without counting. */
  async check(limit: Limit, subject: string): Promise<LimitState> {
    const state = await this.consume(limit, subject, 0)
    return { ...state, exceeded: state.used >= limit.points }
  }

  /** Takes back points (a success after counting the attempt up front), never below zero. */
  async refund(limit: Limit, subject: string, points = 1): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ points: sql`greatest(0, ${rateLimits.points} - ${points})` })
      .where(sql`${rateLimits.key} = ${this.key(limit, subject)}`)
  }

  /** Forgets the subject's count (a successful login ends a run of failures). */
  async reset(limit: Limit, subject: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${this.key(limit, subject)}`)
  }
}
