import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { operators, operatorSessions } from '../../db/schema'

// Operator sessions (docs/server.md § Operator side): the cookie holds 32 random bytes; the table keeps only their
// sha256, so a copy of the database logs no one in. A session ends 8 hours after login whatever happens, after 30
// minutes without a request (each request slides that), at logout, and when its operator is disabled or changes role.

export const SESSION_COOKIE = 'lp_operator'
export const SESSION_ABSOLUTE_MS = 8 * 60 * 60_000
export const SESSION_IDLE_MS = 30 * 60_000

const hashOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex')

/**
 * The session's CSRF token, derived rather than stored: HMAC of the session id under JWT_SECRET. A page of another
 * site can make the browser send the cookie (not with SameSite=Strict, but older browsers) yet never read this.
 */
export function csrfTokenOf(ctx: AppContext, sessionId: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`operator-csrf:${sessionId}`).digest('base64url')
}

export function csrfTokenMatches(ctx: AppContext, sessionId: string, given: unknown): boolean {
  if (typeof given !== 'string') return false
  const expected = Buffer.from(csrfTokenOf(ctx, sessionId))
  const actual = Buffer.from(given)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A new session of the operator; the id goes into the cookie and nowhere else. */
export async function openSession(ctx: AppContext, operatorId: string): Promise<{ sessionId: string }> {
  const sessionId = randomBytes(32).toString('base64url')
  const now = ctx.clock.now()
  await ctx.db.insert(operatorSessions).values({
    idHash: hashOf(sessionId),
    operatorId,
    creationTime: now,
    lastSeenTime: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  })
  return { sessionId }
}

export type OperatorRow = typeof operators.$inferSelect

/**
 * The operator of a live session, sliding its idle limit; null when the session is unknown, ended, idle too long,
 * or its operator is disabled. One conditional update both checks and slides, so every instance agrees.
 */
export async function sessionOperator(ctx: AppContext, sessionId: string): Promise<OperatorRow | null> {
  const now = ctx.clock.now()
  const [session] = await ctx.db
    .update(operatorSessions)
    .set({ lastSeenTime: now })
    .where(
      and(
        eq(operatorSessions.idHash, hashOf(sessionId)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenTime, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .returning({ operatorId: operatorSessions.operatorId })
  if (!session) return null
  const [operator] = await ctx.db.select().from(operators).where(eq(operators.id, session.operatorId))
  return operator && !operator.disabled ? operator : null
}

export async function closeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(operatorSessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(operatorSessions.idHash, hashOf(sessionId)), isNull(operatorSessions.revokedAt)))
}

/**
 * Ends every session of the operator (disabled, or given another role: they log in again under the new one), or
 * every one but `keep` (two-step verification turned on in it: the others were opened with the password alone).
 */
export async function revokeSessionsOf(db: Executor, operatorId: string, now: Date, keep?: string): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keep === undefined ? undefined : ne(operatorSessions.idHash, hashOf(keep)),
      ),
    )
}
