import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { OperatorAccount } from '@contract/operators'
import { loginDelays } from '../src/db/schema'
import { delayAfter, DEVICE_DELAY, NAME_DELAY } from '../src/modules/abuse/loginDelay'
import { DEVICE_COOKIE } from '../src/modules/operatorAccounts/operatorDevice'
import { OperatorBrowser } from './support/operatorBrowser'
import { createTestApp, type TestApp } from './support/testApp'

// Issue 34: operator logins are slowed per login name, from every address (the per-address limits cannot see a
// guesser spread over many), with a wait that doubles — slowed, never locked out; the owner's own browser counts
// apart; a success ends the run. The test app keeps the real per-address limits' defaults for operators.

const PASSWORD = 'Correct-Horse-Battery-1'
let t: TestApp
let seq = 0

before(async () => {
  t = await createTestApp()
})
after(() => t.close())

/** A new operator (made by the automation token: the tests move the clock past sessions), no failures on the name. */
async function newOperator(): Promise<string> {
  const loginName = `delayed${++seq}`
  await t.data(
    t.post<OperatorAccount>(
      '/api/admin/operators',
      { loginName, password: PASSWORD, role: 'viewer' },
      { headers: { 'x-operator-token': t.config.operatorToken } },
    ),
  )
  return loginName
}

/** A stranger at a new address each time: the per-address limits never see two of them. */
let addressSeq = 0
const stranger = () => new OperatorBrowser(t, `198.51.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`)

describe('the delay policy', () => {
  test('10 free failures, then 30 s doubling to a 15-minute cap; a remembered browser has 5 free', () => {
    const table = [0, 9, 10, 11, 12, 13, 14, 15, 40].map((failures) => [failures, delayAfter(failures, NAME_DELAY)])
    assert.deepEqual(table, [
      [0, 0],
      [9, 0],
      [10, 30_000],
      [11, 60_000],
      [12, 120_000],
      [13, 240_000],
      [14, 480_000],
      [15, 900_000],
      [40, 900_000],
    ])
    assert.equal(delayAfter(4, DEVICE_DELAY), 0)
    assert.equal(delayAfter(5, DEVICE_DELAY), 30_000)
  })
})

