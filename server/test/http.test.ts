import { createHash } from 'node:crypto'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { after, before, describe, test } from 'node:test'
import { createSensitiveWordFilter } from '@domain/sensitiveWords'
import { corsPolicy } from '../src/http/cors'
import type { IdentityProvider } from '../src/providers/identity'
import { createTestApp, type TestApp } from './support/testApp'

// SPEC §7's calls (32) plus the verification-code call.
const SPEC_CALLS = [
  'GET /api/User/GetUserInfo',
  'POST /api/Account/GetOssSTS',
  'GET /api/Account/GetWxIndentity',
  'GET /api/Account/GetLifePayWxIndentity',
  'POST /api/Account/LifePayPhoneMesssageCodeLogin',
  'POST /api/Account/PasswordLogin',
  'POST /api/Account/PhoneMesssageCodeRegister',
  'POST /api/Account/WxMiniAppPhoneAuthLogin',
  'POST /api/Account/WxMiniAppPhoneAuthLoginFromScan',
  'GET /api/Account/WxMiniAppUserLogin',
  'POST /api/Account/WxMiniAppUserLoginFromScan',
  'POST /api/accountAuth/GetTokenByRefreshToken',
  'GET /api/LifePay/GetRate',
  'POST /api/LifePay/GetElectricSupportArea',
  'POST /api/LifePay/GetElectricParValue',
  'POST /api/LifePay/GetPhoneParValue',
  'POST /api/LifePay/GetGasParValue',
  'POST /api/LifePay/CreateLifePayPhoneOrder',
  'POST /api/LifePay/CreateLifePayElectricOrder',
  'POST /api/LifePay/CreateLifePayGasOrder',
  'POST /api/LifePay/GetPayStatusByOrderNo',
  'POST /api/LifePay/SetLifePayOrderPayType',
  'POST /api/LifePay/GetUserLifePayOrderPage',
  'POST /api/LifePay/GetPayOrderForJsAPI',
  'POST /api/LifePay/GetUserAccountAllList',
  'POST /api/LifePay/GetUserAccountList',
  'POST /api/LifePay/AddUpdateUserAccount',
  'POST /api/LifePay/RefundUserLifePayOrder',
  'POST /api/LifePay/DeleteUserAccount',
  'GET /api/LifePay/GetUserAccountDetail',
  'GET /api/LifePay/GetUserLifePayOrderDetail',
  'GET /api/Area/GetRegionalManagementList',
  'POST /api/Account/SendPhoneMessageCode',
]

const logLines: string[] = []
const failingIdentity: IdentityProvider = {
  sandbox: true,
  appId: 'wx-test',
  code2Session: async () => {
    throw new Error('identity provider exploded: secret-detail')
  },
  phoneNumber: () => Promise.reject(new Error('not used')),
}

const BOOT_SCRIPT = 'window.__boot = 1'
const INDEX_HTML = `<!doctype html><title>Life Pay</title><script>${BOOT_SCRIPT}</script><script src="/js/app.js"></script>`
const HASHED_JS = `console.log(${'"life pay" + '.repeat(200)}1)`

let t: TestApp
let h5: string
before(async () => {
  h5 = mkdtempSync(join(tmpdir(), 'life-pay-h5-'))
  mkdirSync(join(h5, 'js'))
  writeFileSync(join(h5, 'index.html'), INDEX_HTML)
  writeFileSync(join(h5, 'js', 'app.js'), 'console.log(1)')
  // As the build writes them (config/precompressAssets.ts): hashed names, .br and .gz siblings.
  for (const [file, text] of [
    ['index.html', INDEX_HTML],
    ['js/app.1a2b3c4d.js', HASHED_JS],
  ]) {
    if (file !== 'index.html') writeFileSync(join(h5, file), text)
    writeFileSync(join(h5, `${file}.br`), brotliCompressSync(text))
    writeFileSync(join(h5, `${file}.gz`), gzipSync(text))
  }
  t = await createTestApp({
    config: { staticDir: h5 },
    providers: { identity: failingIdentity },
    logger: {
      level: 'error',
      stream: new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    },
  })
})
after(async () => {
  await t.close()
  rmSync(h5, { recursive: true, force: true })
})

