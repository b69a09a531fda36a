import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { OssSts, TokenResult, UserInfo, WxIdentity, WxMiniAppUserLoginResult } from '@contract/account'
import { VerificationCodeBusinessType as Purpose } from '@domain/verificationCodePurpose'
import { DEMO_USER } from '../src/db/demoData'
import { users, virtualLogins } from '../src/db/schema'
import { createTestApp, type TestApp } from './support/testApp'
import { eq } from 'drizzle-orm'
import { uploadToSandbox } from './support/ossUpload'

let t: TestApp
before(async () => {
  t = await createTestApp()
})
after(() => t.close())

/** What /api/dev/wx/phone-auth answers: the phone button's code and the legacy encrypted answer. */
interface PhoneAuth {
  encryptedData: string
  iv: string
  code: string
}
const legacy = ({ encryptedData, iv }: PhoneAuth) => ({ encryptedData, iv })

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>

describe('SendPhoneMessageCode', () => {
  test('sends a 6-digit code readable in the sandbox outbox', async () => {
    const answer = await t.post<{ resendAfter: number }>('/api/Account/SendPhoneMessageCode', {
      phoneNumber: '13900000001',
      businessType: Purpose.LifePayPhoneCodeLogin,
      channelId: 'whatever',
    })
    assert.equal(answer.body.success, true)
    assert.equal(answer.body.data?.resendAfter, 60)
    const outbox = await t.data(t.get<{ code: string; text: string }[]>('/api/dev/sms-outbox?phoneNumber=13900000001'))
    assert.match(outbox[0].code, /^\d{6}$/)
    assert.ok(outbox[0].text.includes(outbox[0].code))
  })

  test('refuses a second code within 60 s, allows it after', async () => {
    await t.smsCode('13900000002')
    const again = await t.post('/api/Account/SendPhoneMessageCode', { phoneNumber: '13900000002', businessType: 80 })
    assert.equal(again.status, 200)
    assert.equal(again.body.success, false)
    assert.equal(again.body.error, 'SMS_TOO_FREQUENT')
    assert.equal(again.body.showType, 2)
    t.clock.advance(60_000)
    assert.match(await t.smsCode('13900000002'), /^\d{6}$/)
  })

  test('at most 10 codes per number per 24 hours', async () => {
    for (let i = 0; i < 10; i++) {
      await t.smsCode('13900000003')
      t.clock.advance(61_000)
    }
    const eleventh = await t.post('/api/Account/SendPhoneMessageCode', { phoneNumber: '13900000003', businessType: 80 })
    assert.equal(eleventh.body.error, 'SMS_DAILY_LIMIT')
    t.clock.advance(24 * 3600_000)
    assert.match(await t.smsCode('13900000003'), /^\d{6}$/)
  })

  test('bad inputs name the field', async () => {
    const badPhone = await t.post('/api/Account/SendPhoneMessageCode', { phoneNumber: '12345', businessType: 80 })
    assert.deepEqual([badPhone.status, badPhone.body.success, badPhone.body.error], [200, false, 'VALIDATION_FAILED'])
    assert.equal(badPhone.body.msg, '手机号：请输入正确的手机号')
    const english = await t.post(
      '/api/Account/SendPhoneMessageCode',
      { phoneNumber: '12345', businessType: 80 },
      { headers: { 'accept-language': 'en-US,en' } },
    )
    assert.equal(english.body.msg, 'Phone number: Please enter a valid mobile phone number')
    const badPurpose = await t.post('/api/Account/SendPhoneMessageCode', {
      phoneNumber: '13900000004',
      businessType: 12,
    })
    assert.equal(badPurpose.body.error, 'VALIDATION_FAILED')
    assert.match(badPurpose.body.msg ?? '', /^验证码用途：/)
    const missing = await t.post('/api/Account/SendPhoneMessageCode', { businessType: 80 })
    assert.equal(missing.body.msg, '手机号：此项为必填项')
  })

  test('the outbox answers only for the number asked', async () => {
    const outbox = await t.data(t.get<unknown[]>('/api/dev/sms-outbox?phoneNumber=13900009999'))
    assert.deepEqual(outbox, [])
  })
})

