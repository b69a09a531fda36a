import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { redactedError, redactedUrl } from '../src/http/logRedaction'
import type { IdentityProvider } from '../src/providers/identity'
import { createTestApp, type TestApp } from './support/testApp'

// Logs carry no personal data: what a failed statement repeats (drizzle's `params:` line, PostgreSQL's `detail`),
// mobile numbers in messages, and the personal values of a URL's query.

const PHONE = '13812345678'
const lines: string[] = []
const leakingIdentity: IdentityProvider = {
  sandbox: true,
  appId: 'wx-test',
  code2Session: async () => {
    throw new Error(`no session for ${PHONE}`)
  },
  phoneNumber: () => Promise.reject(new Error('not used')),
}

let t: TestApp
before(async () => {
  t = await createTestApp({
    providers: { identity: leakingIdentity },
    logger: {
      level: 'info',
      stream: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
    },
  })
})
after(() => t.close())

describe('log redaction', () => {
  test('a failed statement: its values and the row PostgreSQL quotes are gone, the statement and codes stay', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), {
      code: '23505',
      detail: `Key (phone_number)=(${PHONE}) already exists.`,
    })
    const error = new DrizzleQueryError(
      'insert into "users" ("phone_number", "user_name") values ($1, $2)',
      [PHONE, '张三'],
      cause,
    )
    const logged = JSON.stringify(redactedError(error))
    assert.ok(!logged.includes(PHONE) && !logged.includes('张三'), logged)
    assert.match(logged, /insert into \\"users\\"/)
    assert.match(logged, /params: \[redacted\]/)
    assert.match(logged, /"code":"23505"/)
  })

  test("a URL's personal query values are replaced; ids, channel and paging stay", () => {
    assert.equal(
      redactedUrl(`/api/dev/sms-outbox?phoneNumber=${PHONE}&channelId=demo&pageIndex=2`),
      '/api/dev/sms-outbox?phoneNumber=[redacted]&channelId=demo&pageIndex=2',
    )
    assert.equal(redactedUrl('/api/LifePay/GetRate'), '/api/LifePay/GetRate')
  })

  test('the server logs through it: an unexpected failure and the request line carry no phone number', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/Account/GetWxIndentity?code=${PHONE}` })
    assert.equal(response.statusCode, 500)
    const failure = lines.find((line) => line.includes('unexpected error'))
    assert.ok(failure, lines.join(''))
    assert.match(failure, /no session for 138\*\*\*\*5678/)
    assert.ok(
      lines.every((line) => !line.includes(PHONE)),
      lines.join(''),
    )
    assert.ok(lines.some((line) => line.includes('/api/Account/GetWxIndentity?code=[redacted]')))
  })
})
