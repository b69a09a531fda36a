import { resolve } from 'node:path'
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox'
import { UNPAID_ORDER_CLOSE_MS } from '@domain/constants'
import { API_PROFILES } from './http/apiProfile'

// Every environment setting of the server, one TypeBox schema in groups: name, type, default, description and
// format of each, validated once at start (readSettings.ts). loadConfig (config.ts) turns the settings into the typed
// ServerConfig; production's own rules (productionReadiness.ts) sit on top. docs/server.md's table, README's and
// docs/deploy.md's are written from here (scripts/configDocs.ts).

/** Repository root (server/src → ../..): default home of .data/ and dist/h5. */
export const REPO_ROOT = resolve(__dirname, '..', '..')

/** Where the server listens without HOST / PORT (`npm start`); the admin CLI looks there too (scripts/adminAddress). */
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 3000

export const DEV_JWT_SECRET = 'life-pay-dev-jwt-secret-change-me'
export const DEV_OPERATOR_TOKEN = 'life-pay-dev-operator'
export const DEV_MERCHANT_KEY = 'life-pay-sandbox-merchant-key'

/** WeChat Pay's API host; tests point WXPAY_BASE_URL at a local fake. */
export const WECHAT_PAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com'
/** WeChat's open API host (mini-program login and phone number); tests point WX_API_BASE at a local fake. */
export const WECHAT_API_DEFAULT_BASE_URL = 'https://api.weixin.qq.com'
/** Alipay's OpenAPI gateway; tests point ALIPAY_GATEWAY at a local fake. */
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do'
/** Alibaba Cloud Dysmsapi's endpoint and STS's; tests point ALIYUN_SMS_ENDPOINT / ALIYUN_STS_ENDPOINT at a fake. */
export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com'
export const ALIYUN_STS_DEFAULT_ENDPOINT = 'https://sts.aliyuncs.com'
/** Alibaba Cloud 号码百科 (Dytnsapi), the carrier lookup's; tests point ALIYUN_DYTNS_ENDPOINT at a fake. */
export const ALIYUN_DYTNS_DEFAULT_ENDPOINT = 'https://dytnsapi.aliyuncs.com'
/** Fulu's production gateway (its SDKs' OpenApiURL). */
export const FULU_GATEWAY = 'https://openapi.fulu.com/api/getway'
/** The home page of the mini-program (src/app.config.ts entryPagePath): where a message without its own page opens. */
export const MINI_PROGRAM_HOME_PAGE = 'pages/home/index'

/**
 * What the schema says of a setting beyond JSON Schema's own keywords (readSettings.ts registers them with Ajv):
 * the docs' default when it is computed, a secret never printed, the provider choices that need it, an empty value
 * that means "none" rather than the default, and the words for a pattern.
 */
export interface SettingNotes {
  description: string
  defaultText?: string
  secret?: boolean
  /** The provider choices (`SETTING=value`) that need it set: loadConfig names it when it is not. */
  neededBy?: readonly string[]
  /** Said after "X is not set" when it is needed and missing. */
  unsetText?: string
  /** An empty value is kept (it means none) instead of standing for the default. */
  keepEmpty?: boolean
  /** What a valid value looks like, in words: the docs say it and a refusal quotes it. */
  valueText?: string
}

export const SETTING_NOTES = ['defaultText', 'secret', 'neededBy', 'unsetText', 'keepEmpty', 'valueText'] as const

/** The string formats of the schema and their words (readSettings.ts checks them). */
export const SETTING_FORMATS = {
  url: 'an http(s) URL',
  origin: 'an origin (https://host or https://host:port, no path)',
} as const

type Range = { minimum?: number; maximum?: number }

const whole = (fallback: number, notes: SettingNotes, range: Range = {}) =>
  Type.Integer({ minimum: 0, ...range, default: fallback, ...notes })

const optionalWhole = (notes: SettingNotes, range: Range = {}) =>
  Type.Optional(Type.Integer({ minimum: 0, ...range, ...notes }))

const flag = (fallback: boolean, notes: SettingNotes) => Type.Boolean({ default: fallback, ...notes })

const text = (notes: SettingNotes) => Type.Optional(Type.String(notes))

const textOr = (fallback: string, notes: SettingNotes) => Type.String({ default: fallback, ...notes })

const url = (notes: SettingNotes) => Type.Optional(Type.String({ format: 'url', ...notes }))

const urlOr = (fallback: string, notes: SettingNotes) => Type.String({ format: 'url', default: fallback, ...notes })

