import { createHmac, randomInt } from 'node:crypto'
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { CAPTCHA_COUNTDOWN_S } from '@domain/constants'
import type { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import type { AppContext } from '../../appContext'
import { smsCodes } from '../../db/schema'
import { errors } from '../../http/errors'

// Every limit lives in the database (not process memory), so it holds across restarts and instances.
export const SMS_CODE_VALIDITY_MS = 5 * 60 * 1000
export const SMS_RESEND_INTERVAL_S = CAPTCHA_COUNTDOWN_S
export const SMS_DAILY_LIMIT = 10
export const SMS_DAY_MS = 24 * 60 * 60 * 1000
export const SMS_MAX_WRONG_ATTEMPTS = 5

function codeHash(ctx: AppContext, phoneNumber: string, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`${phoneNumber}:${code}`).digest('hex')
}

/** POST /api/Account/SendPhoneMessageCode: a 6-digit code, at most 1 per number per 60 s and 10 per 24 h. */
export async function sendPhoneCode(
  ctx: AppContext,
  phoneNumber: string,
  businessType: VerificationCodeBusinessType,
): Promise<{ resendAfter: number }> {
  const now = ctx.clock.now()
  await ctx.db.transaction(async (tx) => {
    // Serialises sends to one number across instances, so two simultaneous sends cannot both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phoneNumber}`}))`)
    const [last] = await tx
      .select({ creationTime: smsCodes.creationTime })
      .from(smsCodes)
      .where(eq(smsCodes.phoneNumber, phoneNumber))
      .orderBy(desc(smsCodes.creationTime))
      .limit(1)
    const sinceLastS = last ? (now.getTime() - last.creationTime.getTime()) / 1000 : Infinity
    if (sinceLastS < SMS_RESEND_INTERVAL_S) throw errors.smsTooFrequent(Math.ceil(SMS_RESEND_INTERVAL_S - sinceLastS))
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(smsCodes)
      .where(
        and(eq(smsCodes.phoneNumber, phoneNumber), gt(smsCodes.creationTime, new Date(now.getTime() - SMS_DAY_MS))),
      )
    if (Number(sent) >= SMS_DAILY_LIMIT) throw errors.smsDailyLimit()
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await tx.insert(smsCodes).values({
      phoneNumber,
      businessType,
      codeHash: codeHash(ctx, phoneNumber, code),
      expiresAt: new Date(now.getTime() + SMS_CODE_VALIDITY_MS),
      creationTime: now,
    })
    const text = `【生活缴费】您的验证码是${code}，5分钟内有效。如非本人操作，请忽略本短信。`
    await ctx.providers.sms.send(tx, { phoneNumber, businessType, code, text })
  })
  return { resendAfter: SMS_RESEND_INTERVAL_S }
}

/**
 * Checks the latest code sent to the number for one of `businessTypes` and consumes it. Five wrong tries burn
 * the code: the sixth is refused even when right.
 */
export async function verifyPhoneCode(
  ctx: AppContext,
  phoneNumber: string,
  businessTypes: readonly VerificationCodeBusinessType[],
  code: string,
): Promise<void> {
  const now = ctx.clock.now()
  // Wrong tries must be counted even though the call fails, so the transaction returns its verdict.
  const verdict = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phoneNumber, phoneNumber),
          inArray(smsCodes.businessType, [...businessTypes]),
          isNull(smsCodes.consumedAt),
        ),
      )
      .orderBy(desc(smsCodes.creationTime))
      .limit(1)
      .for('update')
    if (!row) return { result: 'missing' as const }
    if (row.wrongAttempts >= SMS_MAX_WRONG_ATTEMPTS) return { result: 'locked' as const }
    if (row.expiresAt <= now) return { result: 'expired' as const }
    if (row.codeHash !== codeHash(ctx, phoneNumber, code)) {
      const wrongAttempts = row.wrongAttempts + 1
      await tx.update(smsCodes).set({ wrongAttempts }).where(eq(smsCodes.id, row.id))
      return { result: 'wrong' as const, triesLeft: SMS_MAX_WRONG_ATTEMPTS - wrongAttempts }
    }
    await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, row.id))
    return { result: 'ok' as const }
  })
  switch (verdict.result) {
    case 'ok':
      return
    case 'missing':
      throw errors.smsCodeMissing()
    case 'locked':
      throw errors.smsCodeLocked()
    case 'expired':
      throw errors.smsCodeExpired()
    case 'wrong':
      throw errors.smsCodeWrong(verdict.triesLeft)
  }
}