describe('OpenAPI', () => {
  test('GET /api/docs/json lists every SPEC call with request and response schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    const doc = response.json() as {
      openapi: string
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    assert.equal(doc.openapi, '3.1.0')
    for (const call of SPEC_CALLS) {
      const [method, path] = call.split(' ')
      const operation = doc.paths[path]?.[method.toLowerCase()]
      assert.ok(operation, `${call} missing`)
      assert.ok(operation.responses['200'], `${call} has no 200 schema`)
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode < 400, true)
  })
})

describe('envelope and errors', () => {
  test('unknown API routes: 404 in the envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/LifePay/NoSuchCall', headers: { accept: 'text/html' } })
      assert.equal(response.statusCode, 404)
      assert.deepEqual(response.json(), {
        success: false,
        data: null,
        error: 'NOT_FOUND',
        msg: '请求地址出错',
        showType: 2,
      })
    }
  })

  test('malformed JSON: 400 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/PasswordLogin',
      payload: '{"loginName":',
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(response.statusCode, 400)
    assert.equal(response.json().error, 'BAD_REQUEST')
  })

  test('an unexpected failure: 500 without details, logged', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/Account/GetWxIndentity?code=x' })
    assert.equal(response.statusCode, 500)
    assert.deepEqual(response.json(), {
      success: false,
      data: null,
      error: 'INTERNAL_ERROR',
      msg: '服务器内部错误',
      showType: 2,
    })
    assert.ok(!response.body.includes('secret-detail') && !response.body.includes('stack'))
    assert.ok(logLines.some((line) => line.includes('secret-detail') && line.includes('"stack"')))
  })

  test('channelId in query and body is accepted on every kind of call, known or not', async () => {
    const phone = await t.post('/api/LifePay/GetPhoneParValue?channelId=unknown-42', { channelId: 'unknown-42' })
    assert.equal(phone.body.success, true)
    const rate = await t.get('/api/LifePay/GetRate?channelId=%F0%9F%98%80')
    assert.equal(rate.body.success, true)
  })

  test('a call made with no body at all', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/LifePay/GetGasParValue' })
    assert.equal(response.json().success, true)
  })
})

describe('static storage, health, H5', () => {
  test('the sensitive-word list: a cacheable text pattern the shared filter reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/sensitive-words.txt?t=123' })
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^text\/plain/)
    assert.match(String(response.headers['cache-control']), /max-age=\d+/)
    assert.ok(response.body.includes('|'))
    const filter = createSensitiveWordFilter(response.body)
    assert.deepEqual(filter({ msg: '禁止赌博' }), { msg: '禁止**' })
    const cached = await t.app.inject({
      method: 'GET',
      url: '/static/sensitive-words.txt',
      headers: { 'if-none-match': String(response.headers.etag) },
    })
    assert.equal(cached.statusCode, 304)
  })

  test('healthz and readyz', async () => {
    assert.equal((await t.get<{ status: string }>('/healthz')).body.data?.status, 'ok')
    assert.equal((await t.get<{ status: string }>('/readyz')).body.data?.status, 'ready')
  })

  test('the H5 build on the same origin, with history fallback for page routes only', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    assert.equal(home.statusCode, 200)
    assert.match(home.body, /Life Pay/)
    const deep = await t.app.inject({
      method: 'GET',
      url: '/subpackages/order/order/order?orderNo=1',
      headers: { accept: 'text/html,*/*' },
    })
    assert.deepEqual([deep.statusCode, deep.body], [200, INDEX_HTML])
    assert.equal(deep.headers['cache-control'], 'no-cache')
    const asset = await t.app.inject({ method: 'GET', url: '/js/app.js' })
    assert.deepEqual([asset.statusCode, asset.body], [200, 'console.log(1)'])
    assert.equal((await t.app.inject({ method: 'GET', url: '/js/missing.js' })).statusCode, 404)
    assert.equal(
      (await t.app.inject({ method: 'GET', url: '/static/missing.png', headers: { accept: 'text/html' } })).statusCode,
      404,
    )
  })
})