/** One of `values` (the real vendor first, then the sandbox, then off): the refusal lists them in this order. */
const choice = <const V extends readonly string[]>(values: V, fallback: V[number], notes: SettingNotes) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: values, default: fallback, ...notes })

const optionalChoice = <const V extends readonly string[]>(values: V, notes: SettingNotes) =>
  Type.Optional(Type.Unsafe<V[number]>({ type: 'string', enum: values, ...notes }))

/** A comma list: split and trimmed before validation, an empty list when unset. */
const list = <T extends TSchema>(item: T, notes: SettingNotes) => Type.Array(item, { default: [], ...notes })

/** A group of the schema: its settings and what it is for (the docs' heading and summary). */
const group = <P extends TProperties>(title: string, description: string, properties: P) =>
  Type.Object(properties, { title, description })

const WXPAY = ['WXPAY_PROVIDER=wechatpay']
const ALIPAY = ['ALIPAY_PROVIDER=alipay']
const ALIPAY_APP = ['ALIPAY_PROVIDER=alipay', 'IDENTITY_PROVIDER=alipay', 'NOTIFY_ALIPAY_PROVIDER=alipay']
const WECHAT_APP = ['IDENTITY_PROVIDER=wechat', 'NOTIFY_WECHAT_PROVIDER=wechat']
const ALIYUN_KEY = [
  'SMS_PROVIDER=aliyun',
  'STORAGE_PROVIDER=aliyun',
  'CARRIER_LOOKUP_PROVIDER=aliyun',
  'NOTIFY_SMS_PROVIDER=aliyun',
]
const TEMPLATE_IDS = "(the template ids of the host's console)"

export const serverSettings = group('Server', 'Where it listens, what it serves, and to whom.', {
  HOST: textOr(DEFAULT_HOST, { description: 'listen address' }),
  PORT: whole(DEFAULT_PORT, { description: 'listen port (`0`: any free port)' }, { maximum: 65535 }),
  NODE_ENV: text({
    description:
      '`production`: the server refuses to start on any unsafe setting — a sandbox provider, demo data, a weak or ' +
      'malformed secret, a vendor or notify URL not https or a vendor’s sandbox, a `/api/dev/*` route — naming each ' +
      '([deploy.md](deploy.md)); the API docs (`/api/docs`) are off',
  }),
  LOG_LEVEL: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info', {
    description: 'pino level (`silent` to mute)',
  }),
  TRUST_PROXY: text({
    defaultText: 'off',
    description:
      "Fastify's `trustProxy`: `true`, a hop count, or the proxies' addresses/CIDRs (comma list); then the client's " +
      'address comes from `X-Forwarded-For`. Set it only behind a proxy you run',
  }),
  CORS_ORIGINS: list(Type.String(), {
    defaultText: 'local origins outside production',
    description:
      'origins allowed to call cross-origin with credentials (`*`: any); unset: `http://localhost:*` and ' +
      '`http://127.0.0.1:*` in development (the H5 dev server), none in production',
  }),
  H5_ORIGIN: list(Type.String({ format: 'origin' }), {
    defaultText: "the request's own origin",
    description:
      'where the H5 app is served (origins, e.g. `https://h5.example.com`): a web payment from a phone browser comes ' +
      "back only to an order's result page on one of them ([payment.md](payment.md#web-payment-an-ordinary-phone-browser)). Unset: the origin " +
      'the request came to (the H5 app served by this server; behind a proxy, with `TRUST_PROXY`)',
  }),
  STATIC_DIR: text({
    defaultText: '`<repo>/dist/h5`',
    keepEmpty: true,
    description: 'H5 build served on the same origin; empty: API only',
  }),
  CONSOLE_DIR: text({
    defaultText: '`<repo>/dist/console`',
    keepEmpty: true,
    description: 'Operator console build (`npm run build:console`) served at `/console`; empty: no console',
  }),
  LIFEPAY_API_PROFILE: choice(API_PROFILES, 'full', {
    description:
      '`production`: answer as the production Life Pay back end would — every extension route (`config.extension`) ' +
      'is an unknown address (404) and no answer carries an extension field — so tests prove the app works without ' +
      'them ([api.md](api.md#the-production-shaped-profile)); `full`: everything',
  }),
  SENSITIVE_WORDS_FILE: text({
    defaultText: '`server/static/sensitive-words.txt`',
    description: 'the list served at `/static/sensitive-words.txt`',
  }),
})

