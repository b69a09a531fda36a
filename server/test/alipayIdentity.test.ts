import assert from 'node:assert/strict'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type { TokenResult, UserInfo, WxMiniAppUserLoginResult } from '@contract/account'
import { users } from '../src/db/schema'
import { createAlipayIdentity } from '../src/providers/alipayIdentity'
import { startFakeAlipay, type FakeAlipay } from './support/fakeAlipay'
import { startFakeWechatIdentity, type FakeWechatIdentity } from './support/fakeWechatIdentity'
import { ManualClock } from './support/manualClock'
import { createTestApp, type TestApp } from './support/testApp'

// The Alipay identity adapter through the app's routes, on a server that has both mini-programs: the same routes,
// the host named by X-LifePay-Host. The fake gateway keeps Alipay's RSA2 rules (support/fakeAlipay.ts); the phone
// answers are encrypted under the app's AES key and signed by Alipay's key, as my.getPhoneNumber hands them over.

const ALIPAY = { 'x-lifepay-host': 'alipay' }
const SANDBOX_PROVIDERS = { sms: 'sandbox', payment: 'sandbox', supplier: 'sandbox', storage: 'sandbox' } as const

let alipay: FakeAlipay
let wechat: FakeWechatIdentity
let t: TestApp
let dir: string
let seq = 0

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'life-pay-alipay-identity-'))
  alipay = await startFakeAlipay(() => t.clock.now())
  wechat = await startFakeWechatIdentity(() => t.clock.now())
  t = await createTestApp({
    config: {
      providers: { ...SANDBOX_PROVIDERS, identity: 'wechat,alipay' },
      wechatIdentity: wechat.settings(),
      alipayIdentity: alipay.identitySettings(dir),
    },
  })
})
after(async () => {
  await t.close()
  await alipay.close()
  await wechat.close()
  rmSync(dir, { recursive: true, force: true })
})

const newOpenId = () => `074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5ls${String(++seq).padStart(6, '0')}`
const login = (code: string, headers: Record<string, string> = ALIPAY) =>
  t.get<WxMiniAppUserLoginResult>(`/api/Account/WxMiniAppUserLogin?code=${code}`, { headers })

async function identity(openId = newOpenId()) {
  return t.data(login(alipay.authCode(openId)))
}

/** WxMiniAppPhoneAuthLogin as the app sends it from Alipay: response as encryptedData, sign as iv. */
const phoneLogin = (who: WxMiniAppUserLoginResult, phone: { response: string; sign: string }) =>
  t.post<TokenResult>(
    '/api/Account/WxMiniAppPhoneAuthLogin',
    { openId: who.openId, sessionKey: who.sessionKey, encryptedData: phone.response, iv: phone.sign },
    { headers: ALIPAY },
  )

