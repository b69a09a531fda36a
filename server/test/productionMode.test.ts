import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { LifePayType } from '@domain/lifePayType'
import { loadConfig, type AliyunSettings, type ServerConfig, type WechatPaySettings } from '../src/config'
import {
  ALIPAY_DEFAULT_GATEWAY,
  ALIYUN_SMS_DEFAULT_ENDPOINT,
  ALIYUN_STS_DEFAULT_ENDPOINT,
  DEV_JWT_SECRET,
  DEV_OPERATOR_TOKEN,
  FULU_GATEWAY,
  REPO_ROOT,
  WECHAT_API_DEFAULT_BASE_URL,
  WECHAT_PAY_DEFAULT_BASE_URL,
} from '../src/configSchema'
import {
  ProductionNotReadyError,
  assertProductionReady,
  productionProblems,
  routeProblems,
  urlProblem,
  weakSecret,
} from '../src/productionReadiness'
import { startServer } from '../src/server'
import { FULU_SANDBOX_APP_KEY, FULU_SANDBOX_APP_SECRET, FULU_SANDBOX_GATEWAY } from '../src/providers/fuluSettings'

// Issue 18's production mode: with NODE_ENV=production the server refuses to start on any unsafe setting, naming
// each; a test per rule. A "safe" configuration names a real provider for each, with the vendor settings the rules
// read (server/test/liveLifecycle.test.ts starts a production server on the real adapters and fakes, over TLS).

const STRONG_JWT = 'k3J9x!vQ2m#Lw8pZr5Tn0bYc7Hd4Fg6A'
const STRONG_OPERATOR = 'Qw7Er9Ty1Ui3Op5As8Df0Gh2Jk4Lz6Xc'

const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', STATIC_DIR: '', ...env } as NodeJS.ProcessEnv)

/** Vendor secrets as the vendors issue them: random, in their formats. */
const API_V3_KEY = '5T0wWI6ztgSkKcyqsHZX76je24AutJ9D'
const WX_APP_SECRET = 'b61885b78aaca34b8f8a31d61de92425'
const ALIYUN_SECRET = 'H3qQumMBD0lFCLNfJtBczyCUTjY2XK'
const FULU_SECRET = 'c4e81f0b7a2d95e3f6b1a8d0e9c37f52'
const FULU_KEY = 'Qm8vX2+/b7NcK1LrT9zWp4YdH6sJ0eFgA3uRkE5iO2tVwXyZaBcDeFgHiJkLmNoP'
const SERVER = 'https://pay.life-pay.cn'

const wechatPay: WechatPaySettings = {
  mchId: '1900000109',
  appId: 'wx8888888888888888',
  mchSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  mchPrivateKeyFile: '/etc/life-pay/apiclient_key.pem',
  apiV3Key: API_V3_KEY,
  publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
  publicKeyFile: '/etc/life-pay/pub_key.pem',
  notifyUrl: `${SERVER}/api/pay/notify/wxpay`,
  refundNotifyUrl: `${SERVER}/api/pay/notify/wxpay/refund`,
  baseUrl: WECHAT_PAY_DEFAULT_BASE_URL,
}
const aliyun: AliyunSettings = {
  accessKeyId: 'LTAI5tQ9bX2mKp7RzW4nYc8D',
  accessKeySecret: ALIYUN_SECRET,
  sms: { signName: '生活缴费', templateCode: 'SMS_1', templateCodes: {}, endpoint: ALIYUN_SMS_DEFAULT_ENDPOINT },
  storage: {
    bucket: 'life-pay-uploads',
    ossEndpoint: 'oss-cn-hangzhou.aliyuncs.com',
    roleArn: 'acs:ram::1:role/uploads',
    stsEndpoint: ALIYUN_STS_DEFAULT_ENDPOINT,
    readEndpoint: null,
  },
  carrierLookup: null,
}