export const databaseSettings = group('Database', 'PostgreSQL, or the embedded PGlite.', {
  DATABASE_URL: text({
    secret: true,
    description: 'PostgreSQL connection string; unset: embedded PGlite in `DATA_DIR`',
  }),
  DATABASE_POOL_MAX: whole(
    10,
    { description: 'PostgreSQL connections per process, requests and jobs together' },
    { minimum: 2 },
  ),
  DATA_DIR: text({
    defaultText: '`<repo>/.data`',
    description: 'PGlite files (`pglite/`), the lock file, sandbox uploads (`oss/`)',
  }),
})

export const loginSettings = group('Logins and secrets', 'Tokens of the app and of the operators.', {
  JWT_SECRET: textOr(DEV_JWT_SECRET, {
    secret: true,
    defaultText: 'development value',
    description: 'HS256 key of access tokens (also peppers SMS code hashes and signs device cookies)',
  }),
  JWT_CLIENT_ID: textOr('life-pay-app', { description: '`client_id` claim; the refresh call must present it' }),
  ACCESS_TOKEN_TTL_S: whole(7200, { description: 'access token lifetime (`expiresIn`)' }, { minimum: 1 }),
  REFRESH_TOKEN_TTL_S: whole(30 * 24 * 3600, { description: 'refresh token lifetime (30 days)' }, { minimum: 1 }),
  VIRTUAL_LOGIN_TTL_S: whole(
    30 * 24 * 3600,
    { description: "lifetime of a virtual login's id (X-LifePay-User-Id, 30 days)" },
    { minimum: 1 },
  ),
  OPERATOR_TOKEN: textOr(DEV_OPERATOR_TOKEN, {
    secret: true,
    defaultText: '`life-pay-dev-operator`',
    description: '`X-Operator-Token` of the admin calls (automation, the admin CLI)',
  }),
  METRICS_TOKEN: text({
    secret: true,
    defaultText: 'none',
    description:
      'the bearer token a Prometheus scraper presents at `/metrics`; production serves `/metrics` only with it ' +
      '([deploy.md § Monitoring](deploy.md#monitoring)); elsewhere `/metrics` is open, and a token, when set, is ' +
      'still required',
  }),
  ADMIN_TOTP_REQUIRED: flag(false, {
    defaultText: 'off (always on in production)',
    description: 'admins must enrol two-step verification (TOTP) before any other operator call (§ Operator side)',
  }),
})

export const providerSettings = group(
  'Providers',
  'Who does each job: a real vendor (its settings in the groups below), the sandbox, or off.',
  {
    PAYMENT_PROVIDER: choice(['wechatpay', 'alipay', 'sandbox'], 'sandbox', {
      description:
        'the default of both pay types: `sandbox` (both in the sandbox), `wechatpay` (WxPay at WeChat Pay, AliPay ' +
        'off) or `alipay` (the reverse); see [deploy.md § Payment providers](deploy.md#payment-providers)',
    }),
    WXPAY_PROVIDER: optionalChoice(['wechatpay', 'sandbox', 'off'], {
      defaultText: 'from `PAYMENT_PROVIDER`',
      description: 'who takes WxPay orders: `wechatpay` (the WeChat Pay settings), `sandbox` or `off` (not offered)',
    }),
    ALIPAY_PROVIDER: optionalChoice(['alipay', 'sandbox', 'off'], {
      defaultText: 'from `PAYMENT_PROVIDER`',
      description: 'who takes AliPay orders: `alipay` (the Alipay settings), `sandbox` or `off` (not offered)',
    }),
    IDENTITY_PROVIDER: list(Type.Unsafe<'sandbox' | 'wechat' | 'alipay'>({ enum: ['wechat', 'alipay', 'sandbox'] }), {
      defaultText: '`sandbox`',
      description:
        'the mini-program login, picked per request by `X-LifePay-Host`: `sandbox`, `wechat` (the WeChat ' +
        'mini-program settings), `alipay` (the Alipay settings and `ALIPAY_AES_KEY`) or both, `wechat,alipay`',
    }),
    SMS_PROVIDER: choice(['aliyun', 'sandbox'], 'sandbox', {
      description: 'verification codes by SMS: `aliyun` (Alibaba Cloud SMS, the Alibaba Cloud settings) or `sandbox`',
    }),
    STORAGE_PROVIDER: choice(['aliyun', 'sandbox'], 'sandbox', {
      description: 'uploads (refund vouchers): `aliyun` (OSS with STS, the Alibaba Cloud settings) or `sandbox`',
    }),
    SUPPLIER_PROVIDER: choice(['fulu', 'sandbox'], 'sandbox', {
      description:
        'who recharges: `fulu`, the Fulu open platform (the Fulu settings; [supplier.md § Settings](supplier.md#settings)) ' +
        'or `sandbox`',
    }),
    CARRIER_LOOKUP_PROVIDER: choice(['aliyun', 'sandbox', 'off'], 'sandbox', {
      description:
        'the phone carrier lookup before a top-up (issue 20): `sandbox` (the prefix guess plus demo ported numbers, ' +
        'docs/api.md § Sandbox), `aliyun` (Alibaba Cloud 号码百科 DescribePhoneNumberOperatorAttribute: ' +
        '`DYTNS_AUTH_CODE`) or `off` (no lookup: the prefix guess, shown unverified). Production refuses the sandbox ' +
        '([deploy.md](deploy.md))',
    }),
    NOTIFY_WECHAT_PROVIDER: choice(['wechat', 'sandbox', 'off'], 'sandbox', {
      description:
        'WeChat subscribe messages (issue 20): `wechat` (the WeChat mini-program and notification settings), ' +
        '`sandbox` (recorded in `sandbox_notifications`) or `off` (every message refused with `CHANNEL_OFF`); see ' +
        '[notifications.md § Vendors](notifications.md#vendors)',
    }),
    NOTIFY_ALIPAY_PROVIDER: choice(['alipay', 'sandbox', 'off'], 'sandbox', {
      description: 'Alipay subscribe messages: `alipay` (the Alipay app and notification settings), `sandbox` or `off`',
    }),
    NOTIFY_SMS_PROVIDER: choice(['aliyun', 'sandbox', 'off'], 'sandbox', {
      description: 'notification SMS: `aliyun` (the Alibaba Cloud key and notification settings), `sandbox` or `off`',
    }),
  },
)

