import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { ApiEnvelope } from '@contract/envelope'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { loadConfig } from '../src/config'
import { startServer, type RunningServer } from '../src/server'
import { testConfig, createTestApp, type TestApp } from './support/testApp'
import { openTestDatabase, type TestDatabase } from './support/testDatabase'

// docs/server.md § Abuse limits, with the defaults a deployment gets: 10 codes per IP per hour, 30 code checks per IP
// per hour, 5 wrong passwords per (IP, login name) per 15 minutes, 15 per IP per hour, 30 per login name per hour
// (then password login pauses), 5 registrations per IP per hour. Clients are told apart by X-Forwarded-For, which
// counts only because this app is configured to trust its proxy.

const DEFAULTS = loadConfig({} as NodeJS.ProcessEnv).limits
const PASSWORD = 'Passw0rd!'

let t: TestApp
before(async () => {
  t = await createTestApp({ config: { limits: DEFAULTS, trustProxy: true } })
})
after(() => t.close())

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } })
const phone = (n: number) => `139${String(n).padStart(8, '0')}`

const sendCode = (phoneNumber: string, ip: string, businessType = VerificationCodeBusinessType.PhoneCodeRegister) =>
  t.post('/api/Account/SendPhoneMessageCode', { phoneNumber, businessType }, from(ip))
const login = (loginName: string, password: string, ip: string) =>
  t.post('/api/Account/PasswordLogin', { loginName, password }, from(ip))

/** Registers a user from an address of its own (so no other test's counters are touched). */
async function registered(phoneNumber: string): Promise<void> {
  const ip = `10.9.${phoneNumber.slice(-4, -2)}.${Number(phoneNumber.slice(-2))}`
  await t.data(sendCode(phoneNumber, ip))
  const outbox = await t.data(t.get<{ code: string }[]>(`/api/dev/sms-outbox?phoneNumber=${phoneNumber}`))
  await t.data(
    t.post(
      '/api/Account/PhoneMesssageCodeRegister',
      { phoneNumber, code: outbox[0].code, password: PASSWORD },
      from(ip),
    ),
  )
}

describe('verification codes', () => {
  test('one address sending codes to 30 numbers is refused after 10, with Retry-After; another address is not', async () => {
    const answers = []
    for (let n = 0; n < 30; n++) answers.push(await sendCode(phone(1000 + n), '10.1.0.1'))
    const sent = answers.filter((a) => a.body.success).length
    assert.equal(sent, DEFAULTS.smsPerIpHour)
    const refused = answers[DEFAULTS.smsPerIpHour]
    assert.deepEqual([refused.status, refused.body.error], [429, 'TOO_MANY_REQUESTS'])
    assert.match(refused.body.msg ?? '', /操作过于频繁，请\d+分钟后再试/)
    assert.equal(await t.data(sendCode(phone(1100), '10.1.0.2')).then(() => true), true)
    // An hour later the address may send again.
    t.clock.advance(60 * 60_000)
    assert.equal((await sendCode(phone(1101), '10.1.0.1')).body.success, true)
  })

  test('the refusal carries Retry-After: the seconds until the address may send again', async () => {
    for (let n = 0; n < DEFAULTS.smsPerIpHour; n++) await t.data(sendCode(phone(1300 + n), '10.1.9.1'))
    t.clock.advance(10 * 60_000)
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/Account/SendPhoneMessageCode',
      headers: { 'x-forwarded-for': '10.1.9.1' },
      payload: { phoneNumber: phone(1400), businessType: VerificationCodeBusinessType.PhoneCodeRegister },
    })
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.headers['retry-after'], String(50 * 60))
  })

  test('code checks per address: the 31st within the hour is refused before the code is looked at', async () => {
    const answers = []
    for (let n = 0; n < DEFAULTS.codeChecksPerIpHour + 1; n++) {
      answers.push(
        await t.post(
          '/api/Account/LifePayPhoneMesssageCodeLogin',
          { phoneNumber: phone(2000 + n), code: '000000' },
          from('10.2.0.1'),
        ),
      )
    }
    assert.ok(answers.slice(0, -1).every((a) => a.body.error !== 'TOO_MANY_REQUESTS'))
    assert.deepEqual([answers.at(-1)?.status, answers.at(-1)?.body.error], [429, 'TOO_MANY_REQUESTS'])
  })
})

