/** @jest-environment node */
import { decodeBase64Url, decodeJwtPayload, decodeUtf8, isTokenExpired, readClientId } from '@domain/token'

const created = Date.UTC(2024, 0, 1)

describe('isTokenExpired (SPEC §4: elapsed seconds > expiresIn − 300)', () => {
  const token = { expiresIn: 7200, creationTime: created }

  it('is not expired right after creation', () => {
    expect(isTokenExpired(token, created)).toBe(false)
    expect(isTokenExpired(token, created + 1000)).toBe(false)
  })

  it('is not expired at exactly expiresIn − 300 seconds', () => {
    expect(isTokenExpired(token, created + (7200 - 300) * 1000)).toBe(false)
  })

  it('is expired one second later', () => {
    expect(isTokenExpired(token, created + (7200 - 300 + 1) * 1000)).toBe(true)
  })

  it('is expired as soon as the boundary is passed', () => {
    expect(isTokenExpired(token, created + (7200 - 300) * 1000 + 1)).toBe(true)
  })

  it('is expired immediately when the lifetime is within the margin', () => {
    expect(isTokenExpired({ expiresIn: 300, creationTime: created }, created)).toBe(false)
    expect(isTokenExpired({ expiresIn: 300, creationTime: created }, created + 1)).toBe(true)
    expect(isTokenExpired({ expiresIn: 200, creationTime: created }, created)).toBe(true)
  })

  it.each([
    [null],
    [undefined],
    [{}],
    [{ expiresIn: 7200 }],
    [{ creationTime: created }],
    [{ expiresIn: '7200', creationTime: created }],
    [{ expiresIn: 7200, creationTime: 'yesterday' }],
    [{ expiresIn: NaN, creationTime: created }],
  ])('treats a malformed token %p as expired', (malformed) => {
    expect(isTokenExpired(malformed as never, created)).toBe(true)
  })

  it('reads the clock when no time is given', () => {
    expect(isTokenExpired({ expiresIn: 7200, creationTime: Date.now() })).toBe(false)
    expect(isTokenExpired({ expiresIn: 7200, creationTime: Date.now() - 7200 * 1000 })).toBe(true)
  })
})

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}

function jwt(payload: unknown): string {
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`
}

describe('decodeJwtPayload', () => {
  it('reads an ASCII payload', () => {
    expect(decodeJwtPayload(jwt({ sub: '42', client_id: 'life-pay', exp: 1700000000 }))).toEqual({
      sub: '42',
      client_id: 'life-pay',
      exp: 1700000000,
    })
  })

  it('reads a UTF-8 payload (Chinese, emoji, characters outside the BMP)', () => {
    const payload = { name: '张三', city: '北京市', note: 'ok 😀 𠀀 é', client_id: '客户端' }
    expect(decodeJwtPayload(jwt(payload))).toEqual(payload)
  })

  it('reads payloads whose base64url needs the - and _ characters and every padding length', () => {
    for (let length = 0; length < 12; length++) {
      const payload = { v: '?>~'.repeat(length), k: 'ÿ'.repeat(length) }
      const token = jwt(payload)
      expect(decodeJwtPayload(token)).toEqual(payload)
    }
    expect(jwt({ v: '?>~??' })).toMatch(/[-_]/)
  })

  it('accepts standard base64 with padding in the payload part', () => {
    const padded = Buffer.from('{"client_id":"a"}').toString('base64')
    expect(padded.endsWith('=')).toBe(true)
    expect(decodeJwtPayload(`x.${padded}.y`)).toEqual({ client_id: 'a' })
  })

  it('works where atob, Buffer and TextDecoder do not exist (mini-programs)', () => {
    const token = jwt({ name: '李四', client_id: 'c1' })
    const saved = { atob: globalThis.atob, Buffer: globalThis.Buffer, TextDecoder: globalThis.TextDecoder }
    const g = globalThis as Record<string, unknown>
    try {
      delete g.atob
      delete g.Buffer
      delete g.TextDecoder
      expect(decodeJwtPayload(token)).toEqual({ name: '李四', client_id: 'c1' })
    } finally {
      Object.assign(globalThis, saved)
    }
  })

  it.each([
    ['', 'empty'],
    ['abc', 'one part'],
    ['a.b', 'two parts'],
    ['a..c', 'empty payload'],
    ['a.b.c.d', 'four parts'],
    ['a.!!!!.c', 'not base64'],
    ['a.YWJj\u00e9.c', 'non-ASCII character'],
    ['a.Y.c', 'impossible length'],
    [`a.${base64Url('not json')}.c`, 'not JSON'],
    [`a.${base64Url('[1,2]')}.c`, 'a JSON array'],
    [`a.${base64Url('"text"')}.c`, 'a JSON string'],
    [`a.${base64Url('null')}.c`, 'JSON null'],
    [`a.${Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')}.c`, 'invalid UTF-8'],
  ])('gives undefined for %p (%s)', (token) => {
    expect(decodeJwtPayload(token)).toBeUndefined()
  })

  it('gives undefined for non-strings', () => {
    expect(decodeJwtPayload(null)).toBeUndefined()
    expect(decodeJwtPayload(undefined)).toBeUndefined()
    expect(decodeJwtPayload(42 as unknown as string)).toBeUndefined()
  })
})

describe('readClientId', () => {
  it('reads client_id from the access token', () => {
    expect(readClientId(jwt({ client_id: 'life-pay-app' }))).toBe('life-pay-app')
  })

  it('gives undefined when it is missing, empty, not a string or the token is malformed', () => {
    expect(readClientId(jwt({ sub: '1' }))).toBeUndefined()
    expect(readClientId(jwt({ client_id: '' }))).toBeUndefined()
    expect(readClientId(jwt({ client_id: 7 }))).toBeUndefined()
    expect(readClientId('garbage')).toBeUndefined()
  })
})

describe('decodeUtf8', () => {
  it('decodes 1- to 4-byte sequences', () => {
    const text = 'a é 中 😀'
    expect(decodeUtf8(new Uint8Array(Buffer.from(text, 'utf8')))).toBe(text)
  })

  it('decodes long text in chunks', () => {
    const text = '中文'.repeat(10000)
    expect(decodeUtf8(new Uint8Array(Buffer.from(text, 'utf8')))).toBe(text)
  })

  it.each([
    [[0xc0, 0x80], 'overlong NUL'],
    [[0xe0, 0x80, 0x80], 'overlong 3-byte'],
    [[0xed, 0xa0, 0x80], 'surrogate'],
    [[0xf4, 0x90, 0x80, 0x80], 'beyond U+10FFFF'],
    [[0xe4, 0xb8], 'truncated'],
    [[0x80], 'lone continuation byte'],
    [[0xff], 'invalid byte'],
  ])('rejects %p (%s)', (bytes) => {
    expect(decodeUtf8(new Uint8Array(bytes))).toBeUndefined()
  })
})

describe('decodeBase64Url', () => {
  it('decodes what Node encodes', () => {
    const bytes = new Uint8Array(256).map((_, i) => i)
    expect(Array.from(decodeBase64Url(Buffer.from(bytes).toString('base64url')) ?? [])).toEqual(Array.from(bytes))
  })
})
