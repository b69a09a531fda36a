import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { listenAddress, loadConfig } from '../src/config'
import { ConfigError } from '../src/configError'
import { ConfigSchema, DEV_JWT_SECRET, DEV_OPERATOR_TOKEN } from '../src/configSchema'

// Issue 35, item 6: every environment setting through one schema, read once; a refusal names the setting in words
// an operator reads, every problem at once, never a secret's value and never a stack.

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env)
  } catch (error) {
    assert.ok(error instanceof ConfigError, `a ConfigError, not ${String(error)}`)
    return error.problems
  }
  assert.fail('the configuration was accepted')
}

describe('configuration schema', () => {
  test('an empty environment starts with every default, typed', () => {
    const config = loadConfig({})
    assert.deepEqual([config.host, config.port], ['127.0.0.1', 3000])
    assert.equal(config.logLevel, 'info')
    assert.deepEqual(
      [config.jwtSecret, config.operatorToken, config.metricsToken],
      [DEV_JWT_SECRET, DEV_OPERATOR_TOKEN, null],
    )
    assert.deepEqual([config.accessTokenTtlS, config.databasePoolMax, config.jobs.concurrency], [7200, 10, 4])
    assert.deepEqual([config.corsOrigins, config.h5Origins], [[], []])
    assert.equal(config.reconciliationAt, '10:30')
    assert.equal(config.duplicateGuard, true)
    assert.equal(config.sandboxDuplicateNotifyRate, 0.3)
  })

  test('values are coerced to their types: numbers, switches in words, comma lists trimmed, blanks as unset', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      DUPLICATE_GUARD: 'off',
      SEED_DEMO_DATA: 'No',
      JOBS_ENABLED: '1',
      CORS_ORIGINS: ' https://a.example , https://b.example,',
      H5_ORIGIN: 'https://h5.example.com',
      METRICS_TOKEN: '  ',
      LOG_LEVEL: '',
      DATABASE_URL: 'postgres://u:p@db/life_pay',
      DATABASE_POOL_MAX: '20',
    })
    assert.equal(config.port, 8080)
    assert.deepEqual([config.duplicateGuard, config.seedDemoData, config.jobs.enabled], [false, false, true])
    assert.deepEqual(config.corsOrigins, ['https://a.example', 'https://b.example'])
    assert.deepEqual(config.h5Origins, ['https://h5.example.com'])
    assert.equal(config.metricsToken, null)
    assert.equal(config.logLevel, 'info')
    assert.equal(config.jobs.concurrency, 10, 'half the pool on PostgreSQL')
  })

  test('each refused value names its setting and what it takes, all at once', () => {
    assert.deepEqual(
      problemsOf({
        PORT: 'eighty',
        DUPLICATE_GUARD: 'maybe',
        LOG_LEVEL: 'loud',
        DATABASE_POOL_MAX: '1',
        RECONCILIATION_AT: '25:00',
        H5_ORIGIN: 'https://h5.example.com/pay',
        WXPAY_BASE_URL: 'ftp://api.example.com',
        SANDBOX_DUPLICATE_NOTIFY_RATE: '2',
      }),
      [
        'PORT must be a whole number, got "eighty"',
        'LOG_LEVEL=loud: it takes fatal, error, warn, info, debug, trace or silent',
        'DATABASE_POOL_MAX must be at least 2, got "1"',
        'H5_ORIGIN: "https://h5.example.com/pay" is not an origin (https://host or https://host:port, no path)',
        'WXPAY_BASE_URL: "ftp://api.example.com" is not an http(s) URL',
        'RECONCILIATION_AT must be hh:mm (24-hour clock), got "25:00"',
        'SANDBOX_DUPLICATE_NOTIFY_RATE must be at most 1, got "2"',
        'DUPLICATE_GUARD is a switch: 1, true, yes or on / 0, false, no or off, got "maybe"',
      ].sort((a, b) => settingOrder(a) - settingOrder(b)),
    )
  })

  test('a refused secret is named, its value never printed', () => {
    const problems = problemsOf({
      DATABASE_URL: 'postgres://u:s3cret@db/x',
      DATABASE_POOL_MAX: 'lots',
      JWT_SECRET: '',
      WXPAY_BASE_URL: 'not a url',
    })
    assert.deepEqual(problems, [
      'DATABASE_POOL_MAX must be a whole number, got "lots"',
      'WXPAY_BASE_URL: "not a url" is not an http(s) URL',
    ])
    assert.ok(!problems.join('\n').includes('s3cret'))
  })

  test('a variable shaped like ours that is none of ours is refused as a typo; systemd and others pass', () => {
    assert.deepEqual(problemsOf({ WXPAY_MCHID: '1900000001', FULU_SECRET: 'x' }), [
      'WXPAY_MCHID is not a setting (docs/server.md § Configuration lists them)',
      'FULU_SECRET is not a setting (docs/server.md § Configuration lists them)',
    ])
    assert.doesNotThrow(() => loadConfig({ NOTIFY_SOCKET: '/run/systemd/notify', PATH: '/usr/bin', HOME: '/root' }))
  })

  test('a provider chosen without its settings names each missing one', () => {
    assert.deepEqual(problemsOf({ SUPPLIER_PROVIDER: 'fulu', CARRIER_LOOKUP_PROVIDER: 'guess' }), [
      'CARRIER_LOOKUP_PROVIDER=guess: it takes aliyun, sandbox or off',
    ])
    const missing = problemsOf({ SUPPLIER_PROVIDER: 'fulu' })
    assert.ok(
      missing.some((problem) => /FULU_APP_KEY is not set/.test(problem)),
      missing.join('\n'),
    )
  })

  test('the message of several problems lists them, one a line, with no stack', () => {
    const error = (() => {
      try {
        loadConfig({ PORT: 'x', JOBS_POLL_MS: '0' })
      } catch (caught) {
        return caught as ConfigError
      }
      assert.fail('accepted')
    })()
    assert.equal(
      error.message,
      'The configuration has 2 problems:\n  - PORT must be a whole number, got "x"\n' +
        '  - JOBS_POLL_MS must be at least 1, got "0"',
    )
  })

  test('the admin CLI reads the listen address as the server does', () => {
    assert.deepEqual(listenAddress({}), { host: '127.0.0.1', port: 3000 })
    assert.deepEqual(listenAddress({ HOST: '0.0.0.0', PORT: '4000' }), { host: '0.0.0.0', port: 4000 })
    assert.throws(() => listenAddress({ PORT: '70000' }), /PORT must be at most 65535, got "70000"/)
  })
})

const SETTING_NAMES = Object.keys(ConfigSchema.properties)

function settingOrder(problem: string): number {
  return SETTING_NAMES.findIndex((name) => problem.startsWith(name))
}