describe('passwords', () => {
  test('one address trying 20 login names is refused after 15 failures', async () => {
    const answers = []
    for (let n = 0; n < 20; n++) answers.push(await login(phone(3000 + n), 'wrong-password-1', '10.3.0.1'))
    assert.ok(answers.slice(0, DEFAULTS.loginFailuresPerIpHour).every((a) => a.body.error === 'LOGIN_FAILED'))
    const refused = answers[DEFAULTS.loginFailuresPerIpHour]
    assert.deepEqual([refused.status, refused.body.error], [429, 'TOO_MANY_REQUESTS'])
  })

  test('an attacker cannot lock the victim out: the attacker’s address is locked, the victim logs in', async () => {
    const victim = phone(4000)
    await registered(victim)
    const attempts = []
    for (let n = 0; n < 10; n++) attempts.push(await login(victim, `guess-${n}`, '10.4.0.66'))
    assert.equal(attempts.filter((a) => a.body.error === 'LOGIN_FAILED').length, DEFAULTS.loginFailuresPerIpAndName)
    assert.ok(attempts.slice(DEFAULTS.loginFailuresPerIpAndName).every((a) => a.body.error === 'LOGIN_LOCKED'))
    // Even the right password does not help the attacker's address now …
    assert.equal((await login(victim, PASSWORD, '10.4.0.66')).body.error, 'LOGIN_LOCKED')
    // … while the victim, from their own address, logs in.
    const own = await login(victim, PASSWORD, '10.4.0.7')
    assert.equal(own.body.success, true)
  })

  test('a flood on one login name from many addresses pauses password login; code login still works', async () => {
    const victim = phone(5000)
    await registered(victim)
    let paused = null
    for (let n = 0; n < 40 && !paused; n++) {
      // Four tries per address: never enough to lock an address, so only the login name's count can stop them.
      const answer = await login(victim, `guess-${n}`, `10.5.${Math.floor(n / 4)}.1`)
      if (answer.body.error === 'PASSWORD_LOGIN_PAUSED') paused = n
    }
    assert.equal(paused, DEFAULTS.loginFailuresPerNameHour)
    assert.equal((await login(victim, PASSWORD, '10.5.200.7')).body.error, 'PASSWORD_LOGIN_PAUSED')
    t.clock.advance(61_000) // the number's own resend interval since its registration code
    await t.data(sendCode(victim, '10.5.200.7', VerificationCodeBusinessType.LifePayPhoneCodeLogin))
    const outbox = await t.data(t.get<{ code: string }[]>(`/api/dev/sms-outbox?phoneNumber=${victim}`))
    const byCode = await t.post(
      '/api/Account/LifePayPhoneMesssageCodeLogin',
      { phoneNumber: victim, code: outbox[0].code },
      from('10.5.200.7'),
    )
    assert.equal(byCode.body.success, true)
  })

  test('a success ends the address’s run of failures', async () => {
    const user = phone(6000)
    await registered(user)
    for (let n = 0; n < DEFAULTS.loginFailuresPerIpAndName - 1; n++) await login(user, 'wrong', '10.6.0.1')
    assert.equal((await login(user, PASSWORD, '10.6.0.1')).body.success, true)
    for (let n = 0; n < DEFAULTS.loginFailuresPerIpAndName - 1; n++) {
      assert.equal((await login(user, 'wrong', '10.6.0.1')).body.error, 'LOGIN_FAILED')
    }
  })
})

describe('registrations', () => {
  test('five per address per hour', async () => {
    const ip = '10.7.0.1'
    const answers = []
    for (let n = 0; n < DEFAULTS.registrationsPerIpHour + 1; n++) {
      const phoneNumber = phone(7000 + n)
      await t.data(sendCode(phoneNumber, `10.7.1.${n}`))
      const outbox = await t.data(t.get<{ code: string }[]>(`/api/dev/sms-outbox?phoneNumber=${phoneNumber}`))
      answers.push(
        await t.post(
          '/api/Account/PhoneMesssageCodeRegister',
          { phoneNumber, code: outbox[0].code, password: PASSWORD },
          from(ip),
        ),
      )
    }
    assert.ok(answers.slice(0, -1).every((a) => a.body.success))
    assert.deepEqual([answers.at(-1)?.status, answers.at(-1)?.body.error], [429, 'TOO_MANY_REQUESTS'])
  })
})

describe('client address', () => {
  test('without a trusted proxy, X-Forwarded-For cannot give each request a fresh address', async () => {
    const direct = await createTestApp({ config: { limits: DEFAULTS } })
    try {
      const answers = []
      for (let n = 0; n < DEFAULTS.smsPerIpHour + 1; n++) {
        answers.push(
          await direct.post(
            '/api/Account/SendPhoneMessageCode',
            { phoneNumber: phone(8000 + n), businessType: VerificationCodeBusinessType.PhoneCodeRegister },
            from(`10.8.0.${n}`),
          ),
        )
      }
      assert.equal(answers.at(-1)?.body.error, 'TOO_MANY_REQUESTS')
    } finally {
      await direct.close()
    }
  })
})

describe(
  'shared by every instance',
  { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' },
  () => {
    let database: TestDatabase
    let instances: RunningServer[] = []
    before(async () => {
      database = await openTestDatabase()
      const config = testConfig({ port: 0, databaseUrl: database.url, limits: DEFAULTS })
      instances = [await startServer(config, { logger: false }), await startServer(config, { logger: false })]
    })
    after(async () => {
      await Promise.all(instances.map((instance) => instance.stop()))
      await database?.dispose()
    })

    test('codes sent through two instances count against one limit', async () => {
      const answers = []
      for (let n = 0; n < DEFAULTS.smsPerIpHour + 1; n++) {
        const response = await fetch(`${instances[n % 2].url}/api/Account/SendPhoneMessageCode`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            phoneNumber: phone(9000 + n),
            businessType: VerificationCodeBusinessType.PhoneCodeRegister,
          }),
        })
        answers.push([response.status, ((await response.json()) as ApiEnvelope<unknown>).error])
      }
      assert.equal(answers.filter(([status]) => status === 200).length, DEFAULTS.smsPerIpHour)
      assert.deepEqual(answers.at(-1), [429, 'TOO_MANY_REQUESTS'])
    })
  },
)
