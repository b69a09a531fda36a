import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import { loginAttempts } from '../../db/schema'
import { errors } from '../../http/errors'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_MAX_FAILURES = 5

export interface LoginAttempt {
  /** Marks the attempt a success: it ends the run of failures. */
  succeeded(): Promise<void>
}

/**
 * Opens a password attempt for `loginName`, refused with LOGIN_LOCKED after 5 failures within 15 minutes (since
 * the last success). The attempt is recorded as a failure up front, so concurrent guesses count at once.
 */
export async function beginLoginAttempt(ctx: AppContext, loginName: string): Promise<LoginAttempt> {
  const now = ctx.clock.now()
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS)
  const id = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${loginName}`}))`)
    const [lastSuccess] = await tx
      .select({ creationTime: loginAttempts.creationTime })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.loginName, loginName),
          eq(loginAttempts.succeeded, true),
          gt(loginAttempts.creationTime, windowStart),
        ),
      )
      .orderBy(desc(loginAttempts.creationTime))
      .limit(1)
    const since = lastSuccess ? lastSuccess.creationTime : windowStart
    const failures = await tx
      .select({ creationTime: loginAttempts.creationTime })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.loginName, loginName),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.creationTime, since),
        ),
      )
      .orderBy(desc(loginAttempts.creationTime))
      .limit(LOGIN_MAX_FAILURES)
    if (failures.length >= LOGIN_MAX_FAILURES) {
      // Unlocks when the oldest of the last five failures leaves the window.
      const unlockAt = failures[LOGIN_MAX_FAILURES - 1].creationTime.getTime() + LOGIN_WINDOW_MS
      throw errors.loginLocked(Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000)))
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ loginName, succeeded: false, creationTime: now })
      .returning({ id: loginAttempts.id })
    return row.id
  })
  return {
    async succeeded() {
      await ctx.db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id))
    },
  }
}