/** Production with every rule met: real providers, no demo data, strong distinct secrets, https vendors. */
function safe(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...production({ JWT_SECRET: STRONG_JWT, OPERATOR_TOKEN: STRONG_OPERATOR, SEED_DEMO_DATA: '0' }),
    providers: { identity: 'wechat', sms: 'aliyun', supplier: 'fulu', storage: 'aliyun' },
    payTypes: { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: 'alipay' },
    carrierLookup: 'off',
    wechatPay,
    alipay: {
      appId: '2021000000000001',
      privateKeyFile: '/etc/life-pay/app.pem',
      verification: { mode: 'publicKey', alipayPublicKeyFile: '/etc/life-pay/alipay.pem' },
      notifyUrl: `${SERVER}/api/pay/notify/alipay`,
      gateway: ALIPAY_DEFAULT_GATEWAY,
    },
    aliyun,
    wechatIdentity: { appId: 'wx8888888888888888', appSecret: WX_APP_SECRET, baseUrl: WECHAT_API_DEFAULT_BASE_URL },
    fuluSupplier: {
      gateway: FULU_GATEWAY,
      appKey: FULU_KEY,
      appSecret: FULU_SECRET,
      timeoutMs: 10_000,
      callbackMaxAgeMs: 300_000,
      products: {},
    },
    notify: { providers: { wechat: 'wechat', alipay: 'off', sms: 'aliyun' }, wechat: null, alipay: null, sms: null },
    ...overrides,
  }
}

/** The settings a configuration's problems name, in order. */
const settingsOf = (problems: string[]) => problems.map((problem) => problem.split(':')[0])