describe('H5 compression and caching', () => {
  const get = (url: string, acceptEncoding?: string, accept = '*/*') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    })

  test('a client that accepts brotli gets the .br sibling, with the type and cache policy of the original', async () => {
    const response = await get('/js/app.1a2b3c4d.js', 'gzip, deflate, br')
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['content-encoding'], 'br')
    assert.match(String(response.headers['content-type']), /javascript/)
    assert.match(String(response.headers.vary), /accept-encoding/i)
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(brotliDecompressSync(response.rawPayload).toString(), HASHED_JS)
  })

  test('gzip only: the .gz sibling; no encoding accepted: the plain file', async () => {
    const gzipped = await get('/js/app.1a2b3c4d.js', 'gzip')
    assert.equal(gzipped.headers['content-encoding'], 'gzip')
    assert.equal(gunzipSync(gzipped.rawPayload).toString(), HASHED_JS)
    for (const encoding of [undefined, 'identity']) {
      const plain = await get('/js/app.1a2b3c4d.js', encoding)
      assert.equal(plain.headers['content-encoding'], undefined)
      assert.equal(plain.body, HASHED_JS)
      assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable')
    }
  })

  test('only content-hashed assets are immutable; a file without siblings is sent plain', async () => {
    const unhashed = await get('/js/app.js', 'br, gzip')
    assert.deepEqual(
      [unhashed.statusCode, unhashed.headers['content-encoding'], unhashed.body],
      [200, undefined, 'console.log(1)'],
    )
    assert.equal(unhashed.headers['cache-control'], 'public, max-age=3600')
  })

  test('index.html, compressed or not, is revalidated on every load', async () => {
    const compressed = await get('/', 'br', 'text/html')
    assert.deepEqual([compressed.headers['content-encoding'], compressed.headers['cache-control']], ['br', 'no-cache'])
    assert.match(String(compressed.headers['content-type']), /^text\/html/)
    assert.equal(brotliDecompressSync(compressed.rawPayload).toString(), INDEX_HTML)
    const plain = await get('/', undefined, 'text/html')
    assert.deepEqual([plain.body, plain.headers['cache-control']], [INDEX_HTML, 'no-cache'])
  })

  test('a deep link gets index.html compressed, through the history fallback', async () => {
    const deep = await get('/subpackages/order/order/order?orderNo=1', 'gzip, br', 'text/html,*/*')
    assert.equal(deep.statusCode, 200)
    assert.deepEqual([deep.headers['content-encoding'], deep.headers['cache-control']], ['br', 'no-cache'])
    assert.match(String(deep.headers['content-type']), /^text\/html/)
    assert.equal(brotliDecompressSync(deep.rawPayload).toString(), INDEX_HTML)
    const gzipped = await get('/pages/mine/index', 'gzip', 'text/html')
    assert.equal(gunzipSync(gzipped.rawPayload).toString(), INDEX_HTML)
  })
})

