import { join } from 'node:path'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { API_ERROR_CODES } from '@contract/errorCodes'
import type { AppContext, Providers, Sandboxes } from './appContext'
import { fastifyOptions } from './appOptions'
import { systemClock, type Clock } from './clock'
import type { AlipaySettings, AlipayVerification, ServerConfig, WechatPaySettings } from './config'
import { CREDENTIAL_REVOKED_CHANNEL, ORDER_CHANGED_CHANNEL, RATES_CHANGED_CHANNEL } from './db/changeChannels'
import type { Database, Db } from './db/database'
import { LifePayNotificationChannel } from '@domain/lifePayNotification'
import type { NotificationProvider, NotificationProviders } from './providers/notification'
import { createNotificationChannelOff } from './providers/notificationChannelOff'
import { createWechatSubscribeMessage } from './providers/wechatSubscribeMessage'
import { createAlipaySubscribeMessage } from './providers/alipaySubscribeMessage'
import { createAliyunSmsNotification } from './providers/aliyunSmsNotification'
import { markExtensionRoutes } from './http/extensionRoutes'
import { createAuthHooks } from './http/auth'
import { installCompression } from './http/compression'
import { installCookies } from './http/cookies'
import { corsPolicy, installCors } from './http/cors'
import { inlineScriptHashes, installSecurityHeaders } from './http/securityHeaders'
import { installStorableInput } from './http/storableInput'
import { installErrorHandling } from './http/errorHandler'
import { installApiProfile } from './http/apiProfile'
import { errors } from './http/errors'
import { JobQueue } from './jobs/jobQueue'
import { registerAccountRoutes } from './modules/account/routes'
import { registerAdminRoutes } from './modules/admin/routes'
import { registerMoneyRoutes } from './modules/money/routes'
import { registerOperatorAccountRoutes } from './modules/operatorAccounts/routes'
import { registerOperatorRoutes } from './modules/operator/routes'
import { registerAreaRoutes } from './modules/area/routes'
import { registerDevRoutes } from './modules/dev/routes'
import { assertProductionReady } from './productionReadiness'
import { registerHealthRoutes } from './modules/health/routes'
import { defineOrderJobs, handleRechargeResult, handleRechargeResults } from './modules/lifePay/fulfilment'
import { defineAttemptJobs } from './modules/money/attemptJobs'
import { defineOrphanJobs } from './modules/money/orphanPayments'
import { defineRefundConfirmation } from './modules/money/refundConfirmation'
import { defineReconciliationJobs } from './modules/money/reconciliationSchedule'
import { registerPayNotifyRoutes } from './modules/lifePay/payNotifyRoutes'
import { OrderPageCache } from './modules/lifePay/orderPageCache'
import { defineOrderExpiry } from './modules/lifePay/orderExpiry'
import { ParValueCache } from './modules/lifePay/parValueCache'
import { RateCache } from './modules/lifePay/rateCache'
import { registerLifePayRoutes } from './modules/lifePay/routes'
import { registerStorageRoutes } from './modules/storage/routes'
import { registerUserRoutes } from './modules/user/routes'
import { registerConsoleRoutes } from './modules/web/consoleRoutes'
import { h5Root, registerWebRoutes, sendAppPage, wantsAppPage } from './modules/web/routes'
import { createSandboxIdentity, identityByHost, type IdentityHost, type IdentityProvider } from './providers/identity'
import { createWechatIdentity } from './providers/wechatIdentity'
import { createAlipayIdentity } from './providers/alipayIdentity'
import { createSandboxPayment, type NotifyDelivery } from './providers/sandboxPayment'
import { createSandboxSupplier } from './providers/sandboxSupplier'
import { createSandboxSms } from './providers/sms'
import { createSandboxNotification } from './providers/sandboxNotification'
import { defineNotificationJobs } from './modules/notifications/userNotifications'
import { supplierBalanceLookup, type BalanceLookup } from './modules/reminders/balanceLookup'
import { defineReminderJobs } from './modules/reminders/reminderRuns'
import { registerReminderRoutes } from './modules/reminders/routes'
import { registerNotificationRoutes } from './modules/notifications/routes'
import { createSandboxStorage } from './providers/storage'
import { createWechatPay } from './providers/wechatPay'
import { createAlipay, type AlipayKeys } from './providers/alipay'
import { readAlipayCertificates } from './providers/alipayCertificates'
import { createAliyunSms } from './providers/aliyunSms'
import { createAliyunCarrierLookup } from './providers/carrierLookupAliyun'
import { createCarrierLookupOff } from './providers/carrierLookupOff'
import { createSandboxCarrierLookup } from './providers/carrierLookupSandbox'
import { bucketHost, createAliyunSts } from './providers/aliyunSts'
import { readKeyFile } from './providers/keyFile'
import { createFuluSupplier } from './providers/fuluSupplier'
import { registerSupplierNotifyRoutes } from './modules/lifePay/supplierNotifyRoutes'
import type { PaymentProvider } from './providers/payment'
import { LifePayType } from '@domain/lifePayType'
import { RateLimiter } from './modules/abuse/rateLimiter'
import { CredentialCache } from './cache/credentialCache'
import { registerDatabaseGauges } from './modules/metrics/databaseGauges'
import { instrumentProviders } from './modules/metrics/instrumentProvider'
import { createMetrics } from './modules/metrics/metrics'
import { registerMetricsRoutes } from './modules/metrics/routes'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received: payment notifications are verified over the exact bytes. */
    rawBody?: string
  }
}

