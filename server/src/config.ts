import { join, resolve } from 'node:path'
import { UNPAID_ORDER_CLOSE_MS } from '../../src/domain/constants'
import { LifePayType } from '../../src/domain/lifePayType'

/** Repository root (server/src → ../..): default home of .data/ and dist/h5. */
export const REPO_ROOT = resolve(__dirname, '..', '..')

export type ProviderKind = 'sandbox'
/** WeChat Pay's API host; tests point WXPAY_BASE_URL at a local fake. */
export const WECHAT_PAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com'

/** Alipay's OpenAPI gateway; tests point ALIPAY_GATEWAY at a local fake. */
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do'

/**
 * Payment has real providers: WeChat Pay API v3 (server/src/providers/wechatPay.ts) and Alipay
 * (server/src/providers/alipay.ts), one per pay type (`payTypes`), both live at once.
 */
export type PaymentProviderKind = ProviderKind | 'wechatpay' | 'alipay'

/**
 * Who takes each pay type's payments: WxPay orders WeChat Pay or the sandbox, AliPay orders Alipay or the sandbox;
 * null when the pay type is not offered (its orders are refused, docs/deploy.md § Payment providers).
 */
export type PayTypeProviders = Record<LifePayType, PaymentProviderKind | null>

/** WeChat Pay API v3 merchant settings (docs/deploy.md); key files are read when the app is built. */
export interface WechatPaySettings {
  mchId: string
  appId: string
  mchSerialNo: string
  mchPrivateKeyFile: string
  apiV3Key: string
  publicKeyId: string
  publicKeyFile: string
  notifyUrl: string
  /** Where WeChat Pay posts refund notifications: WXPAY_REFUND_NOTIFY_URL, or WXPAY_NOTIFY_URL + `/refund`. */
  refundNotifyUrl: string
  baseUrl: string
}

/** Alipay open-platform app settings, public-key mode (docs/deploy.md); key files are read when the app is built. */
export interface AlipaySettings {
  appId: string
  privateKeyFile: string
  alipayPublicKeyFile: string
  notifyUrl: string
  gateway: string
}

export interface JobsConfig {
  /** Run the worker loop in this process (tests drive jobs by hand with it off). */
  enabled: boolean
  pollMs: number
  concurrency: number
  /** A claimed job not finished within this time is claimed again (its worker is presumed dead). */
  leaseMs: number
  maxAttempts: number
  backoffBaseMs: number
  backoffCapMs: number
}

export interface ServerConfig {
  host: string
  port: number
  /** PostgreSQL through `pg` when set; otherwise embedded PGlite in `dataDir`. */
  databaseUrl: string | null
  dataDir: string
  /** The H5 build served on the same origin; null or missing folder: API only. */
  staticDir: string | null
  production: boolean
  logLevel: string
  /** Origins allowed to call cross-origin (docs/server.md): comma list, '*', or unset for local origins in dev. */
  corsOrigins: string | undefined
  /** The sensitive-word list served at /static/sensitive-words.txt. */
  sensitiveWordsFile: string
  jwtSecret: string
  /** The `client_id` claim of access tokens; the refresh call must present it. */
  clientId: string
  accessTokenTtlS: number
  refreshTokenTtlS: number
  operatorToken: string
  providers: {
    sms: ProviderKind
    identity: ProviderKind
    supplier: ProviderKind
    storage: ProviderKind
  }
  /** Each pay type's payment provider (WXPAY_PROVIDER / ALIPAY_PROVIDER, defaults from PAYMENT_PROVIDER). */
  payTypes: PayTypeProviders
  /** Set when WeChat Pay takes WxPay orders. */
  wechatPay: WechatPaySettings | null
  /** Set when Alipay takes AliPay orders. */
  alipay: AlipaySettings | null
  /** Signs sandbox payment notifications and JSAPI parameters. */
  sandboxMerchantKey: string
  /** How long the sandbox supplier takes to report a recharge. */
  sandboxSupplierDelayMs: number
  /** Chance that the sandbox payment provider delivers a notification twice, as real providers sometimes do. */
  sandboxDuplicateNotifyRate: number
  /**
   * Sandbox payments are paid in the mini-program host's own cashier (`requestPayment` / `tradePay` with the sandbox
   * JSAPI parameters) instead of the app's sandbox cashier sheet: for the mini-program test host, which plays the
   * wallet.
   */
  sandboxWalletInHost: boolean
  unpaidOrderCloseMs: number
  seedDemoData: boolean
  /** Bounds of the in-memory order-page cache (docs/server.md § Caches). */
  orderPageCache: { maxEntries: number; maxBytes: number }
  /** How many login families and virtual logins the auth hook remembers (docs/server.md § Caches). */
  credentialCacheEntries: number
  /** Lifetime of a virtual login's id (X-LifePay-User-Id). */
  virtualLoginTtlS: number
  jobs: JobsConfig
  /**
   * Fastify's `trustProxy`: false (the default: the socket's address is the client), true, a hop count, or the
   * proxies' addresses/CIDRs. Only behind a proxy you run: otherwise X-Forwarded-For would let a client pick its IP.
   */
  trustProxy: boolean | number | string[]
  /** Abuse limits (docs/server.md § Abuse limits), shared by all instances through the database. */
  limits: AbuseLimitsConfig
}

