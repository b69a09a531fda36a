import { LifePayType } from '../../src/domain/lifePayType'
import { DEV_JWT_SECRET, DEV_MERCHANT_KEY, DEV_OPERATOR_TOKEN, type ServerConfig } from './config'
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

/** The shortest secret accepted in production: 32 characters (≥ 128 bits when random). */
export const MIN_SECRET_LENGTH = 32

/** Why a secret is weak, or null: missing, a published development default, short, or one character repeated. */
export function weakSecret(value: string, published: readonly string[]): string | null {
  if (published.includes(value)) return 'not set (the published development default)'
  if (value.length < MIN_SECRET_LENGTH) return `${value.length} characters, at least ${MIN_SECRET_LENGTH} needed`
  if (new Set(value).size < 8) return 'too few different characters to be random'
  return null
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
  problems.push(...notificationProblems(config))
  if (config.seedDemoData) {
    problems.push('SEED_DEMO_DATA: must be 0 (the demo user and its published password would be created)')
  }
  if (config.sandboxWalletInHost) problems.push('SANDBOX_WALLET_IN_HOST: a sandbox setting, must be unset')
  if (!config.duplicateGuard)
    problems.push('DUPLICATE_GUARD: a test setting (the duplicate-order guard off), must be unset')
  // Unset secrets fall back to the published development defaults, which weakSecret names as such.
  const secrets: [string, string][] = [
    ['JWT_SECRET', config.jwtSecret],
    ['OPERATOR_TOKEN', config.operatorToken],
  ]
  for (const [setting, value] of secrets) {
    const weak = weakSecret(value, [DEV_JWT_SECRET, DEV_OPERATOR_TOKEN, DEV_MERCHANT_KEY])
    if (weak) problems.push(`${setting}: ${weak} (use e.g. \`openssl rand -base64 48\`)`)
  }
  problems.push(...fuluProblems(config))
  if (config.jwtSecret === config.operatorToken) problems.push('OPERATOR_TOKEN: must differ from JWT_SECRET')
  return problems
}

/**
 * Fulu's secret signs what settles recharges: one anyone could guess (or the sandbox app's, published in every SDK)
 * would let them forge results; its sandbox gateway never settles a real order.
 */
export function fuluProblems(config: ServerConfig): string[] {
  const fulu = config.fuluSupplier
  if (!fulu) return []
  const problems: string[] = []
  const weak = weakSecret(fulu.appSecret, [FULU_SANDBOX_APP_SECRET])
  if (weak) problems.push(`FULU_APP_SECRET: ${weak} (Fulu issues it with the app key)`)
  if (fulu.appKey === FULU_SANDBOX_APP_KEY) problems.push('FULU_APP_KEY: the public sandbox app, not ours')
  // Both spellings of the sandbox host appear in Fulu's SDKs.
  if (/^pre[.-]openapi\.fulu\.com$/.test(new URL(fulu.gateway).hostname)) {
    problems.push(`FULU_GATEWAY: ${fulu.gateway} is Fulu's sandbox; production uses the default (unset)`)
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
  const problems = [...productionProblems(config), ...devRouteProblems(routeUrls)]
  if (problems.length > 0) throw new ProductionNotReadyError(problems)
}

/** Routes only the sandbox may have; in production their presence alone is a problem. */
export function devRouteProblems(urls: readonly string[]): string[] {
  const dev = urls.filter((url) => url.startsWith('/api/dev/'))
  return dev.length === 0
    ? []
    : [`/api/dev/* routes registered (${dev.join(', ')}): sandbox helpers, never in production`]
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