export interface AppOptions {
  config: ServerConfig
  db: Db
  /**
   * Where the database's change notifications come from. Without it the caches of database rows stay bypassed:
   * another writer's change could not reach them.
   */
  changes?: Pick<Database, 'listen'>
  clock?: Clock
  /** Fastify's logger option: pino options, a pino instance, or false. */
  logger?: FastifyServerOptions['logger']
  /** Randomness of sandbox behaviour (duplicate notifications); tests pin it. */
  random?: () => number
  /** Replaces providers (real ones, or test doubles); sandboxes are used for the rest. */
  providers?: Partial<Providers>
  /** Low-balance reminders' balance lookup (issue 20): the sandbox's until the supplier's account lookup is wired. */
  balanceLookup?: BalanceLookup
}

/** What verifies Alipay: its public key, or its certificate with certificate mode's serials. */
function alipayVerification(verification: AlipayVerification): Pick<AlipayKeys, 'alipayPublicKey' | 'certificates'> {
  if (verification.mode === 'publicKey') {
    return {
      alipayPublicKey: readKeyFile('public', verification.alipayPublicKeyFile, 'ALIPAY_PUBLIC_KEY_FILE'),
      certificates: null,
    }
  }
  const { alipayPublicKey, ...certificates } = readAlipayCertificates(verification)
  return { alipayPublicKey, certificates }
}

/** The real Alipay provider from its settings; a key file that cannot be read or parsed stops the start. */
function alipayProvider(settings: AlipaySettings, clock: Clock): PaymentProvider {
  return createAlipay({
    clock,
    keys: {
      appId: settings.appId,
      appPrivateKey: readKeyFile('private', settings.privateKeyFile, 'ALIPAY_PRIVATE_KEY_FILE'),
      ...alipayVerification(settings.verification),
      notifyUrl: settings.notifyUrl,
      gateway: settings.gateway,
    },
  })
}

/** The real WeChat Pay provider from its settings; a key file that cannot be read or parsed stops the start. */
function wechatPayProvider(settings: WechatPaySettings, clock: Clock): PaymentProvider {
  return createWechatPay({
    clock,
    keys: {
      mchId: settings.mchId,
      appId: settings.appId,
      mchSerialNo: settings.mchSerialNo,
      mchPrivateKey: readKeyFile('private', settings.mchPrivateKeyFile, 'WXPAY_MCH_PRIVATE_KEY_FILE'),
      apiV3Key: settings.apiV3Key,
      platformPublicKeyId: settings.publicKeyId,
      platformPublicKey: readKeyFile('public', settings.publicKeyFile, 'WXPAY_PUBLIC_KEY_FILE'),
      notifyUrl: settings.notifyUrl,
      refundNotifyUrl: settings.refundNotifyUrl,
      baseUrl: settings.baseUrl,
    },
  })
}

/**
 * The real identity providers configured (IDENTITY_PROVIDER=wechat, alipay or wechat,alipay), by mini-program host;
 * null for the sandbox. A key file that cannot be read or parsed stops the start.
 */