export interface AbuseLimitsConfig {
  /** Verification codes sent per client IP, per hour and per day (on top of each number's own limits). */
  smsPerIpHour: number
  smsPerIpDay: number
  /** Verification codes checked per client IP per hour (each code also allows 5 wrong tries). */
  codeChecksPerIpHour: number
  /** Wrong passwords per client IP and login name before that pair waits 15 minutes. */
  loginFailuresPerIpAndName: number
  /** Wrong passwords per client IP per hour, whatever the login names. */
  loginFailuresPerIpHour: number
  /** Wrong passwords per login name per hour from all IPs: password login pauses, code login still works. */
  loginFailuresPerNameHour: number
  /** Registrations per client IP per hour. */
  registrationsPerIpHour: number
}

export const DEV_JWT_SECRET = 'life-pay-dev-jwt-secret-change-me'
export const DEV_OPERATOR_TOKEN = 'life-pay-dev-operator'
export const DEV_MERCHANT_KEY = 'life-pay-sandbox-merchant-key'

/** Where the server listens without HOST / PORT (`npm start`); the admin CLI looks there too (scripts/adminAddress). */
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 3000

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback
  const number = Number(value)
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a non-negative number, got "${value}"`)
  return number
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase())
}

function trustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? ''
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true
  if (/^\d+$/.test(text)) return Number(text)
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

function provider(value: string | undefined, name: string): ProviderKind {
  const kind = (value ?? 'sandbox').trim() || 'sandbox'
  if (kind !== 'sandbox') throw new Error(`${name}=${kind}: only the sandbox provider is implemented`)
  return kind
}

function paymentProvider(value: string | undefined): PaymentProviderKind {
  const kind = (value ?? 'sandbox').trim() || 'sandbox'
  if (kind !== 'sandbox' && kind !== 'wechatpay' && kind !== 'alipay') {
    throw new Error(`PAYMENT_PROVIDER=${kind}: the payment providers are alipay, sandbox and wechatpay`)
  }
  return kind
}

/**
 * Each pay type's provider. PAYMENT_PROVIDER (kept from the one-provider days) gives the defaults: `sandbox` both
 * pay types in the sandbox, `wechatpay` WxPay at WeChat Pay with AliPay not offered, `alipay` the reverse.
 * WXPAY_PROVIDER (wechatpay | sandbox | off) and ALIPAY_PROVIDER (alipay | sandbox | off) override it per pay type.
 */
function payTypeProviders(env: NodeJS.ProcessEnv): PayTypeProviders {
  const fallback = paymentProvider(env.PAYMENT_PROVIDER)
  const pick = (name: string, real: 'wechatpay' | 'alipay'): PaymentProviderKind | null => {
    const text = env[name]?.trim() ?? ''
    if (text === '') return fallback === 'sandbox' || fallback === real ? fallback : null
    if (text === 'off') return null
    if (text !== 'sandbox' && text !== real) throw new Error(`${name}=${text}: it takes ${real}, sandbox or off`)
    return text
  }
  const payTypes = {
    [LifePayType.WxPay]: pick('WXPAY_PROVIDER', 'wechatpay'),
    [LifePayType.AliPay]: pick('ALIPAY_PROVIDER', 'alipay'),
  }
  if (payTypes[LifePayType.WxPay] === null && payTypes[LifePayType.AliPay] === null) {
    throw new Error('WXPAY_PROVIDER and ALIPAY_PROVIDER are both off: no order could be paid')
  }
  return payTypes
}

/** The WeChat Pay settings, or an error naming every missing one (an operator fixes them all in one go). */
function wechatPaySettings(env: NodeJS.ProcessEnv): WechatPaySettings {
  const names = [
    'WXPAY_MCH_ID',
    'WXPAY_APP_ID',
    'WXPAY_MCH_SERIAL_NO',
    'WXPAY_MCH_PRIVATE_KEY_FILE',
    'WXPAY_API_V3_KEY',
    'WXPAY_PUBLIC_KEY_ID',
    'WXPAY_PUBLIC_KEY_FILE',
    'WXPAY_NOTIFY_URL',
  ] as const
  const value = (name: string) => env[name]?.trim() ?? ''
  const problems = names.filter((name) => value(name) === '').map((name) => `${name} is not set`)
  // The APIv3 key is an AES-256 key taken as UTF-8 bytes: any other length cannot decrypt a notification.
  const apiV3Key = value('WXPAY_API_V3_KEY')
  if (apiV3Key && Buffer.byteLength(apiV3Key, 'utf8') !== 32) problems.push('WXPAY_API_V3_KEY must be 32 bytes')
  if (problems.length > 0) throw new Error(`WXPAY_PROVIDER=wechatpay: ${problems.join('; ')}`)
  return {
    mchId: value('WXPAY_MCH_ID'),
    appId: value('WXPAY_APP_ID'),
    mchSerialNo: value('WXPAY_MCH_SERIAL_NO'),
    mchPrivateKeyFile: resolve(value('WXPAY_MCH_PRIVATE_KEY_FILE')),
    apiV3Key,
    publicKeyId: value('WXPAY_PUBLIC_KEY_ID'),
    publicKeyFile: resolve(value('WXPAY_PUBLIC_KEY_FILE')),
    notifyUrl: value('WXPAY_NOTIFY_URL'),
    // Our refund route sits under the pay route (/api/pay/notify/wxpay/refund): one setting serves both.
    refundNotifyUrl: value('WXPAY_REFUND_NOTIFY_URL') || `${value('WXPAY_NOTIFY_URL').replace(/\/+$/, '')}/refund`,
    baseUrl: value('WXPAY_BASE_URL') || WECHAT_PAY_DEFAULT_BASE_URL,
  }
}

/** The Alipay settings, or an error naming every missing one. */
function alipaySettings(env: NodeJS.ProcessEnv): AlipaySettings {
  const names = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE', 'ALIPAY_NOTIFY_URL'] as const
  const value = (name: string) => env[name]?.trim() ?? ''
  const problems = names.filter((name) => value(name) === '').map((name) => `${name} is not set`)
  if (problems.length > 0) throw new Error(`ALIPAY_PROVIDER=alipay: ${problems.join('; ')}`)
  return {
    appId: value('ALIPAY_APP_ID'),
    privateKeyFile: resolve(value('ALIPAY_PRIVATE_KEY_FILE')),
    alipayPublicKeyFile: resolve(value('ALIPAY_PUBLIC_KEY_FILE')),
    notifyUrl: value('ALIPAY_NOTIFY_URL'),
    gateway: value('ALIPAY_GATEWAY') || ALIPAY_DEFAULT_GATEWAY,
  }
}

/** The address the server listens on for this environment: one reading, shared with the admin CLI. */
export function listenAddress(env: NodeJS.ProcessEnv = process.env): { host: string; port: number } {
  return { host: env.HOST || DEFAULT_HOST, port: int(env.PORT, DEFAULT_PORT, 'PORT') }
}

/** Configuration from the environment (docs/server.md lists every variable). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // Production's own rules (real providers, no demo data, strong secrets) are checked at start:
  // server/src/productionReadiness.ts, which names every problem at once.
  const production = env.NODE_ENV === 'production'
  const dataDir = resolve(env.DATA_DIR || join(REPO_ROOT, '.data'))
  const staticDir = env.STATIC_DIR === '' ? null : resolve(env.STATIC_DIR ?? join(REPO_ROOT, 'dist', 'h5'))
  const payTypes = payTypeProviders(env)
  return {
    ...listenAddress(env),
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    staticDir,
    production,
    logLevel: env.LOG_LEVEL || 'info',
    corsOrigins: env.CORS_ORIGINS,
    sensitiveWordsFile: resolve(env.SENSITIVE_WORDS_FILE || join(REPO_ROOT, 'server', 'static', 'sensitive-words.txt')),
    jwtSecret: env.JWT_SECRET || DEV_JWT_SECRET,
    clientId: env.JWT_CLIENT_ID || 'life-pay-app',
    accessTokenTtlS: int(env.ACCESS_TOKEN_TTL_S, 7200, 'ACCESS_TOKEN_TTL_S'),
    refreshTokenTtlS: int(env.REFRESH_TOKEN_TTL_S, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL_S'),
    operatorToken: env.OPERATOR_TOKEN || DEV_OPERATOR_TOKEN,
    providers: {
      sms: provider(env.SMS_PROVIDER, 'SMS_PROVIDER'),
      identity: provider(env.IDENTITY_PROVIDER, 'IDENTITY_PROVIDER'),
      supplier: provider(env.SUPPLIER_PROVIDER, 'SUPPLIER_PROVIDER'),
      storage: provider(env.STORAGE_PROVIDER, 'STORAGE_PROVIDER'),
    },
    payTypes,
    wechatPay: payTypes[LifePayType.WxPay] === 'wechatpay' ? wechatPaySettings(env) : null,
    alipay: payTypes[LifePayType.AliPay] === 'alipay' ? alipaySettings(env) : null,
    sandboxMerchantKey: env.SANDBOX_MERCHANT_KEY || DEV_MERCHANT_KEY,
    sandboxSupplierDelayMs: int(env.SANDBOX_SUPPLIER_DELAY_MS, 1500, 'SANDBOX_SUPPLIER_DELAY_MS'),
    sandboxDuplicateNotifyRate: Math.min(
      1,
      int(env.SANDBOX_DUPLICATE_NOTIFY_RATE, 0.3, 'SANDBOX_DUPLICATE_NOTIFY_RATE'),
    ),
    sandboxWalletInHost: flag(env.SANDBOX_WALLET_IN_HOST, false),
    unpaidOrderCloseMs: int(env.UNPAID_ORDER_CLOSE_MS, UNPAID_ORDER_CLOSE_MS, 'UNPAID_ORDER_CLOSE_MS'),
    seedDemoData: flag(env.SEED_DEMO_DATA, true),
    orderPageCache: {
      maxEntries: int(env.ORDER_PAGE_CACHE_ENTRIES, 20_000, 'ORDER_PAGE_CACHE_ENTRIES'),
      maxBytes: int(env.ORDER_PAGE_CACHE_MB, 64, 'ORDER_PAGE_CACHE_MB') * 1024 * 1024,
    },
    credentialCacheEntries: int(env.CREDENTIAL_CACHE_ENTRIES, 50_000, 'CREDENTIAL_CACHE_ENTRIES'),
    virtualLoginTtlS: int(env.VIRTUAL_LOGIN_TTL_S, 30 * 24 * 3600, 'VIRTUAL_LOGIN_TTL_S'),
    jobs: {
      enabled: flag(env.JOBS_ENABLED, true),
      pollMs: int(env.JOBS_POLL_MS, 250, 'JOBS_POLL_MS'),
      concurrency: Math.max(1, int(env.JOBS_CONCURRENCY, 4, 'JOBS_CONCURRENCY')),
      leaseMs: int(env.JOBS_LEASE_MS, 60_000, 'JOBS_LEASE_MS'),
      maxAttempts: Math.max(1, int(env.JOBS_MAX_ATTEMPTS, 8, 'JOBS_MAX_ATTEMPTS')),
      backoffBaseMs: int(env.JOBS_BACKOFF_BASE_MS, 1000, 'JOBS_BACKOFF_BASE_MS'),
      backoffCapMs: int(env.JOBS_BACKOFF_CAP_MS, 5 * 60_000, 'JOBS_BACKOFF_CAP_MS'),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    limits: {
      smsPerIpHour: int(env.LIMIT_SMS_PER_IP_HOUR, 10, 'LIMIT_SMS_PER_IP_HOUR'),
      smsPerIpDay: int(env.LIMIT_SMS_PER_IP_DAY, 30, 'LIMIT_SMS_PER_IP_DAY'),
      codeChecksPerIpHour: int(env.LIMIT_CODE_CHECKS_PER_IP_HOUR, 30, 'LIMIT_CODE_CHECKS_PER_IP_HOUR'),
      loginFailuresPerIpAndName: int(
        env.LIMIT_LOGIN_FAILURES_PER_IP_AND_NAME,
        5,
        'LIMIT_LOGIN_FAILURES_PER_IP_AND_NAME',
      ),
      loginFailuresPerIpHour: int(env.LIMIT_LOGIN_FAILURES_PER_IP_HOUR, 15, 'LIMIT_LOGIN_FAILURES_PER_IP_HOUR'),
      loginFailuresPerNameHour: int(env.LIMIT_LOGIN_FAILURES_PER_NAME_HOUR, 30, 'LIMIT_LOGIN_FAILURES_PER_NAME_HOUR'),
      registrationsPerIpHour: int(env.LIMIT_REGISTRATIONS_PER_IP_HOUR, 5, 'LIMIT_REGISTRATIONS_PER_IP_HOUR'),
    },
  }
}
