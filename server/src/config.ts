import { join, resolve } from 'node:path'
import { Type } from '@sinclair/typebox'
import { LifePayNotificationChannel, LifePayNotificationEvent } from '@domain/lifePayNotification'
import { LifePayType } from '@domain/lifePayType'
import { ConfigError } from './configError'
import type { ApiProfile } from './http/apiProfile'
import {
  ConfigSchema,
  OWN_PREFIXES,
  REPO_ROOT,
  aliyunSettings as aliyunGroup,
  alipaySettings as alipayGroup,
  notificationSettings as notificationGroup,
  serverSettings,
  unsetSettings,
  type Settings,
} from './configSchema'
import { fuluSupplierSettings, type FuluSupplierConfig } from './providers/fuluSettings'
import { parseNotificationFieldMaps, type NotificationFieldMaps } from './providers/notificationFields'
import { readSettings, validateSettings } from './readSettings'

// The typed configuration the server reads (ServerConfig), made from the settings the schema validated
// (configSchema.ts): each provider's settings are assembled here, with the rules across settings (what a chosen
// provider needs, the key and certificate modes) naming every problem at once.

export type ProviderKind = 'sandbox'
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
  /** LIFEPAY_API_PROFILE: `production` hides our extensions, answering as the production back end (issue 36). */
  apiProfile: ApiProfile
  logLevel: string
  /** Origins allowed to call cross-origin (CORS_ORIGINS): '*' for any; none: local origins outside production. */
  corsOrigins: string[]
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

/** A choice's problems on one line, as an operator fixes them: all of them at once. */
function refuse(problems: string[], choice: string, own: readonly string[]): boolean {
  if (own.length > 0) problems.push(`${choice}: ${own.join('; ')}`)
  return own.length > 0
}

/** TRUST_PROXY: off, on, a hop count, or the proxies' addresses. */
function trustProxy(value: string | undefined): boolean | number | string[] {
  const text = value ?? ''
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true
  if (/^\d+$/.test(text)) return Number(text)
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
}

/**
 * Each pay type's provider. PAYMENT_PROVIDER (kept from the one-provider days) gives the defaults: `sandbox` both
 * pay types in the sandbox, `wechatpay` WxPay at WeChat Pay with AliPay not offered, `alipay` the reverse.
 * WXPAY_PROVIDER and ALIPAY_PROVIDER override it per pay type.
 */
function payTypeProviders(s: Settings, problems: string[]): PayTypeProviders {
  const fallback = s.PAYMENT_PROVIDER
  const pick = (value: string | undefined, real: 'wechatpay' | 'alipay'): PaymentProviderKind | null => {
    if (value === undefined) return fallback === 'sandbox' || fallback === real ? fallback : null
    return value === 'off' ? null : (value as PaymentProviderKind)
  }
  const payTypes = {
    [LifePayType.WxPay]: pick(s.WXPAY_PROVIDER, 'wechatpay'),
    [LifePayType.AliPay]: pick(s.ALIPAY_PROVIDER, 'alipay'),
  }
  if (payTypes[LifePayType.WxPay] === null && payTypes[LifePayType.AliPay] === null) {
    problems.push('WXPAY_PROVIDER and ALIPAY_PROVIDER are both off: no order could be paid')
  }
  return payTypes
}

function identityProvider(s: Settings, problems: string[]): IdentityProviderKind {
  const kinds = new Set(s.IDENTITY_PROVIDER)
  if (kinds.size === 0 || (kinds.size === 1 && kinds.has('sandbox'))) return 'sandbox'
  if (kinds.has('sandbox')) {
    problems.push(
      `IDENTITY_PROVIDER=${s.IDENTITY_PROVIDER.join(',')}: the sandbox stands alone; the real ones are wechat ` +
        'and/or alipay (e.g. wechat,alipay)',
    )
    return 'sandbox'
  }
  return kinds.size === 2 ? 'wechat,alipay' : kinds.has('wechat') ? 'wechat' : 'alipay'
}