describe('security headers', () => {
  test('the app page: a CSP that allows our scripts and the index’s own inline script by hash, no framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const csp = String(page.headers['content-security-policy'])
    const bootHash = createHash('sha256').update(BOOT_SCRIPT).digest('base64')
    assert.match(csp, new RegExp(`script-src 'self' 'sha256-${bootHash.replace(/[+/]/g, '\\$&')}'`))
    assert.doesNotMatch(csp, /unsafe-eval|upgrade-insecure-requests/)
    assert.match(csp, /frame-ancestors 'none'/)
    assert.equal(page.headers['x-content-type-options'], 'nosniff')
    assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN')
    assert.equal(page.headers['referrer-policy'], 'strict-origin-when-cross-origin')
    // Plain HTTP: HSTS would say nothing true.
    assert.equal(page.headers['strict-transport-security'], undefined)
  })

  test('API answers carry the API set (no document policy), a missing API route too; HSTS only over TLS', async () => {
    for (const url of ['/api/LifePay/GetRate', '/api/LifePay/NoSuchCall', '/healthz']) {
      const answer = await t.app.inject({ method: 'GET', url })
      assert.equal(answer.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'", url)
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', url)
      assert.equal(answer.headers['x-frame-options'], 'DENY', url)
      assert.equal(answer.headers['cross-origin-resource-policy'], 'same-site', url)
      // What only a document uses is not sent.
      assert.equal(answer.headers['referrer-policy'], undefined, url)
      assert.equal(answer.headers['cross-origin-opener-policy'], undefined, url)
    }
    const overTls = await t.app.inject({
      method: 'GET',
      url: '/api/LifePay/GetRate',
      headers: { 'x-forwarded-proto': 'https' },
    })
    // Without trustProxy the forwarded protocol is not believed.
    assert.equal(overTls.headers['strict-transport-security'], undefined)
  })

  test('an API answer’s security headers are under a third of a document’s bytes', async () => {
    const bytes = (headers: Record<string, unknown>) =>
      Object.entries(headers)
        .filter(([name]) =>
          /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|x-)/.test(name),
        )
        .reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0)
    const api = bytes((await t.app.inject({ method: 'GET', url: '/api/LifePay/GetRate' })).headers)
    const page = bytes((await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).headers)
    assert.ok(api * 3 <= page, `API ${api} bytes, document ${page}`)
  })

  test('behind a trusted proxy that says TLS, HSTS too', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } })
    try {
      const overTls = await proxied.app.inject({
        method: 'GET',
        url: '/api/LifePay/GetRate',
        headers: { 'x-forwarded-proto': 'https' },
      })
      assert.equal(overTls.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains')
      assert.equal(overTls.headers['x-content-type-options'], 'nosniff')
      const page = await proxied.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
      })
      assert.equal(page.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains')
    } finally {
      await proxied.close()
    }
  })

  test('the same set on an answer, a refusal, a missing route and an error; Swagger UI keeps its own CSP', async () => {
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) =>
          /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|x-(content-type|dns-prefetch|download|frame|permitted|xss))/.test(
            name,
          ),
        ),
      )
    const answer = security((await t.app.inject({ method: 'GET', url: '/api/LifePay/GetRate' })).headers)
    assert.deepEqual(Object.keys(answer).sort(), [
      'content-security-policy',
      'cross-origin-resource-policy',
      'x-content-type-options',
      'x-frame-options',
    ])
    const refusal = await t.app.inject({ method: 'POST', url: '/api/LifePay/GetUserLifePayOrderPage', payload: {} })
    const missing = await t.app.inject({ method: 'GET', url: '/api/LifePay/NoSuchCall' })
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/LifePay/GetRate',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    })
    for (const response of [refusal, missing, badJson]) assert.deepEqual(security(response.headers), answer)
    assert.deepEqual([refusal.statusCode, missing.statusCode], [401, 404])
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' })
    assert.match(String(docs.headers['content-security-policy']), /validator\.swagger\.io/)
    // A document: the rest of the document set.
    assert.equal(docs.headers['referrer-policy'], 'strict-origin-when-cross-origin')
  })
})

describe('cross-origin calls (H5 dev server)', () => {
  const preflight = (app: TestApp['app'], origin: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/LifePay/CreateLifePayPhoneOrder',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
        ...extra,
      },
    })
  const cors = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')))

  test('a local origin may call with credentials; the preflight names the methods and headers the app sends', async () => {
    const answer = await preflight(t.app, 'http://localhost:10086')
    assert.equal(answer.statusCode, 204)
    assert.equal(answer.body, '')
    assert.deepEqual(cors(answer.headers), {
      'access-control-allow-origin': 'http://localhost:10086',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers':
        'content-type, authorization, x-requested-with, accept-language, x-lifepay-user-id, x-operator-token, ' +
        'x-lifepay-host',
      'access-control-max-age': '600',
    })
    assert.match(String(answer.headers.vary), /\bOrigin\b/)
    const call = await t.app.inject({
      method: 'GET',
      url: '/api/LifePay/GetRate',
      headers: { origin: 'http://127.0.0.1:10086' },
    })
    assert.equal(call.statusCode, 200)
    assert.deepEqual(cors(call.headers), {
      'access-control-allow-origin': 'http://127.0.0.1:10086',
      'access-control-allow-credentials': 'true',
    })
    assert.match(String(call.headers.vary), /\bOrigin\b/)
    // An OPTIONS without Access-Control-Request-Method is no preflight: routed like any call, our envelope.
    const notPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/LifePay/GetRate',
      headers: { origin: 'http://localhost:10086' },
    })
    assert.deepEqual([notPreflight.statusCode, notPreflight.json().error], [404, 'NOT_FOUND'])
    assert.equal(notPreflight.headers['access-control-allow-origin'], 'http://localhost:10086')
  })

  test('other origins get no CORS headers, and their preflight is not answered', async () => {
    const call = await t.app.inject({
      method: 'GET',
      url: '/api/LifePay/GetRate',
      headers: { origin: 'https://evil.example' },
    })
    assert.equal(call.statusCode, 200)
    assert.deepEqual(cors(call.headers), {})
    const refused = await preflight(t.app, 'https://evil.example')
    assert.equal(refused.statusCode, 404)
    assert.deepEqual(cors(refused.headers), {})
    const sameOrigin = await t.app.inject({ method: 'GET', url: '/api/LifePay/GetRate' })
    assert.deepEqual(cors(sameOrigin.headers), {})
  })

  test('CORS_ORIGINS lists the allowed origins; production allows none by default', async () => {
    assert.equal(corsPolicy(['https://h5.example.com'], true)('https://h5.example.com'), true)
    assert.equal(corsPolicy(['https://h5.example.com'], true)('http://localhost:3000'), false)
    assert.equal(corsPolicy([], true)('http://localhost:3000'), false)
    assert.equal(corsPolicy([], false)('http://localhost:3000'), true)
    assert.equal(corsPolicy(['*'], true)('https://any.example'), true)
    const listed = await createTestApp({ config: { corsOrigins: ['https://h5.example.com'] } })
    try {
      const answer = await preflight(listed.app, 'https://h5.example.com')
      assert.deepEqual(
        [answer.statusCode, answer.headers['access-control-allow-origin']],
        [204, 'https://h5.example.com'],
      )
      const local = await preflight(listed.app, 'http://localhost:10086')
      assert.deepEqual([local.statusCode, local.headers['access-control-allow-origin']], [404, undefined])
    } finally {
      await listed.close()
    }
  })
})

