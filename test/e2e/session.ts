import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext } from 'playwright-core'
import type { Locale } from '@domain/locale'
import { VerificationCodeBusinessType } from '@domain/verificationCodePurpose'
import type { AppServer } from '../../scripts/lib/appServer'

const DIST = join(__dirname, '../../dist/h5')

/** Fails the suite up front when there is no H5 build for the server to serve. */
export function assertH5Built(): void {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/h5 is missing: run the H5 build first')
}

// The app's modules load Taro, whose runtime reads the build's compile-time flags.
const TARO_COMPILE_FLAGS = {
  ENABLE_INNER_HTML: true,
  ENABLE_ADJACENT_HTML: true,
  ENABLE_SIZE_APIS: false,
  ENABLE_TEMPLATE_CONTENT: true,
  ENABLE_CLONE_NODE: true,
  ENABLE_CONTAINS: true,
  ENABLE_MUTATION_OBSERVER: false,
  DEPRECATED_ADAPTER_COMPONENT: false,
}

/** Imports an app module (a message catalogue, a constant) in node, where Taro expects its compile-time flags. */
export async function importAppModule<T>(load: () => Promise<T>): Promise<T> {
  Object.assign(globalThis, TARO_COMPILE_FLAGS)
  return load()
}

/** Phone + code login through the API (code from the sandbox SMS outbox); returns the user id. */
export async function phoneCodeLogin(server: AppServer, phoneNumber: string): Promise<string> {
  const sent = await server.api('POST', '/api/Account/SendPhoneMessageCode', {
    phoneNumber,
    businessType: VerificationCodeBusinessType.LifePayPhoneCodeLogin,
  })
  assert.equal(sent.success, true, JSON.stringify(sent))
  const code = await server.smsCode(phoneNumber)
  const login = await server.api<string>('POST', '/api/Account/LifePayPhoneMesssageCodeLogin', { phoneNumber, code })
  assert.equal(login.success, true, JSON.stringify(login))
  return login.data
}

/**
 * Phone + code login as the login page does it, then the user id (and the language) into the app's storage before
 * any page of the context loads. Returns the user id.
 */
export async function logInByPhoneCode(
  server: AppServer,
  context: BrowserContext,
  phoneNumber: string,
  locale: Locale,
): Promise<string> {
  const userId = await phoneCodeLogin(server, phoneNumber)
  await storeLogin(context, userId, phoneNumber, locale)
  return userId
}

/** A logged-in user's id (and the language) into the app's storage before any page of the context loads. */
export async function storeLogin(
  context: BrowserContext,
  userId: string,
  phoneNumber: string,
  locale: Locale,
): Promise<void> {
  // channlesNum: spelled as the API spells it.
  const account = JSON.stringify({ state: { userId, phoneNumber, channlesNum: '818' }, version: 0 })
  await context.addInitScript(
    ([stored, lang]) => {
      // Taro's H5 storage wraps each value as { data }.
      localStorage.setItem('lifePay.rechargeAccount', JSON.stringify({ data: stored }))
      localStorage.setItem('lifePay.locale', JSON.stringify({ data: lang }))
    },
    [account, locale] as const,
  )
}

/** The recharge API as the app calls it for this user (its user id header); the call must succeed. */
export async function lifePayApi<T>(
  server: AppServer,
  userId: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const { LIFE_PAY_USER_HEADER } = await importAppModule(
    () => import('../../src/services/http/interceptors/lifePayUser'),
  )
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', [LIFE_PAY_USER_HEADER]: userId },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await res.json()) as { success: boolean; data: T; msg: string | null }
  assert.equal(envelope.success, true, `${path}: ${envelope.msg}`)
  return envelope.data
}
