import { eq } from 'drizzle-orm'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import {
  GetTokenByRefreshTokenInput,
  LifePayPhoneMessageCodeLoginInput,
  OssSts,
  PasswordLoginInput,
  PhoneMessageCodeRegisterInput,
  SendPhoneMessageCodeInput,
  SendPhoneMessageCodeResult,
  TokenResult,
  VirtualUserId,
  WxIdentity,
  WxIdentityInput,
  WxMiniAppPhoneAuthLoginFromScanInput,
  WxMiniAppPhoneAuthLoginInput,
  WxMiniAppUserLoginFromScanInput,
  WxMiniAppUserLoginResult,
} from '@contract/account'
import { VerificationCodeBusinessType as Purpose } from '@domain/verificationCodePurpose'
import { mobilePhone, password as passwordRule, required } from '@domain/validators'
import type { AppContext } from '../../appContext'
import { users } from '../../db/schema'
import { bearerToken, VIRTUAL_USER_HEADER, type AuthHooks } from '../../http/auth'
import { NoData } from '@contract/envelope'
import { ok } from '../../http/envelope'
import { originOf } from '../../http/origin'
import { errors } from '../../http/errors'
import { routeSchema, withChannel, withChannelsBase } from '../../http/schemas'
import { checkField } from '../../http/validation'
import { hashPassword, verifyPassword } from './passwords'
import { sendPhoneCode, verifyPhoneCode } from './smsCodes'
import { issueTokens, refreshAccessToken, verifyAccessToken } from './tokens'
import { issueVirtualLogin, revokeCredentials } from './virtualLogins'
import { findOrCreateUserByPhone, findUserByPhone, referrerOf } from './users'
import { channelOf } from '../lifePay/catalog'
import { HOST_HEADER, identityHostOf } from '../../http/hostHeader'
import { wxIdentity, wxMiniAppUserLogin, wxMiniAppUserLoginFromScan, wxPhoneAuthLogin } from './wxLogin'
import { beginPasswordAttempt, limitCodeCheck, limitRegistration, limitSmsSend } from '../abuse/abuseLimits'

const tags = ['Account']

// A phone-code login accepts the LifePay purpose (80) and the general phone-code login purpose (10).
const PHONE_LOGIN_PURPOSES = [Purpose.LifePayPhoneCodeLogin, Purpose.PhoneCodeLogin] as const

