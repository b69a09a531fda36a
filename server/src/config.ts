import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import { join, resolve } from 'node:path'
import { UNPAID_ORDER_CLOSE_MS } from '@domain/constants'
import { LifePayType } from '@domain/lifePayType'
import { fuluSupplierSettings, type FuluSupplierConfig } from './providers/fuluSettings'
import { parseNotificationFieldMaps, type NotificationFieldMaps } from './providers/notificationFields'

/** Repository root (server/src → ../..): default home of .data/ and dist/h5. */
export const REPO_ROOT = resolve(__dirname, '..', '..')

export type ProviderKind = 'sandbox'
/** WeChat Pay's API host; tests point WXPAY_BASE_URL at a local fake. */
export const WECHAT_PAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com'

/** WeChat's open API host (mini-program login and phone number); tests point WX_API_BASE at a local fake. */
export const WECHAT_API_DEFAULT_BASE_URL = 'https://api.weixin.qq.com'

/** Alipay's OpenAPI gateway; tests point ALIPAY_GATEWAY at a local fake. */
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do'

/** The recharge supplier: the sandbox, or the Fulu open platform (docs/supplier.md). */
export type SupplierProviderKind = ProviderKind | 'fulu'

/**
 * Payment has real providers: WeChat Pay API v3 (server/src/providers/wechatPay.ts) and Alipay
 * (server/src/providers/alipay.ts), one per pay type (`payTypes`), both live at once.
 */
export type PaymentProviderKind = ProviderKind | 'wechatpay' | 'alipay'

/** SMS and object storage have a real provider on Alibaba Cloud (server/src/providers/aliyunSms.ts, aliyunSts.ts). */
export type SmsProviderKind = ProviderKind | 'aliyun'
export type StorageProviderKind = ProviderKind | 'aliyun'

/** Alibaba Cloud Dysmsapi's endpoint and STS's; tests point ALIYUN_SMS_ENDPOINT / ALIYUN_STS_ENDPOINT at a fake. */
export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com'
export const ALIYUN_STS_DEFAULT_ENDPOINT = 'https://sts.aliyuncs.com'
/** Alibaba Cloud 号码百科 (Dytnsapi), the carrier lookup's; tests point ALIYUN_DYTNS_ENDPOINT at a fake. */
export const ALIYUN_DYTNS_DEFAULT_ENDPOINT = 'https://dytnsapi.aliyuncs.com'

/**
 * The phone carrier lookup before a top-up (issue 20): the sandbox (the prefix guess plus demo ported numbers),
 * Alibaba Cloud 号码百科, or off (no lookup: the app keeps the prefix guess, unverified, as before issue 20).
 * Production refuses the sandbox: it calls its guess verified and moves its demo numbers to another carrier.
 */
export type CarrierLookupProviderKind = ProviderKind | 'aliyun' | 'off'

/** Alibaba Cloud settings (docs/deploy.md): one RAM user's AccessKey signs SMS and STS calls. */
export interface AliyunSettings {
  accessKeyId: string
  accessKeySecret: string
  /** Set when providers.sms is 'aliyun'. */
  sms: {
    signName: string
    /** The approved verification-code template used for every kind of message without its own. */
    templateCode: string
    /** Templates per businessType (SMS_TEMPLATE_CODES=`80:SMS_1,11:SMS_2`). */
    templateCodes: Partial<Record<number, string>>
    endpoint: string
  } | null
  /** Set when providers.storage is 'aliyun'. */
  storage: {
    bucket: string
    /** The bucket's region endpoint without scheme, e.g. oss-cn-hangzhou.aliyuncs.com. */
    ossEndpoint: string
    /** The RAM role GetOssSTS assumes (acs:ram::<account>:role/<name>). */
    roleArn: string
    stsEndpoint: string
    /**
     * Where the server reads its own objects (refund vouchers), with scheme: OSS_READ_ENDPOINT, e.g. the region's
     * internal endpoint from Alibaba Cloud's network; null for the bucket's public address.
     */
    readEndpoint: string | null
  } | null
  /** Set when carrierLookup is 'aliyun': the 号码百科 authorisation id (DYTNS_AUTH_CODE) and endpoint. */
  carrierLookup: {
    authCode: string
    endpoint: string
  } | null
}

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

/** How Alipay's answers and notifications are verified: public-key mode, or certificate mode's three certificates. */
export type AlipayVerification =
  | { mode: 'publicKey'; alipayPublicKeyFile: string }
  | { mode: 'certificates'; appCertFile: string; alipayCertFile: string; rootCertFile: string }

/** Alipay open-platform app settings (docs/deploy.md); key and certificate files are read when the app is built. */
export interface AlipaySettings {
  appId: string
  privateKeyFile: string
  verification: AlipayVerification
  notifyUrl: string
  gateway: string
}