describe('production mode', () => {
  test('a configuration meeting every rule has no problem; the sandbox demo is not production and is never checked', () => {
    assert.deepEqual(productionProblems(safe()), [])
    assert.doesNotThrow(() => assertProductionReady(safe()))
    const demo = loadConfig({} as NodeJS.ProcessEnv)
    assert.equal(demo.production, false)
    assert.doesNotThrow(() => assertProductionReady(demo, ['/api/dev/sms-outbox']))
  })

  for (const kind of ['identity', 'sms', 'supplier', 'storage'] as const) {
    test(`a sandbox ${kind} provider is refused, naming its setting`, () => {
      const config = safe()
      const problems = productionProblems({ ...config, providers: { ...config.providers, [kind]: 'sandbox' } })
      assert.equal(problems.length, 1)
      assert.match(problems[0], new RegExp(`^${kind.toUpperCase()}_PROVIDER: the ${kind} provider is the sandbox`))
    })
  }

  for (const [payType, setting] of [
    [LifePayType.WxPay, 'WXPAY_PROVIDER'],
    [LifePayType.AliPay, 'ALIPAY_PROVIDER'],
  ] as const) {
    test(`a pay type offered through the sandbox is refused: ${setting}`, () => {
      const config = safe()
      const problems = productionProblems({ ...config, payTypes: { ...config.payTypes, [payType]: 'sandbox' } })
      assert.equal(problems.length, 1)
      assert.match(problems[0], new RegExp(`^${setting}: ${LifePayType[payType]} orders go to the sandbox`))
    })
  }

  test('a pay type not offered needs no provider: one real pay type is enough', () => {
    assert.deepEqual(
      productionProblems(safe({ payTypes: { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: null } })),
      [],
    )
    assert.deepEqual(
      productionProblems(safe({ payTypes: { [LifePayType.WxPay]: null, [LifePayType.AliPay]: 'alipay' } })),
      [],
    )
  })

  test('demo data is refused (its user and published password would be created)', () => {
    assert.deepEqual(productionProblems(safe({ seedDemoData: true })), [
      'SEED_DEMO_DATA: must be 0 (the demo user and its published password would be created)',
    ])
  })

  test('the sandbox wallet setting is refused', () => {
    assert.deepEqual(productionProblems(safe({ sandboxWalletInHost: true })), [
      'SANDBOX_WALLET_IN_HOST: a sandbox setting, must be unset',
    ])
  })

  test('weak secrets are refused, each for its reason: unset (the published default), short, guessable', () => {
    const [jwtUnset] = productionProblems(safe({ jwtSecret: DEV_JWT_SECRET }))
    assert.match(jwtUnset, /^JWT_SECRET: not set \(the published development default\)/)
    const [operatorUnset] = productionProblems(safe({ operatorToken: DEV_OPERATOR_TOKEN }))
    assert.match(operatorUnset, /^OPERATOR_TOKEN: not set/)
    assert.match(productionProblems(safe({ jwtSecret: 'short-secret' }))[0], /^JWT_SECRET: 12 characters, at least 32/)
    assert.match(
      productionProblems(safe({ operatorToken: 'a'.repeat(40) }))[0],
      /^OPERATOR_TOKEN: guessable: about \d+ bits \(a repeated part\), at least 128 needed \(use e\.g\. `openssl rand -base64 48`\)$/,
    )
    // 32 characters of four classes, long enough and varied enough for a length-and-alphabet rule: a word, a run, the
    // same again.
    const [issueExample] = productionProblems(safe({ jwtSecret: 'Password1234567890Password123456' }))
    assert.match(
      issueExample,
      /^JWT_SECRET: guessable: about \d+ bits \(a common word, .*a repeated part\), at least 128/,
    )
    assert.doesNotMatch(issueExample, /Password/)
    assert.equal(weakSecret(STRONG_JWT, [DEV_JWT_SECRET]), null)
  })

  test("Fulu's secret is judged by its format and randomness; its public sandbox app and gateway are refused", () => {
    const fulu = safe().fuluSupplier
    assert.ok(fulu)
    const problems = (changes: Partial<typeof fulu>) =>
      productionProblems(safe({ fuluSupplier: { ...fulu, ...changes } }))
    assert.deepEqual(problems({}), [])
    assert.match(problems({ appSecret: 'a'.repeat(32) })[0], /^FULU_APP_SECRET: .*bits/)
    assert.match(
      problems({ appSecret: 'live-supplier-key-0123456789abcd' })[0],
      /^FULU_APP_SECRET: not 32 lower-case hex/,
    )
    assert.match(problems({ appSecret: FULU_SANDBOX_APP_SECRET })[0], /^FULU_APP_SECRET: a published sandbox value/)
    assert.match(problems({ appKey: FULU_SANDBOX_APP_KEY })[0], /^FULU_APP_KEY: Fulu's public sandbox app/)
    assert.match(problems({ gateway: FULU_SANDBOX_GATEWAY })[0], /^FULU_GATEWAY: .*Fulu's pre-release sandbox/)
    assert.match(problems({ gateway: 'http://openapi.fulu.com/api/getway' })[0], /^FULU_GATEWAY: .* is not https/)
  })

  test("vendor secrets are checked against the vendor's format and for randomness, never echoed", () => {
    const problems = (overrides: Partial<ServerConfig>) => productionProblems(safe(overrides))
    // The issue's APIv3 key: 32 identical characters.
    const [apiV3] = problems({ wechatPay: { ...wechatPay, apiV3Key: 'a'.repeat(32) } })
    assert.match(
      apiV3,
      /^WXPAY_API_V3_KEY: guessable: about \d+ bits \(a repeated part\), at least 96 needed \(set a random one/,
    )
    assert.match(
      problems({ wechatPay: { ...wechatPay, apiV3Key: 'abcdefghijklmnopqrstuvwxyz-12345' } })[0],
      /^WXPAY_API_V3_KEY: not 32 letters and digits/,
    )
    // The issue's WX_APP_SECRET=x, and one of the right length in the wrong alphabet.
    const identity = safe().wechatIdentity
    const appSecret = (value: string) => problems({ wechatIdentity: identity && { ...identity, appSecret: value } })
    assert.deepEqual(appSecret('x'), [
      'WX_APP_SECRET: not 32 lower-case hex characters (copy it from mp.weixin.qq.com → 开发管理 → 开发设置 → AppSecret)',
    ])
    assert.match(appSecret(WX_APP_SECRET.toUpperCase())[0], /^WX_APP_SECRET: not 32 lower-case hex/)
    assert.match(appSecret('0123456789abcdef0123456789abcdef')[0], /^WX_APP_SECRET: guessable/)
    // Alibaba Cloud: a 30-character secret, a RAM user's long-lived key id (an STS key expires).
    assert.match(
      problems({ aliyun: { ...aliyun, accessKeySecret: 'secret' } })[0],
      /^ALIYUN_ACCESS_KEY_SECRET: not 30 letters/,
    )
    assert.match(
      problems({ aliyun: { ...aliyun, accessKeyId: 'STS.NUCn8Ah5H2x7' } })[0],
      /^ALIYUN_ACCESS_KEY_ID: not a RAM user's AccessKey id \(LTAI…\); an STS/,
    )
    // Alipay's content-encryption key: 16 bytes, not all one value.
    const alipayIdentity = {
      appId: '2021000000000001',
      privateKeyFile: '/etc/life-pay/app.pem',
      verification: { mode: 'publicKey' as const, alipayPublicKeyFile: '/etc/life-pay/alipay.pem' },
      aesKey: 'Etc4W84jT+j626H+6WwCiw==',
      gateway: ALIPAY_DEFAULT_GATEWAY,
    }
    assert.deepEqual(problems({ alipayIdentity }), [])
    assert.match(
      problems({ alipayIdentity: { ...alipayIdentity, aesKey: Buffer.alloc(16, 9).toString('base64') } })[0],
      /^ALIPAY_AES_KEY: guessable/,
    )
    // No message carries the secret it refuses.
    for (const problem of [apiV3, ...appSecret('0123456789abcdef0123456789abcdef')])
      assert.doesNotMatch(problem, /aaaa|0123456789abcdef/)
  })

  test('every vendor URL and notify URL is https, never a sandbox, each naming its setting', () => {
    const http = productionProblems(
      safe({
        wechatPay: { ...wechatPay, baseUrl: 'http://api.mch.weixin.qq.com', notifyUrl: 'http://pay.life-pay.cn/n' },
      }),
    )
    assert.deepEqual(settingsOf(http), ['WXPAY_BASE_URL', 'WXPAY_NOTIFY_URL'])
    assert.match(http[0], /^WXPAY_BASE_URL: http:\/\/api\.mch\.weixin\.qq\.com is not https/)
    assert.match(http[1], /^WXPAY_NOTIFY_URL: http:\/\/pay\.life-pay\.cn\/n is not https: the vendor would post/)
    const sandboxes = [
      ['https://openapi-sandbox.dl.alipaydev.com/gateway.do', /Alipay's sandbox/],
      ['https://openapi.alipaydev.com/gateway.do', /Alipay's sandbox/],
      ['https://api.mch.weixin.qq.com/sandboxnew', /WeChat Pay's simulation sandbox/],
      ['https://api.mch.weixin.qq.com/xdc/apiv2sandbox/pay/micropay', /WeChat Pay's simulation sandbox/],
      ['https://pre-openapi.fulu.com/api/getway', /Fulu's pre-release sandbox/],
      ['https://pre.openapi.fulu.com/api/getway', /Fulu's pre-release sandbox/],
    ] as const
    for (const [url, name] of sandboxes) assert.match(urlProblem(url, 'vendor') ?? '', name, url)
    for (const url of [
      'https://openapi.alipay.com/gateway.do',
      WECHAT_PAY_DEFAULT_BASE_URL,
      'https://openapi.fulu.com/api/getway',
    ])
      assert.equal(urlProblem(url, 'vendor'), null, url)
    // Where a vendor could never post its notification.
    for (const host of ['localhost', '127.0.0.1', '10.0.0.8', '192.168.1.20', '172.20.0.2', 'pay', 'api.internal'])
      assert.match(
        urlProblem(`https://${host}/api/pay/notify/wxpay`, 'notify') ?? '',
        /cannot be reached by the vendor/,
        host,
      )
    assert.match(urlProblem('not a url', 'notify') ?? '', /is not a URL/)
    // A refund notify URL of its own is checked; the default one (the notify URL + /refund) is not named twice.
    const refund = productionProblems(
      safe({ wechatPay: { ...wechatPay, refundNotifyUrl: 'http://pay.life-pay.cn/r' } }),
    )
    assert.deepEqual(settingsOf(refund), ['WXPAY_REFUND_NOTIFY_URL'])
  })

  test("the issue's production settings are each refused by name (loaded as main.ts loads them)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'life-pay-production-settings-'))
    try {
      const config = production({
        JWT_SECRET: 'Password1234567890Password123456',
        OPERATOR_TOKEN: STRONG_OPERATOR,
        SEED_DEMO_DATA: '0',
        WXPAY_PROVIDER: 'wechatpay',
        WXPAY_MCH_ID: '1900000109',
        WXPAY_APP_ID: 'wx8888888888888888',
        WXPAY_MCH_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        WXPAY_MCH_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
        WXPAY_API_V3_KEY: 'x'.repeat(32),
        WXPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
        WXPAY_PUBLIC_KEY_FILE: join(dir, 'pub_key.pem'),
        WXPAY_NOTIFY_URL: 'http://pay.life-pay.cn/api/pay/notify/wxpay',
        ALIPAY_PROVIDER: 'alipay',
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY_FILE: join(dir, 'app.pem'),
        ALIPAY_PUBLIC_KEY_FILE: join(dir, 'alipay.pem'),
        ALIPAY_NOTIFY_URL: `${SERVER}/api/pay/notify/alipay`,
        ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
        IDENTITY_PROVIDER: 'wechat',
        WX_APP_ID: 'wx8888888888888888',
        WX_APP_SECRET: 'x',
        SMS_PROVIDER: 'aliyun',
        STORAGE_PROVIDER: 'aliyun',
        ALIYUN_ACCESS_KEY_ID: aliyun.accessKeyId,
        ALIYUN_ACCESS_KEY_SECRET: ALIYUN_SECRET,
        SMS_SIGN_NAME: '生活缴费',
        SMS_TEMPLATE_CODE: 'SMS_1',
        OSS_BUCKET: 'life-pay-uploads',
        OSS_ENDPOINT: 'oss-cn-hangzhou.aliyuncs.com',
        STS_ROLE_ARN: 'acs:ram::1:role/uploads',
        SUPPLIER_PROVIDER: 'fulu',
        FULU_GATEWAY: 'http://openapi.fulu.com/api/getway',
        FULU_APP_KEY: FULU_KEY,
        FULU_APP_SECRET: FULU_SECRET,
        NOTIFY_WECHAT_PROVIDER: 'off',
        NOTIFY_ALIPAY_PROVIDER: 'off',
        NOTIFY_SMS_PROVIDER: 'off',
      })
      assert.deepEqual(settingsOf(productionProblems(config)), [
        'CARRIER_LOOKUP_PROVIDER',
        'WXPAY_NOTIFY_URL',
        'ALIPAY_GATEWAY',
        'FULU_GATEWAY',
        'JWT_SECRET',
        'WXPAY_API_V3_KEY',
        'WX_APP_SECRET',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the carrier lookup: the sandbox is refused; Alibaba Cloud or off is not', () => {
    assert.match(
      productionProblems(safe({ carrierLookup: 'sandbox' })).join('\n'),
      /^CARRIER_LOOKUP_PROVIDER: the carrier lookup is the sandbox .*CARRIER_LOOKUP_PROVIDER=off/,
    )
    assert.deepEqual(productionProblems(safe({ carrierLookup: 'aliyun' })), [])
    assert.equal(production({ CARRIER_LOOKUP_PROVIDER: 'off' }).carrierLookup, 'off')
    assert.throws(
      () => production({ CARRIER_LOOKUP_PROVIDER: 'guess' }),
      /CARRIER_LOOKUP_PROVIDER=guess: it takes aliyun, sandbox or off/,
    )
  })

  test('the API docs are a production problem wherever they come from; the production app has none', () => {
    assert.deepEqual(routeProblems(['/api/docs', '/api/docs/json', '/api/LifePay/GetRate']), [
      '/api/docs routes registered (/api/docs, /api/docs/json): the API docs are off in production',
    ])
    assert.deepEqual(routeProblems(['/api/LifePay/GetRate', '/api/documents']), [])
  })

  test('admins need a second factor in production, whatever ADMIN_TOTP_REQUIRED says; elsewhere only if it asks', () => {
    assert.equal(production({}).adminTotpRequired, true)
    assert.equal(production({ ADMIN_TOTP_REQUIRED: '0' }).adminTotpRequired, true)
    assert.equal(loadConfig({} as NodeJS.ProcessEnv).adminTotpRequired, false)
    assert.equal(loadConfig({ ADMIN_TOTP_REQUIRED: '1' } as NodeJS.ProcessEnv).adminTotpRequired, true)
  })

  test('one secret for both tokens is refused', () => {
    assert.deepEqual(productionProblems(safe({ operatorToken: STRONG_JWT })), [
      'OPERATOR_TOKEN: must differ from JWT_SECRET',
    ])
  })

  test('a /api/dev/* route is refused whatever registered it', () => {
    assert.throws(
      () => assertProductionReady(safe(), ['/api/LifePay/GetRate', '/api/dev/pay/confirm']),
      (error: unknown) =>
        error instanceof ProductionNotReadyError &&
        error.problems.length === 1 &&
        error.problems[0].includes('/api/dev/pay/confirm'),
    )
  })

  test('the server does not start, nor open or seed its database, and names every problem at once', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'life-pay-production-')), 'data')
    try {
      await assert.rejects(startServer(production({ DATA_DIR: dataDir, PORT: '0' })), (error: unknown) => {
        assert.ok(error instanceof ProductionNotReadyError)
        const settings = error.problems.map((problem) => problem.split(':')[0])
        assert.deepEqual(settings, [
          'WXPAY_PROVIDER',
          'ALIPAY_PROVIDER',
          'IDENTITY_PROVIDER',
          'SMS_PROVIDER',
          'SUPPLIER_PROVIDER',
          'STORAGE_PROVIDER',
          'CARRIER_LOOKUP_PROVIDER',
          'NOTIFY_WECHAT_PROVIDER',
          'NOTIFY_ALIPAY_PROVIDER',
          'NOTIFY_SMS_PROVIDER',
          'SEED_DEMO_DATA',
          'JWT_SECRET',
          'OPERATOR_TOKEN',
        ])
        return true
      })
      assert.equal(existsSync(dataDir), false)
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true })
    }
  })

  test('`NODE_ENV=production node server/src/main.ts` exits 1 with the list, no stack trace', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'life-pay-production-main-'))
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/main.ts')], {
        env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', STATIC_DIR: '' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      assert.equal(run.status, 1, run.stderr)
      assert.match(run.stderr, /NODE_ENV=production, but the server is not safe to run:/)
      assert.match(run.stderr, / {2}- WXPAY_PROVIDER: /)
      assert.match(run.stderr, / {2}- JWT_SECRET: /)
      assert.doesNotMatch(run.stderr, /\n\s+at /)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
