import assert from 'node:assert/strict'
import { randomBytes, randomInt } from 'node:crypto'
import { describe, test } from 'node:test'
import { secretStrength, weakerThan } from '../src/secretStrength'
import { TOKEN_BITS, VENDOR_SECRET_BITS } from '../src/productionReadiness'

// The estimate production's secret rules stand on (server/src/secretStrength.ts): what a guesser would try first
// scores low whatever its length and alphabet; what a generator makes scores what its randomness is worth.

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const randomText = (length: number, alphabet = ALNUM) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')

describe('secret strength', () => {
  const table: [string, string, { below?: number; atLeast?: number; patterns?: string[] }][] = [
    [
      'the issue’s JWT secret',
      'Password1234567890Password123456',
      { below: 40, patterns: ['word', 'keyboard', 'repeat'] },
    ],
    ['one character 32 times', 'a'.repeat(32), { below: 16, patterns: ['repeat'] }],
    ['a short unit repeated', 'abcabcabcabcabcabcabcabcabcabcab', { below: 24, patterns: ['sequence', 'repeat'] }],
    ['a unit of random characters repeated', 'x7#Qx7#Qx7#Qx7#Qx7#Qx7#Qx7#Qx7#Q', { below: 40, patterns: ['repeat'] }],
    ['keyboard rows', 'qwertyuiopasdfghjklzxcvbnm123456', { below: 48, patterns: ['keyboard', 'sequence'] }],
    ['leet words and a year', 'P@ssw0rd-S3cret-Adm1n-2026-L1fePay', { below: 100, patterns: ['word'] }],
    ['a made-up phrase', 'life-pay-dev-jwt-secret-change-me', { below: 100, patterns: ['word'] }],
    ['descending digits', '98765432109876543210987654321098', { below: 32, patterns: ['sequence', 'repeat'] }],
    [
      '`openssl rand -base64 48`',
      'jU5zcSV6fW1liU4H/u6DrYGhgaiZQSm/gLNeXfNPU31uP6ACKuSEW0g8wp/BQLc0WY4xhBjPpfESMf6Syx79b0KZQ7pg5fp3',
      { atLeast: 400 },
    ],
    ['32 random letters and digits', '5T0wWI6ztgSkKcyqsHZX76je24AutJ9D', { atLeast: 180 }],
    ['32 random hex characters: 4 bits each', 'b61885b78aaca34b8f8a31d61de92425', { atLeast: 120, below: 129 }],
    ['empty', '', { below: 1 }],
  ]
  for (const [name, secret, expected] of table) {
    test(name, () => {
      const { bits, patterns } = secretStrength(secret)
      if (expected.below !== undefined)
        assert.ok(bits < expected.below, `${bits} bits, expected below ${expected.below}`)
      if (expected.atLeast !== undefined)
        assert.ok(bits >= expected.atLeast, `${bits} bits, expected ≥ ${expected.atLeast}`)
      if (expected.patterns) assert.deepEqual(patterns, expected.patterns)
    })
  }

  test('what generators make passes its threshold every time (1,000 of each)', () => {
    const generated: [string, () => string, number][] = [
      ['openssl rand -base64 48', () => randomBytes(48).toString('base64'), TOKEN_BITS],
      ['openssl rand -hex 32', () => randomBytes(32).toString('hex'), TOKEN_BITS],
      ['32 letters and digits (a WeChat Pay APIv3 key)', () => randomText(32), VENDOR_SECRET_BITS],
      ['30 letters and digits (an Alibaba Cloud AccessKey secret)', () => randomText(30), VENDOR_SECRET_BITS],
      [
        '32 hex characters (a WeChat AppSecret, a Fulu AppSecret)',
        () => randomBytes(16).toString('hex'),
        VENDOR_SECRET_BITS,
      ],
    ]
    for (const [name, generate, threshold] of generated) {
      for (let i = 0; i < 1000; i++) {
        const secret = generate()
        assert.equal(weakerThan(secret, threshold), null, `${name}: ${secret} scored ${secretStrength(secret).bits}`)
      }
    }
  })

  test('the reason names the estimate and the patterns, never the secret', () => {
    assert.equal(
      weakerThan('Password1234567890Password123456', 128),
      `guessable: about ${secretStrength('Password1234567890Password123456').bits} bits (a common word, a keyboard run, a repeated part), at least 128 needed`,
    )
    assert.equal(weakerThan('5T0wWI6ztgSkKcyqsHZX76je24AutJ9D', 128), null)
  })

  test('long secrets are judged on their first 256 characters plus what the rest is worth, quickly', () => {
    const started = performance.now()
    const { bits } = secretStrength(randomBytes(3000).toString('base64'))
    assert.ok(bits > 4000)
    assert.ok(performance.now() - started < 500)
  })
})