function identityProvider(config: ServerConfig, clock: Clock): IdentityProvider | null {
  const byHost: Partial<Record<IdentityHost, IdentityProvider>> = {}
  if (config.wechatIdentity) byHost.weapp = createWechatIdentity({ clock, keys: config.wechatIdentity })
  const alipay = config.alipayIdentity
  if (alipay) {
    byHost.alipay = createAlipayIdentity({
      clock,
      keys: {
        appId: alipay.appId,
        appPrivateKey: readKeyFile('private', alipay.privateKeyFile, 'ALIPAY_PRIVATE_KEY_FILE'),
        ...alipayVerification(alipay.verification),
        aesKey: Buffer.from(alipay.aesKey, 'base64'),
        gateway: alipay.gateway,
      },
    })
  }
  return Object.keys(byHost).length > 0 ? identityByHost(byHost) : null
}

/**
 * Each notification channel's provider by configuration (NOTIFY_WECHAT_PROVIDER, NOTIFY_ALIPAY_PROVIDER,
 * NOTIFY_SMS_PROVIDER): its vendor's adapter, `off` (refuses every message), or the sandbox, one for every channel
 * on it.
 */
function notificationProviders(
  config: ServerConfig,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
): NotificationProviders {
  const { providers, wechat, alipay, sms } = config.notify
  let sandbox: NotificationProvider | null = null
  const pick = (channel: LifePayNotificationChannel, real: () => NotificationProvider): NotificationProvider => {
    const kind = providers[channel]
    if (kind === 'off') return createNotificationChannelOff(channel)
    if (kind === 'sandbox') return (sandbox ??= createSandboxNotification(db, clock, log))
    return real()
  }
  return {
    wechat: pick(LifePayNotificationChannel.Wechat, () =>
      createWechatSubscribeMessage({ settings: requireSettings(wechat, 'NOTIFY_WECHAT_PROVIDER=wechat'), clock }),
    ),
    alipay: pick(LifePayNotificationChannel.Alipay, () => {
      const settings = requireSettings(alipay, 'NOTIFY_ALIPAY_PROVIDER=alipay')
      return createAlipaySubscribeMessage({
        clock,
        settings,
        keys: {
          appId: settings.appId,
          appPrivateKey: readKeyFile('private', settings.privateKeyFile, 'ALIPAY_PRIVATE_KEY_FILE'),
          ...alipayVerification(settings.verification),
          gateway: settings.gateway,
        },
      })
    }),
    sms: pick(LifePayNotificationChannel.Sms, () => {
      const settings = requireSettings(sms, 'NOTIFY_SMS_PROVIDER=aliyun')
      return createAliyunSmsNotification({ settings, credentials: settings, clock, log })
    }),
  }
}

/** A real provider's settings, which loadConfig fills whenever the provider is chosen. */
function requireSettings<T>(settings: T | null, choice: string): T {
  if (!settings) throw new Error(`${choice} without its settings`)
  return settings
}

export type App = FastifyInstance & { ctx: AppContext; jobs: JobQueue }