export const wechatPaySettings = group(
  'WeChat Pay',
  'API v3 in public-key mode (`WXPAY_PROVIDER=wechatpay`); key files are read when the app is built.',
  {
    WXPAY_MCH_ID: text({ neededBy: WXPAY, description: 'merchant id' }),
    WXPAY_APP_ID: text({
      neededBy: WXPAY,
      description:
        'the app id payments are made in (mini-program, or the official account of the H5 in WeChat), bound to the ' +
        'merchant',
    }),
    WXPAY_MCH_SERIAL_NO: text({ neededBy: WXPAY, description: 'serial of the merchant API certificate' }),
    WXPAY_MCH_PRIVATE_KEY_FILE: text({ neededBy: WXPAY, description: 'its private key, `apiclient_key.pem`' }),
    WXPAY_API_V3_KEY: text({
      neededBy: WXPAY,
      secret: true,
      valueText: '32 bytes',
      description: 'the APIv3 key (32 characters): decrypts notifications',
    }),
    WXPAY_PUBLIC_KEY_ID: text({ neededBy: WXPAY, description: 'the WeChat Pay public key id, `PUB_KEY_ID_…`' }),
    WXPAY_PUBLIC_KEY_FILE: text({ neededBy: WXPAY, description: 'the WeChat Pay public key, `pub_key.pem`' }),
    WXPAY_NOTIFY_URL: url({ neededBy: WXPAY, description: '`https://<server>/api/pay/notify/wxpay`' }),
    WXPAY_REFUND_NOTIFY_URL: url({
      defaultText: '`WXPAY_NOTIFY_URL` + `/refund`',
      description: "where WeChat Pay reports each refund's final state",
    }),
    WXPAY_BASE_URL: urlOr(WECHAT_PAY_DEFAULT_BASE_URL, { description: 'the API host (tests: a local fake)' }),
  },
)