/**
 * Identity has real providers: WeChat (server/src/providers/wechatIdentity.ts) and Alipay (alipayIdentity.ts), one
 * per mini-program host or both (`IDENTITY_PROVIDER=wechat,alipay`, written here in that order).
 */
export type IdentityProviderKind = ProviderKind | 'wechat' | 'alipay' | 'wechat,alipay'

/** The WeChat mini-program's identity settings (docs/deploy.md). */
export interface WechatIdentitySettings {
  appId: string
  appSecret: string
  baseUrl: string
}

/** The Alipay mini-program's identity settings: its open-platform app (the payment settings') + the AES key. */
export interface AlipayIdentitySettings {
  appId: string
  privateKeyFile: string
  verification: AlipayVerification
  /** Base64 of the 16-byte content-encryption key. */
  aesKey: string
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
  /**
   * At most this many due jobs of a kind that has a batch handler run together (JOBS_BATCH_SIZE; issue 21); 1 runs
   * every job alone, by its own handler. Unset: each kind's own size.
   */
  batchSize?: number
}

export type NotificationTemplates = Record<
  LifePayNotificationChannel.Wechat | LifePayNotificationChannel.Alipay,
  Partial<Record<LifePayNotificationEvent, string>>
>

/** `event=templateId,…` for one host; every event a sandbox id when unset, an unknown event refused. */
function subscribeTemplates(value: string | undefined, host: string, name: string) {
  const templates: Partial<Record<LifePayNotificationEvent, string>> = {}
  if (!value) {
    for (const event of Object.values(LifePayNotificationEvent)) templates[event] = `sandbox-${host}-${event}`
    return templates
  }
  for (const pair of value.split(',')) {
    const [event, id] = pair.split('=').map((part) => part.trim())
    if (!Object.values(LifePayNotificationEvent).includes(event as LifePayNotificationEvent) || !id)
      throw new Error(`${name}: "${pair}" is not event=templateId with a known event`)
    templates[event as LifePayNotificationEvent] = id
  }
  return templates
}

/**
 * Who delivers each notification channel (issue 20): its real vendor (NOTIFY_WECHAT_PROVIDER=wechat,
 * NOTIFY_ALIPAY_PROVIDER=alipay, NOTIFY_SMS_PROVIDER=aliyun), the sandbox (recorded in sandbox_notifications, the
 * default), or `off` (every message refused with CHANNEL_OFF, for a deployment without that host).
 */
export type NotifyProviders = {
  [LifePayNotificationChannel.Wechat]: 'wechat' | 'sandbox' | 'off'
  [LifePayNotificationChannel.Alipay]: 'alipay' | 'sandbox' | 'off'
  [LifePayNotificationChannel.Sms]: 'aliyun' | 'sandbox' | 'off'
}

/** WeChat subscribe messages: the mini-program's app (WX_APP_ID / WX_APP_SECRET) and each event's field map. */
export interface WechatSubscribeSettings {
  appId: string
  appSecret: string
  baseUrl: string
  /** WECHAT_SUBSCRIBE_FIELDS: per event, template field (thing1, amount2…) → param. */
  fields: NotificationFieldMaps
  /** Which version of the mini-program the message opens (WECHAT_SUBSCRIBE_STATE, default formal). */
  miniprogramState: 'formal' | 'trial' | 'developer'
}

/** Alipay subscribe messages: the open-platform app of the payment settings and each event's keyword map. */
export interface AlipaySubscribeSettings {
  appId: string
  privateKeyFile: string
  verification: AlipayVerification
  gateway: string
  /** ALIPAY_SUBSCRIBE_FIELDS: per event, keyword1… → param. */
  fields: NotificationFieldMaps
  /** The page a message opens when it names none (Alipay requires one): ALIPAY_SUBSCRIBE_PAGE. */
  defaultPage: string
}

/** Notification SMS on Alibaba Cloud: a notification template (短信通知) per event and its variables. */
export interface SmsNotifySettings {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  /** NOTIFY_SMS_TEMPLATES: per event, its approved TemplateCode. */
  templateCodes: Partial<Record<LifePayNotificationEvent, string>>
  /** NOTIFY_SMS_FIELDS: per event, template variable → param. */
  fields: NotificationFieldMaps
  endpoint: string
}

/** The home page of the mini-program (src/app.config.ts entryPagePath): where a message without its own page opens. */
export const MINI_PROGRAM_HOME_PAGE = 'pages/home/index'

