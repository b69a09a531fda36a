import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import type { TokenResult } from '@contract/account'
import type { ApiEnvelope } from '@contract/envelope'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import { buildApp, type App, type AppOptions } from '../../src/app'
import { scheduleOrderExpiry } from '../../src/modules/lifePay/orderExpiry'
import { loadConfig, type AbuseLimitsConfig, type ServerConfig } from '../../src/config'
import { DEMO_USER } from '../../src/db/demoData'
import { ManualClock } from './manualClock'
import { openTestDatabase, type TestDatabase } from './testDatabase'

export type ConfigOverrides = Partial<Omit<ServerConfig, 'jobs'>> & { jobs?: Partial<ServerConfig['jobs']> }

/** Test configuration: no worker loop (tests run jobs with app.jobs.drain()), no H5, quiet, sandbox everywhere. */
/**
 * Most suites act from one address far more often than a person would; the abuse limits' own suite
 * (abuseLimits.test.ts) runs with the real defaults.
 */
export const GENEROUS_LIMITS: AbuseLimitsConfig = {
  smsPerIpHour: 10_000,
  smsPerIpDay: 10_000,
  codeChecksPerIpHour: 10_000,
  loginFailuresPerIpAndName: 5,
  loginFailuresPerIpHour: 10_000,
  loginFailuresPerNameHour: 10_000,
  registrationsPerIpHour: 10_000,
  accountLookupsPerUserHour: 10_000,
}

let processDataDir: string | undefined
/** A data folder of this test process's own (files run in parallel): never the repository's .data. */
function ownDataDir(): string {
  if (!processDataDir) {
    const dir = mkdtempSync(join(tmpdir(), 'life-pay-test-process-'))
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    processDataDir = dir
  }
  return processDataDir
}

export function testConfig(overrides: ConfigOverrides = {}, dataDir?: string): ServerConfig {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    STATIC_DIR: '',
    SANDBOX_DUPLICATE_NOTIFY_RATE: '0',
  } as NodeJS.ProcessEnv)
  return {
    ...base,
    dataDir: dataDir ?? ownDataDir(),
    limits: GENEROUS_LIMITS,
    // The suites order one account again and again; server/test/duplicateGuard.test.ts runs with the guard on.
    duplicateGuard: false,
    ...overrides,
    jobs: { ...base.jobs, enabled: false, ...overrides.jobs },
  }
}

export interface Caller {
  /** Bearer access token (full login). */
  token?: string
  /** Virtual user id (X-LifePay-User-Id). */
  virtualUserId?: string
  headers?: Record<string, string>
}

export interface Answer<T> {
  status: number
  body: ApiEnvelope<T>
}

export interface TestApp {
  app: App
  database: TestDatabase
  clock: ManualClock
  config: ServerConfig
  get<T>(url: string, caller?: Caller): Promise<Answer<T>>
  post<T>(url: string, payload?: unknown, caller?: Caller): Promise<Answer<T>>
  /** The data of a successful call; throws with the envelope otherwise. */
  data<T>(answer: Promise<Answer<T>>): Promise<T>
  /** Sends a code through the sandbox and reads it back from the outbox. */
  smsCode(phoneNumber: string, businessType?: VerificationCodeBusinessType): Promise<string>
  /** A new user registered by phone + code + password; its tokens. */
  register(phoneNumber: string, password?: string): Promise<TokenResult & { userId: string }>
  loginDemo(): Promise<TokenResult>
  close(): Promise<void>
}

function decodeSub(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { sub: string }).sub
}

export interface TestAppOptions {
  config?: ConfigOverrides
  random?: () => number
  providers?: AppOptions['providers']
  logger?: AppOptions['logger']
  balanceLookup?: AppOptions['balanceLookup']
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'life-pay-test-'))
  const clock = new ManualClock()
  const config = testConfig(options.config, dataDir)
  const app = await buildApp({
    config,
    db: database.db,
    changes: database,
    clock,
    logger: options.logger ?? false,
    random: options.random,
    providers: options.providers,
    balanceLookup: options.balanceLookup,
  })
  await app.ready()
  // As startServer does: the jobs then run by app.jobs.drain() (the worker loop is off).
  await scheduleOrderExpiry(app.ctx)

  const headersOf = (caller: Caller = {}) => ({
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(caller.virtualUserId ? { 'x-lifepay-user-id': caller.virtualUserId } : {}),
    ...caller.headers,
  })
  const call = async <T>(request: InjectOptions): Promise<Answer<T>> => {
    const response = await app.inject(request)
    return { status: response.statusCode, body: response.json() as ApiEnvelope<T> }
  }
  const testApp: TestApp = {
    app,
    database,
    clock,
    config,
    get: (url, caller) => call({ method: 'GET', url, headers: headersOf(caller) }),
    post: (url, payload = {}, caller) =>
      call({
        method: 'POST',
        url,
        payload: payload as InjectOptions['payload'],
        headers: { 'content-type': 'application/json', ...headersOf(caller) },
      }),
    async data<T>(answer: Promise<Answer<T>>): Promise<T> {
      const { status, body } = await answer
      if (status !== 200 || !body.success) throw new Error(`call failed: HTTP ${status} ${JSON.stringify(body)}`)
      return body.data as T
    },
    async smsCode(phoneNumber, businessType = VerificationCodeBusinessType.LifePayPhoneCodeLogin) {
      await testApp.data(testApp.post('/api/Account/SendPhoneMessageCode', { phoneNumber, businessType }))
      const outbox = await testApp.data(
        testApp.get<{ code: string }[]>(`/api/dev/sms-outbox?phoneNumber=${phoneNumber}`),
      )
      return outbox[0].code
    },
    async register(phoneNumber, password = 'Passw0rd!') {
      const code = await testApp.smsCode(phoneNumber, VerificationCodeBusinessType.PhoneCodeRegister)
      const tokens = await testApp.data(
        testApp.post<TokenResult>('/api/Account/PhoneMesssageCodeRegister', { phoneNumber, code, password }),
      )
      // The next code for this number may be sent at once.
      clock.advance(61_000)
      return { ...tokens, userId: decodeSub(tokens.accessToken) }
    },
    loginDemo: () =>
      testApp.data(
        testApp.post<TokenResult>('/api/Account/PasswordLogin', {
          loginName: DEMO_USER.phoneNumber,
          password: DEMO_USER.password,
        }),
      ),
    async close() {
      await app.close()
      await database.dispose()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return testApp
}
