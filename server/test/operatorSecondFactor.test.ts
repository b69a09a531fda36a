import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import type {
  AuditPage,
  OperatorAccount,
  OperatorSession,
  TotpEnrolment,
  TotpRecoveryCodes,
  TotpStatus,
} from '@contract/operators'
import { DEMO_OPERATOR } from '../src/db/demoData'
import { operatorRecoveryCodes, operators } from '../src/db/schema'
import { base32Decode, hotp, totpCode, totpStep } from '../src/modules/operatorAccounts/totp'
import { OperatorBrowser } from './support/operatorBrowser'
import { createTestApp, type TestApp } from './support/testApp'

// Issue 34: operators' time-based one-time passwords (RFC 6238), enrolled from an authenticator app and confirmed
// with a first code, asked at login as a second step, with one-time recovery codes and a reset by another admin; on
// a server that requires them for admins (production), an admin without one may only enrol. Nothing secret is
// logged or stored in clear.

const PASSWORD = 'Correct-Horse-Battery-1'
const lines: string[] = []
let t: TestApp
let seq = 0
const service = () => ({ headers: { 'x-operator-token': t.config.operatorToken } })

before(async () => {
  t = await createTestApp({
    config: { adminTotpRequired: true },
    logger: {
      level: 'trace',
      stream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
    },
  })
})
after(() => t.close())

async function newOperator(role: 'viewer' | 'reviewer' | 'admin' = 'viewer'): Promise<string> {
  const loginName = `second${++seq}`
  await t.data(t.post<OperatorAccount>('/api/admin/operators', { loginName, password: PASSWORD, role }, service()))
  return loginName
}

/** Logs in (no second factor yet) and enrols: the browser, its key and its recovery codes. */
async function enrolled(loginName: string) {
  const browser = new OperatorBrowser(t)
  assert.equal((await browser.login({ loginName, password: PASSWORD })).status, 200)
  const enrolment = await browser.call<TotpEnrolment>('POST', '/api/operator/totp/enrolment')
  const key = base32Decode(enrolment.body.data?.secret ?? '')
  const confirmed = await browser.call<TotpRecoveryCodes>('POST', '/api/operator/totp/enrolment/confirm', {
    code: totpCode(key, t.clock.now()),
  })
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body))
  return { browser, key, recoveryCodes: confirmed.body.data?.recoveryCodes ?? [] }
}

