import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/database'
import { preparedPerDb } from '../../db/prepared'
import { refreshTokens, virtualLogins } from '../../db/schema'
import { isUuid } from '@domain/uuid'

// What a request's credentials are checked against: a virtual login and a login family, read by id. Apart from
// virtualLogins.ts (which issues and revokes them with the app's context) because the credential cache, which the
// app's context holds, reads them: one module for both would import the context back.

export interface VirtualLoginRow {
  userId: string
  expiresAt: Date
  revokedAt: Date | null
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
