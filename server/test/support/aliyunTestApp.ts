import { loadConfig } from '../../src/config'
import type { FakeAliyun } from './fakeAliyun'
import { createTestApp, type TestApp } from './testApp'

/**
 * An app whose Alibaba Cloud products are the fake's: `env` names them (SMS_PROVIDER / STORAGE_PROVIDER=aliyun) and
 * overrides any of the fake's settings; requests are signed with `secret`, the fake's own unless a test tampers with
 * it. The providers and Alibaba Cloud settings go through loadConfig, as in production; the rest is testConfig's.
 */
export async function appOnFakeAliyun(
  fake: FakeAliyun,
  env: Record<string, string>,
  secret?: string,
): Promise<TestApp> {
  const config = loadConfig({ ...fake.env(secret), ...env } as NodeJS.ProcessEnv)
  return createTestApp({
    config: { providers: config.providers, aliyun: config.aliyun, carrierLookup: config.carrierLookup },
  })
}