describe('Alipay login by auth code', () => {
  test('alipay.system.oauth.token, signed both ways: the open_id is the user', async () => {
    const openId = newOpenId()
    const who = await identity(openId)
    assert.equal(who.openId, openId)
    assert.equal(who.token, null)
    const request = alipay.requests.at(-1)
    assert.deepEqual(
      [request?.params.method, request?.params.grant_type, request?.code],
      ['alipay.system.oauth.token', 'authorization_code', '10000'],
    )
  })

  test('an unknown or used auth code is a clear business error', async () => {
    const unknown = await login('never-issued')
    assert.deepEqual([unknown.status, unknown.body.success, unknown.body.error], [200, false, 'WX_CODE_INVALID'])
    const code = alipay.authCode(newOpenId())
    await t.data(login(code))
    const used = await login(code)
    assert.deepEqual([used.status, used.body.error], [200, 'WX_CODE_INVALID'])
  })

  test('the same route without the header is WeChat’s login: the host picks the provider', async () => {
    const code = wechat.loginCode('o_wx_host_test')
    const who = await t.data(login(code, {}))
    assert.equal(who.openId, 'o_wx_host_test')
    // An Alipay code sent as WeChat's is WeChat's to refuse.
    const crossed = await login(alipay.authCode(newOpenId()), { 'x-lifepay-host': 'weapp' })
    assert.equal(crossed.body.error, 'WX_CODE_INVALID')
  })

  test('Alipay unavailable (20000) or unreachable: retryable error, never a 500', async () => {
    alipay.unavailableNext()
    const busy = await login(alipay.authCode(newOpenId()))
    assert.deepEqual([busy.status, busy.body.success, busy.body.error], [200, false, 'IDENTITY_PROVIDER_BUSY'])

    // A gateway nobody listens on.
    const clock = new ManualClock()
    const unreachable = createAlipayIdentity({
      clock,
      keys: {
        appId: alipay.appId,
        appPrivateKey: alipay.app.privateKey,
        alipayPublicKey: alipay.alipay.publicKey,
        certificates: null,
        aesKey: randomBytes(16),
        gateway: 'http://127.0.0.1:9/gateway.do',
      },
    })
    const down = await createTestApp({ providers: { identity: unreachable } })
    try {
      const answer = await down.get('/api/Account/WxMiniAppUserLogin?code=any', { headers: ALIPAY })
      assert.deepEqual([answer.status, answer.body.error], [200, 'IDENTITY_PROVIDER_BUSY'])
    } finally {
      await down.close()
    }
  })
})

describe('Alipay phone number', () => {
  test('a WeChat session claimed as Alipay’s (the host header) never makes its openId the Alipay address', async () => {
    const code = wechat.loginCode('o_wx_claims_alipay')
    const who = await t.data(login(code, {}))
    await t.data(
      t.post<TokenResult>(
        '/api/Account/WxMiniAppPhoneAuthLogin',
        {
          openId: who.openId,
          sessionKey: who.sessionKey,
          ...wechat.encryptedPhone(code, '13900006099'),
          phoneCode: wechat.phoneCode('13900006099'),
        },
        { headers: ALIPAY },
      ),
    )
    const [user] = await t.database.db.select().from(users).where(eq(users.phoneNumber, '13900006099'))
    assert.deepEqual([user.wxOpenId, user.alipayUserId], ['o_wx_claims_alipay', null])
  })

  test('signed and encrypted response: verified, decrypted, the user created and logged in', async () => {
    const openId = newOpenId()
    const who = await identity(openId)
    const tokens = await t.data(phoneLogin(who, alipay.phoneResponse('13900006001')))
    const info = await t.data(t.get<UserInfo>('/api/User/GetUserInfo', { token: tokens.accessToken }))
    assert.equal(info.phoneNumber, '13900006001')
    const again = await t.data(login(alipay.authCode(openId)))
    assert.ok(again.token, 'the next code login needs no phone')
  })

  test('a signature not by Alipay is refused', async () => {
    const who = await identity()
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const forged = await phoneLogin(who, alipay.phoneResponse('13900006002', { key: other }))
    assert.deepEqual([forged.status, forged.body.error], [200, 'WX_PHONE_DATA_INVALID'])
    // Alipay's genuine signature over another response does not cover this one.
    const genuine = alipay.phoneResponse('13900006002')
    const swapped = await phoneLogin(who, { ...alipay.phoneResponse('13900006003'), sign: genuine.sign })
    assert.deepEqual([swapped.status, swapped.body.error], [200, 'WX_PHONE_DATA_INVALID'])
  })

  test('a response under another AES key is refused', async () => {
    const who = await identity()
    const answer = await phoneLogin(who, alipay.phoneResponse('13900006004', { aesKey: randomBytes(16) }))
    assert.deepEqual([answer.status, answer.body.error], [200, 'WX_PHONE_DATA_INVALID'])
  })

  test('a made-up session proof is refused before anything is decrypted', async () => {
    const who = await identity()
    const answer = await phoneLogin(
      { ...who, sessionKey: Buffer.alloc(16, 3).toString('base64') },
      alipay.phoneResponse('13900006005'),
    )
    assert.deepEqual([answer.status, answer.body.error], [200, 'WX_SESSION_INVALID'])
  })
})
