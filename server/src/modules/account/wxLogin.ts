import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type {
  TokenResult,
  WxIdentity,
  WxMiniAppPhoneAuthLoginInput,
  WxMiniAppUserLoginFromScanInput,
  WxMiniAppUserLoginResult,
} from '@contract/account'
import { mobilePhone } from '@domain/validators'
import type { AppContext } from '../../appContext'
import type { Executor } from '../../db/database'
import { users, wxSessions } from '../../db/schema'
import { errors } from '../../http/errors'
import { checkField } from '../../http/validation'
import type { IdentityHost } from '../../providers/identity'
import { issueTokens } from './tokens'
import { findOrCreateUserByPhone, referrerOf } from './users'

type WxSessionRow = typeof wxSessions.$inferSelect

/**
 * What the app gets as `sessionKey`: proof that it holds this login, derived from the provider's session key, which
 * never leaves the server (WeChat forbids sending session_key to the client; Alipay has none). The phone login must
 * present it, so an openId alone logs nobody in. 16 bytes in base64, the shape of a session key.
 */
function sessionProof(ctx: AppContext, openId: string, sessionKey: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`wx-session-proof:${openId}:${sessionKey}`)
    .digest()
    .subarray(0, 16)
    .toString('base64')
}

/** GET /api/Account/GetWxIndentity and GetLifePayWxIndentity: code2session, remembered for the phone login. */
export async function wxIdentity(ctx: AppContext, code: string, host: IdentityHost = 'weapp'): Promise<WxIdentity> {
  const session = await ctx.providers.identity.code2Session(code, host)
  const now = ctx.clock.now()
  await ctx.db
    .insert(wxSessions)
    .values({
      openId: session.openId,
      appId: session.appId,
      sessionKey: session.sessionKey,
      unionId: session.unionId,
      updatedTime: now,
    })
    .onConflictDoUpdate({
      target: wxSessions.openId,
      set: { sessionKey: session.sessionKey, unionId: session.unionId, updatedTime: now },
    })
  const [user] = await ctx.db
    .select({ userName: users.userName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.wxOpenId, session.openId))
  return {
    openId: session.openId,
    sessionKey: sessionProof(ctx, session.openId, session.sessionKey),
    unionId: session.unionId,
    userName: user?.phoneNumber ? user.userName : null,
  }
}

/**
 * An Alipay login's id is also kept as the user's Alipay id (where Alipay subscribe messages go, issue 20): one
 * Alipay id, one user, as with openIds.
 */
async function rememberAlipayUserId(executor: Executor, userId: string, host: IdentityHost, openId: string) {
  if (host !== 'alipay') return
  await executor
    .update(users)
    .set({ alipayUserId: null })
    .where(and(eq(users.alipayUserId, openId), ne(users.id, userId)))
  await executor.update(users).set({ alipayUserId: openId }).where(eq(users.id, userId))
}

async function tokenForBoundUser(ctx: AppContext, openId: string, host: IdentityHost): Promise<TokenResult | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.wxOpenId, openId))
  if (!user?.phoneNumber) return null
  if (user.alipayUserId !== openId) await rememberAlipayUserId(ctx.db, user.id, host, openId)
  return issueTokens(ctx, ctx.db, user.id)
}

/** GET /api/Account/WxMiniAppUserLogin: logged in at once when the openId belongs to a user with a phone. */
export async function wxMiniAppUserLogin(
  ctx: AppContext,
  code: string,
  host: IdentityHost = 'weapp',
): Promise<WxMiniAppUserLoginResult> {
  const identity = await wxIdentity(ctx, code, host)
  return {
    openId: identity.openId,
    sessionKey: identity.sessionKey,
    token: await tokenForBoundUser(ctx, identity.openId, host),
  }
}

/**
 * The host that issued a session, by its app id where the real providers' ids tell them apart; the caller's claim
 * only where they cannot (the sandbox serves both hosts under one app id). A header must not make a WeChat openId the
 * user's Alipay id.
 */