describe('LifePayPhoneMesssageCodeLogin (virtual login)', () => {
  test('returns a random id, the same for the same phone, that is not the user’s public id', async () => {
    const code = await t.smsCode('13900000010')
    const id = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000010', code }),
    )
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    t.clock.advance(61_000)
    const again = await t.smsCode('13900000010', Purpose.PhoneCodeLogin)
    // Each login issues its own id (revocable on its own); both stand for the same user.
    const second = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000010', code: again }),
    )
    assert.notEqual(second, id)
    const [login] = await t.database.db.select().from(virtualLogins).where(eq(virtualLogins.id, id))
    const [row] = await t.database.db.select().from(users).where(eq(users.id, login.userId))
    assert.equal(row.phoneNumber, '13900000010')
    const [secondLogin] = await t.database.db.select().from(virtualLogins).where(eq(virtualLogins.id, second))
    assert.equal(secondLogin.userId, row.id)
    // The user id travels in QR codes (uId); the recharge module's id must not be derivable from it.
    assert.notEqual(row.id, id)
  })

  test('the id identifies the caller of LifePay calls; the user’s public id does not', async () => {
    const code = await t.smsCode('13900000015')
    const id = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000015', code }),
    )
    const [row] = await t.database.db.select().from(virtualLogins).where(eq(virtualLogins.id, id))
    assert.equal((await t.post('/api/LifePay/GetUserAccountAllList', {}, { virtualUserId: id })).status, 200)
    assert.equal((await t.post('/api/LifePay/GetUserAccountAllList', {}, { virtualUserId: row.userId })).status, 401)
    // Not a full login: the user calls need a bearer token.
    assert.equal((await t.get('/api/User/GetUserInfo', { virtualUserId: id })).status, 401)
  })

  test('a code works once', async () => {
    const code = await t.smsCode('13900000011')
    await t.data(t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000011', code }))
    const reuse = await t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000011', code })
    assert.equal(reuse.body.error, 'SMS_CODE_WRONG')
  })

  test('five wrong codes burn the code: the sixth try is refused even when right', async () => {
    const code = await t.smsCode('13900000012')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 5; i++) {
      const answer = await t.post('/api/Account/LifePayPhoneMesssageCodeLogin', {
        phoneNumber: '13900000012',
        code: wrong,
      })
      assert.equal(answer.body.error, 'SMS_CODE_WRONG')
      assert.ok(answer.body.msg?.includes(String(5 - i)))
    }
    const sixth = await t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000012', code })
    assert.equal(sixth.body.error, 'SMS_CODE_LOCKED')
  })

  test('a code expires after 5 minutes', async () => {
    const code = await t.smsCode('13900000013')
    t.clock.advance(5 * 60_000 + 1)
    const late = await t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000013', code })
    assert.equal(late.body.error, 'SMS_CODE_EXPIRED')
  })

  test('a code for another purpose does not log in', async () => {
    const code = await t.smsCode('13900000014', Purpose.PhoneCodeRegister)
    const answer = await t.post('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000014', code })
    assert.equal(answer.body.error, 'SMS_CODE_WRONG')
  })
})

