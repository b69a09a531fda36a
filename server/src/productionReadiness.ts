import { LifePayType } from '@domain/lifePayType'
import type { ServerConfig } from './config'
import { DEV_JWT_SECRET, DEV_MERCHANT_KEY, DEV_OPERATOR_TOKEN } from './configSchema'
import { weakerThan } from './secretStrength'
import { FULU_SANDBOX_APP_KEY, FULU_SANDBOX_APP_SECRET } from './providers/fuluSettings'

// With NODE_ENV=production the server takes real money and real accounts: it refuses to start on any setting that
// would leave a door open — a sandbox provider (anyone could read SMS codes, pay for free with the sandbox key, take an
// account over through the sandbox phone exchange), the sandbox's /api/dev/* routes, the seeded demo user and its
// published password, a secret anyone could guess. Every problem is named at once, with the setting that fixes it
// (docs/deploy.md lists them all). `npm start` is not production: it stays the one-command sandbox demo.

/** What a provider setting is called in the environment (docs/deploy.md). */
const PROVIDER_SETTINGS: Record<keyof ServerConfig['providers'], string> = {
  identity: 'IDENTITY_PROVIDER',
  sms: 'SMS_PROVIDER',
  supplier: 'SUPPLIER_PROVIDER',
  storage: 'STORAGE_PROVIDER',
}

/** The shortest secret of ours accepted in production: 32 characters. */
export const MIN_SECRET_LENGTH = 32

/** Bits a secret we generate must be worth (JWT_SECRET, OPERATOR_TOKEN): 128, by secretStrength. */
export const TOKEN_BITS = 128

/**
 * Bits a vendor's secret must be worth. Its length is the vendor's (32 hex characters hold 128 bits at most, and a
 * random one scores 100–128 as chance runs like `abc` lower it): below this it was typed, not issued.
 */
export const VENDOR_SECRET_BITS = 96

const FIX_TOKEN = 'use e.g. `openssl rand -base64 48`'

/** Why a secret of ours is weak, or null: missing, a published development default, short, or guessable. */
export function weakSecret(value: string, published: readonly string[]): string | null {
  if (published.includes(value)) return 'not set (the published development default)'
  if (value.length < MIN_SECRET_LENGTH) return `${value.length} characters, at least ${MIN_SECRET_LENGTH} needed`
  return weakerThan(value, TOKEN_BITS)
}

/** Every reason the configuration must not run in production, each naming its setting; empty when it may. */
export function productionProblems(config: ServerConfig): string[] {
  const problems: string[] = payTypeProblems(config)
  for (const [kind, setting] of Object.entries(PROVIDER_SETTINGS) as [keyof ServerConfig['providers'], string][]) {
    if (config.providers[kind] === 'sandbox') {
      problems.push(
        `${setting}: the ${kind} provider is the sandbox (simulated, open to anyone); set a real provider and its ` +
          'credentials (docs/deploy.md)',
      )
    }
  }
  if (config.carrierLookup === 'sandbox') {
    problems.push(
      'CARRIER_LOOKUP_PROVIDER: the carrier lookup is the sandbox (it calls the prefix guess verified and moves its ' +
        'demo numbers to another carrier, so a top-up can go to the wrong one); set CARRIER_LOOKUP_PROVIDER=aliyun ' +
        'and its settings, or CARRIER_LOOKUP_PROVIDER=off (the app keeps the prefix guess, unverified)',
    )
  }
  problems.push(...notificationProblems(config))
  if (config.seedDemoData) {
    problems.push('SEED_DEMO_DATA: must be 0 (the demo user and its published password would be created)')
  }
  if (config.sandboxWalletInHost) problems.push('SANDBOX_WALLET_IN_HOST: a sandbox setting, must be unset')
  if (!config.duplicateGuard)
    problems.push('DUPLICATE_GUARD: a test setting (the duplicate-order guard off), must be unset')
  problems.push(...urlProblems(config))
  problems.push(...secretProblems(config))
  if (config.jwtSecret === config.operatorToken) problems.push('OPERATOR_TOKEN: must differ from JWT_SECRET')
  return problems
}

/**
 * Every address of a vendor that the server calls, and every notify URL it gives a vendor to call back: https only,
 * never a vendor's sandbox. A notify URL must also be one the vendor can reach. One line per setting: a new
 * provider's settings are a line each here (docs/deploy.md lists them).
 */