describe('enrolment', () => {
  test('a key to scan or type, in force only once a first code confirms it; then 10 recovery codes, once', async () => {
    const loginName = await newOperator()
    const browser = new OperatorBrowser(t)
    await browser.login({ loginName, password: PASSWORD })
    const begun = await browser.call<TotpEnrolment>('POST', '/api/operator/totp/enrolment')
    const { secret, otpauthUri } = begun.body.data as TotpEnrolment
    assert.match(secret, /^[A-Z2-7]{32}$/)
    const uri = new URL(otpauthUri)
    assert.equal(decodeURIComponent(uri.pathname), `/Life Pay:${loginName}`)
    assert.deepEqual(
      [...uri.searchParams.keys()].map((name) => [name, uri.searchParams.get(name)]),
      [
        ['secret', secret],
        ['issuer', 'Life Pay'],
        ['algorithm', 'SHA1'],
        ['digits', '6'],
        ['period', '30'],
      ],
    )
    // Not in force yet: the password alone still logs in.
    const elsewhere = new OperatorBrowser(t, '10.0.0.2')
    assert.equal((await elsewhere.login({ loginName, password: PASSWORD })).status, 200)
    const key = base32Decode(secret)
    const wrong = await browser.call('POST', '/api/operator/totp/enrolment/confirm', { code: '000000' })
    assert.deepEqual([wrong.body.success, wrong.body.error], [false, 'TOTP_CODE_WRONG'])
    const confirmed = await browser.call<TotpRecoveryCodes>('POST', '/api/operator/totp/enrolment/confirm', {
      code: totpCode(key, t.clock.now()),
    })
    const codes = confirmed.body.data?.recoveryCodes ?? []
    assert.equal(codes.length, 10)
    assert.equal(new Set(codes).size, 10)
    for (const code of codes) assert.match(code, /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    const status = await browser.call<TotpStatus>('GET', '/api/operator/totp')
    assert.deepEqual(status.body.data, {
      enabled: true,
      enabledTime: t.clock.now().toISOString(),
      recoveryCodesLeft: 10,
    })
    // The session opened with the password alone ends; the one that turned it on goes on.
    assert.equal((await elsewhere.call('GET', '/api/operator/me')).status, 401)
    const again = await browser.call('POST', '/api/operator/totp/enrolment')
    assert.equal(again.body.error, 'TOTP_ALREADY_ENABLED')
    const account = (await t.data(t.get<OperatorAccount[]>('/api/admin/operators', service()))).find(
      (one) => one.loginName === loginName,
    )
    assert.equal(account?.totpEnabled, true)
    // Stored sealed and hashed: neither the key nor a recovery code is in the database as such.
    const [row] = await t.database.db.select().from(operators).where(eq(operators.loginName, loginName))
    const stored = JSON.stringify([row, await t.database.db.select().from(operatorRecoveryCodes)])
    assert.ok(
      !stored.includes(secret) && !stored.includes(key.toString('hex')) && !stored.includes(key.toString('base64')),
    )
    for (const code of codes) assert.ok(!stored.includes(code) && !stored.includes(code.replace(/-/g, '')))
  })

  test('confirming with nothing begun is refused; the automation token has no account to enrol', async () => {
    const browser = new OperatorBrowser(t)
    await browser.login({ loginName: await newOperator(), password: PASSWORD })
    const nothing = await browser.call('POST', '/api/operator/totp/enrolment/confirm', { code: '123456' })
    assert.equal(nothing.body.error, 'TOTP_NOT_ENROLLING')
    const token = await t.post('/api/operator/totp/enrolment', {}, service())
    assert.deepEqual([token.status, token.body.error], [401, 'OPERATOR_UNAUTHORIZED'])
  })
})

describe('login with a second factor', () => {
  test('the password alone asks for the code (no session, not a failure); the code logs in, once', async () => {
    const loginName = await newOperator()
    const { key } = await enrolled(loginName)
    t.clock.advance(30_000)
    const browser = new OperatorBrowser(t, '10.1.0.1')
    const asked = await browser.login({ loginName, password: PASSWORD })
    assert.deepEqual([asked.status, asked.body.success, asked.body.error], [200, false, 'TOTP_REQUIRED'])
    assert.equal(asked.headers['set-cookie'], undefined)
    // A wrong password still says nothing of a second factor.
    assert.equal((await browser.login({ loginName, password: 'wrong-guess' })).body.error, 'LOGIN_FAILED')
    const code = totpCode(key, t.clock.now())
    const wrong = await browser.login({
      loginName,
      password: PASSWORD,
      totpCode: code === '123456' ? '654321' : '123456',
    })
    assert.equal(wrong.body.error, 'TOTP_CODE_WRONG')
    const session = await browser.login({ loginName, password: PASSWORD, totpCode: code })
    assert.equal(session.status, 200, JSON.stringify(session.body))
    assert.equal((session.body.data as OperatorSession).totpEnabled, true)
    // The same code again — from a shoulder, a log, a second tab — is refused, as is the step before it.
    const replay = await new OperatorBrowser(t, '10.1.0.2').login({ loginName, password: PASSWORD, totpCode: code })
    assert.equal(replay.body.error, 'TOTP_CODE_WRONG')
    const older = hotp(key, totpStep(t.clock.now()) - 1)
    assert.equal(
      (await new OperatorBrowser(t, '10.1.0.3').login({ loginName, password: PASSWORD, totpCode: older })).body.error,
      'TOTP_CODE_WRONG',
    )
    // The next step's code is fine; two steps off is not.
    t.clock.advance(30_000)
    const farAhead = hotp(key, totpStep(t.clock.now()) + 2)
    assert.equal(
      (await new OperatorBrowser(t, '10.1.0.4').login({ loginName, password: PASSWORD, totpCode: farAhead })).body
        .error,
      'TOTP_CODE_WRONG',
    )
    const next = await new OperatorBrowser(t, '10.1.0.5').login({
      loginName,
      password: PASSWORD,
      totpCode: ` ${totpCode(key, t.clock.now())} `,
    })
    assert.equal(next.status, 200)
    const trail = await t.data(t.get<AuditPage>(`/api/admin/audit?targetId=${loginName}`, service()))
    assert.deepEqual(
      trail.items.filter((entry) => entry.action === 'operator.login.failed').map((entry) => entry.remark),
      ['wrong one-time code', 'wrong one-time code', 'wrong one-time code', 'wrong one-time code', null],
    )
  })

  test('a code a step late is accepted (a phone clock a little behind)', async () => {
    const loginName = await newOperator()
    const { key } = await enrolled(loginName)
    t.clock.advance(60_000)
    const late = hotp(key, totpStep(t.clock.now()) - 1)
    assert.equal((await new OperatorBrowser(t).login({ loginName, password: PASSWORD, totpCode: late })).status, 200)
  })

  test('a recovery code logs in once, is recorded, and is not taken again', async () => {
    const loginName = await newOperator()
    const { recoveryCodes } = await enrolled(loginName)
    const browser = new OperatorBrowser(t)
    const typed = recoveryCodes[3].toUpperCase().replace(/-/g, ' ')
    const session = await browser.login({ loginName, password: PASSWORD, recoveryCode: typed })
    assert.equal(session.status, 200, JSON.stringify(session.body))
    const again = await new OperatorBrowser(t).login({ loginName, password: PASSWORD, recoveryCode: recoveryCodes[3] })
    assert.equal(again.body.error, 'TOTP_CODE_WRONG')
    const status = await browser.call<TotpStatus>('GET', '/api/operator/totp')
    assert.equal(status.body.data?.recoveryCodesLeft, 9)
    const trail = await t.data(t.get<AuditPage>(`/api/admin/audit?targetId=${loginName}`, service()))
    assert.ok(trail.items.some((entry) => entry.action === 'operator.totp.recoveryCodeUsed'))
    // Another operator's code is no code here.
    const other = await enrolled(await newOperator())
    const foreign = await new OperatorBrowser(t).login({
      loginName,
      password: PASSWORD,
      recoveryCode: other.recoveryCodes[0],
    })
    assert.equal(foreign.body.error, 'TOTP_CODE_WRONG')
  })

  test('a rotated JWT_SECRET opens no key: the app codes stop, the recovery codes still work', async () => {
    const loginName = await newOperator()
    const { key, recoveryCodes } = await enrolled(loginName)
    const rotated = await createTestApp({ config: { jwtSecret: `${t.config.jwtSecret}-rotated` } })
    try {
      // Its own database: copy the operator's rows into it.
      const [row] = await t.database.db.select().from(operators).where(eq(operators.loginName, loginName))
      await rotated.database.db.insert(operators).values(row)
      const codes = await t.database.db
        .select()
        .from(operatorRecoveryCodes)
        .where(eq(operatorRecoveryCodes.operatorId, row.id))
      await rotated.database.db.insert(operatorRecoveryCodes).values(codes)
      rotated.clock.advance(t.clock.now().getTime() - rotated.clock.now().getTime() + 30_000)
      const code = totpCode(key, rotated.clock.now())
      assert.equal(
        (await new OperatorBrowser(rotated).login({ loginName, password: PASSWORD, totpCode: code })).body.error,
        'TOTP_CODE_WRONG',
      )
      assert.equal(
        (await new OperatorBrowser(rotated).login({ loginName, password: PASSWORD, recoveryCode: recoveryCodes[0] }))
          .status,
        200,
      )
    } finally {
      await rotated.close()
    }
  })
})

describe('reset by another admin', () => {
  test("an admin turns another operator's second factor off: their sessions end, the password alone logs in", async () => {
    const loginName = await newOperator('reviewer')
    const { browser } = await enrolled(loginName)
    const adminName = await newOperator('admin')
    const admin = await enrolled(adminName)
    const reset = await admin.browser.call<OperatorAccount>('POST', `/api/admin/operators/${loginName}/totp/reset`)
    assert.equal(reset.status, 200, JSON.stringify(reset.body))
    assert.equal(reset.body.data?.totpEnabled, false)
    assert.equal((await browser.call('GET', '/api/operator/me')).status, 401)
    assert.equal((await new OperatorBrowser(t).login({ loginName, password: PASSWORD })).status, 200)
    const trail = await t.data(t.get<AuditPage>(`/api/admin/audit?targetId=${loginName}`, service()))
    const entry = trail.items.find((one) => one.action === 'operator.totp.reset')
    assert.deepEqual(
      [entry?.actorName, entry?.before, entry?.after],
      [adminName, { totpEnabled: true }, { totpEnabled: false }],
    )
    // Not your own (a stolen session must not be able to drop it); a reviewer may not; the CLI's token may.
    const self = await admin.browser.call('POST', `/api/admin/operators/${adminName}/totp/reset`)
    assert.equal(self.body.error, 'TOTP_RESET_SELF')
    const reviewer = await enrolled(await newOperator('reviewer'))
    const forbidden = await reviewer.browser.call('POST', `/api/admin/operators/${adminName}/totp/reset`)
    assert.deepEqual([forbidden.status, forbidden.body.error], [403, 'OPERATOR_FORBIDDEN'])
    const byToken = await t.post<OperatorAccount>(`/api/admin/operators/${adminName}/totp/reset`, {}, service())
    assert.equal(byToken.body.data?.totpEnabled, false)
    assert.equal(
      (await t.post('/api/admin/operators/nobody/totp/reset', {}, service())).body.error,
      'OPERATOR_NOT_FOUND',
    )
  })
})

describe('required for admins (production, or ADMIN_TOTP_REQUIRED)', () => {
  test('an admin without it logs in only to enrol; once enrolled, the same session does everything', async () => {
    const browser = new OperatorBrowser(t)
    const login = await browser.login({ loginName: DEMO_OPERATOR.loginName, password: DEMO_OPERATOR.password })
    assert.equal(login.status, 200)
    assert.equal((login.body.data as OperatorSession).totpEnrolmentRequired, true)
    for (const [method, url] of [
      ['GET', '/api/admin/refunds'],
      ['GET', '/api/admin/operators'],
      ['POST', '/api/admin/operators/nobody/disable'],
    ] as const) {
      const refused = await browser.call(method, url)
      assert.deepEqual([refused.status, refused.body.error], [403, 'TOTP_ENROLMENT_REQUIRED'], url)
      assert.match(refused.body.msg ?? '', /两步验证/)
    }
    assert.equal(
      (await browser.call<OperatorSession>('GET', '/api/operator/me')).body.data?.totpEnrolmentRequired,
      true,
    )
    const { secret } = (await browser.call<TotpEnrolment>('POST', '/api/operator/totp/enrolment')).body
      .data as TotpEnrolment
    await browser.call('POST', '/api/operator/totp/enrolment/confirm', {
      code: totpCode(base32Decode(secret), t.clock.now()),
    })
    assert.equal((await browser.call('GET', '/api/admin/refunds')).status, 200)
    assert.equal(
      (await browser.call<OperatorSession>('GET', '/api/operator/me')).body.data?.totpEnrolmentRequired,
      false,
    )
    // A viewer is not required to; the automation token is not an operator.
    const viewer = new OperatorBrowser(t)
    assert.equal(
      (await viewer.login({ loginName: await newOperator('viewer'), password: PASSWORD })).body.data
        ?.totpEnrolmentRequired,
      false,
    )
    assert.equal((await viewer.call('GET', '/api/admin/refunds')).status, 200)
    assert.equal((await t.get('/api/admin/refunds', service())).status, 200)
  })

  test('nothing secret reaches the log: keys, codes, recovery codes, cookies, passwords', async () => {
    const loginName = await newOperator()
    const { key, recoveryCodes, browser } = await enrolled(loginName)
    await new OperatorBrowser(t).login({ loginName, password: PASSWORD, recoveryCode: recoveryCodes[0] })
    const log = lines.join('')
    assert.ok(log.includes('/api/operator/totp/enrolment/confirm'), 'the requests are logged')
    for (const secret of [
      key.toString('hex'),
      key.toString('base64'),
      ...recoveryCodes,
      PASSWORD,
      browser.cookie('lp_operator') ?? 'no session cookie',
      browser.cookie('lp_operator_device') ?? 'no device cookie',
    ])
      assert.ok(!log.includes(secret), `logged: ${secret.slice(0, 4)}…`)
  })
})