describe('a referral code on the SMS logins (issue 37, item 10)', () => {
  const referrerOfUser = async (userId: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, userId)))[0].referrerUserId

  test('a code login that creates the user records the referrer; an existing user keeps none', async () => {
    const referrer = await t.register('13900000060')
    const code = await t.smsCode('13900000061')
    const id = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', {
        phoneNumber: '13900000061',
        code,
        uId: referrer.userId,
      }),
    )
    const [login] = await t.database.db.select().from(virtualLogins).where(eq(virtualLogins.id, id))
    assert.equal(await referrerOfUser(login.userId), referrer.userId)
    // Applied once: a later login from another code changes nothing.
    const other = await t.register('13900000062')
    t.clock.advance(61_000)
    const again = await t.smsCode('13900000061')
    await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', {
        phoneNumber: '13900000061',
        code: again,
        uId: other.userId,
      }),
    )
    assert.equal(await referrerOfUser(login.userId), referrer.userId)
    // An existing user scanning a code is not re-referred; an unknown id refers nobody and does not block the login.
    const existing = await t.register('13900000063')
    const existingCode = await t.smsCode('13900000063')
    await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', {
        phoneNumber: '13900000063',
        code: existingCode,
        uId: referrer.userId,
      }),
    )
    assert.equal(await referrerOfUser(existing.userId), null)
    const junkCode = await t.smsCode('13900000064')
    const junk = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', {
        phoneNumber: '13900000064',
        code: junkCode,
        uId: 'hello',
      }),
    )
    const [junkLogin] = await t.database.db.select().from(virtualLogins).where(eq(virtualLogins.id, junk))
    assert.equal(await referrerOfUser(junkLogin.userId), null)
  })

  test('registering a new number records the referrer; registering in place (a code-only user) does not', async () => {
    const referrer = await t.register('13900000065')
    const code = await t.smsCode('13900000066', Purpose.PhoneCodeRegister)
    const tokens = await t.data(
      t.post<TokenResult>('/api/Account/PhoneMesssageCodeRegister', {
        phoneNumber: '13900000066',
        code,
        password: 'Passw0rd!',
        uId: referrer.userId,
      }),
    )
    assert.equal(await referrerOfUser(claimsOf(tokens.accessToken).sub as string), referrer.userId)

    const loginCode = await t.smsCode('13900000067')
    const id = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000067', code: loginCode }),
    )
    t.clock.advance(61_000)
    const registerCode = await t.smsCode('13900000067', Purpose.PhoneCodeRegister)
    await t.data(
      t.post<TokenResult>('/api/Account/PhoneMesssageCodeRegister', {
        phoneNumber: '13900000067',
        code: registerCode,
        password: 'Passw0rd!',
        uId: referrer.userId,
      }),
    )
    const [login] = await t.database.db.select().from(virtualLogins).where(eq(virtualLogins.id, id))
    assert.equal(await referrerOfUser(login.userId), null)
  })
})