/** The WeChat Pay settings, or null with every problem named (an operator fixes them all in one go). */
function wechatPaySettings(s: Settings, problems: string[]): WechatPaySettings | null {
  const own = unsetSettings(s, ['WXPAY_PROVIDER=wechatpay'])
  // The APIv3 key is an AES-256 key taken as UTF-8 bytes: any other length cannot decrypt a notification.
  const apiV3Key = s.WXPAY_API_V3_KEY ?? ''
  if (apiV3Key && Buffer.byteLength(apiV3Key, 'utf8') !== 32) own.push('WXPAY_API_V3_KEY must be 32 bytes')
  if (refuse(problems, 'WXPAY_PROVIDER=wechatpay', own)) return null
  const notifyUrl = s.WXPAY_NOTIFY_URL ?? ''
  return {
    mchId: s.WXPAY_MCH_ID ?? '',
    appId: s.WXPAY_APP_ID ?? '',
    mchSerialNo: s.WXPAY_MCH_SERIAL_NO ?? '',
    mchPrivateKeyFile: resolve(s.WXPAY_MCH_PRIVATE_KEY_FILE ?? ''),
    apiV3Key,
    publicKeyId: s.WXPAY_PUBLIC_KEY_ID ?? '',
    publicKeyFile: resolve(s.WXPAY_PUBLIC_KEY_FILE ?? ''),
    notifyUrl,
    // Our refund route sits under the pay route (/api/pay/notify/wxpay/refund): one setting serves both.
    refundNotifyUrl: s.WXPAY_REFUND_NOTIFY_URL ?? `${notifyUrl.replace(/\/+$/, '')}/refund`,
    baseUrl: s.WXPAY_BASE_URL,
  }
}

/**
 * How Alipay is verified, with its problems added to `own`. Any of the certificate files chooses certificate mode
 * (all three needed); otherwise public-key mode needs ALIPAY_PUBLIC_KEY_FILE. Both at once is refused: which key
 * verifies Alipay must never be a guess.
 */
function alipayVerification(s: Settings, own: string[]): AlipayVerification {
  const certificates = {
    ALIPAY_APP_CERT_FILE: s.ALIPAY_APP_CERT_FILE,
    ALIPAY_CERT_FILE: s.ALIPAY_CERT_FILE,
    ALIPAY_ROOT_CERT_FILE: s.ALIPAY_ROOT_CERT_FILE,
  }
  if (Object.values(certificates).some((file) => file !== undefined)) {
    for (const [name, file] of Object.entries(certificates)) {
      if (file === undefined) own.push(`${name} is not set (certificate mode)`)
    }
    if (s.ALIPAY_PUBLIC_KEY_FILE !== undefined) {
      own.push('ALIPAY_PUBLIC_KEY_FILE is set with certificate files: set one mode, not both')
    }
    return {
      mode: 'certificates',
      appCertFile: resolve(s.ALIPAY_APP_CERT_FILE ?? ''),
      alipayCertFile: resolve(s.ALIPAY_CERT_FILE ?? ''),
      rootCertFile: resolve(s.ALIPAY_ROOT_CERT_FILE ?? ''),
    }
  }
  if (s.ALIPAY_PUBLIC_KEY_FILE === undefined) {
    own.push(
      'ALIPAY_PUBLIC_KEY_FILE is not set (public-key mode; or ALIPAY_APP_CERT_FILE, ALIPAY_CERT_FILE and ' +
        'ALIPAY_ROOT_CERT_FILE for certificate mode)',
    )
  }
  return { mode: 'publicKey', alipayPublicKeyFile: resolve(s.ALIPAY_PUBLIC_KEY_FILE ?? '') }
}

function alipaySettings(s: Settings, problems: string[]): AlipaySettings | null {
  const own = unsetSettings(s, ['ALIPAY_PROVIDER=alipay'])
  const verification = alipayVerification(s, own)
  if (refuse(problems, 'ALIPAY_PROVIDER=alipay', own)) return null
  return {
    appId: s.ALIPAY_APP_ID ?? '',
    privateKeyFile: resolve(s.ALIPAY_PRIVATE_KEY_FILE ?? ''),
    verification,
    notifyUrl: s.ALIPAY_NOTIFY_URL ?? '',
    gateway: s.ALIPAY_GATEWAY,
  }
}