export interface ServerConfig {
  host: string
  port: number
  /** PostgreSQL through `pg` when set; otherwise embedded PGlite in `dataDir`. */
  databaseUrl: string | null
  /** PostgreSQL connections this process holds at most (requests and jobs share them). */
  databasePoolMax: number
  dataDir: string
  /** The H5 build served on the same origin; null or missing folder: API only. */
  staticDir: string | null
  /** The operator console's build (CONSOLE_DIR, default dist/console; '' serves none): served at /console. */
  consoleDir: string | null
  production: boolean
  logLevel: string
  /** Origins allowed to call cross-origin (docs/server.md): comma list, '*', or unset for local origins in dev. */
  corsOrigins: string | undefined
  /**
   * Where the H5 app is served (H5_ORIGIN, comma list of origins): a web payment's return URL must be on one of them.
   * Empty: the origin each request came to (the H5 app served by this server, STATIC_DIR).
   */
  h5Origins: string[]
  /** The sensitive-word list served at /static/sensitive-words.txt. */
  sensitiveWordsFile: string
  jwtSecret: string
  /** The `client_id` claim of access tokens; the refresh call must present it. */
  clientId: string
  accessTokenTtlS: number
  refreshTokenTtlS: number
  operatorToken: string
  /**
   * The bearer token a Prometheus scraper presents at /metrics (METRICS_TOKEN). Production serves /metrics only with
   * one; elsewhere /metrics is open and a token, when set, is still required.
   */
  metricsToken: string | null
  /**
   * Admins must log in with a one-time code too (TOTP): always in production, elsewhere with ADMIN_TOTP_REQUIRED
   * (a staging server). An admin without one may only enrol (docs/server.md § Operator side).
   */
  adminTotpRequired: boolean
  providers: {
    sms: SmsProviderKind
    identity: IdentityProviderKind
    supplier: SupplierProviderKind
    storage: StorageProviderKind
  }
  /** Each pay type's payment provider (WXPAY_PROVIDER / ALIPAY_PROVIDER, defaults from PAYMENT_PROVIDER). */
  payTypes: PayTypeProviders
  /** Set when providers.supplier is 'fulu'. */
  fuluSupplier: FuluSupplierConfig | null
  /** The agreed charge for a delivered top-up, in percent of its face value (supplierAnswerCheck.ts). */
  supplierCostBand: { minPercent: number; maxPercent: number }
  /** CARRIER_LOOKUP_PROVIDER: sandbox (default), aliyun or off. */
  carrierLookup: CarrierLookupProviderKind
  /**
   * How long after the supplier took a recharge (or its answer was lost) we ask it about the order if no result
   * came; then again with back-off (doubling, at most supplierQueryMaxIntervalMs apart) while it is processing.
   */
  supplierQueryAfterMs: number
  supplierQueryMaxIntervalMs: number
  /** Set when WeChat Pay takes WxPay orders. */
  wechatPay: WechatPaySettings | null
  /** Set when Alipay takes AliPay orders. */
  alipay: AlipaySettings | null
  /** Set when providers.sms or providers.storage, or carrierLookup, is 'aliyun'. */
  aliyun: AliyunSettings | null
  /** Set when providers.identity includes 'wechat'. */
  wechatIdentity: WechatIdentitySettings | null
  /** Set when providers.identity includes 'alipay'. */
  alipayIdentity: AlipayIdentitySettings | null
  /**
   * The subscribe-message template the host asks the user about, per event (issue 20): WeChat's and Alipay's ids from
   * their consoles (WECHAT_SUBSCRIBE_TEMPLATES / ALIPAY_SUBSCRIBE_TEMPLATES, `event=id,…`); sandbox ids otherwise.
   */
  notificationTemplates: NotificationTemplates
  /** The vendor of each notification channel and its settings (null unless that channel's real vendor is chosen). */
  notify: {
    providers: NotifyProviders
    wechat: WechatSubscribeSettings | null
    alipay: AlipaySubscribeSettings | null
    sms: SmsNotifySettings | null
  }
  /** When the day before is reconciled each morning, `hh:mm` Asia/Shanghai (RECONCILIATION_AT, docs/money.md). */
  reconciliationAt: string
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
  /**
   * Issue 20's duplicate guard on order creation (domain/duplicateOrder.ts). Off only for test suites whose
   * flows order the same account again and again (as the abuse limits are raised for them); production refuses off.
   */
  duplicateGuard: boolean
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
  /** Account and carrier lookups before paying, per user per hour: a lookup shows a (masked) holder name. */
  accountLookupsPerUserHour: number
}

export const DEV_JWT_SECRET = 'life-pay-dev-jwt-secret-change-me'
export const DEV_OPERATOR_TOKEN = 'life-pay-dev-operator'
export const DEV_MERCHANT_KEY = 'life-pay-sandbox-merchant-key'

/** Where the server listens without HOST / PORT (`npm start`); the admin CLI looks there too (scripts/adminAddress). */
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 3000

/** `hh:mm` on a 24-hour clock. */
function clockTime(value: string | undefined, fallback: string, name: string): string {
  if (value === undefined || value === '') return fallback
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) throw new Error(`${name} must be hh:mm (24-hour clock), got "${value}"`)
  return value
}

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