export const alipaySettings = group(
  'Alipay',
  'The open-platform app of the Alipay mini-program: payments (`ALIPAY_PROVIDER=alipay`), login ' +
    '(`IDENTITY_PROVIDER=alipay`) and subscribe messages (`NOTIFY_ALIPAY_PROVIDER=alipay`). Public-key mode ' +
    '(`ALIPAY_PUBLIC_KEY_FILE`) or certificate mode (the three certificate files), never both.',
  {
    ALIPAY_APP_ID: text({ neededBy: ALIPAY_APP, description: 'the open-platform app id' }),
    ALIPAY_PRIVATE_KEY_FILE: text({ neededBy: ALIPAY_APP, description: "the app's private key (RSA2)" }),
    ALIPAY_PUBLIC_KEY_FILE: text({ description: 'public-key mode: the Alipay public key' }),
    ALIPAY_APP_CERT_FILE: text({ description: 'certificate mode: the app certificate, `appCertPublicKey.crt`' }),
    ALIPAY_CERT_FILE: text({
      description: 'certificate mode: the Alipay certificate, `alipayCertPublicKey_RSA2.crt`',
    }),
    ALIPAY_ROOT_CERT_FILE: text({ description: 'certificate mode: the Alipay root certificate, `alipayRootCert.crt`' }),
    ALIPAY_NOTIFY_URL: url({ neededBy: ALIPAY, description: '`https://<server>/api/pay/notify/alipay`' }),
    ALIPAY_GATEWAY: urlOr(ALIPAY_DEFAULT_GATEWAY, { description: 'the OpenAPI gateway (tests: a local fake)' }),
    ALIPAY_AES_KEY: text({
      neededBy: ['IDENTITY_PROVIDER=alipay'],
      secret: true,
      description: 'the content-encryption key of 接口内容加密方式 (base64 of 16 bytes): decrypts the phone number',
    }),
  },
)

export const wechatAppSettings = group(
  'WeChat mini-program',
  'Its login and phone number (`IDENTITY_PROVIDER=wechat`) and subscribe messages (`NOTIFY_WECHAT_PROVIDER=wechat`).',
  {
    WX_APP_ID: text({ neededBy: WECHAT_APP, description: "the mini-program's AppID" }),
    WX_APP_SECRET: text({
      neededBy: WECHAT_APP,
      secret: true,
      description: 'its AppSecret (mp.weixin.qq.com → 开发管理 → 开发设置)',
    }),
    WX_API_BASE: urlOr(WECHAT_API_DEFAULT_BASE_URL, { description: "WeChat's open API host (tests: a local fake)" }),
  },
)

export const aliyunSettings = group(
  'Alibaba Cloud',
  "One RAM user's AccessKey signs SMS (`SMS_PROVIDER=aliyun`), OSS uploads through STS (`STORAGE_PROVIDER=aliyun`), " +
    'the carrier lookup (`CARRIER_LOOKUP_PROVIDER=aliyun`) and notification SMS (`NOTIFY_SMS_PROVIDER=aliyun`).',
  {
    ALIYUN_ACCESS_KEY_ID: text({ neededBy: ALIYUN_KEY, description: "the RAM user's AccessKey id (`LTAI…`)" }),
    ALIYUN_ACCESS_KEY_SECRET: text({ neededBy: ALIYUN_KEY, secret: true, description: 'its AccessKey secret' }),
    SMS_SIGN_NAME: text({ neededBy: ['SMS_PROVIDER=aliyun'], description: 'the approved sign name (签名)' }),
    SMS_TEMPLATE_CODE: text({
      neededBy: ['SMS_PROVIDER=aliyun'],
      description: 'the approved verification-code template (`${code}`), for every kind of message without its own',
    }),
    SMS_TEMPLATE_CODES: text({
      valueText: 'businessType:TemplateCode,…',
      description: 'templates per businessType, e.g. `80:SMS_1,11:SMS_2`',
    }),
    ALIYUN_SMS_ENDPOINT: urlOr(ALIYUN_SMS_DEFAULT_ENDPOINT, { description: 'Dysmsapi (tests: a local fake)' }),
    OSS_BUCKET: text({ neededBy: ['STORAGE_PROVIDER=aliyun'], description: 'the bucket uploads go to' }),
    OSS_ENDPOINT: text({
      neededBy: ['STORAGE_PROVIDER=aliyun'],
      description: "the bucket's region endpoint without scheme, e.g. `oss-cn-hangzhou.aliyuncs.com`",
    }),
    STS_ROLE_ARN: text({
      neededBy: ['STORAGE_PROVIDER=aliyun'],
      description: 'the RAM role GetOssSTS assumes (`acs:ram::<account>:role/<name>`)',
    }),
    ALIYUN_STS_ENDPOINT: urlOr(ALIYUN_STS_DEFAULT_ENDPOINT, { description: 'STS (tests: a local fake)' }),
    OSS_READ_ENDPOINT: url({
      defaultText: "the bucket's public address",
      description: "where the server reads its own objects (refund vouchers), e.g. the region's internal endpoint",
    }),
    DYTNS_AUTH_CODE: text({
      neededBy: ['CARRIER_LOOKUP_PROVIDER=aliyun'],
      description: 'the authorisation id from the 号码百科 console',
    }),
    ALIYUN_DYTNS_ENDPOINT: urlOr(ALIYUN_DYTNS_DEFAULT_ENDPOINT, { description: '号码百科 (tests: a local fake)' }),
  },
)