describe('register, password login, user info', () => {
  test('registers, logs in by password, reads the user', async () => {
    const registered = await t.register('13900000020', 'Secret123')
    assert.equal(registered.expiresIn, 7200)
    assert.equal(registered.creationTime, t.clock.now().getTime() - 61_000)
    const claims = claimsOf(registered.accessToken)
    assert.equal(claims.client_id, 'life-pay-app')
    assert.equal(claims.sub, registered.userId)
    const login = await t.data(
      t.post<TokenResult>('/api/Account/PasswordLogin', { loginName: '13900000020', password: 'Secret123' }),
    )
    const info = await t.data(t.get<UserInfo>('/api/User/GetUserInfo', { token: login.accessToken }))
    assert.equal(info.userId, registered.userId)
    assert.equal(info.phoneNumber, '13900000020')
    assert.equal(info.userName, '139****0020')
    assert.equal(info.avatarUrl, null)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, registered.userId))
    assert.match(row.passwordHash ?? '', /^\$argon2id\$/)
  })

  test('a registered number cannot register again; a code-only user can set a password', async () => {
    const code = await t.smsCode('13900000020', Purpose.PhoneCodeRegister)
    const twice = await t.post('/api/Account/PhoneMesssageCodeRegister', {
      phoneNumber: '13900000020',
      code,
      password: 'Other1234',
    })
    assert.equal(twice.body.error, 'PHONE_ALREADY_REGISTERED')
    t.clock.advance(61_000)
    // Without the number's code nobody learns that it is registered: the code is checked first.
    const guessed = await t.post('/api/Account/PhoneMesssageCodeRegister', {
      phoneNumber: '13900000020',
      code: '000000',
      password: 'Other1234',
    })
    assert.match(guessed.body.error ?? '', /^SMS_CODE_/)
    assert.notEqual(guessed.body.error, 'PHONE_ALREADY_REGISTERED')
    const loginCode = await t.smsCode('13900000021')
    const virtualId = await t.data(
      t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber: '13900000021', code: loginCode }),
    )
    t.clock.advance(61_000)
    const registered = await t.register('13900000021')
    const [row] = await t.database.db.select().from(virtualLogins).where(eq(virtualLogins.id, virtualId))
    assert.equal(registered.userId, row.userId)
  })

  test('register validates the password with the shared rule', async () => {
    const weak = await t.post('/api/Account/PhoneMesssageCodeRegister', {
      phoneNumber: '13900000022',
      code: '123456',
      password: 'short',
    })
    assert.equal(weak.body.error, 'VALIDATION_FAILED')
    assert.match(weak.body.msg ?? '', /^密码：/)
  })

  test('the demo user logs in with the documented password', async () => {
    const tokens = await t.loginDemo()
    const info = await t.data(t.get<UserInfo>('/api/User/GetUserInfo', { token: tokens.accessToken }))
    assert.equal(info.phoneNumber, DEMO_USER.phoneNumber)
    assert.equal(info.userName, DEMO_USER.userName)
  })

  test('wrong passwords: refused, and this address locked out of the name after 5 within 15 minutes', async () => {
    await t.register('13900000023', 'Right1234')
    for (let i = 0; i < 5; i++) {
      const wrong = await t.post('/api/Account/PasswordLogin', { loginName: '13900000023', password: 'Wrong1234' })
      assert.equal(wrong.body.error, 'LOGIN_FAILED')
    }
    const locked = await t.post('/api/Account/PasswordLogin', { loginName: '13900000023', password: 'Right1234' })
    assert.equal(locked.body.error, 'LOGIN_LOCKED')
    t.clock.advance(15 * 60_000)
    await t.data(t.post('/api/Account/PasswordLogin', { loginName: '13900000023', password: 'Right1234' }))
  })

  test('an unknown login name fails like a wrong password', async () => {
    const answer = await t.post('/api/Account/PasswordLogin', { loginName: '13911111111', password: 'Whatever1' })
    assert.equal(answer.body.error, 'LOGIN_FAILED')
  })

  test('GetUserInfo: 401 in the envelope without, with a bad, or with an expired token', async () => {
    const none = await t.get('/api/User/GetUserInfo')
    assert.deepEqual(
      [none.status, none.body.success, none.body.error, none.body.msg],
      [401, false, 'UNAUTHORIZED', '未授权，请登录'],
    )
    const bad = await t.get('/api/User/GetUserInfo', { token: 'not.a.jwt' })
    assert.equal(bad.status, 401)
    const tokens = await t.loginDemo()
    const tampered = tokens.accessToken.slice(0, -2) + (tokens.accessToken.endsWith('AA') ? 'BB' : 'AA')
    assert.equal((await t.get('/api/User/GetUserInfo', { token: tampered })).status, 401)
    t.clock.advance(7200_000)
    assert.equal((await t.get('/api/User/GetUserInfo', { token: tokens.accessToken })).status, 401)
  })
})

