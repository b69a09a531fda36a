import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type {
  GetTokenByRefreshTokenInput,
  LifePayPhoneMessageCodeLoginInput,
  PasswordLoginInput,
  PhoneMessageCodeRegisterInput,
  SendPhoneMessageCodeInput,
  WxIdentityInput,
  WxMiniAppPhoneAuthLoginFromScanInput,
  WxMiniAppPhoneAuthLoginInput,
  WxMiniAppUserLoginFromScanInput,
} from '../../../../types/api/account'
import { VerificationCodeBusinessType as Purpose } from '../../../../src/domain/verificationCodePurpose'
import { mobilePhone, password as passwordRule, required } from '../../../../src/domain/validators'
import type { AppContext } from '../../appContext'
import { users } from '../../db/schema'
import type { AuthHooks } from '../../http/auth'
import { ok } from '../../http/envelope'
import { errors } from '../../http/errors'
import { routeSchema, str } from '../../http/schemas'
import { checkField } from '../../http/validation'
import { beginLoginAttempt } from './loginAttempts'
import { hashPassword, verifyPassword } from './passwords'
import * as s from './schemas'
import { sendPhoneCode, verifyPhoneCode } from './smsCodes'
import { issueTokens, refreshAccessToken } from './tokens'
import { findOrCreateUserByPhone, findUserByPhone } from './users'
import { wxIdentity, wxMiniAppUserLogin, wxMiniAppUserLoginFromScan, wxPhoneAuthLogin } from './wxLogin'

const tags = ['Account']

// A phone-code login accepts the LifePay purpose (80) and the general phone-code login purpose (10).
const PHONE_LOGIN_PURPOSES = [Purpose.LifePayPhoneCodeLogin, Purpose.PhoneCodeLogin] as const

