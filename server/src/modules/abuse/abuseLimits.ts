import type { AppContext } from '../../appContext'
import { errors } from '../../http/errors'
import { beginDelayedAttempt, DEVICE_DELAY, forgetFailures, NAME_DELAY } from './loginDelay'
import type { Limit, LimitState } from './rateLimiter'

// The abuse limits of docs/server.md § Abuse limits, by what a request does. Per IP, so one address cannot work
// through many phone numbers or login names; per subject, so many addresses cannot work through one. A victim is
// never locked out by someone else's failures: wrong passwords block the (IP, login name) pair that made them, and
// a flood on one login name from many IPs pauses password login only — code login still works. Operators, who have
// no code login, are slowed per name instead (loginDelay.ts).

const HOUR = 60 * 60_000
const DAY = 24 * HOUR
const LOGIN_PAIR_WINDOW_MS = 15 * 60_000

const seconds = (state: LimitState) => Math.max(1, Math.ceil(state.retryAfterMs / 1000))

function limits(ctx: AppContext) {
  const config = ctx.config.limits
  return {
    smsPerIpHour: { name: 'sms:ip:hour', points: config.smsPerIpHour, windowMs: HOUR },
    smsPerIpDay: { name: 'sms:ip:day', points: config.smsPerIpDay, windowMs: DAY },
    codeChecksPerIp: { name: 'code:ip:hour', points: config.codeChecksPerIpHour, windowMs: HOUR },
    loginPair: { name: 'login:ip+name', points: config.loginFailuresPerIpAndName, windowMs: LOGIN_PAIR_WINDOW_MS },
    loginPerIp: { name: 'login:ip:hour', points: config.loginFailuresPerIpHour, windowMs: HOUR },
    loginPerName: { name: 'login:name:hour', points: config.loginFailuresPerNameHour, windowMs: HOUR },
    registrationsPerIp: { name: 'register:ip:hour', points: config.registrationsPerIpHour, windowMs: HOUR },
    // Operator logins count apart from the app's: one never locks the other.
    operatorLoginPair: {
      name: 'operator-login:ip+name',
      points: config.loginFailuresPerIpAndName,
      windowMs: LOGIN_PAIR_WINDOW_MS,
    },
    operatorLoginPerIp: { name: 'operator-login:ip:hour', points: config.loginFailuresPerIpHour, windowMs: HOUR },
    // Account and carrier lookups share one count: each shows something about an account that may not be yours.
    lookupsPerUser: { name: 'lookup:user:hour', points: config.accountLookupsPerUserHour, windowMs: HOUR },
  } satisfies Record<string, Limit>
}

async function countOrRefuse(ctx: AppContext, limit: Limit, subject: string): Promise<void> {
  const state = await ctx.limiter.consume(limit, subject)
  if (state.exceeded) throw errors.tooManyRequests(seconds(state))
}

/** Before a verification code is sent: per IP per hour and per day (each number has its own limits too). */
export async function limitSmsSend(ctx: AppContext, ip: string): Promise<void> {
  const { smsPerIpHour, smsPerIpDay } = limits(ctx)
  await countOrRefuse(ctx, smsPerIpHour, ip)
  await countOrRefuse(ctx, smsPerIpDay, ip)
}

/** Before a verification code is checked (code login, registration …): per IP per hour. */
export async function limitCodeCheck(ctx: AppContext, ip: string): Promise<void> {
  await countOrRefuse(ctx, limits(ctx).codeChecksPerIp, ip)
}

/** Before an account is created: per IP per hour. */
export async function limitRegistration(ctx: AppContext, ip: string): Promise<void> {
  await countOrRefuse(ctx, limits(ctx).registrationsPerIp, ip)
}

/** Before an account or carrier lookup (issue 20): per user per hour, so no one can walk a range of account numbers. */
export async function limitAccountLookup(ctx: AppContext, userId: string): Promise<void> {
  await countOrRefuse(ctx, limits(ctx).lookupsPerUser, userId)
}

export interface PasswordAttempt {
  /** The password was right: the attempt no longer counts as a failure, and the pair's run of failures ends. */
  succeeded(): Promise<void>
}

/**
 * Opens a password attempt, counted as a failure up front so concurrent guesses count at once (taken back on
 * success). Refused when this IP and login name failed too often (LOGIN_LOCKED, 15 minutes), when this IP failed
 * too often whatever the names (TOO_MANY_REQUESTS), or when the login name failed too often from everywhere
 * (PASSWORD_LOGIN_PAUSED: the owner logs in with a code instead).
 */
export async function beginPasswordAttempt(ctx: AppContext, ip: string, loginName: string): Promise<PasswordAttempt> {
  const { loginPair, loginPerIp, loginPerName } = limits(ctx)
  const pair = `${ip}|${loginName}`
  const pairState = await ctx.limiter.consume(loginPair, pair)
  if (pairState.exceeded) throw errors.loginLocked(Math.ceil(seconds(pairState) / 60))
  const ipState = await ctx.limiter.consume(loginPerIp, ip)
  if (ipState.exceeded) throw errors.tooManyRequests(seconds(ipState))
  const nameState = await ctx.limiter.consume(loginPerName, loginName)
  if (nameState.exceeded) throw errors.passwordLoginPaused()
  return {
    async succeeded() {
      await ctx.limiter.reset(loginPair, pair)
      await ctx.limiter.refund(loginPerIp, ip)
      await ctx.limiter.refund(loginPerName, loginName)
    },
  }
}

export interface OperatorLoginAttempt extends PasswordAttempt {
  /** The password was right but the second factor is still to come: this attempt counts for nothing. */
  withdrawn(): Promise<void>
}

/**
 * An operator's login attempt, counted up front like the app's: LOGIN_LOCKED for 15 minutes after too many
 * failures of this IP and login name, TOO_MANY_REQUESTS after too many of this IP, and LOGIN_DELAYED once the name
 * has failed too often from anywhere — a wait that doubles, never a lock (an operator has no code login to fall back
 * on). A browser the operator logged in with before (`device`) has a count of its own instead of the name's.
 */
export async function beginOperatorLoginAttempt(
  ctx: AppContext,
  ip: string,
  loginName: string,
  device: string | null,
): Promise<OperatorLoginAttempt> {
  const { operatorLoginPair, operatorLoginPerIp } = limits(ctx)
  const pair = `${ip}|${loginName}`
  const pairState = await ctx.limiter.consume(operatorLoginPair, pair)
  if (pairState.exceeded) throw errors.loginLocked(Math.ceil(seconds(pairState) / 60))
  const ipState = await ctx.limiter.consume(operatorLoginPerIp, ip)
  if (ipState.exceeded) throw errors.tooManyRequests(seconds(ipState))
  const nameSubject = `operator:${loginName}`
  const name = device
    ? await beginDelayedAttempt(ctx, `${nameSubject}:device:${device}`, DEVICE_DELAY)
    : await beginDelayedAttempt(ctx, nameSubject, NAME_DELAY)
  return {
    async succeeded() {
      await ctx.limiter.reset(operatorLoginPair, pair)
      await ctx.limiter.refund(operatorLoginPerIp, ip)
      await name.succeeded()
      // The owner is in: strangers' run on the name ends too.
      if (device) await forgetFailures(ctx, nameSubject)
    },
    async withdrawn() {
      await ctx.limiter.refund(operatorLoginPair, pair)
      await ctx.limiter.refund(operatorLoginPerIp, ip)
      await name.withdrawn()
    },
  }
}
