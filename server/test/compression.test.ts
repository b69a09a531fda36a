import assert from 'node:assert/strict'
import { gunzipSync } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { COMPRESS_THRESHOLD_BYTES } from '../src/http/compression'
import { createTestApp, type TestApp } from './support/testApp'

// Issue 21: API JSON answers are gzipped when they are large enough and the client asks for it.
let t: TestApp
before(async () => {
  t = await createTestApp()
})
after(() => t.close())

// The cities where electricity top-up works: a public answer of several KiB.
const areas = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/LifePay/GetElectricSupportArea', headers, payload: {} })

describe('API compression', () => {
  test('a large answer is gzipped for a client that accepts gzip, and decodes to the same answer', async () => {
    const plain = await areas({})
    const gzipped = await areas({ 'accept-encoding': 'gzip, deflate, br' })
    assert.ok(plain.rawPayload.length >= COMPRESS_THRESHOLD_BYTES, `${plain.rawPayload.length} bytes`)
    assert.equal(gzipped.headers['content-encoding'], 'gzip')
    assert.match(String(gzipped.headers.vary), /accept-encoding/i)
    assert.ok(gzipped.rawPayload.length < plain.rawPayload.length / 2)
    assert.equal(gunzipSync(gzipped.rawPayload).toString('utf8'), plain.body)
    assert.equal(JSON.parse(plain.body).success, true)
  })

  test('without Accept-Encoding (or with identity only) the answer is sent as it is', async () => {
    const cases: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }]
    for (const headers of cases) {
      const answer = await areas(headers)
      assert.equal(answer.headers['content-encoding'], undefined)
      assert.equal(answer.json().success, true)
    }
  })

  test('a small answer is never compressed', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/LifePay/GetRate',
      headers: { 'accept-encoding': 'gzip' },
    })
    assert.ok(answer.rawPayload.length < COMPRESS_THRESHOLD_BYTES, `${answer.rawPayload.length} bytes`)
    assert.equal(answer.headers['content-encoding'], undefined)
    assert.equal(answer.json().success, true)
  })
})