export const supplierSettings = group(
  'Recharge supplier',
  'The Fulu open platform (`SUPPLIER_PROVIDER=fulu`, [supplier.md § Settings](supplier.md#settings)), and what we ' +
    'believe of any supplier.',
  {
    FULU_APP_KEY: text({ neededBy: ['SUPPLIER_PROVIDER=fulu'], description: 'the app key Fulu issues' }),
    FULU_APP_SECRET: text({
      secret: true,
      description: 'the app secret (signs requests, answers and callbacks), or `FULU_APP_SECRET_FILE`',
    }),
    FULU_APP_SECRET_FILE: text({ description: 'a file holding the app secret (a mounted secret), instead' }),
    FULU_GATEWAY: urlOr(FULU_GATEWAY, { description: 'the gateway every method is posted to (tests: a local fake)' }),
    FULU_TIMEOUT_MS: whole(10_000, { description: 'per call' }, { minimum: 1 }),
    FULU_CALLBACK_MAX_AGE_MS: whole(
      5 * 60_000,
      { description: 'a callback whose `charge_finish_time` is further than this from now is not believed' },
      { minimum: 1 },
    ),
    FULU_PRODUCTS: text({
      valueText: 'kind:company:faceValue=productId,…',
      description:
        'direct-recharge products for electricity and gas, face values in yuan, e.g. ' +
        '`electric:guowang:100=10000585,gas:xin_ao:50=10000601`',
    }),
    SUPPLIER_MIN_COST_PERCENT: whole(80, {
      description:
        'the agreed charge for a delivered top-up, at least this percent of its face value: a supplier result ' +
        'charging outside it is not believed ([supplier.md § Checks](supplier.md#checks-when-we-believe-fulu))',
    }),
    SUPPLIER_MAX_COST_PERCENT: whole(100, { description: '… and at most this percent' }),
    SUPPLIER_QUERY_AFTER_MS: whole(10 * 60_000, {
      description:
        'a recharge the supplier took (or whose submission answer was lost) with no result this long after is asked ' +
        'about (`recharge.query`), any supplier',
    }),
    SUPPLIER_QUERY_MAX_INTERVAL_MS: whole(60 * 60_000, {
      description: 'longest pause between those questions (they double from `SUPPLIER_QUERY_AFTER_MS`)',
    }),
  },
)

export const notificationSettings = group(
  'Notifications',
  "Each channel's templates and which of a notification's params fills which template field " +
    '([notifications.md § Vendors](notifications.md#vendors)).',
  {
    WECHAT_SUBSCRIBE_TEMPLATES: text({
      neededBy: ['NOTIFY_WECHAT_PROVIDER=wechat'],
      unsetText: TEMPLATE_IDS,
      valueText: 'event=templateId,…',
      defaultText: 'sandbox ids',
      description: "WeChat's subscribe-message template per event, e.g. `paid=T1,rechargeSucceeded=T2`",
    }),
    WECHAT_SUBSCRIBE_FIELDS: text({
      neededBy: ['NOTIFY_WECHAT_PROVIDER=wechat'],
      valueText: 'event=field:param,…;event=…',
      description: 'per event, template field (`thing1`, `amount2`…) → param',
    }),
    WECHAT_SUBSCRIBE_STATE: choice(['formal', 'trial', 'developer'], 'formal', {
      description: 'which version of the mini-program a message opens',
    }),
    ALIPAY_SUBSCRIBE_TEMPLATES: text({
      neededBy: ['NOTIFY_ALIPAY_PROVIDER=alipay'],
      unsetText: TEMPLATE_IDS,
      valueText: 'event=templateId,…',
      defaultText: 'sandbox ids',
      description: "Alipay's subscribe-message template per event",
    }),
    ALIPAY_SUBSCRIBE_FIELDS: text({
      neededBy: ['NOTIFY_ALIPAY_PROVIDER=alipay'],
      valueText: 'event=field:param,…;event=…',
      description: 'per event, `keyword1`… → param',
    }),
    ALIPAY_SUBSCRIBE_PAGE: textOr(MINI_PROGRAM_HOME_PAGE, {
      description: 'the page a message opens when it names none (Alipay requires one)',
    }),
    NOTIFY_SMS_SIGN_NAME: text({ defaultText: '`SMS_SIGN_NAME`', description: 'the sign name of notification SMS' }),
    NOTIFY_SMS_TEMPLATES: text({
      neededBy: ['NOTIFY_SMS_PROVIDER=aliyun'],
      valueText: 'event=TemplateCode,…',
      description: 'per event, its approved notification template (短信通知)',
    }),
    NOTIFY_SMS_FIELDS: text({
      neededBy: ['NOTIFY_SMS_PROVIDER=aliyun'],
      valueText: 'event=variable:param,…;event=…',
      description: 'per event, template variable → param',
    }),
  },
)

