import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, test } from 'node:test'
import { createDecipheriv } from 'node:crypto'
import type { TokenResult, UserInfo, WxMiniAppUserLoginResult } from '@contract/account'
import { loadConfig } from '../src/config'
import { productionProblems } from '../src/productionReadiness'
import { createWechatIdentity } from '../src/providers/wechatIdentity'
import { ManualClock } from './support/manualClock'
import { startFakeWechatIdentity, type FakeWechatIdentity } from './support/fakeWechatIdentity'
import { createTestApp, type TestApp } from './support/testApp'

// The WeChat identity adapter through the app's routes, against a local WeChat open API that keeps WeChat's rules
// (support/fakeWechatIdentity.ts): one-use login and phone codes, one access token at a time with its expiry.

let fake: FakeWechatIdentity
let t: TestApp
let phoneSeq = 0

before(async () => {
  fake = await startFakeWechatIdentity(() => t.clock.now())
  t = await createTestApp({
    config: { providers: { ...testProviders(), identity: 'wechat' }, wechatIdentity: fake.settings() },
  })
})
after(async () => {
  await t.close()
  await fake.close()
})

function testProviders() {
  return { sms: 'sandbox', payment: 'sandbox', supplier: 'sandbox', storage: 'sandbox' } as const
}

const newPhone = () => `1390000${String(4000 + ++phoneSeq)}`
let openSeq = 0
const newOpenId = () => `o_wx_test_${++openSeq}`

const login = (code: string) => t.get<WxMiniAppUserLoginResult>(`/api/Account/WxMiniAppUserLogin?code=${code}`)

async function loginWithPhoneCode(openId = newOpenId(), phoneNumber = newPhone()) {
  const code = fake.loginCode(openId)
  const identity = await t.data(login(code))
  const encrypted = fake.encryptedPhone(code, phoneNumber)
  const answer = await t.post<TokenResult>('/api/Account/WxMiniAppPhoneAuthLogin', {
    openId: identity.openId,
    sessionKey: identity.sessionKey,
    ...encrypted,
    phoneCode: fake.phoneCode(phoneNumber),
  })
  return { answer, identity, phoneNumber, openId }
}

const stableTokenCalls = () => fake.calls.filter((call) => call.path === '/cgi-bin/stable_token').length

describe('WeChat login by code', () => {
  beforeEach(() => fake.setDown(false))

  test('jscode2session: the openId is WeChat’s; the session key never reaches the app', async () => {
    const code = fake.loginCode('o_wx_known')
    const identity = await t.data(login(code))
    assert.equal(identity.openId, 'o_wx_known')
    assert.equal(identity.token, null)
    // What the app holds is a proof of this login, not WeChat's session_key: it cannot decrypt the phone data itself.
    const encrypted = fake.encryptedPhone(code, '13900005000')
    assert.throws(() => {
      const decipher = createDecipheriv(
        'aes-128-cbc',
        Buffer.from(identity.sessionKey, 'base64'),
        Buffer.from(encrypted.iv, 'base64'),
      )
      JSON.parse(
        Buffer.concat([decipher.update(Buffer.from(encrypted.encryptedData, 'base64')), decipher.final()]).toString(),
      )
    })
  })

  test('an unknown or used code is a clear business error', async () => {
    const unknown = await login('never-issued')
    assert.deepEqual([unknown.status, unknown.body.success, unknown.body.error], [200, false, 'WX_CODE_INVALID'])
    assert.match(unknown.body.msg ?? '', /登录凭证无效/)
    const code = fake.loginCode(newOpenId())
    await t.data(login(code))
    const again = await login(code)
    assert.deepEqual([again.status, again.body.error], [200, 'WX_CODE_INVALID'])
  })

  test('WeChat busy (-1), rate-limited (45011) or down: retryable error, never a 500', async () => {
    for (const errcode of [-1, 45011]) {
      fake.fail(errcode)
      const busy = await login(fake.loginCode(newOpenId()))
      assert.deepEqual([busy.status, busy.body.success, busy.body.error], [200, false, 'IDENTITY_PROVIDER_BUSY'])
    }
    fake.setDown(true)
    const down = await login(fake.loginCode(newOpenId()))
    assert.deepEqual([down.status, down.body.error], [200, 'IDENTITY_PROVIDER_BUSY'])
    assert.match(down.body.msg ?? '', /稍后重试/)
  })
})

