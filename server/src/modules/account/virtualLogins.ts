import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { AppContext } from '../../appContext'
import type { Db, Executor } from '../../db/database'
import { preparedPerDb } from '../../db/prepared'
import { refreshTokens, virtualLogins } from '../../db/schema'
import { isUuid } from '../../../../src/domain/uuid'

// The recharge module's virtual login (SPEC §4: phone + code yields a user id the app sends as X-LifePay-User-Id).
// The call and the header are as the SPEC has them; what the id stands for is a login, not the user: each login
// issues a new one, which expires and which logout revokes (docs/api.md § Authentication).

export interface VirtualLoginRow {
  userId: string
  expiresAt: Date
  revokedAt: Date | null
}

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

const virtualLoginById = preparedPerDb((db: Db) =>
  db
    .select({ userId: virtualLogins.userId, expiresAt: virtualLogins.expiresAt, revokedAt: virtualLogins.revokedAt })
    .from(virtualLogins)
    .where(eq(virtualLogins.id, sql.placeholder('id')))
    .prepare('virtual_login_by_id'),
)

export async function findVirtualLogin(db: Db, id: string): Promise<VirtualLoginRow | null> {
  if (!isUuid(id)) return null
  const [row] = await virtualLoginById(db).execute({ id })
  return row ?? null
}

const liveFamilyToken = preparedPerDb((db: Db) =>
  db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNull(refreshTokens.revokedAt)))
    .limit(1)
    .prepare('live_family_token'),
)

/** Whether a login family was revoked (a refresh token reused, or logout): its access tokens stop at once. */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  if (!isUuid(familyId)) return true
  return (await liveFamilyToken(db).execute({ familyId })).length === 0
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