function sessionHost(ctx: AppContext, session: WxSessionRow, claimed: IdentityHost): IdentityHost {
  const alipayAppId = ctx.config.alipayIdentity?.appId
  const wechatAppId = ctx.config.wechatIdentity?.appId
  if (alipayAppId && session.appId === alipayAppId && alipayAppId !== wechatAppId) return 'alipay'
  if (wechatAppId && session.appId === wechatAppId && alipayAppId !== wechatAppId) return 'weapp'
  return claimed
}

async function findSession(ctx: AppContext, openId: string): Promise<WxSessionRow> {
  const [session] = await ctx.db.select().from(wxSessions).where(eq(wxSessions.openId, openId))
  if (!session) throw errors.wxSessionInvalid()
  return session
}

/**
 * POST /api/Account/WxMiniAppUserLoginFromScan: as WxMiniAppUserLogin for an openId already exchanged; a user not
 * yet known keeps the scanned uId (and name) for the phone authorisation that creates them.
 */
export async function wxMiniAppUserLoginFromScan(
  ctx: AppContext,
  input: WxMiniAppUserLoginFromScanInput,
  host: IdentityHost = 'weapp',
): Promise<WxMiniAppUserLoginResult> {
  const session = await findSession(ctx, input.openId)
  const token = await tokenForBoundUser(ctx, session.openId, sessionHost(ctx, session, host))
  if (!token) {
    await ctx.db
      .update(wxSessions)
      .set({ referrerUserId: await referrerOf(ctx.db, input.uId), userName: input.userName?.trim() || null })
      .where(eq(wxSessions.openId, session.openId))
  }
  return { openId: session.openId, sessionKey: sessionProof(ctx, session.openId, session.sessionKey), token }
}

/** The phone number the host vouches for, for the login this caller proves it holds (never a made-up key). */
async function phoneOf(ctx: AppContext, session: WxSessionRow, input: WxMiniAppPhoneAuthLoginInput): Promise<string> {
  const given = Buffer.from(input.sessionKey)
  const issued = Buffer.from(sessionProof(ctx, session.openId, session.sessionKey))
  if (given.length !== issued.length || !timingSafeEqual(given, issued)) throw errors.wxSessionInvalid()
  const phoneNumber = await ctx.providers.identity.phoneNumber(session, input)
  checkField('phoneNumber', phoneNumber, [mobilePhone])
  return phoneNumber
}

/** POST /api/Account/WxMiniAppPhoneAuthLogin(FromScan): the phone number WeChat vouches for logs the user in. */
export async function wxPhoneAuthLogin(
  ctx: AppContext,
  input: WxMiniAppPhoneAuthLoginInput,
  uId?: string,
  host: IdentityHost = 'weapp',
  /** The request's channelId: a user created here is bound to it (lifePay/userChannel.ts). */
  channelId?: string,
): Promise<TokenResult> {
  const session = await findSession(ctx, input.openId)
  const phoneNumber = await phoneOf(ctx, session, input)
  return ctx.db.transaction(async (tx) => {
    const referrerUserId = (await referrerOf(tx, uId)) ?? session.referrerUserId
    const { user } = await findOrCreateUserByPhone(tx, ctx.clock.now(), phoneNumber, {
      userName: session.userName,
      referrerUserId,
      channelId,
    })
    // One openId, one user: a previous holder (another phone on this WeChat account) lets go of it.
    await tx
      .update(users)
      .set({ wxOpenId: null })
      .where(and(eq(users.wxOpenId, session.openId), ne(users.id, user.id)))
    await tx.update(users).set({ wxOpenId: session.openId }).where(eq(users.id, user.id))
    await rememberAlipayUserId(tx, user.id, sessionHost(ctx, session, host), session.openId)
    return issueTokens(ctx, tx, user.id)
  })
}