/** The Alibaba Cloud settings of the providers that use it, or null with every problem named. */
function aliyunSettings(s: Settings, problems: string[]): AliyunSettings | null {
  const sms = s.SMS_PROVIDER === 'aliyun'
  const storage = s.STORAGE_PROVIDER === 'aliyun'
  const carrierLookup = s.CARRIER_LOOKUP_PROVIDER === 'aliyun'
  const choices = [
    ...(sms ? ['SMS_PROVIDER=aliyun'] : []),
    ...(storage ? ['STORAGE_PROVIDER=aliyun'] : []),
    ...(carrierLookup ? ['CARRIER_LOOKUP_PROVIDER=aliyun'] : []),
  ]
  if (choices.length === 0) return null
  const own = unsetSettings(s, choices, aliyunGroup)
  const templateCodes: Partial<Record<number, string>> = {}
  for (const pair of (s.SMS_TEMPLATE_CODES ?? '').split(',').filter((part) => part.trim() !== '')) {
    const match = /^\s*(\d+)\s*:\s*(\S+)\s*$/.exec(pair)
    if (match) templateCodes[Number(match[1])] = match[2]
    else own.push(`SMS_TEMPLATE_CODES: "${pair.trim()}" is not businessType:TemplateCode`)
  }
  if (refuse(problems, choices.join(', '), own)) return null
  return {
    accessKeyId: s.ALIYUN_ACCESS_KEY_ID ?? '',
    accessKeySecret: s.ALIYUN_ACCESS_KEY_SECRET ?? '',
    sms: sms
      ? {
          signName: s.SMS_SIGN_NAME ?? '',
          templateCode: s.SMS_TEMPLATE_CODE ?? '',
          templateCodes,
          endpoint: s.ALIYUN_SMS_ENDPOINT,
        }
      : null,
    storage: storage
      ? {
          bucket: s.OSS_BUCKET ?? '',
          // The endpoint is a host name: https://<bucket>.<endpoint> is where the app posts its uploads.
          ossEndpoint: (s.OSS_ENDPOINT ?? '').replace(/^https?:\/\//, '').replace(/\/+$/, ''),
          roleArn: s.STS_ROLE_ARN ?? '',
          stsEndpoint: s.ALIYUN_STS_ENDPOINT,
          readEndpoint: s.OSS_READ_ENDPOINT ?? null,
        }
      : null,
    carrierLookup: carrierLookup ? { authCode: s.DYTNS_AUTH_CODE ?? '', endpoint: s.ALIYUN_DYTNS_ENDPOINT } : null,
  }
}

/** The WeChat identity settings, or null with every problem named. */
function wechatIdentitySettings(s: Settings, problems: string[]): WechatIdentitySettings | null {
  if (refuse(problems, 'IDENTITY_PROVIDER=wechat', unsetSettings(s, ['IDENTITY_PROVIDER=wechat']))) return null
  return { appId: s.WX_APP_ID ?? '', appSecret: s.WX_APP_SECRET ?? '', baseUrl: s.WX_API_BASE }
}

/**
 * The Alipay identity settings, or null with every problem named. The app and its keys are the payment settings'
 * (ALIPAY_APP_ID and key files): one Alipay mini-program both logs its users in and takes their payments.
 */
function alipayIdentitySettings(s: Settings, problems: string[]): AlipayIdentitySettings | null {
  const own = unsetSettings(s, ['IDENTITY_PROVIDER=alipay'])
  const verification = alipayVerification(s, own)
  const aesKey = s.ALIPAY_AES_KEY ?? ''
  if (aesKey && Buffer.from(aesKey, 'base64').length !== 16) {
    own.push('ALIPAY_AES_KEY must be the base64 of 16 bytes (the AES key shown by the open platform)')
  }
  if (refuse(problems, 'IDENTITY_PROVIDER=alipay', own)) return null
  return {
    appId: s.ALIPAY_APP_ID ?? '',
    privateKeyFile: resolve(s.ALIPAY_PRIVATE_KEY_FILE ?? ''),
    verification,
    aesKey,
    gateway: s.ALIPAY_GATEWAY,
  }
}

const isEvent = (event: string): event is LifePayNotificationEvent =>
  Object.values(LifePayNotificationEvent).includes(event as LifePayNotificationEvent)

/** `event=templateId,…` for one host; every event a sandbox id when unset, an unknown event refused. */
function subscribeTemplates(value: string | undefined, host: string, name: string, problems: string[]) {
  const templates: Partial<Record<LifePayNotificationEvent, string>> = {}
  if (value === undefined) {
    for (const event of Object.values(LifePayNotificationEvent)) templates[event] = `sandbox-${host}-${event}`
    return templates
  }
  for (const pair of value.split(',')) {
    const [event, id] = pair.split('=').map((part) => part.trim())
    if (isEvent(event) && id) templates[event] = id
    else problems.push(`${name}: "${pair}" is not event=templateId with a known event`)
  }
  return templates
}

/** A field map for every event that has a template, or a problem naming each event without one. */
function fieldMapsFor(
  value: string | undefined,
  name: string,
  events: readonly LifePayNotificationEvent[],
  validField: (field: string) => boolean,
  own: string[],
): NotificationFieldMaps {
  if (value === undefined) return {}
  const parsed = parseNotificationFieldMaps(value, name, validField)
  own.push(...parsed.problems)
  const missing = events.filter((event) => !parsed.maps[event])
  if (missing.length > 0) own.push(`${name}: no fields for ${missing.join(', ')}`)
  return parsed.maps
}

/** WeChat's template field names: the type of value (WeChat's 参数类别) and its number, e.g. thing1, amount2. */
export const WECHAT_FIELD = /^(thing|character_string|number|letter|phrase|phone_number|name|amount|time|date)\d+$/

function wechatSubscribeSettings(
  s: Settings,
  templates: NotificationTemplates,
  problems: string[],
): WechatSubscribeSettings | null {
  const own = unsetSettings(s, ['NOTIFY_WECHAT_PROVIDER=wechat'])
  const events = s.WECHAT_SUBSCRIBE_TEMPLATES === undefined ? [] : eventsOf(templates.wechat)
  const fields = fieldMapsFor(
    s.WECHAT_SUBSCRIBE_FIELDS,
    'WECHAT_SUBSCRIBE_FIELDS',
    events,
    (field) => WECHAT_FIELD.test(field),
    own,
  )
  if (refuse(problems, 'NOTIFY_WECHAT_PROVIDER=wechat', own)) return null
  return {
    appId: s.WX_APP_ID ?? '',
    appSecret: s.WX_APP_SECRET ?? '',
    baseUrl: s.WX_API_BASE,
    fields,
    miniprogramState: s.WECHAT_SUBSCRIBE_STATE,
  }
}

const eventsOf = (templates: Partial<Record<LifePayNotificationEvent, string>>) =>
  Object.keys(templates) as LifePayNotificationEvent[]

function alipaySubscribeSettings(
  s: Settings,
  templates: NotificationTemplates,
  problems: string[],
): AlipaySubscribeSettings | null {
  const choice = 'NOTIFY_ALIPAY_PROVIDER=alipay'
  const own = unsetSettings(s, [choice], alipayGroup)
  const verification = alipayVerification(s, own)
  own.push(...unsetSettings(s, [choice], notificationGroup))
  const events = s.ALIPAY_SUBSCRIBE_TEMPLATES === undefined ? [] : eventsOf(templates.alipay)
  const keyword = (field: string) => /^keyword\d+$/.test(field)
  const fields = fieldMapsFor(s.ALIPAY_SUBSCRIBE_FIELDS, 'ALIPAY_SUBSCRIBE_FIELDS', events, keyword, own)
  if (refuse(problems, choice, own)) return null
  return {
    appId: s.ALIPAY_APP_ID ?? '',
    privateKeyFile: resolve(s.ALIPAY_PRIVATE_KEY_FILE ?? ''),
    verification,
    gateway: s.ALIPAY_GATEWAY,
    fields,
    defaultPage: s.ALIPAY_SUBSCRIBE_PAGE,
  }
}

function smsNotifySettings(s: Settings, problems: string[]): SmsNotifySettings | null {
  const choice = 'NOTIFY_SMS_PROVIDER=aliyun'
  const own = unsetSettings(s, [choice], aliyunGroup)
  const signName = s.NOTIFY_SMS_SIGN_NAME ?? s.SMS_SIGN_NAME ?? ''
  if (signName === '') own.push('NOTIFY_SMS_SIGN_NAME (or SMS_SIGN_NAME) is not set')
  own.push(...unsetSettings(s, [choice], notificationGroup))
  const templateCodes: Partial<Record<LifePayNotificationEvent, string>> = {}
  for (const pair of (s.NOTIFY_SMS_TEMPLATES ?? '').split(',').filter((part) => part.trim() !== '')) {
    const [event, code] = pair.split('=').map((part) => part.trim())
    if (isEvent(event) && code) templateCodes[event] = code
    else own.push(`NOTIFY_SMS_TEMPLATES: "${pair.trim()}" is not event=TemplateCode with a known event`)
  }
  const variable = (field: string) => /^[A-Za-z_]\w*$/.test(field)
  const fields = fieldMapsFor(s.NOTIFY_SMS_FIELDS, 'NOTIFY_SMS_FIELDS', eventsOf(templateCodes), variable, own)
  if (refuse(problems, choice, own)) return null
  return {
    accessKeyId: s.ALIYUN_ACCESS_KEY_ID ?? '',
    accessKeySecret: s.ALIYUN_ACCESS_KEY_SECRET ?? '',
    signName,
    templateCodes,
    fields,
    endpoint: s.ALIYUN_SMS_ENDPOINT,
  }
}

/** A variable starting like ours that is none of ours: a typo the server would otherwise ignore. */
function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((name) => OWN_PREFIXES.some((prefix) => name.startsWith(prefix)) && !(name in ConfigSchema.properties))
    .map((name) => `${name} is not a setting (docs/server.md § Configuration lists them)`)
}