/** Where the sandbox bucket is reached from the caller's side (the Host it used). */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.post(
    '/api/Account/SendPhoneMessageCode',
    {
      schema: routeSchema({
        tags,
        summary: 'Send a 6-digit verification code by SMS (1 per number per 60 s, 10 per 24 h)',
        body: withChannelsBase(SendPhoneMessageCodeInput),
        data: SendPhoneMessageCodeResult,
      }),
    },
    async (request) => {
      checkField('phoneNumber', request.body.phoneNumber, [required, mobilePhone])
      await limitSmsSend(ctx, request.ip)
      return ok(await sendPhoneCode(ctx, request.body.phoneNumber, request.body.businessType))
    },
  )

  api.post(
    '/api/Account/LifePayPhoneMesssageCodeLogin',
    {
      schema: routeSchema({
        tags,
        summary: 'Virtual login of the recharge module: phone + code → its user id (user created on first login)',
        description:
          'Send the returned id as X-LifePay-User-Id on LifePay calls when there is no bearer token. Each login ' +
          'issues a new id; it expires after 30 days and POST /api/Account/Logout revokes it. `uId` (a referral ' +
          "QR code's user id) is recorded as the referrer of a user this login creates, never of an existing one.",
        body: withChannelsBase(LifePayPhoneMessageCodeLoginInput),
        data: VirtualUserId,
      }),
    },
    async (request) => {
      const { phoneNumber, code, uId } = request.body
      checkField('phoneNumber', phoneNumber, [required, mobilePhone])
      await limitCodeCheck(ctx, request.ip)
      await verifyPhoneCode(ctx, phoneNumber, PHONE_LOGIN_PURPOSES, code)
      const { user } = await findOrCreateUserByPhone(ctx.db, ctx.clock.now(), phoneNumber, {
        channelId: channelOf(request),
        referrerUserId: await referrerOf(ctx.db, uId),
      })
      return ok(await issueVirtualLogin(ctx, ctx.db, user.id))
    },
  )

  api.post(
    '/api/Account/PasswordLogin',
    {
      schema: routeSchema({
        tags,
        summary:
          'Password login (loginName is the phone number); 5 wrong passwords from one IP lock that IP out of that ' +
          'name for 15 minutes',
        body: withChannelsBase(PasswordLoginInput),
        data: TokenResult,
      }),
    },
    async (request) => {
      const loginName = request.body.loginName.trim()
      checkField('loginName', loginName, [required])
      checkField('password', request.body.password, [required])
      const attempt = await beginPasswordAttempt(ctx, request.ip, loginName)
      const user = await findUserByPhone(ctx.db, loginName)
      // A missing user costs a hash too, so timing does not tell which phone numbers are registered.
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, request.body.password)
        : (await hashPassword(request.body.password), false)
      if (!user || !valid) throw errors.loginFailed()
      await attempt.succeeded()
      return ok(await issueTokens(ctx, ctx.db, user.id))
    },
  )

  api.post(
    '/api/Account/PhoneMesssageCodeRegister',
    {
      schema: routeSchema({
        tags,
        summary: 'Register with phone + code + password, and log in',
        description:
          'A number known only from code or WeChat logins (no password yet) is registered in place. `uId` (a ' +
          "referral QR code's user id) is recorded as the referrer of a user this call creates, never of an existing one.",
        body: withChannelsBase(PhoneMessageCodeRegisterInput),
        data: TokenResult,
      }),
    },
    async (request) => {
      const { phoneNumber, code, password, userName, uId } = request.body
      checkField('phoneNumber', phoneNumber, [required, mobilePhone])
      checkField('password', password, [required, passwordRule])
      // The code first: only whoever receives this number's messages may learn whether it is registered.
      await limitCodeCheck(ctx, request.ip)
      await verifyPhoneCode(ctx, phoneNumber, [Purpose.PhoneCodeRegister], code)
      await limitRegistration(ctx, request.ip)
      const passwordHash = await hashPassword(password)
      const tokens = await ctx.db.transaction(async (tx) => {
        const { user, created } = await findOrCreateUserByPhone(tx, ctx.clock.now(), phoneNumber, {
          userName,
          passwordHash,
          channelId: channelOf(request),
          referrerUserId: await referrerOf(tx, uId),
        })
        if (!created) {
          if (user.passwordHash) return null
          await tx
            .update(users)
            .set({ passwordHash, ...(userName?.trim() ? { userName: userName.trim() } : {}) })
            .where(eq(users.id, user.id))
        }
        return issueTokens(ctx, tx, user.id)
      })
      if (!tokens) throw errors.phoneAlreadyRegistered()
      return ok(tokens)
    },
  )

  for (const path of ['/api/Account/GetWxIndentity', '/api/Account/GetLifePayWxIndentity']) {
    api.get(
      path,
      {
        schema: routeSchema({
          tags,
          summary: 'WeChat code2session: the openId and session key for a login code',
          querystring: withChannel(WxIdentityInput),
          data: WxIdentity,
        }),
      },
      async (request) => ok(await wxIdentity(ctx, request.query.code, identityHostOf(request.headers[HOST_HEADER]))),
    )
  }

  api.get(
    '/api/Account/WxMiniAppUserLogin',
    {
      schema: routeSchema({
        tags,
        summary: 'Mini-program login by code; `token` is set when the WeChat user already has a phone-verified account',
        querystring: withChannel(WxIdentityInput),
        data: WxMiniAppUserLoginResult,
      }),
    },
    async (request) =>
      ok(await wxMiniAppUserLogin(ctx, request.query.code, identityHostOf(request.headers[HOST_HEADER]))),
  )

  api.post(
    '/api/Account/WxMiniAppUserLoginFromScan',
    {
      schema: routeSchema({
        tags,
        summary: 'Mini-program login opened from a QR code: uId (the referring user) is kept for the new account',
        body: withChannelsBase(WxMiniAppUserLoginFromScanInput),
        data: WxMiniAppUserLoginResult,
      }),
    },
    async (request) =>
      ok(await wxMiniAppUserLoginFromScan(ctx, request.body, identityHostOf(request.headers[HOST_HEADER]))),
  )

  api.post(
    '/api/Account/WxMiniAppPhoneAuthLogin',
    {
      schema: routeSchema({
        tags,
        summary:
          'Log in with the phone number the host authorised: WeChat `phoneCode` (exchanged with WeChat) or encryptedData + ' +
          'iv (AES-128-CBC with the session key); Alipay my.getPhoneNumber `response` as encryptedData, `sign` as iv',
        body: withChannelsBase(WxMiniAppPhoneAuthLoginInput),
        data: TokenResult,
      }),
    },
    async (request) =>
      ok(
        await wxPhoneAuthLogin(
          ctx,
          request.body,
          undefined,
          identityHostOf(request.headers[HOST_HEADER]),
          channelOf(request),
        ),
      ),
  )

  api.post(
    '/api/Account/WxMiniAppPhoneAuthLoginFromScan',
    {
      schema: routeSchema({
        tags,
        summary: 'Phone authorisation login opened from a QR code: a new user records uId as referrer',
        body: withChannelsBase(WxMiniAppPhoneAuthLoginFromScanInput),
        data: TokenResult,
      }),
    },
    async (request) =>
      ok(
        await wxPhoneAuthLogin(
          ctx,
          request.body,
          request.body.uId,
          identityHostOf(request.headers[HOST_HEADER]),
          channelOf(request),
        ),
      ),
  )

  api.post(
    '/api/Account/GetOssSTS',
    {
      onRequest: auth.user,
      schema: routeSchema({
        tags,
        summary: 'Temporary upload credentials (20 minutes), limited to the user’s own folder',
        auth: 'user',
        data: OssSts,
      }),
    },
    async (request) => ok(await ctx.providers.storage.issueCredentials(request.userId, originOf(request))),
  )

  api.post(
    '/api/Account/Logout',
    {
      schema: routeSchema({
        tags,
        summary: 'Log out: the presented bearer token’s login and X-LifePay-User-Id stop working at once',
        description:
          'Revokes the login family of a valid bearer token (its access and refresh tokens) and the virtual login ' +
          'in X-LifePay-User-Id, on every instance. Needs no valid credential: whatever is presented ends.',
        data: NoData,
      }),
    },
    async (request) => {
      const token = bearerToken(request)
      const header = request.headers[VIRTUAL_USER_HEADER]
      await revokeCredentials(ctx, {
        familyId: token ? (verifyAccessToken(ctx, token)?.fid ?? null) : null,
        virtualLoginId: typeof header === 'string' ? header.trim().toLowerCase() : null,
      })
      return ok(null)
    },
  )

  api.post(
    '/api/accountAuth/GetTokenByRefreshToken',
    {
      schema: routeSchema({
        tags: ['accountAuth'],
        summary: 'Exchange a refresh token for new tokens; the old refresh token stops working',
        description:
          'Presenting an already used refresh token revokes every token of its login, access tokens included, at ' +
          'once (HTTP 401).',
        body: withChannel(GetTokenByRefreshTokenInput),
        data: TokenResult,
      }),
    },
    async (request) => ok(await refreshAccessToken(ctx, request.body.refreshToken, request.body.clientId)),
  )
}