export const orderSettings = group('Orders and money', 'How orders live and how the books are kept.', {
  UNPAID_ORDER_CLOSE_MS: whole(UNPAID_ORDER_CLOSE_MS, {
    description: 'unpaid orders close after this (30 minutes, `domain/constants.ts`)',
  }),
  DUPLICATE_GUARD: flag(true, {
    description:
      'the duplicate-order guard of Create…Order (docs/api.md); off only for test suites that order one account ' +
      'again and again (`scripts/lib/appServer.ts`, `server/test/support/testApp.ts`); production refuses off',
  }),
  RECONCILIATION_AT: Type.String({
    default: '10:30',
    pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
    valueText: 'hh:mm (24-hour clock)',
    description:
      'when the day before is reconciled each morning, Asia/Shanghai (after WeChat Pay cuts its bills at 10:00; ' +
      'docs/money.md). Scheduled by instances that run the job worker, once per day whatever their number',
  }),
  SEED_DEMO_DATA: flag(true, {
    description: 'write the demo user on first start (reference data is always written)',
  }),
})

export const sandboxSettings = group('Sandbox', 'The simulated providers of `npm start` and the tests.', {
  SANDBOX_MERCHANT_KEY: textOr(DEV_MERCHANT_KEY, {
    secret: true,
    defaultText: 'development value',
    description: 'signs sandbox JSAPI parameters and payment notifications',
  }),
  SANDBOX_SUPPLIER_DELAY_MS: whole(1500, { description: 'time the sandbox supplier takes to report a recharge' }),
  SANDBOX_DUPLICATE_NOTIFY_RATE: Type.Number({
    minimum: 0,
    maximum: 1,
    default: 0.3,
    description: 'share of sandbox payments notified twice, as real providers sometimes do',
  }),
  SANDBOX_WALLET_IN_HOST: flag(false, {
    description:
      "sandbox payments are paid in the mini-program host's own cashier (`requestPayment` / `tradePay` with the " +
      "sandbox JSAPI parameters), not the app's sandbox cashier sheet: the mini-program test host (`npm run " +
      'test:mini`) plays the wallet',
  }),
})

export const cacheSettings = group('Caches', 'In-memory caches of each instance (§ Caches).', {
  ORDER_PAGE_CACHE_ENTRIES: whole(20_000, { description: 'cached order pages at most' }),
  ORDER_PAGE_CACHE_MB: whole(64, { description: 'memory the cached order pages may take' }),
  CREDENTIAL_CACHE_ENTRIES: whole(50_000, {
    description: 'login families and virtual logins the auth hook remembers',
  }),
})

export const jobSettings = group('Background jobs', 'The durable job worker (§ Durable background work).', {
  JOBS_ENABLED: flag(true, { description: 'run the job worker in this process' }),
  JOBS_POLL_MS: whole(250, { description: 'worker poll interval' }, { minimum: 1 }),
  JOBS_CONCURRENCY: optionalWhole(
    {
      defaultText: 'half of `DATABASE_POOL_MAX` on PostgreSQL; `4` on PGlite',
      description: 'jobs running at once in this process',
    },
    { minimum: 1 },
  ),
  JOBS_BATCH_SIZE: whole(
    50,
    { description: 'at most this many due jobs of a kind with a batch handler run together; `1` runs each alone' },
    { minimum: 1 },
  ),
  JOBS_LEASE_MS: whole(60_000, { description: 'a claimed job not settled by then is claimed again' }, { minimum: 1 }),
  JOBS_MAX_ATTEMPTS: whole(8, { description: 'attempts before a job is `failed`' }, { minimum: 1 }),
  JOBS_BACKOFF_BASE_MS: whole(1000, { description: 'retry back-off: the first wait' }),
  JOBS_BACKOFF_CAP_MS: whole(5 * 60_000, { description: 'retry back-off: the longest wait' }),
})