describe('GetTokenByRefreshToken', () => {
  test('rotates: the new pair works, the old refresh token does not, and its reuse revokes the family', async () => {
    const first = await t.loginDemo()
    t.clock.advance(1000)
    const second = await t.data(
      t.post<TokenResult>('/api/accountAuth/GetTokenByRefreshToken', {
        refreshToken: first.refreshToken,
        clientId: 'life-pay-app',
      }),
    )
    assert.notEqual(second.refreshToken, first.refreshToken)
    assert.equal(second.creationTime, t.clock.now().getTime())
    await t.data(t.get('/api/User/GetUserInfo', { token: second.accessToken }))

    const reuse = await t.post('/api/accountAuth/GetTokenByRefreshToken', {
      refreshToken: first.refreshToken,
      clientId: 'life-pay-app',
    })
    assert.deepEqual([reuse.status, reuse.body.error], [401, 'REFRESH_TOKEN_REUSED'])
    // The whole family is gone: the token issued by the rotation no longer refreshes either.
    const revoked = await t.post('/api/accountAuth/GetTokenByRefreshToken', {
      refreshToken: second.refreshToken,
      clientId: 'life-pay-app',
    })
    assert.deepEqual([revoked.status, revoked.body.error], [401, 'REFRESH_TOKEN_INVALID'])
  })

  test('another login keeps its own family', async () => {
    const a = await t.loginDemo()
    const b = await t.loginDemo()
    await t.data(
      t.post('/api/accountAuth/GetTokenByRefreshToken', { refreshToken: a.refreshToken, clientId: 'life-pay-app' }),
    )
    await t.post('/api/accountAuth/GetTokenByRefreshToken', { refreshToken: a.refreshToken, clientId: 'life-pay-app' })
    await t.data(
      t.post('/api/accountAuth/GetTokenByRefreshToken', { refreshToken: b.refreshToken, clientId: 'life-pay-app' }),
    )
  })

  test('wrong client, unknown or expired tokens, missing fields', async () => {
    const tokens = await t.loginDemo()
    const wrongClient = await t.post('/api/accountAuth/GetTokenByRefreshToken', {
      refreshToken: tokens.refreshToken,
      clientId: 'other',
    })
    assert.equal(wrongClient.status, 401)
    const unknown = await t.post('/api/accountAuth/GetTokenByRefreshToken', {
      refreshToken: 'nope',
      clientId: 'life-pay-app',
    })
    assert.equal(unknown.body.error, 'REFRESH_TOKEN_INVALID')
    t.clock.advance(31 * 24 * 3600_000)
    const expired = await t.post('/api/accountAuth/GetTokenByRefreshToken', {
      refreshToken: tokens.refreshToken,
      clientId: 'life-pay-app',
    })
    assert.equal(expired.body.error, 'REFRESH_TOKEN_INVALID')
    const missing = await t.post('/api/accountAuth/GetTokenByRefreshToken', { clientId: 'life-pay-app' })
    assert.deepEqual(
      [missing.status, missing.body.error, missing.body.msg],
      [200, 'VALIDATION_FAILED', '刷新令牌：此项为必填项'],
    )
  })
})