describe('operator login slowed per login name', () => {
  test('past 10 failures from 10 addresses, every address waits, even with the right password, and is told how long', async () => {
    const loginName = await newOperator()
    for (let i = 0; i < 10; i++)
      assert.equal((await stranger().login({ loginName, password: 'wrong-guess' })).body.error, 'LOGIN_FAILED')
    const waiting = await stranger().login({ loginName, password: PASSWORD })
    assert.equal(waiting.status, 429)
    assert.equal(waiting.headers['retry-after'], '30')
    assert.deepEqual([waiting.body.success, waiting.body.error], [false, 'LOGIN_DELAYED'])
    assert.match(waiting.body.msg ?? '', /30秒后再试/)
    // The wait is the name's, not the address's: the owner's fresh browser waits too (slowed, not locked).
    t.clock.advance(29_000)
    assert.equal((await new OperatorBrowser(t, '203.0.113.7').login({ loginName, password: PASSWORD })).status, 429)
    // Once it is over, one attempt; it fails, and the next wait is twice as long.
    t.clock.advance(1_000)
    assert.equal((await stranger().login({ loginName, password: 'wrong-guess' })).body.error, 'LOGIN_FAILED')
    const longer = await stranger().login({ loginName, password: PASSWORD })
    assert.equal(longer.headers['retry-after'], '60')
    t.clock.advance(60_000)
    // The owner logs in: the run ends, and the next wrong password costs nothing again.
    assert.equal((await new OperatorBrowser(t, '203.0.113.7').login({ loginName, password: PASSWORD })).status, 200)
    assert.equal((await stranger().login({ loginName, password: 'wrong-guess' })).body.error, 'LOGIN_FAILED')
    assert.equal((await stranger().login({ loginName, password: PASSWORD })).status, 200)
  })

  test('the wait never passes 15 minutes, in English too, and a day without failures forgets the run', async () => {
    const loginName = await newOperator()
    for (let i = 0; i < 16; i++) {
      await stranger().login({ loginName, password: 'wrong-guess' })
      t.clock.advance(15 * 60_000)
    }
    const browser = stranger()
    const capped = await t.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      remoteAddress: browser.address,
      headers: { 'accept-language': 'en-US', 'content-type': 'application/json' },
      payload: { loginName, password: 'wrong-guess' },
    })
    assert.equal(capped.json().error, 'LOGIN_FAILED')
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      remoteAddress: stranger().address,
      headers: { 'accept-language': 'en-US', 'content-type': 'application/json' },
      payload: { loginName, password: PASSWORD },
    })
    assert.equal(next.headers['retry-after'], '900')
    assert.equal(next.json().msg, 'Too many failed logins for this name: try again in 15 minutes')
    t.clock.advance(24 * 60 * 60_000)
    for (let i = 0; i < 10; i++)
      assert.equal((await stranger().login({ loginName, password: 'wrong-guess' })).body.error, 'LOGIN_FAILED')
  })

  test('concurrent guesses when the wait ends: one is weighed, the others wait', async () => {
    const loginName = await newOperator()
    for (let i = 0; i < 10; i++) await stranger().login({ loginName, password: 'wrong-guess' })
    t.clock.advance(30_000)
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => stranger().login({ loginName, password: 'wrong-guess' })),
    )
    const errors = replies.map((reply) => reply.body.error).sort()
    assert.deepEqual(errors, [
      'LOGIN_DELAYED',
      'LOGIN_DELAYED',
      'LOGIN_DELAYED',
      'LOGIN_DELAYED',
      'LOGIN_DELAYED',
      'LOGIN_FAILED',
    ])
  })

  test('a browser that logged in as the name before is not slowed by strangers, and counts its own failures', async () => {
    const loginName = await newOperator()
    const owner = new OperatorBrowser(t, '203.0.113.50')
    assert.equal((await owner.login({ loginName, password: PASSWORD })).status, 200)
    const device = owner.cookie(DEVICE_COOKIE)
    assert.ok(device)
    for (let i = 0; i < 14; i++) await stranger().login({ loginName, password: 'wrong-guess' })
    assert.equal((await stranger().login({ loginName, password: PASSWORD })).body.error, 'LOGIN_DELAYED')
    // The owner's browser logs in at once; its success also ends the strangers' run on the name.
    assert.equal((await owner.login({ loginName, password: PASSWORD })).status, 200)
    assert.equal((await stranger().login({ loginName, password: PASSWORD })).status, 200)
    // The cookie names the login name it was issued for: it is no pass for another name.
    const other = await newOperator()
    for (let i = 0; i < 10; i++) await stranger().login({ loginName: other, password: 'wrong-guess' })
    assert.equal((await owner.login({ loginName: other, password: PASSWORD })).body.error, 'LOGIN_DELAYED')
    // Its own failures: 5 free, then it waits like anyone (from whatever network: a stolen cookie is no pass).
    const own = new OperatorBrowser(t, '203.0.113.51')
    assert.equal((await own.login({ loginName, password: PASSWORD })).status, 200)
    for (let i = 0; i < 5; i++) {
      own.address = `203.0.113.${60 + i}`
      assert.equal((await own.login({ loginName, password: 'typo' })).body.error, 'LOGIN_FAILED')
    }
    own.address = '203.0.113.70'
    assert.equal((await own.login({ loginName, password: PASSWORD })).body.error, 'LOGIN_DELAYED')
    t.clock.advance(30_000)
    assert.equal((await own.login({ loginName, password: PASSWORD })).status, 200)
  })

  test('the count lives in the database (instances share it), one row per name, gone at the success', async () => {
    const loginName = await newOperator()
    await stranger().login({ loginName, password: 'wrong-guess' })
    await stranger().login({ loginName, password: 'wrong-guess' })
    const rows = (await t.database.db.select().from(loginDelays)).filter(
      (row) => row.subject === `operator:${loginName}`,
    )
    assert.deepEqual(
      rows.map((row) => row.failures),
      [2],
    )
    await stranger().login({ loginName, password: PASSWORD })
    const after = (await t.database.db.select().from(loginDelays)).filter(
      (row) => row.subject === `operator:${loginName}`,
    )
    assert.deepEqual(after, [])
  })
})