export const limitSettings = group(
  'Abuse limits',
  'Per client address and per login name, shared by all instances through the database (§ Abuse limits).',
  {
    LIMIT_SMS_PER_IP_HOUR: whole(10, { description: 'verification codes sent per client address per hour' }),
    LIMIT_SMS_PER_IP_DAY: whole(30, { description: '… and per day' }),
    LIMIT_CODE_CHECKS_PER_IP_HOUR: whole(30, { description: 'verification codes checked per client address' }),
    LIMIT_LOGIN_FAILURES_PER_IP_AND_NAME: whole(5, {
      description: 'wrong passwords per (address, login name) before that pair waits 15 minutes',
    }),
    LIMIT_LOGIN_FAILURES_PER_IP_HOUR: whole(15, { description: 'wrong passwords per address, whatever the names' }),
    LIMIT_LOGIN_FAILURES_PER_NAME_HOUR: whole(30, {
      description: 'wrong passwords per login name from all addresses; then password login pauses (code login works)',
    }),
    LIMIT_REGISTRATIONS_PER_IP_HOUR: whole(5, { description: 'registrations per client address' }),
    LIMIT_ACCOUNT_LOOKUPS_PER_USER_HOUR: whole(30, {
      description:
        'account and carrier lookups before paying (CheckLifePayAccount, CheckPhoneCarrier) per user, one count for both',
    }),
  },
)

/** The groups in the order the docs list them. */
export const SETTING_GROUPS: readonly TObject[] = [
  serverSettings,
  databaseSettings,
  loginSettings,
  providerSettings,
  wechatPaySettings,
  alipaySettings,
  wechatAppSettings,
  aliyunSettings,
  supplierSettings,
  notificationSettings,
  orderSettings,
  sandboxSettings,
  cacheSettings,
  jobSettings,
  limitSettings,
]

export const ConfigSchema = Type.Object({
  ...serverSettings.properties,
  ...databaseSettings.properties,
  ...loginSettings.properties,
  ...providerSettings.properties,
  ...wechatPaySettings.properties,
  ...alipaySettings.properties,
  ...wechatAppSettings.properties,
  ...aliyunSettings.properties,
  ...supplierSettings.properties,
  ...notificationSettings.properties,
  ...orderSettings.properties,
  ...sandboxSettings.properties,
  ...cacheSettings.properties,
  ...jobSettings.properties,
  ...limitSettings.properties,
})

/** The environment, validated: every setting typed, defaults filled in. */
export type Settings = Static<typeof ConfigSchema>

export type SettingName = keyof Settings

/** The schema of one setting with its notes. */
export type SettingSchema = TSchema & Partial<SettingNotes> & { default?: unknown }

export function settingSchema(name: string): SettingSchema | undefined {
  return (ConfigSchema.properties as Record<string, SettingSchema>)[name]
}

/**
 * Prefixes no other software's variables use: a variable starting with one that is not a setting is a typo
 * (WXPAY_MCHID), refused rather than silently ignored.
 */
export const OWN_PREFIXES = [
  'WXPAY_',
  'ALIPAY_',
  'WX_',
  'WECHAT_SUBSCRIBE_',
  'ALIYUN_',
  'SMS_',
  'OSS_',
  'STS_',
  'FULU_',
  'SUPPLIER_',
  // Not NOTIFY_ alone: systemd's NOTIFY_SOCKET is none of ours.
  'NOTIFY_WECHAT_',
  'NOTIFY_ALIPAY_',
  'NOTIFY_SMS_',
  'SANDBOX_',
  'JOBS_',
  'LIMIT_',
]

/**
 * "X is not set" for each setting of `group` (the whole schema by default) that one of `choices` needs and that is
 * unset, in the schema's order.
 */
export function unsetSettings(settings: Settings, choices: readonly string[], group: TObject = ConfigSchema): string[] {
  const problems: string[] = []
  for (const [name, setting] of Object.entries(group.properties as Record<string, SettingSchema>)) {
    if (!setting.neededBy?.some((choice) => choices.includes(choice))) continue
    if (settings[name as SettingName] === undefined)
      problems.push(`${name} is not set${setting.unsetText ? ` ${setting.unsetText}` : ''}`)
  }
  return problems
}