/** Where the sandbox bucket is reached from the caller's side (the Host it used). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks): void {
  app.post<{ Body: SendPhoneMessageCodeInput }>(
    '/api/Account/SendPhoneMessageCode',
    {
      schema: routeSchema({
        tags,
        summary: 'Send a 6-digit verification code by SMS (1 per number per 60 s, 10 per 24 h)',
        body: s.sendPhoneMessageCodeBody,
        data: s.sendPhoneMessageCodeResult,
      }),
    },
    async (request) => {
      checkField('phoneNumber', request.body.phoneNumber, [required, mobilePhone])
      return ok(await sendPhoneCode(ctx, request.body.phoneNumber, request.body.businessType))
    },
  )

  app.post<{ Body: LifePayPhoneMessageCodeLoginInput }>(
    '/api/Account/LifePayPhoneMesssageCodeLogin',
    {
      schema: routeSchema({
        tags,
        summary: 'Virtual login of the recharge module: phone + code → its user id (user created on first login)',
        description: 'Send the returned id as X-LifePay-User-Id on LifePay calls when there is no bearer token.',
        body: s.lifePayPhoneCodeLoginBody,
        data: str({ format: 'uuid' }),
      }),
    },
    async (request) => {
      const { phoneNumber, code } = request.body
      checkField('phoneNumber', phoneNumber, [required, mobilePhone])
      await verifyPhoneCode(ctx, phoneNumber, PHONE_LOGIN_PURPOSES, code)
      const { user } = await findOrCreateUserByPhone(ctx.db, ctx.clock.now(), phoneNumber)
      return ok(user.virtualUserId)
    },
  )

  app.post<{ Body: PasswordLoginInput }>(
    '/api/Account/PasswordLogin',
    {
      schema: routeSchema({
        tags,
        summary: 'Password login (loginName is the phone number); 5 wrong passwords lock it for 15 minutes',
        body: s.passwordLoginBody,
        data: s.tokenResult,
      }),
    },
    async (request) => {
      const loginName = request.body.loginName.trim()
      checkField('loginName', loginName, [required])
      checkField('password', request.body.password, [required])
      const attempt = await beginLoginAttempt(ctx, loginName)
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

  app.post<{ Body: PhoneMessageCodeRegisterInput }>(
    '/api/Account/PhoneMesssageCodeRegister',
    {
      schema: routeSchema({
        tags,
        summary: 'Register with phone + code + password, and log in',
        description: 'A number known only from code or WeChat logins (no password yet) is registered in place.',
        body: s.registerBody,
        data: s.tokenResult,
      }),
    },
    async (request) => {
      const { phoneNumber, code, password, userName } = request.body
      checkField('phoneNumber', phoneNumber, [required, mobilePhone])
      checkField('password', password, [required, passwordRule])
      const existing = await findUserByPhone(ctx.db, phoneNumber)
      if (existing?.passwordHash) throw errors.phoneAlreadyRegistered()
      await verifyPhoneCode(ctx, phoneNumber, [Purpose.PhoneCodeRegister], code)
      const passwordHash = await hashPassword(password)
      const tokens = await ctx.db.transaction(async (tx) => {
        const { user, created } = await findOrCreateUserByPhone(tx, ctx.clock.now(), phoneNumber, {
          userName,
          passwordHash,
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
    app.get<{ Querystring: WxIdentityInput }>(
      path,
      {
        schema: routeSchema({
          tags,
          summary: 'WeChat code2session: the openId and session key for a login code',
          querystring: s.wxCodeQuery,
          data: s.wxIdentity,
        }),
      },
      async (request) => ok(await wxIdentity(ctx, request.query.code)),
    )
  }

  app.get<{ Querystring: WxIdentityInput }>(
    '/api/Account/WxMiniAppUserLogin',
    {
      schema: routeSchema({
        tags,
        summary: 'Mini-program login by code; `token` is set when the WeChat user already has a phone-verified account',
        querystring: s.wxCodeQuery,
        data: s.wxUserLoginResult,
      }),
    },
    async (request) => ok(await wxMiniAppUserLogin(ctx, request.query.code)),
  )

  app.post<{ Body: WxMiniAppUserLoginFromScanInput }>(
    '/api/Account/WxMiniAppUserLoginFromScan',
    {
      schema: routeSchema({
        tags,
        summary: 'Mini-program login opened from a QR code: uId (the referring user) is kept for the new account',
        body: s.wxUserLoginFromScanBody,
        data: s.wxUserLoginResult,
      }),
    },
    async (request) => ok(await wxMiniAppUserLoginFromScan(ctx, request.body)),
  )

  app.post<{ Body: WxMiniAppPhoneAuthLoginInput }>(
    '/api/Account/WxMiniAppPhoneAuthLogin',
    {
      schema: routeSchema({
        tags,
        summary:
          'Log in with the phone number WeChat authorised (encryptedData + iv, AES-128-CBC with the session key)',
        body: s.wxPhoneAuthBody,
        data: s.tokenResult,
      }),
    },
    async (request) => ok(await wxPhoneAuthLogin(ctx, request.body)),
  )

  app.post<{ Body: WxMiniAppPhoneAuthLoginFromScanInput }>(
    '/api/Account/WxMiniAppPhoneAuthLoginFromScan',
    {
      schema: routeSchema({
        tags,
        summary: 'Phone authorisation login opened from a QR code: a new user records uId as referrer',
        body: s.wxPhoneAuthFromScanBody,
        data: s.tokenResult,
      }),
    },
    async (request) => ok(await wxPhoneAuthLogin(ctx, request.body, request.body.uId)),
  )

  app.post(
    '/api/Account/GetOssSTS',
    {
      onRequest: auth.user,
      schema: routeSchema({
        tags,
        summary: 'Temporary upload credentials (20 minutes), limited to the user’s own folder',
        auth: 'user',
        data: s.ossSts,
      }),
    },
    async (request) => ok(await ctx.providers.storage.issueCredentials(request.userId, originOf(request))),
  )

  app.post<{ Body: GetTokenByRefreshTokenInput }>(
    '/api/accountAuth/GetTokenByRefreshToken',
    {
      schema: routeSchema({
        tags: ['accountAuth'],
        summary: 'Exchange a refresh token for new tokens; the old refresh token stops working',
        description: 'Presenting an already used refresh token revokes every token of its login (HTTP 401).',
        body: s.refreshBody,
        data: s.tokenResult,
      }),
    },
    async (request) => ok(await refreshAccessToken(ctx, request.body.refreshToken, request.body.clientId)),
  )
}
