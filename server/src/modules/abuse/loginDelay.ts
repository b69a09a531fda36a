import { eq, lt } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { loginDelays } from '../../db/schema'
import { errors } from '../../http/errors'

// Failed logins of one login name from every address (docs/server.md § Abuse limits): the per-address limits cannot
// see a guesser spread over many addresses. Past a few failures each further attempt waits a delay that doubles up
// to a cap, so a name is guessed a hundred times a day at most while its owner is slowed, never locked out — and the
// owner's own browser (a device cookie from an earlier login, operatorDevice.ts) counts apart, so strangers' failures
// do not slow it at all. In the database, so every instance sees the same count.

export interface DelayPolicy {
  /** Failures in a row that cost nothing. */
  freeFailures: number
  /** The wait after the first failure past them; it doubles with each further failure. */
  firstDelayMs: number
  maxDelayMs: number
  /** A run of failures is forgotten this long after its last one. */
  forgetAfterMs: number
}

const DAY_MS = 24 * 60 * 60_000

/** A login name from anywhere: 10 free failures, then 30 s, 1 min, 2, 4, 8, and 15 min for each one after. */
export const NAME_DELAY: DelayPolicy = {
  freeFailures: 10,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: DAY_MS,
}

/** A login name from a browser it logged in with before: its own count, 5 free failures, then the same delays. */
export const DEVICE_DELAY: DelayPolicy = { ...NAME_DELAY, freeFailures: 5 }

/** How long after the last of `failures` failures in a row the next attempt must wait. */
export function delayAfter(failures: number, policy: DelayPolicy): number {
  if (failures < policy.freeFailures) return 0
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failures - policy.freeFailures))
}

export interface DelayedAttempt {
  /** The login succeeded: the run of failures ends. */
  succeeded(): Promise<void>
  /** Neither success nor failure (the password was right, the second factor not yet given): not counted. */
  withdrawn(): Promise<void>
}

/** Ends the subject's run of failures (a login succeeded). */
export async function forgetFailures(ctx: AppContext, subject: string): Promise<void> {
  await ctx.db.delete(loginDelays).where(eq(loginDelays.subject, subject))
}

/** An attempt refused (how long it must wait), or counted (what the row held before, and the count it made). */
type Claim = { waitMs: number } | { previous: { failures: number; lastFailureTime: Date }; claimed: number }

/** Deleted about once per this many attempts: runs of failures a day old. */
const CLEANUP_EVERY = 200
let attempts = 0

/**
 * Opens an attempt for `subject`, counted as a failure up front (concurrent guesses count at once; the row is locked
 * while it is decided), or refuses it with LOGIN_DELAYED saying how long to wait.
 */
export async function beginDelayedAttempt(
  ctx: AppContext,
  subject: string,
  policy: DelayPolicy,
): Promise<DelayedAttempt> {
  const now = ctx.clock.now()
  if (++attempts % CLEANUP_EVERY === 0)
    await ctx.db
      .delete(loginDelays)
      .where(lt(loginDelays.lastFailureTime, new Date(now.getTime() - policy.forgetAfterMs)))
  const claim = await ctx.db.transaction(async (tx): Promise<Claim> => {
    await tx.insert(loginDelays).values({ subject, failures: 0, lastFailureTime: now }).onConflictDoNothing()
    const [row] = await tx.select().from(loginDelays).where(eq(loginDelays.subject, subject)).for('update')
    const forgotten = now.getTime() - row.lastFailureTime.getTime() >= policy.forgetAfterMs
    const failures = forgotten ? 0 : row.failures
    const waitMs = row.lastFailureTime.getTime() + delayAfter(failures, policy) - now.getTime()
    if (failures > 0 && waitMs > 0) return { waitMs }
    await tx
      .update(loginDelays)
      .set({ failures: failures + 1, lastFailureTime: now })
      .where(eq(loginDelays.subject, subject))
    return { previous: { failures: row.failures, lastFailureTime: row.lastFailureTime }, claimed: failures + 1 }
  })
  if ('waitMs' in claim) throw errors.loginDelayed(Math.ceil(claim.waitMs / 1000))
  const { previous, claimed } = claim
  return {
    succeeded: () => forgetFailures(ctx, subject),
    async withdrawn() {
      // Put back what was there, unless another attempt has counted since.
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.select().from(loginDelays).where(eq(loginDelays.subject, subject)).for('update')
        if (row?.failures !== claimed) return
        if (previous.failures === 0) await tx.delete(loginDelays).where(eq(loginDelays.subject, subject))
        else await tx.update(loginDelays).set(previous).where(eq(loginDelays.subject, subject))
      })
    },
  }
}