/** H5_ORIGIN: each entry an origin alone (scheme, host, port), kept as browsers write it; anything else is refused. */
function h5Origins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.map((entry) => {
    let url: URL | null = null
    try {
      url = new URL(entry)
    } catch {
      // Refused below.
    }
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
    if (!url || !bare || !/^https?:$/.test(url.protocol)) {
      throw new Error(`H5_ORIGIN: "${entry}" is not an origin (https://host or https://host:port, no path)`)
    }
    return url.origin
  })
}

function paymentProvider(value: string | undefined): PaymentProviderKind {
  const kind = (value ?? 'sandbox').trim() || 'sandbox'
  if (kind !== 'sandbox' && kind !== 'wechatpay' && kind !== 'alipay') {
    throw new Error(`PAYMENT_PROVIDER=${kind}: the payment providers are alipay, sandbox and wechatpay`)
  }
  return kind
}

function aliyunProvider(value: string | undefined, name: string): ProviderKind | 'aliyun' {
  const kind = (value ?? 'sandbox').trim() || 'sandbox'
  if (kind !== 'sandbox' && kind !== 'aliyun') throw new Error(`${name}=${kind}: the providers are aliyun and sandbox`)
  return kind
}

function carrierLookupProvider(value: string | undefined): CarrierLookupProviderKind {
  const kind = (value ?? '').trim() || 'sandbox'
  if (kind !== 'sandbox' && kind !== 'aliyun' && kind !== 'off')
    throw new Error(`CARRIER_LOOKUP_PROVIDER=${kind}: it takes aliyun, off or sandbox`)
  return kind
}

/** The Alibaba Cloud settings of the providers that use it, or an error naming every missing one. */
function aliyunSettings(
  env: NodeJS.ProcessEnv,
  sms: boolean,
  storage: boolean,
  carrierLookup = false,
): AliyunSettings | null {
  if (!sms && !storage && !carrierLookup) return null
  const value = (name: string) => env[name]?.trim() ?? ''
  const names = [
    'ALIYUN_ACCESS_KEY_ID',
    'ALIYUN_ACCESS_KEY_SECRET',
    ...(sms ? ['SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'] : []),
    ...(storage ? ['OSS_BUCKET', 'OSS_ENDPOINT', 'STS_ROLE_ARN'] : []),
    ...(carrierLookup ? ['DYTNS_AUTH_CODE'] : []),
  ]
  const problems = names.filter((name) => value(name) === '').map((name) => `${name} is not set`)
  const templateCodes: Partial<Record<number, string>> = {}
  for (const pair of value('SMS_TEMPLATE_CODES')
    .split(',')
    .filter((part) => part.trim() !== '')) {
    const match = /^\s*(\d+)\s*:\s*(\S+)\s*$/.exec(pair)
    if (match) templateCodes[Number(match[1])] = match[2]
    else problems.push(`SMS_TEMPLATE_CODES: "${pair.trim()}" is not businessType:TemplateCode`)
  }
  // The endpoint is a host name: https://<bucket>.<endpoint> is where the app posts its uploads.
  const ossEndpoint = value('OSS_ENDPOINT')
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '')
  if (problems.length > 0) {
    const who = [
      sms ? 'SMS_PROVIDER=aliyun' : '',
      storage ? 'STORAGE_PROVIDER=aliyun' : '',
      carrierLookup ? 'CARRIER_LOOKUP_PROVIDER=aliyun' : '',
    ].filter(Boolean)
    throw new Error(`${who.join(', ')}: ${problems.join('; ')}`)
  }
  return {
    accessKeyId: value('ALIYUN_ACCESS_KEY_ID'),
    accessKeySecret: value('ALIYUN_ACCESS_KEY_SECRET'),
    sms: sms
      ? {
          signName: value('SMS_SIGN_NAME'),
          templateCode: value('SMS_TEMPLATE_CODE'),
          templateCodes,
          endpoint: value('ALIYUN_SMS_ENDPOINT') || ALIYUN_SMS_DEFAULT_ENDPOINT,
        }
      : null,
    storage: storage
      ? {
          bucket: value('OSS_BUCKET'),
          ossEndpoint,
          roleArn: value('STS_ROLE_ARN'),
          stsEndpoint: value('ALIYUN_STS_ENDPOINT') || ALIYUN_STS_DEFAULT_ENDPOINT,
          readEndpoint: value('OSS_READ_ENDPOINT') || null,
        }
      : null,
    carrierLookup: carrierLookup
      ? {
          authCode: value('DYTNS_AUTH_CODE'),
          endpoint: value('ALIYUN_DYTNS_ENDPOINT') || ALIYUN_DYTNS_DEFAULT_ENDPOINT,
        }
      : null,
  }
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