describe('WeChat phone number', () => {
  beforeEach(() => fake.setDown(false))

  test('phone code exchange creates and logs in the user; the next code login needs no phone', async () => {
    const { answer, phoneNumber, openId } = await loginWithPhoneCode()
    assert.equal(answer.body.success, true, JSON.stringify(answer.body))
    const tokens = answer.body.data as TokenResult
    const info = await t.data(t.get<UserInfo>('/api/User/GetUserInfo', { token: tokens.accessToken }))
    assert.equal(info.phoneNumber, phoneNumber)
    const again = await t.data(login(fake.loginCode(openId)))
    assert.ok(again.token)
    assert.ok(fake.calls.some((call) => call.path === '/wxa/business/getuserphonenumber' && call.errcode === 0))
  })

  test('without a phone code (old base library) encryptedData is decrypted with the session key', async () => {
    const openId = newOpenId()
    const code = fake.loginCode(openId)
    const identity = await t.data(login(code))
    const tokens = await t.data(
      t.post<TokenResult>('/api/Account/WxMiniAppPhoneAuthLogin', {
        openId,
        sessionKey: identity.sessionKey,
        ...fake.encryptedPhone(code, '13900005001'),
      }),
    )
    const info = await t.data(t.get<UserInfo>('/api/User/GetUserInfo', { token: tokens.accessToken }))
    assert.equal(info.phoneNumber, '13900005001')
  })

  test('a used phone code or a made-up session proof is refused', async () => {
    const openId = newOpenId()
    const code = fake.loginCode(openId)
    const identity = await t.data(login(code))
    const phoneCode = fake.phoneCode('13900005002')
    const body = { openId, sessionKey: identity.sessionKey, ...fake.encryptedPhone(code, '13900005002'), phoneCode }
    await t.data(t.post('/api/Account/WxMiniAppPhoneAuthLogin', body))
    const used = await t.post('/api/Account/WxMiniAppPhoneAuthLogin', body)
    assert.deepEqual([used.status, used.body.error], [200, 'WX_PHONE_DATA_INVALID'])
    const forged = await t.post('/api/Account/WxMiniAppPhoneAuthLogin', {
      ...body,
      sessionKey: Buffer.alloc(16, 1).toString('base64'),
      phoneCode: fake.phoneCode('13900005002'),
    })
    assert.deepEqual([forged.status, forged.body.error], [200, 'WX_SESSION_INVALID'])
  })

  test('concurrent phone exchanges share one access-token fetch', async () => {
    // A provider of its own: its token cache starts empty, so all three need a token at the same moment.
    const provider = createWechatIdentity({ clock: new ManualClock(), keys: fake.settings() })
    const session = { appId: fake.appId, openId: 'o_any', sessionKey: 'unused', unionId: null }
    const before = stableTokenCalls()
    const phones = await Promise.all(
      ['13900005010', '13900005011', '13900005012'].map((phone) =>
        provider.phoneNumber(session, { encryptedData: 'x', iv: 'y', phoneCode: fake.phoneCode(phone) }),
      ),
    )
    assert.deepEqual(phones, ['13900005010', '13900005011', '13900005012'])
    assert.equal(stableTokenCalls(), before + 1)
  })

  test('the cached access token is reused, and renewed before it expires', async () => {
    fake.replaceToken()
    const first = await loginWithPhoneCode()
    assert.equal(first.answer.body.success, true)
    const before = stableTokenCalls()
    await loginWithPhoneCode()
    assert.equal(stableTokenCalls(), before, 'a valid cached token is reused')

    // Close to the 2-hour expiry the token is renewed before WeChat could refuse it.
    t.clock.advance(7200_000 - 60_000)
    const late = await loginWithPhoneCode()
    assert.equal(late.answer.body.success, true)
    assert.equal(stableTokenCalls(), before + 1)
    assert.ok(!fake.calls.some((call) => call.errcode === 42001))
  })

  test('a token WeChat refuses (40001, replaced by another server) is refreshed once and the call retried', async () => {
    await loginWithPhoneCode()
    fake.replaceToken()
    const before = fake.calls.length
    const { answer } = await loginWithPhoneCode()
    assert.equal(answer.body.success, true, JSON.stringify(answer.body))
    const since = fake.calls.slice(before).map((call) => `${call.path} ${call.errcode}`)
    assert.deepEqual(since.slice(-3), [
      '/wxa/business/getuserphonenumber 40001',
      '/cgi-bin/stable_token 0',
      '/wxa/business/getuserphonenumber 0',
    ])
  })

  test('WeChat down during the phone exchange: a clear retryable error', async () => {
    const openId = newOpenId()
    const code = fake.loginCode(openId)
    const identity = await t.data(login(code))
    fake.setDown(true)
    const answer = await t.post('/api/Account/WxMiniAppPhoneAuthLogin', {
      openId,
      sessionKey: identity.sessionKey,
      ...fake.encryptedPhone(code, '13900005003'),
      phoneCode: fake.phoneCode('13900005003'),
    })
    assert.deepEqual([answer.status, answer.body.error], [200, 'IDENTITY_PROVIDER_BUSY'])
  })
})