const URL_SETTINGS: readonly {
  setting: string
  kind: 'vendor' | 'notify'
  urls: (config: ServerConfig) => unknown[]
}[] = [
  { setting: 'WXPAY_BASE_URL', kind: 'vendor', urls: (c) => [c.wechatPay?.baseUrl] },
  { setting: 'WXPAY_NOTIFY_URL', kind: 'notify', urls: (c) => [c.wechatPay?.notifyUrl] },
  { setting: 'WXPAY_REFUND_NOTIFY_URL', kind: 'notify', urls: (c) => [ownRefundNotifyUrl(c)] },
  {
    setting: 'ALIPAY_GATEWAY',
    kind: 'vendor',
    urls: (c) => [c.alipay?.gateway, c.alipayIdentity?.gateway, c.notify.alipay?.gateway],
  },
  { setting: 'ALIPAY_NOTIFY_URL', kind: 'notify', urls: (c) => [c.alipay?.notifyUrl] },
  { setting: 'WX_API_BASE', kind: 'vendor', urls: (c) => [c.wechatIdentity?.baseUrl, c.notify.wechat?.baseUrl] },
  { setting: 'ALIYUN_SMS_ENDPOINT', kind: 'vendor', urls: (c) => [c.aliyun?.sms?.endpoint, c.notify.sms?.endpoint] },
  { setting: 'ALIYUN_STS_ENDPOINT', kind: 'vendor', urls: (c) => [c.aliyun?.storage?.stsEndpoint] },
  { setting: 'ALIYUN_DYTNS_ENDPOINT', kind: 'vendor', urls: (c) => [c.aliyun?.carrierLookup?.endpoint] },
  { setting: 'FULU_GATEWAY', kind: 'vendor', urls: (c) => [c.fuluSupplier?.gateway] },
]

/** WXPAY_REFUND_NOTIFY_URL when set apart from its default (WXPAY_NOTIFY_URL + /refund, checked with that one). */
function ownRefundNotifyUrl(config: ServerConfig): string | undefined {
  const settings = config.wechatPay
  if (!settings) return undefined
  const derived = `${settings.notifyUrl.replace(/\/+$/, '')}/refund`
  return settings.refundNotifyUrl === derived ? undefined : settings.refundNotifyUrl
}

/** Each vendor URL and notify URL problem, one per setting (a setting read by several providers is named once). */
export function urlProblems(config: ServerConfig): string[] {
  const problems: string[] = []
  for (const { setting, kind, urls } of URL_SETTINGS) {
    const values = [...new Set(urls(config).filter((url): url is string => typeof url === 'string'))]
    const problem = values.map((url) => urlProblem(url, kind)).find((found) => found !== null)
    if (problem) problems.push(`${setting}: ${problem}`)
  }
  return problems
}

/** Why a vendor URL (or a notify URL) must not be used in production, or null. */
export function urlProblem(value: string, kind: 'vendor' | 'notify'): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `"${value}" is not a URL`
  }
  if (url.protocol !== 'https:') {
    return kind === 'vendor'
      ? `${value} is not https: calls carrying keys, signatures and money would travel in clear; use the vendor's https address`
      : `${value} is not https: the vendor would post payments and results in clear (WeChat Pay refuses it); use https://<server>…`
  }
  const sandbox = sandboxOf(url)
  if (sandbox) return `${url.host} is ${sandbox} (its money is not real); use the production address (docs/deploy.md)`
  if (kind === 'notify' && !publiclyReachable(url.hostname)) {
    return `${url.hostname} cannot be reached by the vendor; use the server's public https address`
  }
  return null
}

/** The vendors' sandboxes by host or path (docs/deploy.md § Production rules). */
const SANDBOXES: readonly { test: (url: URL) => boolean; name: string }[] = [
  { test: (url) => /(^|\.)alipaydev\.com$/.test(url.hostname), name: "Alipay's sandbox (沙箱环境)" },
  {
    test: (url) =>
      /^api2?\.mch\.weixin\.qq\.com$/.test(url.hostname) && /\/(sandboxnew|xdc\/apiv2sandbox)(\/|$)/.test(url.pathname),
    name: "WeChat Pay's simulation sandbox (仿真测试系统)",
  },
  { test: (url) => /^pre[-.]openapi\.fulu\.com$/.test(url.hostname), name: "Fulu's pre-release sandbox" },
]