const ALIPAY_CERTIFICATE_FILES = ['ALIPAY_APP_CERT_FILE', 'ALIPAY_CERT_FILE', 'ALIPAY_ROOT_CERT_FILE'] as const

/**
 * The Alipay settings, or an error naming every missing one. Any of the certificate files chooses certificate mode
 * (all three needed); otherwise public-key mode needs ALIPAY_PUBLIC_KEY_FILE. Both at once is refused: which key
 * verifies Alipay must never be a guess.
 */
function alipayVerificationSettings(env: NodeJS.ProcessEnv, problems: string[]): AlipayVerification {
  const value = (name: string) => env[name]?.trim() ?? ''
  const certificateMode = ALIPAY_CERTIFICATE_FILES.some((name) => value(name) !== '')
  if (certificateMode) {
    for (const name of ALIPAY_CERTIFICATE_FILES) {
      if (value(name) === '') problems.push(`${name} is not set (certificate mode)`)
    }
    if (value('ALIPAY_PUBLIC_KEY_FILE') !== '') {
      problems.push('ALIPAY_PUBLIC_KEY_FILE is set with certificate files: set one mode, not both')
    }
  } else if (value('ALIPAY_PUBLIC_KEY_FILE') === '') {
    problems.push(
      'ALIPAY_PUBLIC_KEY_FILE is not set (public-key mode; or ALIPAY_APP_CERT_FILE, ALIPAY_CERT_FILE and ' +
        'ALIPAY_ROOT_CERT_FILE for certificate mode)',
    )
  }
  return certificateMode
    ? {
        mode: 'certificates',
        appCertFile: resolve(value('ALIPAY_APP_CERT_FILE')),
        alipayCertFile: resolve(value('ALIPAY_CERT_FILE')),
        rootCertFile: resolve(value('ALIPAY_ROOT_CERT_FILE')),
      }
    : { mode: 'publicKey', alipayPublicKeyFile: resolve(value('ALIPAY_PUBLIC_KEY_FILE')) }
}

function alipaySettings(env: NodeJS.ProcessEnv): AlipaySettings {
  const value = (name: string) => env[name]?.trim() ?? ''
  const problems = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_NOTIFY_URL']
    .filter((name) => value(name) === '')
    .map((name) => `${name} is not set`)
  const verification = alipayVerificationSettings(env, problems)
  if (problems.length > 0) throw new Error(`ALIPAY_PROVIDER=alipay: ${problems.join('; ')}`)
  return {
    appId: value('ALIPAY_APP_ID'),
    privateKeyFile: resolve(value('ALIPAY_PRIVATE_KEY_FILE')),
    verification,
    notifyUrl: value('ALIPAY_NOTIFY_URL'),
    gateway: value('ALIPAY_GATEWAY') || ALIPAY_DEFAULT_GATEWAY,
  }
}

function supplierProvider(value: string | undefined): SupplierProviderKind {
  const kind = (value ?? 'sandbox').trim() || 'sandbox'
  if (kind !== 'sandbox' && kind !== 'fulu') {
    throw new Error(`SUPPLIER_PROVIDER=${kind}: the supplier providers are sandbox and fulu`)
  }
  return kind
}

function identityProvider(value: string | undefined): IdentityProviderKind {
  const kinds = new Set(
    (value ?? '')
      .split(',')
      .map((kind) => kind.trim())
      .filter(Boolean),
  )
  if (kinds.size === 0 || (kinds.size === 1 && kinds.has('sandbox'))) return 'sandbox'
  const unknown = [...kinds].filter((kind) => kind !== 'wechat' && kind !== 'alipay')
  if (unknown.length > 0) {
    throw new Error(
      `IDENTITY_PROVIDER=${value}: the identity providers are sandbox, or wechat and/or alipay (e.g. wechat,alipay)`,
    )
  }
  return kinds.size === 2 ? 'wechat,alipay' : kinds.has('wechat') ? 'wechat' : 'alipay'
}

/** The WeChat identity settings, or an error naming every missing one. */
function wechatIdentitySettings(env: NodeJS.ProcessEnv): WechatIdentitySettings {
  const value = (name: string) => env[name]?.trim() ?? ''
  const problems = ['WX_APP_ID', 'WX_APP_SECRET']
    .filter((name) => value(name) === '')
    .map((name) => `${name} is not set`)
  if (problems.length > 0) throw new Error(`IDENTITY_PROVIDER=wechat: ${problems.join('; ')}`)
  return {
    appId: value('WX_APP_ID'),
    appSecret: value('WX_APP_SECRET'),
    baseUrl: value('WX_API_BASE') || WECHAT_API_DEFAULT_BASE_URL,
  }
}

/**
 * The Alipay identity settings, or an error naming every missing one. The app and its keys are the payment
 * settings' (ALIPAY_APP_ID and key files): one Alipay mini-program both logs its users in and takes their payments.
 */