describe('IDENTITY_PROVIDER configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ STATIC_DIR: '', ...env } as NodeJS.ProcessEnv)

  test('every missing setting is named at once; an unknown provider is refused', () => {
    assert.throws(
      () => load({ IDENTITY_PROVIDER: 'wechat' }),
      /IDENTITY_PROVIDER=wechat: WX_APP_ID is not set; WX_APP_SECRET is not set/,
    )
    assert.throws(
      () => load({ IDENTITY_PROVIDER: 'alipay,wechat', WX_APP_ID: 'wx1', WX_APP_SECRET: 's', ALIPAY_AES_KEY: 'short' }),
      /IDENTITY_PROVIDER=alipay: ALIPAY_APP_ID is not set; ALIPAY_PRIVATE_KEY_FILE is not set; ALIPAY_PUBLIC_KEY_FILE is not set \(public-key mode; or .*\); ALIPAY_AES_KEY must be the base64 of 16 bytes/,
    )
    assert.throws(
      () => load({ IDENTITY_PROVIDER: 'qq' }),
      /IDENTITY_PROVIDER: "qq" is not one of wechat, alipay, sandbox/,
    )
    assert.equal(load({}).providers.identity, 'sandbox')
  })

  test('a real identity passes production’s rule; the sandbox does not', () => {
    const env = {
      NODE_ENV: 'production',
      IDENTITY_PROVIDER: 'alipay, wechat',
      WX_APP_ID: 'wx1',
      WX_APP_SECRET: 'secret',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY_FILE: '/etc/app.pem',
      ALIPAY_PUBLIC_KEY_FILE: '/etc/alipay.pem',
      ALIPAY_AES_KEY: Buffer.alloc(16, 9).toString('base64'),
    }
    const config = load(env)
    assert.equal(config.providers.identity, 'wechat,alipay')
    assert.deepEqual(config.wechatIdentity, { appId: 'wx1', appSecret: 'secret', baseUrl: 'https://api.weixin.qq.com' })
    assert.equal(config.alipayIdentity?.aesKey, env.ALIPAY_AES_KEY)
    assert.ok(!productionProblems(config).some((problem) => problem.startsWith('IDENTITY_PROVIDER')))
    const sandbox = load({ NODE_ENV: 'production' })
    assert.ok(productionProblems(sandbox).some((problem) => problem.startsWith('IDENTITY_PROVIDER')))
  })
})
