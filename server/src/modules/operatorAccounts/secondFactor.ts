import { createHash, randomInt } from 'node:crypto'
import { and, count, eq, isNull, lt, or } from 'drizzle-orm'
import type { TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '@contract/operators'
import type { AppContext } from '../../appContext'
import type { ServerConfig } from '../../config'
import { operatorRecoveryCodes, operators } from '../../db/schema'
import { errors } from '../../http/errors'
import { recordAudit } from './audit'
import type { ActedBy } from './operators'
import { revokeSessionsOf, type OperatorRow } from './sessions'
import { matchingStep, newTotpKey, otpauthUri, base32Encode } from './totp'
import { openTotpKey, sealTotpKey } from './totpSecret'

// Operators' two-step verification (docs/server.md § Operator side): a TOTP key enrolled from an authenticator app
// and confirmed with its first code before it counts, ten one-time recovery codes for a lost phone, a reset by
// another admin (or the CLI on the server's machine). Admins must have it where adminTotpRequired (production).

const ISSUER = 'Life Pay'
export const RECOVERY_CODE_COUNT = 10
/** Recovery codes: 12 characters of 32 unambiguous ones, 60 bits, so a copy of their sha256 cannot be reversed. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_LENGTH = 12

/** An admin who must set up a second factor before anything else (the session may only enrol). */
export function totpEnrolmentRequired(config: Pick<ServerConfig, 'adminTotpRequired'>, operator: OperatorRow): boolean {
  return config.adminTotpRequired && operator.role === 'admin' && operator.totpSecret === null
}

const recoveryHash = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex')

function newRecoveryCode(): string {
  const text = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return text.join('').replace(/(.{4})(?=.)/g, '$1-')
}

export async function totpStatus(ctx: AppContext, operator: OperatorRow): Promise<TotpStatus> {
  const [{ left }] = await ctx.db
    .select({ left: count() })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.operatorId, operator.id), isNull(operatorRecoveryCodes.usedTime)))
  return {
    enabled: operator.totpSecret !== null,
    enabledTime: operator.totpEnabledTime?.toISOString() ?? null,
    recoveryCodesLeft: operator.totpSecret === null ? 0 : left,
  }
}

/** A new key for the operator's app, pending until confirmed; asking again replaces it. */
export async function beginTotpEnrolment(ctx: AppContext, operator: OperatorRow): Promise<TotpEnrolment> {
  if (operator.totpSecret !== null) throw errors.totpAlreadyEnabled()
  const key = newTotpKey()
  await ctx.db
    .update(operators)
    .set({ totpPendingSecret: sealTotpKey(ctx.config.jwtSecret, operator.id, key) })
    .where(eq(operators.id, operator.id))
  return { secret: base32Encode(key), otpauthUri: otpauthUri(ISSUER, operator.loginName, key) }
}

/**
 * The pending key is confirmed by a code of it: it is in force from now on, with fresh recovery codes, and the
 * operator's other sessions (opened with the password alone) end; `sessionId`'s goes on.
 */
export async function confirmTotpEnrolment(
  ctx: AppContext,
  operatorId: string,
  code: string,
  by: { sessionId: string; address: string },
): Promise<TotpRecoveryCodes> {
  const now = ctx.clock.now()
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await ctx.db.transaction(async (tx) => {
    const [operator] = await tx.select().from(operators).where(eq(operators.id, operatorId)).for('update')
    if (operator.totpSecret !== null) throw errors.totpAlreadyEnabled()
    const key = operator.totpPendingSecret && openTotpKey(ctx.config.jwtSecret, operator.id, operator.totpPendingSecret)
    if (!key) throw errors.totpNotEnrolling()
    const step = matchingStep(key, code.replace(/\s/g, ''), now)
    if (step === null) throw errors.totpCodeWrong()
    await tx
      .update(operators)
      .set({
        totpSecret: operator.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledTime: now,
        totpLastStep: step,
      })
      .where(eq(operators.id, operator.id))
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operator.id))
    await tx
      .insert(operatorRecoveryCodes)
      .values(recoveryCodes.map((one) => ({ operatorId: operator.id, codeHash: recoveryHash(one) })))
    await revokeSessionsOf(tx, operator.id, now, by.sessionId)
    await recordAudit(tx, now, {
      actor: { id: operator.id, name: operator.loginName },
      action: 'operator.totp.enable',
      targetType: 'operator',
      targetId: operator.loginName,
      address: by.address,
    })
  })
  return { recoveryCodes }
}

export interface SecondFactorInput {
  totpCode?: string
  recoveryCode?: string
}

/**
 * Whether the operator's second factor is right: a code of the app within a step of now, of a step later than the
 * last one accepted (a code seen over a shoulder is worth nothing once used), or an unused recovery code (then used).
 */
export async function secondFactorAccepted(
  ctx: AppContext,
  operator: OperatorRow,
  input: SecondFactorInput,
  address: string,
): Promise<boolean> {
  if (operator.totpSecret === null) return true
  const now = ctx.clock.now()
  if (input.recoveryCode) {
    const [used] = await ctx.db
      .update(operatorRecoveryCodes)
      .set({ usedTime: now })
      .where(
        and(
          eq(operatorRecoveryCodes.operatorId, operator.id),
          eq(operatorRecoveryCodes.codeHash, recoveryHash(input.recoveryCode)),
          isNull(operatorRecoveryCodes.usedTime),
        ),
      )
      .returning({ operatorId: operatorRecoveryCodes.operatorId })
    if (!used) return false
    await recordAudit(ctx.db, now, {
      actor: { id: operator.id, name: operator.loginName },
      action: 'operator.totp.recoveryCodeUsed',
      targetType: 'operator',
      targetId: operator.loginName,
      address,
    })
    return true
  }
  const key = openTotpKey(ctx.config.jwtSecret, operator.id, operator.totpSecret)
  if (!key) {
    // Sealed under another JWT_SECRET: only a recovery code or a reset lets this operator in.
    ctx.log.warn({ operator: operator.loginName }, 'TOTP key cannot be opened (JWT_SECRET changed since enrolment?)')
    return false
  }
  const step = matchingStep(key, (input.totpCode ?? '').replace(/\s/g, ''), now)
  if (step === null) return false
  const [taken] = await ctx.db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id })
  return taken !== undefined
}

/**
 * Another admin (or the CLI) turns an operator's second factor off — a lost phone and lost codes: their sessions end,
 * and an admin of a deployment that requires it may then only enrol again.
 */
export async function resetTotp(ctx: AppContext, loginName: string, by: ActedBy): Promise<OperatorRow> {
  const now = ctx.clock.now()
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.loginName, loginName)).for('update')
    if (!before) throw errors.operatorNotFound()
    if (before.id === by.actor.id) throw errors.totpResetSelf()
    const [after] = await tx
      .update(operators)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledTime: null, totpLastStep: null })
      .where(eq(operators.id, before.id))
      .returning()
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, before.id))
    await revokeSessionsOf(tx, before.id, now)
    await recordAudit(tx, now, {
      actor: by.actor,
      action: 'operator.totp.reset',
      targetType: 'operator',
      targetId: loginName,
      before: { totpEnabled: before.totpSecret !== null },
      after: { totpEnabled: false },
      address: by.address,
    })
    return after
  })
}