describe('every call refuses missing input by naming the field', () => {
  // [call, the field named]: each sent with nothing but channelId.
  const cases: [string, string][] = [
    ['POST /api/Account/SendPhoneMessageCode', '手机号'],
    ['POST /api/Account/LifePayPhoneMesssageCodeLogin', '手机号'],
    ['POST /api/Account/PasswordLogin', '账号'],
    ['POST /api/Account/PhoneMesssageCodeRegister', '手机号'],
    ['GET /api/Account/GetWxIndentity', '验证码'],
    ['GET /api/Account/GetLifePayWxIndentity', '验证码'],
    ['GET /api/Account/WxMiniAppUserLogin', '验证码'],
    ['POST /api/Account/WxMiniAppUserLoginFromScan', '推荐人'],
    ['POST /api/Account/WxMiniAppPhoneAuthLogin', 'openId'],
    ['POST /api/Account/WxMiniAppPhoneAuthLoginFromScan', 'openId'],
    ['POST /api/accountAuth/GetTokenByRefreshToken', '刷新令牌'],
    ['POST /api/LifePay/CreateLifePayPhoneOrder', '充值面额'],
    ['POST /api/LifePay/CreateLifePayElectricOrder', '充值面额'],
    ['POST /api/LifePay/CreateLifePayGasOrder', '充值面额'],
    ['POST /api/LifePay/GetPayStatusByOrderNo', '订单号'],
    ['POST /api/LifePay/SetLifePayOrderPayType', '订单号'],
    ['POST /api/LifePay/GetUserLifePayOrderPage', '页码'],
    ['POST /api/LifePay/GetPayOrderForJsAPI', '订单号'],
    ['POST /api/LifePay/GetUserAccountList', '页码'],
    ['POST /api/LifePay/AddUpdateUserAccount', '类型'],
    ['POST /api/LifePay/RefundUserLifePayOrder', '编号'],
    ['POST /api/LifePay/DeleteUserAccount', '编号'],
    ['GET /api/LifePay/GetUserAccountDetail', '编号'],
    ['GET /api/LifePay/GetUserLifePayOrderDetail', '订单号'],
  ]

  test('HTTP 200, VALIDATION_FAILED, showType 2, msg naming the field', async () => {
    const token = (await t.loginDemo()).accessToken
    for (const [call, field] of cases) {
      const [method, path] = call.split(' ') as ['GET' | 'POST', string]
      const answer =
        method === 'GET'
          ? await t.get(`${path}?channelId=818`, { token })
          : await t.post(`${path}?channelId=818`, { channelId: '818' }, { token })
      assert.deepEqual(
        [answer.status, answer.body.success, answer.body.error, answer.body.showType],
        [200, false, 'VALIDATION_FAILED', 2],
        call,
      )
      assert.equal(answer.body.msg, `${field}：此项为必填项`, call)
    }
  })

  test('protected calls answer 401 before looking at the input', async () => {
    for (const path of [
      '/api/LifePay/CreateLifePayPhoneOrder',
      '/api/LifePay/GetUserAccountList',
      '/api/Account/GetOssSTS',
    ]) {
      assert.equal((await t.post(path, {})).status, 401, path)
    }
  })
})