function sandboxOf(url: URL): string | null {
  return SANDBOXES.find((sandbox) => sandbox.test(url))?.name ?? null
}

/** Not this machine, not a private network, not a name only we resolve: somewhere a vendor's servers can post to. */
function publiclyReachable(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return false
  if (!host.includes('.') && !host.includes(':')) return false
  const ipv4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host)
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])]
    return !(
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    )
  }
  return !(host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80'))
}

interface SecretSetting {
  setting: string
  value: (config: ServerConfig) => string | undefined
  /** Ours (we generate it: length and TOKEN_BITS), or the vendor's format and VENDOR_SECRET_BITS. */
  format: 'ours' | { pattern: RegExp; description: string }
  /** Where it comes from, said when it is refused. */
  fix: string
  /** Values published somewhere (development defaults, a vendor's sandbox credentials). */
  published?: readonly string[]
  /** The bytes a setting holds in another encoding, judged as hex. */
  decode?: (value: string) => string
}

const DEVELOPMENT_SECRETS = [DEV_JWT_SECRET, DEV_OPERATOR_TOKEN, DEV_MERCHANT_KEY]

/**
 * Every secret of the configuration and how it is judged. One line per setting: a new provider's secret is a line
 * here (docs/deploy.md lists them).
 */
const SECRET_SETTINGS: readonly SecretSetting[] = [
  // Unset secrets fall back to the published development defaults, which weakSecret names as such.
  { setting: 'JWT_SECRET', value: (c) => c.jwtSecret, format: 'ours', fix: FIX_TOKEN, published: DEVELOPMENT_SECRETS },
  {
    setting: 'OPERATOR_TOKEN',
    value: (c) => c.operatorToken,
    format: 'ours',
    fix: FIX_TOKEN,
    published: DEVELOPMENT_SECRETS,
  },
  // The scraper's token guards figures about the business (orders, money in flight), not the money itself; still ours.
  {
    setting: 'METRICS_TOKEN',
    value: (c) => c.metricsToken ?? undefined,
    format: 'ours',
    fix: FIX_TOKEN,
  },
  // Fulu's secret signs what settles recharges: one anyone could guess (or the sandbox app's, published in every SDK)
  // would let them forge results.
  {
    setting: 'FULU_APP_SECRET',
    value: (c) => c.fuluSupplier?.appSecret,
    format: { pattern: /^[0-9a-f]{32}$/, description: '32 lower-case hex characters' },
    fix: 'Fulu issues it with the app key, open.fulu.com → 应用管理',
    published: [FULU_SANDBOX_APP_SECRET],
  },
  {
    setting: 'WXPAY_API_V3_KEY',
    value: (c) => c.wechatPay?.apiV3Key,
    format: { pattern: /^[A-Za-z0-9]{32}$/, description: '32 letters and digits' },
    fix: 'set a random one in the merchant platform, 账户中心 → API安全 → APIv3密钥',
  },
  {
    setting: 'WX_APP_SECRET',
    value: (c) => c.wechatIdentity?.appSecret ?? c.notify.wechat?.appSecret,
    format: { pattern: /^[0-9a-f]{32}$/, description: '32 lower-case hex characters' },
    fix: 'copy it from mp.weixin.qq.com → 开发管理 → 开发设置 → AppSecret',
  },
  {
    setting: 'ALIYUN_ACCESS_KEY_SECRET',
    value: (c) => c.aliyun?.accessKeySecret ?? c.notify.sms?.accessKeySecret,
    format: { pattern: /^[A-Za-z0-9]{30}$/, description: '30 letters and digits' },
    fix: "the RAM user's AccessKey secret, shown once when the AccessKey is created",
  },
  {
    setting: 'ALIPAY_AES_KEY',
    value: (c) => c.alipayIdentity?.aesKey,
    format: { pattern: /^[A-Za-z0-9+/]{22}==$/, description: 'the base64 of 16 bytes' },
    fix: 'the key the open platform generates, 开发设置 → 接口内容加密方式',
    decode: (value) => Buffer.from(value, 'base64').toString('hex'),
  },
]