describe('WeChat mini-program login', () => {
  test('code → stable openId and session key (both identity calls)', async () => {
    const a = await t.data(t.get<WxIdentity>('/api/Account/GetWxIndentity?code=code-a'))
    const again = await t.data(t.get<WxIdentity>('/api/Account/GetLifePayWxIndentity?code=code-a'))
    const b = await t.data(t.get<WxIdentity>('/api/Account/GetWxIndentity?code=code-b'))
    assert.deepEqual(again, a)
    assert.notEqual(b.openId, a.openId)
    assert.equal(Buffer.from(a.sessionKey, 'base64').length, 16)
    assert.equal(a.userName, null, 'no user logs in with this WeChat account yet: phone authorisation needed')
    const missing = await t.get('/api/Account/GetWxIndentity')
    assert.equal(missing.body.error, 'VALIDATION_FAILED')
  })

  test('phone authorisation: new user logged in; the next code login needs no phone', async () => {
    const first = await t.data(t.get<WxMiniAppUserLoginResult>('/api/Account/WxMiniAppUserLogin?code=wx-user-1'))
    assert.equal(first.token, null)
    const encrypted = await t.data(
      t.post<PhoneAuth>('/api/dev/wx/phone-auth', {
        openId: first.openId,
        phoneNumber: '13900000030',
      }),
    )
    const tokens = await t.data(
      t.post<TokenResult>('/api/Account/WxMiniAppPhoneAuthLogin', {
        openId: first.openId,
        sessionKey: first.sessionKey,
        ...legacy(encrypted),
      }),
    )
    const info = await t.data(t.get<UserInfo>('/api/User/GetUserInfo', { token: tokens.accessToken }))
    assert.equal(info.phoneNumber, '13900000030')
    const second = await t.data(t.get<WxMiniAppUserLoginResult>('/api/Account/WxMiniAppUserLogin?code=wx-user-1'))
    assert.ok(second.token)
    assert.equal(claimsOf(second.token.accessToken).sub, info.userId)
  })

  test('the phone button’s code alone logs in: exchanged once, for the login it was issued to, within 5 minutes (issue 37, item 4)', async () => {
    const login = await t.data(t.get<WxMiniAppUserLoginResult>('/api/Account/WxMiniAppUserLogin?code=wx-code-1'))
    const other = await t.data(t.get<WxMiniAppUserLoginResult>('/api/Account/WxMiniAppUserLogin?code=wx-code-2'))
    const phoneAuth = (openId: string, phoneNumber: string) =>
      t.data(t.post<PhoneAuth>('/api/dev/wx/phone-auth', { openId, phoneNumber }))
    const { code } = await phoneAuth(login.openId, '13900000040')
    const byCode = (who: WxMiniAppUserLoginResult, phoneCode: string) =>
      t.post<TokenResult>('/api/Account/WxMiniAppPhoneAuthLogin', {
        openId: who.openId,
        sessionKey: who.sessionKey,
        phoneCode,
      })
    // Another login cannot use it, and a code nobody issued is refused.
    assert.equal((await byCode(other, code)).body.error, 'WX_PHONE_DATA_INVALID')
    assert.equal((await byCode(login, 'made-up')).body.error, 'WX_PHONE_DATA_INVALID')
    const tokens = await t.data(byCode(login, code))
    const info = await t.data(t.get<UserInfo>('/api/User/GetUserInfo', { token: tokens.accessToken }))
    assert.equal(info.phoneNumber, '13900000040')
    // Once only.
    assert.equal((await byCode(login, code)).body.error, 'WX_PHONE_DATA_INVALID')
    // Not after 5 minutes.
    const late = await phoneAuth(other.openId, '13900000041')
    t.clock.advance(5 * 60_000)
    assert.equal((await byCode(other, late.code)).body.error, 'WX_PHONE_DATA_INVALID')
    // Neither a code nor both halves of the legacy answer: refused as invalid phone data, never a 500.
    const half = await t.post('/api/Account/WxMiniAppPhoneAuthLogin', {
      openId: other.openId,
      sessionKey: other.sessionKey,
      encryptedData: late.encryptedData,
    })
    assert.equal(half.body.error, 'WX_PHONE_DATA_INVALID')
  })

  test('a made-up session key or tampered data is refused', async () => {
    const identity = await t.data(t.get<WxIdentity>('/api/Account/GetWxIndentity?code=wx-user-2'))
    const encrypted = await t.data(
      t.post<PhoneAuth>('/api/dev/wx/phone-auth', {
        openId: identity.openId,
        phoneNumber: '13900000031',
      }),
    )
    const forged = Buffer.alloc(16, 7).toString('base64')
    const wrongKey = await t.post('/api/Account/WxMiniAppPhoneAuthLogin', {
      openId: identity.openId,
      sessionKey: forged,
      ...legacy(encrypted),
    })
    assert.equal(wrongKey.body.error, 'WX_SESSION_INVALID')
    const tampered = { ...encrypted, encryptedData: Buffer.from('garbage-garbage-garbage!').toString('base64') }
    const bad = await t.post('/api/Account/WxMiniAppPhoneAuthLogin', {
      openId: identity.openId,
      sessionKey: identity.sessionKey,
      ...tampered,
    })
    assert.equal(bad.body.error, 'WX_PHONE_DATA_INVALID')
    const unknown = await t.post('/api/Account/WxMiniAppPhoneAuthLogin', {
      openId: 'o_unknown',
      sessionKey: forged,
      ...legacy(encrypted),
    })
    assert.equal(unknown.body.error, 'WX_SESSION_INVALID')
  })

  test('from a scanned code: the new user records the referrer (both FromScan calls)', async () => {
    const referrer = await t.register('13900000032')
    const identity = await t.data(t.get<WxIdentity>('/api/Account/GetWxIndentity?code=wx-scan-1'))
    const scan = await t.data(
      t.post<WxMiniAppUserLoginResult>('/api/Account/WxMiniAppUserLoginFromScan', {
        uId: referrer.userId,
        userName: '小王',
        openId: identity.openId,
      }),
    )
    assert.equal(scan.token, null)
    const encrypted = await t.data(
      t.post<PhoneAuth>('/api/dev/wx/phone-auth', {
        openId: identity.openId,
        phoneNumber: '13900000033',
      }),
    )
    const tokens = await t.data(
      t.post<TokenResult>('/api/Account/WxMiniAppPhoneAuthLoginFromScan', {
        uId: referrer.userId,
        openId: identity.openId,
        sessionKey: identity.sessionKey,
        ...legacy(encrypted),
      }),
    )
    const userId = claimsOf(tokens.accessToken).sub as string
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId))
    assert.equal(row.referrerUserId, referrer.userId)
    assert.equal(row.userName, '小王')

    // An unknown uId refers nobody but does not block the login.
    const other = await t.data(t.get<WxIdentity>('/api/Account/GetWxIndentity?code=wx-scan-2'))
    const otherData = await t.data(
      t.post<PhoneAuth>('/api/dev/wx/phone-auth', {
        openId: other.openId,
        phoneNumber: '13900000034',
      }),
    )
    const otherTokens = await t.data(
      t.post<TokenResult>('/api/Account/WxMiniAppPhoneAuthLoginFromScan', {
        uId: 'not-a-user',
        openId: other.openId,
        sessionKey: other.sessionKey,
        ...legacy(otherData),
      }),
    )
    const [otherRow] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, claimsOf(otherTokens.accessToken).sub as string))
    assert.equal(otherRow.referrerUserId, null)
  })

  test('FromScan for a known WeChat user logs in at once; an unknown openId is refused', async () => {
    const identity = await t.data(t.get<WxIdentity>('/api/Account/GetWxIndentity?code=wx-user-1'))
    assert.ok(identity.userName, 'production’s userName: this WeChat account already logs a user in')
    const scan = await t.data(
      t.post<WxMiniAppUserLoginResult>('/api/Account/WxMiniAppUserLoginFromScan', {
        uId: 'x',
        userName: 'y',
        openId: identity.openId,
      }),
    )
    assert.ok(scan.token)
    const unknown = await t.post('/api/Account/WxMiniAppUserLoginFromScan', {
      uId: 'x',
      userName: 'y',
      openId: 'o_nobody',
    })
    assert.equal(unknown.body.error, 'WX_SESSION_INVALID')
  })
})