const ListenSchema = Type.Object({ HOST: serverSettings.properties.HOST, PORT: serverSettings.properties.PORT })

/** The address the server listens on for this environment: one reading, shared with the admin CLI. */
export function listenAddress(env: NodeJS.ProcessEnv = process.env): { host: string; port: number } {
  const { HOST, PORT } = readSettings(ListenSchema, env)
  return { host: HOST, port: PORT }
}

/** Configuration from the environment (configSchema.ts lists every setting; docs/server.md § Configuration). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const read = validateSettings(ConfigSchema, env)
  const unknown = unknownSettings(env)
  if (!read.settings || unknown.length > 0) throw new ConfigError([...read.problems, ...unknown])
  const s = read.settings
  // Production's own rules (real providers, no demo data, strong secrets) are checked at start:
  // server/src/productionReadiness.ts, which names every problem at once.
  const production = s.NODE_ENV === 'production'
  const problems: string[] = []
  const payTypes = payTypeProviders(s, problems)
  const identity = identityProvider(s, problems)
  // A job holds one connection at a time: half the pool keeps every worker busy and leaves the other half to
  // requests. PGlite has one connection that every statement queues on, so there its count only overlaps the
  // jobs' waits on providers.
  const defaultJobsConcurrency = s.DATABASE_URL ? Math.max(1, Math.floor(s.DATABASE_POOL_MAX / 2)) : 4
  const notify: NotifyProviders = {
    [LifePayNotificationChannel.Wechat]: s.NOTIFY_WECHAT_PROVIDER,
    [LifePayNotificationChannel.Alipay]: s.NOTIFY_ALIPAY_PROVIDER,
    [LifePayNotificationChannel.Sms]: s.NOTIFY_SMS_PROVIDER,
  }
  const notificationTemplates: NotificationTemplates = {
    wechat: subscribeTemplates(s.WECHAT_SUBSCRIBE_TEMPLATES, 'wechat', 'WECHAT_SUBSCRIBE_TEMPLATES', problems),
    alipay: subscribeTemplates(s.ALIPAY_SUBSCRIBE_TEMPLATES, 'alipay', 'ALIPAY_SUBSCRIBE_TEMPLATES', problems),
  }
  const config: ServerConfig = {
    host: s.HOST,
    port: s.PORT,
    databaseUrl: s.DATABASE_URL ?? null,
    databasePoolMax: s.DATABASE_POOL_MAX,
    dataDir: resolve(s.DATA_DIR ?? join(REPO_ROOT, '.data')),
    staticDir: s.STATIC_DIR === '' ? null : resolve(s.STATIC_DIR ?? join(REPO_ROOT, 'dist', 'h5')),
    consoleDir: s.CONSOLE_DIR === '' ? null : resolve(s.CONSOLE_DIR ?? join(REPO_ROOT, 'dist', 'console')),
    production,
    apiProfile: s.LIFEPAY_API_PROFILE,
    logLevel: s.LOG_LEVEL,
    corsOrigins: s.CORS_ORIGINS,
    h5Origins: s.H5_ORIGIN.map((origin) => new URL(origin).origin),
    sensitiveWordsFile: resolve(s.SENSITIVE_WORDS_FILE ?? join(REPO_ROOT, 'server', 'static', 'sensitive-words.txt')),
    jwtSecret: s.JWT_SECRET,
    clientId: s.JWT_CLIENT_ID,
    accessTokenTtlS: s.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: s.REFRESH_TOKEN_TTL_S,
    operatorToken: s.OPERATOR_TOKEN,
    metricsToken: s.METRICS_TOKEN ?? null,
    adminTotpRequired: production || s.ADMIN_TOTP_REQUIRED,
    providers: {
      sms: s.SMS_PROVIDER,
      identity,
      supplier: s.SUPPLIER_PROVIDER,
      storage: s.STORAGE_PROVIDER,
    },
    payTypes,
    wechatPay: payTypes[LifePayType.WxPay] === 'wechatpay' ? wechatPaySettings(s, problems) : null,
    alipay: payTypes[LifePayType.AliPay] === 'alipay' ? alipaySettings(s, problems) : null,
    aliyun: aliyunSettings(s, problems),
    carrierLookup: s.CARRIER_LOOKUP_PROVIDER,
    fuluSupplier: s.SUPPLIER_PROVIDER === 'fulu' ? fuluSupplierSettings(s, problems) : null,
    supplierCostBand: { minPercent: s.SUPPLIER_MIN_COST_PERCENT, maxPercent: s.SUPPLIER_MAX_COST_PERCENT },
    supplierQueryAfterMs: s.SUPPLIER_QUERY_AFTER_MS,
    supplierQueryMaxIntervalMs: s.SUPPLIER_QUERY_MAX_INTERVAL_MS,
    wechatIdentity: identity.includes('wechat') ? wechatIdentitySettings(s, problems) : null,
    alipayIdentity: identity.includes('alipay') ? alipayIdentitySettings(s, problems) : null,
    notificationTemplates,
    notify: {
      providers: notify,
      wechat: notify.wechat === 'wechat' ? wechatSubscribeSettings(s, notificationTemplates, problems) : null,
      alipay: notify.alipay === 'alipay' ? alipaySubscribeSettings(s, notificationTemplates, problems) : null,
      sms: notify.sms === 'aliyun' ? smsNotifySettings(s, problems) : null,
    },
    reconciliationAt: s.RECONCILIATION_AT,
    sandboxMerchantKey: s.SANDBOX_MERCHANT_KEY,
    sandboxSupplierDelayMs: s.SANDBOX_SUPPLIER_DELAY_MS,
    sandboxDuplicateNotifyRate: s.SANDBOX_DUPLICATE_NOTIFY_RATE,
    sandboxWalletInHost: s.SANDBOX_WALLET_IN_HOST,
    duplicateGuard: s.DUPLICATE_GUARD,
    unpaidOrderCloseMs: s.UNPAID_ORDER_CLOSE_MS,
    seedDemoData: s.SEED_DEMO_DATA,
    orderPageCache: {
      maxEntries: s.ORDER_PAGE_CACHE_ENTRIES,
      maxBytes: s.ORDER_PAGE_CACHE_MB * 1024 * 1024,
    },
    credentialCacheEntries: s.CREDENTIAL_CACHE_ENTRIES,
    virtualLoginTtlS: s.VIRTUAL_LOGIN_TTL_S,
    jobs: {
      enabled: s.JOBS_ENABLED,
      pollMs: s.JOBS_POLL_MS,
      concurrency: s.JOBS_CONCURRENCY ?? defaultJobsConcurrency,
      leaseMs: s.JOBS_LEASE_MS,
      maxAttempts: s.JOBS_MAX_ATTEMPTS,
      backoffBaseMs: s.JOBS_BACKOFF_BASE_MS,
      backoffCapMs: s.JOBS_BACKOFF_CAP_MS,
      batchSize: s.JOBS_BATCH_SIZE,
    },
    trustProxy: trustProxy(s.TRUST_PROXY),
    limits: {
      smsPerIpHour: s.LIMIT_SMS_PER_IP_HOUR,
      smsPerIpDay: s.LIMIT_SMS_PER_IP_DAY,
      codeChecksPerIpHour: s.LIMIT_CODE_CHECKS_PER_IP_HOUR,
      loginFailuresPerIpAndName: s.LIMIT_LOGIN_FAILURES_PER_IP_AND_NAME,
      loginFailuresPerIpHour: s.LIMIT_LOGIN_FAILURES_PER_IP_HOUR,
      loginFailuresPerNameHour: s.LIMIT_LOGIN_FAILURES_PER_NAME_HOUR,
      registrationsPerIpHour: s.LIMIT_REGISTRATIONS_PER_IP_HOUR,
      accountLookupsPerUserHour: s.LIMIT_ACCOUNT_LOOKUPS_PER_USER_HOUR,
    },
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}
