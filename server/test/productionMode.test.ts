import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { LifePayType } from '../../src/domain/lifePayType'
import { DEV_JWT_SECRET, DEV_OPERATOR_TOKEN, REPO_ROOT, loadConfig, type ServerConfig } from '../src/config'
import {
  ProductionNotReadyError,
  assertProductionReady,
  productionProblems,
  weakSecret,
} from '../src/productionReadiness'
import { startServer } from '../src/server'

// Issue 18's production mode: with NODE_ENV=production the server refuses to start on any unsafe setting, naming
// each; a test per rule. A "safe" configuration names a real provider for each (their settings are not needed to
// check the rules; server/test/liveLifecycle.test.ts starts a production server on the real adapters and fakes).

const STRONG_JWT = 'k3J9x!vQ2m#Lw8pZr5Tn0bYc7Hd4Fg6A'
const STRONG_OPERATOR = 'Qw7Er9Ty1Ui3Op5As8Df0Gh2Jk4Lz6Xc'

const production = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'production', STATIC_DIR: '', ...env } as NodeJS.ProcessEnv)

/** Production with every rule met: real providers (stood in for), no demo data, strong distinct secrets. */
function safe(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...production({ JWT_SECRET: STRONG_JWT, OPERATOR_TOKEN: STRONG_OPERATOR, SEED_DEMO_DATA: '0' }),
    providers: { identity: 'wechat', sms: 'aliyun', supplier: 'fulu', storage: 'aliyun' },
    payTypes: { [LifePayType.WxPay]: 'wechatpay', [LifePayType.AliPay]: 'alipay' },
    notify: { providers: { wechat: 'wechat', alipay: 'off', sms: 'aliyun' }, wechat: null, alipay: null, sms: null },
    ...overrides,
  }
}

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

  test('weak secrets are refused, each for its reason: unset (the published default), short, not random', () => {
    const [jwtUnset] = productionProblems(safe({ jwtSecret: DEV_JWT_SECRET }))
    assert.match(jwtUnset, /^JWT_SECRET: not set \(the published development default\)/)
    const [operatorUnset] = productionProblems(safe({ operatorToken: DEV_OPERATOR_TOKEN }))
    assert.match(operatorUnset, /^OPERATOR_TOKEN: not set/)
    assert.match(productionProblems(safe({ jwtSecret: 'short-secret' }))[0], /^JWT_SECRET: 12 characters, at least 32/)
    assert.match(
      productionProblems(safe({ operatorToken: 'a'.repeat(40) }))[0],
      /^OPERATOR_TOKEN: too few different characters/,
    )
    assert.equal(weakSecret(STRONG_JWT, [DEV_JWT_SECRET]), null)
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