function alipayIdentitySettings(env: NodeJS.ProcessEnv): AlipayIdentitySettings {
  const value = (name: string) => env[name]?.trim() ?? ''
  const names = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_AES_KEY']
  const problems = names.filter((name) => value(name) === '').map((name) => `${name} is not set`)
  const verification = alipayVerificationSettings(env, problems)
  const aesKey = value('ALIPAY_AES_KEY')
  if (aesKey && Buffer.from(aesKey, 'base64').length !== 16) {
    problems.push('ALIPAY_AES_KEY must be the base64 of 16 bytes (the AES key shown by the open platform)')
  }
  if (problems.length > 0) throw new Error(`IDENTITY_PROVIDER=alipay: ${problems.join('; ')}`)
  return {
    appId: value('ALIPAY_APP_ID'),
    privateKeyFile: resolve(value('ALIPAY_PRIVATE_KEY_FILE')),
    verification,
    aesKey,
    gateway: value('ALIPAY_GATEWAY') || ALIPAY_DEFAULT_GATEWAY,
  }
}

function notifyProvider<T extends string>(value: string | undefined, name: string, real: T): T | 'sandbox' | 'off' {
  const kind = (value ?? '').trim() || 'sandbox'
  if (kind !== real && kind !== 'sandbox' && kind !== 'off')
    throw new Error(`${name}=${kind}: it takes ${real}, sandbox or off`)
  return kind as T | 'sandbox' | 'off'
}

/** A field map for every event that has a template, or a problem naming each event without one. */
function fieldMapsFor(
  env: NodeJS.ProcessEnv,
  name: string,
  events: readonly LifePayNotificationEvent[],
  validField: (field: string) => boolean,
  problems: string[],
): NotificationFieldMaps {
  const value = env[name]?.trim() ?? ''
  if (value === '') {
    problems.push(`${name} is not set`)
    return {}
  }
  const parsed = parseNotificationFieldMaps(value, name, validField)
  problems.push(...parsed.problems)
  const missing = events.filter((event) => !parsed.maps[event])
  if (missing.length > 0) problems.push(`${name}: no fields for ${missing.join(', ')}`)
  return parsed.maps
}

/** The events of a host's configured templates, or a problem when they are still the sandbox's. */
function realTemplateEvents(env: NodeJS.ProcessEnv, name: string, problems: string[]): LifePayNotificationEvent[] {
  if ((env[name]?.trim() ?? '') === '') {
    problems.push(`${name} is not set (the template ids of the host's console)`)
    return []
  }
  return Object.keys(subscribeTemplates(env[name], '', name)) as LifePayNotificationEvent[]
}

/** WeChat's template field names: the type of value (WeChat's 参数类别) and its number, e.g. thing1, amount2. */
export const WECHAT_FIELD = /^(thing|character_string|number|letter|phrase|phone_number|name|amount|time|date)\d+$/

function wechatSubscribeSettings(env: NodeJS.ProcessEnv): WechatSubscribeSettings {
  const value = (name: string) => env[name]?.trim() ?? ''
  const problems = ['WX_APP_ID', 'WX_APP_SECRET']
    .filter((name) => value(name) === '')
    .map((name) => `${name} is not set`)
  const events = realTemplateEvents(env, 'WECHAT_SUBSCRIBE_TEMPLATES', problems)
  const fields = fieldMapsFor(env, 'WECHAT_SUBSCRIBE_FIELDS', events, (field) => WECHAT_FIELD.test(field), problems)
  const state = value('WECHAT_SUBSCRIBE_STATE') || 'formal'
  if (state !== 'formal' && state !== 'trial' && state !== 'developer') {
    problems.push(`WECHAT_SUBSCRIBE_STATE=${state}: it takes formal, trial or developer`)
  }
  if (problems.length > 0) throw new Error(`NOTIFY_WECHAT_PROVIDER=wechat: ${problems.join('; ')}`)
  return {
    appId: value('WX_APP_ID'),
    appSecret: value('WX_APP_SECRET'),
    baseUrl: value('WX_API_BASE') || WECHAT_API_DEFAULT_BASE_URL,
    fields,
    miniprogramState: state as WechatSubscribeSettings['miniprogramState'],
  }
}