/** Each weak, malformed or published secret, naming its setting and how to fix it; never the secret itself. */
export function secretProblems(config: ServerConfig): string[] {
  const problems: string[] = []
  for (const { setting, value, format, fix, published = [], decode } of SECRET_SETTINGS) {
    const secret = value(config)
    if (secret === undefined) continue
    const weak =
      format === 'ours'
        ? weakSecret(secret, published)
        : published.includes(secret)
          ? 'a published sandbox value'
          : !format.pattern.test(secret)
            ? `not ${format.description}`
            : weakerThan(decode ? decode(secret) : secret, VENDOR_SECRET_BITS)
    if (weak) problems.push(`${setting}: ${weak} (${fix})`)
  }
  if (config.fuluSupplier?.appKey === FULU_SANDBOX_APP_KEY) {
    problems.push("FULU_APP_KEY: Fulu's public sandbox app, not ours (open.fulu.com → 应用管理)")
  }
  const keyId = config.aliyun?.accessKeyId ?? config.notify.sms?.accessKeyId
  if (keyId !== undefined && !/^LTAI[A-Za-z0-9]{12,}$/.test(keyId)) {
    problems.push(
      "ALIYUN_ACCESS_KEY_ID: not a RAM user's AccessKey id (LTAI…); an STS.… key is temporary and stops working",
    )
  }
  return problems
}

/** The setting and real vendor of each notification channel (docs/deploy.md). */
const NOTIFY_SETTINGS = [
  ['wechat', 'NOTIFY_WECHAT_PROVIDER', 'wechat', 'WeChat subscribe messages'],
  ['alipay', 'NOTIFY_ALIPAY_PROVIDER', 'alipay', 'Alipay subscribe messages'],
  ['sms', 'NOTIFY_SMS_PROVIDER', 'aliyun', 'notification SMS'],
] as const

/**
 * A notification channel left on the sandbox would record messages nobody receives: each one is its real vendor or
 * explicitly off (a deployment without that host).
 */
export function notificationProblems(config: ServerConfig): string[] {
  return NOTIFY_SETTINGS.filter(([channel]) => config.notify.providers[channel] === 'sandbox').map(
    ([, setting, real, what]) =>
      `${setting}: ${what} go to the sandbox (recorded, never delivered); set ${setting}=${real} and its settings, ` +
      `or ${setting}=off (docs/deploy.md)`,
  )
}

/** Every pay type offered must be taken by its real provider (WeChat Pay, Alipay), never by the sandbox. */
export function payTypeProblems(config: ServerConfig): string[] {
  const settings = [
    [LifePayType.WxPay, 'WXPAY_PROVIDER', 'wechatpay'],
    [LifePayType.AliPay, 'ALIPAY_PROVIDER', 'alipay'],
  ] as const
  return settings
    .filter(([payType]) => config.payTypes[payType] === 'sandbox')
    .map(
      ([payType, setting, real]) =>
        `${setting}: ${LifePayType[payType]} orders go to the sandbox payment provider (simulated, open to anyone); ` +
        `set ${setting}=${real} and its credentials, or ${setting}=off (docs/deploy.md)`,
    )
}

/** Throws with every problem when the configuration is production's and not safe to run; nothing otherwise. */
export function assertProductionReady(config: ServerConfig, routeUrls: readonly string[] = []): void {
  if (!config.production) return
  const problems = [...productionProblems(config), ...routeProblems(routeUrls)]
  if (problems.length > 0) throw new ProductionNotReadyError(problems)
}

/**
 * Routes production must not have, whatever registered them: the sandbox's /api/dev/* helpers, and the API docs
 * (Swagger UI and its JSON would publish every operator route to anyone; docs/openapi.json is the published copy).
 */
export function routeProblems(urls: readonly string[]): string[] {
  const dev = urls.filter((url) => url.startsWith('/api/dev/'))
  const docs = urls.filter((url) => url === '/api/docs' || url.startsWith('/api/docs/'))
  return [
    ...(dev.length === 0
      ? []
      : [`/api/dev/* routes registered (${dev.join(', ')}): sandbox helpers, never in production`]),
    ...(docs.length === 0
      ? []
      : [`/api/docs routes registered (${docs.join(', ')}): the API docs are off in production`]),
  ]
}

/** Thrown at start in production with every problem found; main.ts prints it and exits. */
export class ProductionNotReadyError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `NODE_ENV=production, but the server is not safe to run:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    )
    this.name = 'ProductionNotReadyError'
  }
}
