import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { TokenResult } from '@contract/account'
import type { ApiEnvelope } from '@contract/envelope'
import { VerificationCodeBusinessType as Purpose } from '@domain/verificationCodePurpose'
import { startServer, type RunningServer } from '../src/server'
import { createTestApp, testConfig, type TestApp } from './support/testApp'
import { openTestDatabase, type TestDatabase } from './support/testDatabase'

// Credentials that can be taken back (docs/api.md § Authentication): the recharge module's id per login, with an
// expiry, revoked by logout; a login family revoked by a refresh token's reuse or by logout stops its access tokens
// at once — on every instance.

let t: TestApp
before(async () => {
  t = await createTestApp()
})
after(() => t.close())

const ACCOUNTS = '/api/LifePay/GetUserAccountAllList'
const logout = (headers: Record<string, string>) => t.post('/api/Account/Logout', undefined, { headers })

async function virtualLogin(phoneNumber: string): Promise<string> {
  t.clock.advance(61_000)
  const code = await t.smsCode(phoneNumber, Purpose.LifePayPhoneCodeLogin)
  return t.data(t.post<string>('/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code }))
}

const refresh = (refreshToken: string) =>
  t.post<TokenResult>('/api/accountAuth/GetTokenByRefreshToken', { refreshToken, clientId: t.config.clientId })

describe('the virtual login’s id', () => {
  test('refused after logout; the next login gets a new id that works', async () => {
    const id = await virtualLogin('13700000101')
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: id })).status, 200)
    await t.data(logout({ 'x-lifepay-user-id': id }))
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: id })).status, 401)
    const next = await virtualLogin('13700000101')
    assert.notEqual(next, id)
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: next })).status, 200)
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: id })).status, 401)
  })

  test('expires after 30 days', async () => {
    const id = await virtualLogin('13700000102')
    t.clock.advance(t.config.virtualLoginTtlS * 1000 - 60_000)
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: id })).status, 200)
    t.clock.advance(60_000)
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: id })).status, 401)
  })

  test('logout needs no valid credential and ends only what it is given', async () => {
    const kept = await virtualLogin('13700000103')
    const ended = await virtualLogin('13700000103')
    assert.equal((await logout({})).body.success, true)
    assert.equal((await logout({ 'x-lifepay-user-id': 'not-an-id', authorization: 'Bearer nonsense' })).status, 200)
    await t.data(logout({ 'x-lifepay-user-id': ended }))
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: kept })).status, 200)
    assert.equal((await t.post(ACCOUNTS, {}, { virtualUserId: ended })).status, 401)
  })
})

describe('access tokens', () => {
  test('a refresh token reused: every access token of its login is refused at once', async () => {
    const first = await t.register('13700000201')
    const second = await t.data(refresh(first.refreshToken))
    // Rotation alone leaves the earlier access token working until it expires.
    assert.equal((await t.get('/api/User/GetUserInfo', { token: first.accessToken })).status, 200)
    const reuse = await refresh(first.refreshToken)
    assert.deepEqual([reuse.status, reuse.body.error], [401, 'REFRESH_TOKEN_REUSED'])
    for (const token of [first.accessToken, second.accessToken]) {
      assert.equal((await t.get('/api/User/GetUserInfo', { token })).status, 401)
      assert.equal((await t.post(ACCOUNTS, {}, { token })).status, 401)
    }
    assert.equal((await refresh(second.refreshToken)).status, 401)
  })

  test('logout with a bearer token ends its login: access and refresh tokens; other logins stay', async () => {
    const phone = '13700000202'
    const ended = await t.register(phone)
    const other = await t.data(
      t.post<TokenResult>('/api/Account/PasswordLogin', { loginName: phone, password: 'Passw0rd!' }),
    )
    await t.data(logout({ authorization: `Bearer ${ended.accessToken}` }))
    assert.equal((await t.get('/api/User/GetUserInfo', { token: ended.accessToken })).status, 401)
    assert.equal((await refresh(ended.refreshToken)).status, 401)
    assert.equal((await t.get('/api/User/GetUserInfo', { token: other.accessToken })).status, 200)
  })
})

describe('on every instance', { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' }, () => {
  const DEADLINE_MS = 5_000
  let database: TestDatabase
  let a: RunningServer
  let b: RunningServer
  before(async () => {
    database = await openTestDatabase()
    const config = testConfig({ port: 0, databaseUrl: database.url })
    ;[a, b] = [await startServer(config, { logger: false }), await startServer(config, { logger: false })]
  })
  after(async () => {
    await Promise.all([a, b].filter(Boolean).map((instance) => instance.stop()))
    await database?.dispose()
  })

  async function call<T>(instance: RunningServer, path: string, init: { body?: unknown; headers?: object } = {}) {
    const response = await fetch(`${instance.url}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    return { status: response.status, body: (await response.json()) as ApiEnvelope<T> }
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + DEADLINE_MS
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${DEADLINE_MS} ms: ${what}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  test('a reuse on one instance stops the family’s access token on the other, which had it in memory', async () => {
    const phoneNumber = '13700000301'
    const sent = await call(a, '/api/Account/SendPhoneMessageCode', {
      body: { phoneNumber, businessType: Purpose.PhoneCodeRegister },
    })
    assert.equal(sent.status, 200)
    const outbox = await call<{ code: string }[]>(a, `/api/dev/sms-outbox?phoneNumber=${phoneNumber}`)
    const tokens = (
      await call<TokenResult>(a, '/api/Account/PhoneMesssageCodeRegister', {
        body: { phoneNumber, code: outbox.body.data?.[0].code, password: 'Passw0rd!' },
      })
    ).body.data as TokenResult
    const userInfo = (instance: RunningServer) =>
      call(instance, '/api/User/GetUserInfo', { headers: { authorization: `Bearer ${tokens.accessToken}` } })
    assert.equal((await userInfo(b)).status, 200) // B now remembers the family as live
    const body = { refreshToken: tokens.refreshToken, clientId: 'life-pay-app' }
    assert.equal((await call(a, '/api/accountAuth/GetTokenByRefreshToken', { body })).status, 200)
    assert.equal((await call(a, '/api/accountAuth/GetTokenByRefreshToken', { body })).status, 401)
    await eventually(async () => (await userInfo(b)).status === 401, 'B refuses the revoked family')
  })

  test('a logout on one instance stops the virtual id on the other', async () => {
    const phoneNumber = '13700000302'
    await call(a, '/api/Account/SendPhoneMessageCode', {
      body: { phoneNumber, businessType: Purpose.LifePayPhoneCodeLogin },
    })
    const outbox = await call<{ code: string }[]>(a, `/api/dev/sms-outbox?phoneNumber=${phoneNumber}`)
    const id = (
      await call<string>(a, '/api/Account/LifePayPhoneMesssageCodeLogin', {
        body: { phoneNumber, code: outbox.body.data?.[0].code },
      })
    ).body.data as string
    const accounts = (instance: RunningServer) =>
      call(instance, ACCOUNTS, { body: {}, headers: { 'x-lifepay-user-id': id } })
    assert.equal((await accounts(b)).status, 200)
    assert.equal((await call(a, '/api/Account/Logout', { body: {}, headers: { 'x-lifepay-user-id': id } })).status, 200)
    await eventually(async () => (await accounts(b)).status === 401, 'B refuses the revoked id')
  })
})