function alipaySubscribeSettings(env: NodeJS.ProcessEnv): AlipaySubscribeSettings {
  const value = (name: string) => env[name]?.trim() ?? ''
  const problems = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE']
    .filter((name) => value(name) === '')
    .map((name) => `${name} is not set`)
  const verification = alipayVerificationSettings(env, problems)
  const events = realTemplateEvents(env, 'ALIPAY_SUBSCRIBE_TEMPLATES', problems)
  const fields = fieldMapsFor(env, 'ALIPAY_SUBSCRIBE_FIELDS', events, (field) => /^keyword\d+$/.test(field), problems)
  if (problems.length > 0) throw new Error(`NOTIFY_ALIPAY_PROVIDER=alipay: ${problems.join('; ')}`)
  return {
    appId: value('ALIPAY_APP_ID'),
    privateKeyFile: resolve(value('ALIPAY_PRIVATE_KEY_FILE')),
    verification,
    gateway: value('ALIPAY_GATEWAY') || ALIPAY_DEFAULT_GATEWAY,
    fields,
    defaultPage: value('ALIPAY_SUBSCRIBE_PAGE') || MINI_PROGRAM_HOME_PAGE,
  }
}

function smsNotifySettings(env: NodeJS.ProcessEnv): SmsNotifySettings {
  const value = (name: string) => env[name]?.trim() ?? ''
  const problems = ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET']
    .filter((name) => value(name) === '')
    .map((name) => `${name} is not set`)
  const signName = value('NOTIFY_SMS_SIGN_NAME') || value('SMS_SIGN_NAME')
  if (signName === '') problems.push('NOTIFY_SMS_SIGN_NAME (or SMS_SIGN_NAME) is not set')
  const templateCodes: Partial<Record<LifePayNotificationEvent, string>> = {}
  if (value('NOTIFY_SMS_TEMPLATES') === '') problems.push('NOTIFY_SMS_TEMPLATES is not set')
  for (const pair of value('NOTIFY_SMS_TEMPLATES')
    .split(',')
    .filter((part) => part.trim() !== '')) {
    const [event, code] = pair.split('=').map((part) => part.trim())
    if (!Object.values(LifePayNotificationEvent).includes(event as LifePayNotificationEvent) || !code) {
      problems.push(`NOTIFY_SMS_TEMPLATES: "${pair.trim()}" is not event=TemplateCode with a known event`)
    } else templateCodes[event as LifePayNotificationEvent] = code
  }
  const events = Object.keys(templateCodes) as LifePayNotificationEvent[]
  const fields = fieldMapsFor(env, 'NOTIFY_SMS_FIELDS', events, (field) => /^[A-Za-z_]\w*$/.test(field), problems)
  if (problems.length > 0) throw new Error(`NOTIFY_SMS_PROVIDER=aliyun: ${problems.join('; ')}`)
  return {
    accessKeyId: value('ALIYUN_ACCESS_KEY_ID'),
    accessKeySecret: value('ALIYUN_ACCESS_KEY_SECRET'),
    signName,
    templateCodes,
    fields,
    endpoint: value('ALIYUN_SMS_ENDPOINT') || ALIYUN_SMS_DEFAULT_ENDPOINT,
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
  const consoleDir = env.CONSOLE_DIR === '' ? null : resolve(env.CONSOLE_DIR ?? join(REPO_ROOT, 'dist', 'console'))
  const payTypes = payTypeProviders(env)
  const supplier = supplierProvider(env.SUPPLIER_PROVIDER)
  const sms = aliyunProvider(env.SMS_PROVIDER, 'SMS_PROVIDER')
  const storage = aliyunProvider(env.STORAGE_PROVIDER, 'STORAGE_PROVIDER')
  const carrierLookup = carrierLookupProvider(env.CARRIER_LOOKUP_PROVIDER)
  const identity = identityProvider(env.IDENTITY_PROVIDER)
  const databasePoolMax = Math.max(2, int(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX'))
  // A job holds one connection at a time: half the pool keeps every worker busy and leaves the other half to
  // requests. PGlite has one connection that every statement queues on, so there its count only overlaps the
  // jobs' waits on providers.
  const defaultJobsConcurrency = env.DATABASE_URL ? Math.max(1, Math.floor(databasePoolMax / 2)) : 4
  const notify: NotifyProviders = {
    [LifePayNotificationChannel.Wechat]: notifyProvider(env.NOTIFY_WECHAT_PROVIDER, 'NOTIFY_WECHAT_PROVIDER', 'wechat'),
    [LifePayNotificationChannel.Alipay]: notifyProvider(env.NOTIFY_ALIPAY_PROVIDER, 'NOTIFY_ALIPAY_PROVIDER', 'alipay'),
    [LifePayNotificationChannel.Sms]: notifyProvider(env.NOTIFY_SMS_PROVIDER, 'NOTIFY_SMS_PROVIDER', 'aliyun'),
  }
  return {
    ...listenAddress(env),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolMax,
    dataDir,
    staticDir,
    consoleDir,
    production,
    logLevel: env.LOG_LEVEL || 'info',
    corsOrigins: env.CORS_ORIGINS,
    h5Origins: h5Origins(env.H5_ORIGIN),
    sensitiveWordsFile: resolve(env.SENSITIVE_WORDS_FILE || join(REPO_ROOT, 'server', 'static', 'sensitive-words.txt')),
    jwtSecret: env.JWT_SECRET || DEV_JWT_SECRET,
    clientId: env.JWT_CLIENT_ID || 'life-pay-app',
    accessTokenTtlS: int(env.ACCESS_TOKEN_TTL_S, 7200, 'ACCESS_TOKEN_TTL_S'),
    refreshTokenTtlS: int(env.REFRESH_TOKEN_TTL_S, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL_S'),
    operatorToken: env.OPERATOR_TOKEN || DEV_OPERATOR_TOKEN,
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    adminTotpRequired: production || flag(env.ADMIN_TOTP_REQUIRED, false),
    providers: {
      sms,
      identity,
      supplier,
      storage,
    },
    payTypes,
    wechatPay: payTypes[LifePayType.WxPay] === 'wechatpay' ? wechatPaySettings(env) : null,
    alipay: payTypes[LifePayType.AliPay] === 'alipay' ? alipaySettings(env) : null,
    aliyun: aliyunSettings(env, sms === 'aliyun', storage === 'aliyun', carrierLookup === 'aliyun'),
    carrierLookup,
    fuluSupplier: supplier === 'fulu' ? fuluSupplierSettings(env) : null,
    supplierCostBand: {
      minPercent: int(env.SUPPLIER_MIN_COST_PERCENT, 80, 'SUPPLIER_MIN_COST_PERCENT'),
      maxPercent: int(env.SUPPLIER_MAX_COST_PERCENT, 100, 'SUPPLIER_MAX_COST_PERCENT'),
    },
    supplierQueryAfterMs: int(env.SUPPLIER_QUERY_AFTER_MS, 10 * 60_000, 'SUPPLIER_QUERY_AFTER_MS'),
    supplierQueryMaxIntervalMs: int(env.SUPPLIER_QUERY_MAX_INTERVAL_MS, 60 * 60_000, 'SUPPLIER_QUERY_MAX_INTERVAL_MS'),
    wechatIdentity: identity.includes('wechat') ? wechatIdentitySettings(env) : null,
    alipayIdentity: identity.includes('alipay') ? alipayIdentitySettings(env) : null,
    notificationTemplates: {
      wechat: subscribeTemplates(env.WECHAT_SUBSCRIBE_TEMPLATES, 'wechat', 'WECHAT_SUBSCRIBE_TEMPLATES'),
      alipay: subscribeTemplates(env.ALIPAY_SUBSCRIBE_TEMPLATES, 'alipay', 'ALIPAY_SUBSCRIBE_TEMPLATES'),
    },
    notify: {
      providers: notify,
      wechat: notify.wechat === 'wechat' ? wechatSubscribeSettings(env) : null,
      alipay: notify.alipay === 'alipay' ? alipaySubscribeSettings(env) : null,
      sms: notify.sms === 'aliyun' ? smsNotifySettings(env) : null,
    },
    reconciliationAt: clockTime(env.RECONCILIATION_AT, '10:30', 'RECONCILIATION_AT'),
    sandboxMerchantKey: env.SANDBOX_MERCHANT_KEY || DEV_MERCHANT_KEY,
    sandboxSupplierDelayMs: int(env.SANDBOX_SUPPLIER_DELAY_MS, 1500, 'SANDBOX_SUPPLIER_DELAY_MS'),
    sandboxDuplicateNotifyRate: Math.min(
      1,
      int(env.SANDBOX_DUPLICATE_NOTIFY_RATE, 0.3, 'SANDBOX_DUPLICATE_NOTIFY_RATE'),
    ),
    sandboxWalletInHost: flag(env.SANDBOX_WALLET_IN_HOST, false),
    duplicateGuard: flag(env.DUPLICATE_GUARD, true),
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
      concurrency: Math.max(1, int(env.JOBS_CONCURRENCY, defaultJobsConcurrency, 'JOBS_CONCURRENCY')),
      leaseMs: int(env.JOBS_LEASE_MS, 60_000, 'JOBS_LEASE_MS'),
      maxAttempts: Math.max(1, int(env.JOBS_MAX_ATTEMPTS, 8, 'JOBS_MAX_ATTEMPTS')),
      backoffBaseMs: int(env.JOBS_BACKOFF_BASE_MS, 1000, 'JOBS_BACKOFF_BASE_MS'),
      backoffCapMs: int(env.JOBS_BACKOFF_CAP_MS, 5 * 60_000, 'JOBS_BACKOFF_CAP_MS'),
      batchSize: Math.max(1, int(env.JOBS_BATCH_SIZE, 50, 'JOBS_BATCH_SIZE')),
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
      accountLookupsPerUserHour: int(
        env.LIMIT_ACCOUNT_LOOKUPS_PER_USER_HOUR,
        30,
        'LIMIT_ACCOUNT_LOOKUPS_PER_USER_HOUR',
      ),
    },
  }
}
