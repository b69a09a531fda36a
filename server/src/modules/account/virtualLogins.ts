import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { refreshTokens, virtualLogins } from '../../db/schema'
import { isUuid } from '@domain/uuid'

// The recharge module's virtual login (SPEC §4: phone + code yields a user id the app sends as X-LifePay-User-Id).
// The call and the header are as the SPEC has them; what the id stands for is a login, not the user: each login
// issues a new one, which expires and which logout revokes (docs/api.md § Authentication).

/** A new virtual login for the user: the id the app keeps and sends. */
export async function issueVirtualLogin(ctx: AppContext, executor: Executor, userId: string): Promise<string> {
  const now = ctx.clock.now()
  const id = randomUUID()
  await executor.insert(virtualLogins).values({
    id,
    userId,
    creationTime: now,
    expiresAt: new Date(now.getTime() + ctx.config.virtualLoginTtlS * 1000),
  })
  return id
}

/** Logout: the presented virtual login and login family end now, on every instance. */
export async function revokeCredentials(
  ctx: AppContext,
  credentials: { virtualLoginId?: string | null; familyId?: string | null },
): Promise<void> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    if (credentials.virtualLoginId && isUuid(credentials.virtualLoginId)) {
      await tx
        .update(virtualLogins)
        .set({ revokedAt: now })
        .where(and(eq(virtualLogins.id, credentials.virtualLoginId), isNull(virtualLogins.revokedAt)))
    }
    if (credentials.familyId && isUuid(credentials.familyId)) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, credentials.familyId), isNull(refreshTokens.revokedAt)))
    }
  })
  if (credentials.virtualLoginId) ctx.credentials.invalidate(`virtual:${credentials.virtualLoginId}`)
  if (credentials.familyId) ctx.credentials.invalidate(`family:${credentials.familyId}`)
}
