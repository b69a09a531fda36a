import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { TokenResult } from '@contract/account'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { refreshTokens } from '../../db/schema'
import { errors } from '../../http/errors'
import { signJwt, verifyJwt, type AccessTokenClaims } from './jwt'

// Access tokens: HS256 JWTs carrying their login family (`fid`). Refresh tokens: random, stored as sha256, single
// use — each refresh rotates to a new token of the same family, and presenting a rotated one again revokes the
// family, whose access tokens every instance then refuses (http/auth.ts, cache/credentialCache.ts).

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

export async function issueTokens(
  ctx: AppContext,
  executor: Executor,
  userId: string,
  familyId: string = randomUUID(),
): Promise<TokenResult> {
  const now = ctx.clock.now()
  const iat = Math.floor(now.getTime() / 1000)
  const expiresIn = ctx.config.accessTokenTtlS
  const accessToken = signJwt(
    { sub: userId, client_id: ctx.config.clientId, fid: familyId, iat, exp: iat + expiresIn },
    ctx.config.jwtSecret,
  )
  const refreshToken = randomBytes(32).toString('base64url')
  await executor.insert(refreshTokens).values({
    id: randomUUID(),
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    clientId: ctx.config.clientId,
    creationTime: now,
    expiresAt: new Date(now.getTime() + ctx.config.refreshTokenTtlS * 1000),
  })
  return { accessToken, refreshToken, expiresIn, creationTime: now.getTime() }
}

export function verifyAccessToken(ctx: AppContext, token: string): AccessTokenClaims | null {
  const claims = verifyJwt(token, ctx.config.jwtSecret, Math.floor(ctx.clock.now().getTime() / 1000))
  return claims && claims.client_id === ctx.config.clientId ? claims : null
}

/** POST /api/accountAuth/GetTokenByRefreshToken */
export async function refreshAccessToken(
  ctx: AppContext,
  refreshToken: string,
  clientId: string,
): Promise<TokenResult> {
  const now = ctx.clock.now()
  // A reuse must revoke the family even though the call fails, so the transaction returns its verdict.
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update')
    if (!row || row.clientId !== clientId || row.revokedAt || row.expiresAt <= now) return 'invalid' as const
    if (row.rotatedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)))
      return { reused: row.familyId }
    }
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id))
    return issueTokens(ctx, tx, row.userId, row.familyId)
  })
  if (outcome === 'invalid') throw errors.refreshTokenInvalid()
  if ('reused' in outcome) {
    // Other instances hear it from the table's trigger; this one forgets the family before answering.
    ctx.credentials.invalidate(`family:${outcome.reused}`)
    ctx.log.warn({ clientId }, 'rotated refresh token presented again: token family revoked')
    throw errors.refreshTokenReused()
  }
  return outcome
}