describe('GetOssSTS and the sandbox bucket', () => {
  test('credentials for 20 minutes, limited to the user folder; uploads then reads', async () => {
    assert.equal((await t.post('/api/Account/GetOssSTS')).status, 401)
    const tokens = await t.loginDemo()
    const sts = await t.data(t.post<OssSts>('/api/Account/GetOssSTS', {}, { token: tokens.accessToken }))
    assert.equal(new Date(sts.expiration).getTime() - t.clock.now().getTime(), 20 * 60_000)
    assert.match(sts.dir, /^users\/[0-9a-f-]{36}\/$/)
    const png = Buffer.from([137, 80, 78, 71, 1, 2, 3])
    const upload = (key: string, secret?: string) => uploadToSandbox(t, sts, key, png, secret)
    const ok = await upload(`${sts.dir}avatar.png`)
    assert.equal(ok.statusCode, 200, ok.body)
    const read = await t.app.inject({ method: 'GET', url: `/static/oss/${sts.dir}avatar.png` })
    assert.deepEqual([read.statusCode, read.headers['content-type']], [200, 'image/png'])
    assert.deepEqual(read.rawPayload, png)
    // A user's file on our origin: shown inline as an image, never sniffed, never able to run script.
    assert.equal(read.headers['x-content-type-options'], 'nosniff')
    assert.equal(read.headers['content-disposition'], 'inline')
    assert.match(String(read.headers['content-security-policy']), /sandbox/)
    assert.equal((await upload(`${sts.dir}notes.txt`)).statusCode, 200)
    const text = await t.app.inject({ method: 'GET', url: `/static/oss/${sts.dir}notes.txt` })
    assert.equal(text.headers['content-disposition'], 'attachment')
    assert.equal((await upload('users/someone-else/x.png')).statusCode, 403)
    assert.equal((await upload(`${sts.dir}x.png`, 'wrong-secret')).statusCode, 403)
    assert.equal((await upload(`${sts.dir}../../escape.png`)).statusCode, 403)
    t.clock.advance(20 * 60_000)
    assert.equal((await upload(`${sts.dir}late.png`)).statusCode, 403)
  })
})
