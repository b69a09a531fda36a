import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  otpauthUri,
  totpCode,
  totpStep,
} from '../src/modules/operatorAccounts/totp'
import { openTotpKey, sealTotpKey } from '../src/modules/operatorAccounts/totpSecret'

// The one-time passwords operators' authenticator apps show (server/src/modules/operatorAccounts/totp.ts), against
// the RFCs' own test values.

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii')

describe('TOTP (RFC 6238, RFC 4226)', () => {
  test('HOTP: RFC 4226 appendix D, counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]
    assert.deepEqual(
      expected.map((_, counter) => hotp(RFC_KEY, counter)),
      expected,
    )
  })

  test('TOTP: RFC 6238 appendix B (SHA-1, 8 digits, 30-second steps)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ]
    for (const [seconds, code] of vectors) assert.equal(hotp(RFC_KEY, totpStep(new Date(seconds * 1000)), 8), code)
  })

  test('six digits at a moment; the code of the step before and after is accepted, not two away', () => {
    const now = new Date(1_700_000_000_000)
    const step = totpStep(now)
    assert.match(totpCode(RFC_KEY, now), /^\d{6}$/)
    assert.equal(matchingStep(RFC_KEY, totpCode(RFC_KEY, now), now), step)
    assert.equal(matchingStep(RFC_KEY, hotp(RFC_KEY, step - 1), now), step - 1)
    assert.equal(matchingStep(RFC_KEY, hotp(RFC_KEY, step + 1), now), step + 1)
    assert.equal(matchingStep(RFC_KEY, hotp(RFC_KEY, step - 2), now), null)
    assert.equal(matchingStep(RFC_KEY, hotp(RFC_KEY, step + 2), now), null)
    for (const notACode of ['', '12345', '1234567', 'abcdef', ' 123456'])
      assert.equal(matchingStep(RFC_KEY, notACode, now), null)
  })

  test('base32 (RFC 4648 §10 vectors, no padding) both ways', () => {
    const vectors = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ]
    for (const [plain, encoded] of vectors) {
      assert.equal(base32Encode(Buffer.from(plain)), encoded)
      assert.equal(base32Decode(`${encoded.toLowerCase()}==`).toString(), plain)
    }
    assert.equal(base32Encode(RFC_KEY), 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
  })

  test('the otpauth:// URI authenticator apps scan: issuer, account, key, SHA1, 6 digits, 30 s', () => {
    const uri = new URL(otpauthUri('Life Pay', 'alice@ops', RFC_KEY))
    assert.equal(uri.protocol, 'otpauth:')
    assert.equal(uri.host, 'totp')
    assert.equal(decodeURIComponent(uri.pathname), '/Life Pay:alice@ops')
    assert.deepEqual(Object.fromEntries(uri.searchParams), {
      secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      issuer: 'Life Pay',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
    // Percent-encoded, never form-encoded: a "+" would be read as a plus sign.
    assert.ok(!uri.href.includes('+'))
  })

  test('a sealed key opens with the same secret and operator only', () => {
    const sealed = sealTotpKey('jwt-secret-one', 'operator-1', RFC_KEY)
    assert.ok(!sealed.includes(RFC_KEY.toString('base64url')) && !sealed.includes(base32Encode(RFC_KEY)))
    assert.deepEqual(openTotpKey('jwt-secret-one', 'operator-1', sealed), RFC_KEY)
    assert.equal(openTotpKey('jwt-secret-two', 'operator-1', sealed), null)
    assert.equal(openTotpKey('jwt-secret-one', 'operator-2', sealed), null)
    assert.equal(openTotpKey('jwt-secret-one', 'operator-1', `${sealed.slice(0, -4)}AAAA`), null)
    assert.equal(openTotpKey('jwt-secret-one', 'operator-1', 'not sealed'), null)
  })
})