/** Builds the API (and, when dist/h5 exists, the H5 app) without listening: main.ts and the tests use it. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options
  const clock = options.clock ?? systemClock
  const app = Fastify(fastifyOptions(config, options.logger))
  const routeUrls: string[] = []
  app.addHook('onRoute', (route) => {
    routeUrls.push(route.url)
  })
  markExtensionRoutes(app)

  // Before any route: each is reshaped as it is added.
  installApiProfile(app, config.apiProfile)
  // Before any route: routes keep the error handler in force when they are added.
  const serveApp = h5Root(config.staticDir) !== null
  installErrorHandling(app, (request, reply) => {
    if (!serveApp || !wantsAppPage(request)) return false
    sendAppPage(reply)
    return true
  })

  await installCors(app, corsPolicy(config.corsOrigins, config.production))
  await installCookies(app)
  installSecurityHeaders(
    app,
    inlineScriptHashes(h5Root(config.staticDir)),
    config.aliyun?.storage ? [bucketHost(config.aliyun.storage)] : [],
  )

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    request.rawBody = text
    if (text.trim() === '') return done(null, {})
    try {
      done(null, JSON.parse(text))
    } catch {
      done(errors.badRequest('body is not valid JSON'))
    }
  })
  // The app posts some calls with no body (SPEC §7's "not shown" payloads): validate them as an empty object.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || request.body === null) request.body = {}
    done()
  })
  installStorableInput(app)
  await installCompression(app)

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Life Pay API',
        version: '0.1.0',
        description:
          'Every response is the envelope {success, data, error, msg, showType}. Business and validation errors answer ' +
          'HTTP 200 with success:false (docs/api.md lists the error codes).',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          virtualUser: { type: 'apiKey', in: 'header', name: 'X-LifePay-User-Id' },
          operator: { type: 'apiKey', in: 'header', name: 'X-Operator-Token' },
          operatorSession: { type: 'apiKey', in: 'cookie', name: 'lp_operator' },
        },
        schemas: {
          ApiErrorCode: {
            type: 'string',
            enum: [...API_ERROR_CODES],
            description: "Every code the envelope's `error` can carry (types/api/errorCodes.ts; docs/api.md § Errors).",
          },
        },
      },
    },
  })
  // The docs list every operator route: off in production, where docs/openapi.json is the published copy.
  if (!config.production) {
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // Swagger UI's own CSP (its inline script and styles by hash) in place of the app's, minus the upgrade to HTTPS
      // (`npm start` serves plain HTTP).
      staticCSP: true,
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
    })
  }

  const jobs = new JobQueue(db, clock, config.jobs, app.log.child({ module: 'jobs' }))
  // The sandbox provider reaches our notify route through the full HTTP stack (signature, parsing, envelope).
  const deliver: NotifyDelivery = async (path, headers, body) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body })
    const answer = response.json() as { success?: boolean }
    return { status: response.statusCode, success: response.statusCode === 200 && answer.success === true }
  }
  const sandboxes: Sandboxes = { payment: null, storage: null }
  const ctx: AppContext = {
    db,
    config,
    clock,
    jobs,
    orderPages: new OrderPageCache(config.orderPageCache),
    rates: new RateCache(db),
    parValues: new ParValueCache(db),
    credentials: new CredentialCache(db, config.credentialCacheEntries),
    limiter: new RateLimiter(db, clock),
    log: app.log,
    random: options.random ?? Math.random,
    providers: {} as Providers,
    sandboxes,
    metrics: createMetrics(),
  }
  // First, so its timing hook is the app's own and every route is timed.
  registerMetricsRoutes(app, ctx, ctx.metrics)
  registerDatabaseGauges(ctx, ctx.metrics)
  const given = { ...options.providers }
  // Alibaba Cloud SMS and OSS credentials by configuration; without them /api/dev/sms-outbox and the sandbox bucket's
  // routes are not registered (modules/dev/routes.ts, modules/storage/routes.ts).
  const aliyun = config.aliyun
  if (!given.sms && config.providers.sms === 'aliyun') {
    if (!aliyun?.sms) throw new Error('SMS_PROVIDER=aliyun without its ALIYUN_* / SMS_* settings')
    const log = app.log.child({ module: 'sms' })
    given.sms = createAliyunSms({ credentials: aliyun, settings: aliyun.sms, clock, log })
  }
  if (!given.storage && config.providers.storage === 'aliyun') {
    if (!aliyun?.storage) throw new Error('STORAGE_PROVIDER=aliyun without its ALIYUN_* / OSS_* / STS_* settings')
    const log = app.log.child({ module: 'storage' })
    given.storage = createAliyunSts({ credentials: aliyun, settings: aliyun.storage, clock, log })
  }
  if (!given.carrierLookup && config.carrierLookup === 'aliyun') {
    if (!aliyun?.carrierLookup)
      throw new Error('CARRIER_LOOKUP_PROVIDER=aliyun without its ALIYUN_* / DYTNS_* settings')
    const log = app.log.child({ module: 'carrierLookup' })
    given.carrierLookup = createAliyunCarrierLookup({ credentials: aliyun, settings: aliyun.carrierLookup, clock, log })
  }
  // Each pay type's provider chosen by configuration (WXPAY_PROVIDER / ALIPAY_PROVIDER); the sandbox (and its
  // /api/dev/pay routes) only when a pay type is configured to it, one sandbox for both.
  if (!given.payment) {
    const { payTypes } = config
    const sandbox = () =>
      (sandboxes.payment ??= createSandboxPayment({
        db,
        clock,
        jobs,
        merchantKey: config.sandboxMerchantKey,
        duplicateNotifyRate: config.sandboxDuplicateNotifyRate,
        random: ctx.random,
        deliver,
      }))
    // A pay type's own real provider, the sandbox's stand-in for it, or null when it is off (nothing else allowed).
    const chosen = (payType: LifePayType, real: 'wechatpay' | 'alipay', create: () => PaymentProvider) =>
      payTypes[payType] === real ? create() : payTypes[payType] === 'sandbox' ? sandbox().provider(payType) : null
    given.payment = {
      [LifePayType.WxPay]: chosen(LifePayType.WxPay, 'wechatpay', () =>
        wechatPayProvider(requireSettings(config.wechatPay, 'WXPAY_PROVIDER=wechatpay'), clock),
      ),
      [LifePayType.AliPay]: chosen(LifePayType.AliPay, 'alipay', () =>
        alipayProvider(requireSettings(config.alipay, 'ALIPAY_PROVIDER=alipay'), clock),
      ),
    }
  }
  // The real supplier chosen by configuration; its callback route comes with it (below).
  if (!given.supplier && config.providers.supplier === 'fulu') {
    given.supplier = createFuluSupplier({
      settings: requireSettings(config.fuluSupplier, 'SUPPLIER_PROVIDER=fulu'),
      clock,
    })
  }
  given.identity ??= identityProvider(config, clock) ?? undefined
  if (!given.storage) sandboxes.storage = createSandboxStorage(db, clock, join(config.dataDir, 'oss'))
  ctx.providers = {
    sms: given.sms ?? createSandboxSms(clock, app.log.child({ module: 'sms' })),
    identity: given.identity ?? createSandboxIdentity(`${config.jwtSecret}:identity`, clock),
    payment: given.payment,
    supplier:
      given.supplier ??
      createSandboxSupplier({
        db,
        clock,
        jobs,
        delayMs: config.sandboxSupplierDelayMs,
        onResult: async (result) => {
          await handleRechargeResult(ctx, result)
        },
        onResults: (results) => handleRechargeResults(ctx, results),
      }),
    storage: given.storage ?? (sandboxes.storage as NonNullable<Sandboxes['storage']>),
    notifications:
      given.notifications ?? notificationProviders(config, db, clock, app.log.child({ module: 'notifications' })),
    carrierLookup:
      given.carrierLookup ?? (config.carrierLookup === 'off' ? createCarrierLookupOff() : createSandboxCarrierLookup()),
  }
  ctx.providers = instrumentProviders(ctx.providers, config, ctx.metrics)
  defineOrderJobs(ctx)
  defineOrderExpiry(ctx)
  defineAttemptJobs(ctx)
  defineOrphanJobs(ctx)
  defineRefundConfirmation(ctx)
  defineReconciliationJobs(ctx)
  defineNotificationJobs(ctx)
  defineReminderJobs(ctx, options.balanceLookup ?? supplierBalanceLookup(ctx))

  const auth = createAuthHooks(ctx)
  registerHealthRoutes(app, ctx)
  registerAccountRoutes(app, ctx, auth)
  registerUserRoutes(app, ctx, auth)
  registerLifePayRoutes(app, ctx, auth)
  registerReminderRoutes(app, ctx, auth)
  registerNotificationRoutes(app, ctx, auth)
  registerAreaRoutes(app, ctx)
  registerPayNotifyRoutes(app, ctx)
  registerSupplierNotifyRoutes(app, ctx)
  registerAdminRoutes(app, ctx, auth)
  registerMoneyRoutes(app, ctx, auth)
  registerOperatorAccountRoutes(app, ctx, auth)
  registerOperatorRoutes(app, ctx, auth)
  registerDevRoutes(app, ctx)
  registerStorageRoutes(app, ctx)
  await registerConsoleRoutes(app, ctx)
  await registerWebRoutes(app, ctx)
  // Whatever registered them: in production the sandbox's routes alone stop the start.
  assertProductionReady(config, routeUrls)

  let closing = false
  const channels = [ORDER_CHANGED_CHANNEL, RATES_CHANGED_CHANNEL, CREDENTIAL_REVOKED_CHANNEL]
  const stopListening = await options.changes?.listen(channels, {
    notify(channel, payload) {
      if (channel === ORDER_CHANGED_CHANNEL) ctx.orderPages.invalidate(payload)
      else if (channel === CREDENTIAL_REVOKED_CHANNEL) ctx.credentials.invalidate(payload)
      else {
        ctx.rates.invalidate()
        ctx.parValues.invalidate()
      }
    },
    listening(listening) {
      if (!listening && !closing)
        app.log.warn(
          'change listener lost: order-page, rate, par-value and credential caches bypassed until it listens again',
        )
      ctx.orderPages.setListening(listening)
      ctx.rates.setListening(listening)
      ctx.parValues.setListening(listening)
      ctx.credentials.setListening(listening)
    },
  })

  // Before the server closes: a running job may still deliver through app.inject.
  app.addHook('preClose', async () => {
    closing = true
    await jobs.stop()
    await stopListening?.()
  })
  app.decorate('ctx', ctx)
  app.decorate('jobs', jobs)
  return app as unknown as App
}
