import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { CreateLifePayOrderResult, LifePayOrderDetail } from '@contract/lifePay'
import { LifePayOrderStatus } from '@domain/lifePayStatus'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import { LifePayType } from '@domain/lifePayType'
import type { AppServer } from '../../scripts/lib/appServer'
import { lifePayApi, phoneCodeLogin } from '../e2e/session'
import { MiniHost, waitFor, type MiniPlatform } from './host/miniHost'
import type { ClientProfile } from './host/profiles'
import { attribute, classes, nodeText, type NodeChain } from './host/pageTree'
import { PHONE, SAVED_ELECTRIC, SAVED_GAS, type Orders, type RouteCheck } from './routeChecks'

/** The builds under test (`MINI_DIST` points elsewhere, e.g. at an older build to compare). */
export const DIST = process.env.MINI_DIST ?? join(__dirname, '../../dist')

/** Both builds on both client profiles: every route and flow runs four times. */
export const TARGETS: { platform: MiniPlatform; profile: ClientProfile }[] = [
  { platform: 'weapp', profile: 'current' },
  { platform: 'alipay', profile: 'current' },
  { platform: 'weapp', profile: 'oldest' },
  { platform: 'alipay', profile: 'oldest' },
]

export const label = (target: { platform: MiniPlatform; profile: ClientProfile }) =>
  `${target.platform}/${target.profile}`

/** The server side of a test user: logged in by phone + code, as the app's virtual login does. */
export interface TestUser {
  userId: string
  phoneNumber: string
}

export async function testUser(server: AppServer, phoneNumber: string): Promise<TestUser> {
  return { userId: await phoneCodeLogin(server, phoneNumber), phoneNumber }
}

/** The app's stored login (the recharge account, SPEC §3) for a user: the host starts as a returning user. */
export function storedLogin(user: TestUser): Record<string, unknown> {
  // channlesNum: spelled as the API spells it.
  return {
    'lifePay.rechargeAccount': JSON.stringify({
      state: { userId: user.userId, phoneNumber: user.phoneNumber, channlesNum: '818' },
      version: 0,
    }),
  }
}

export function createHost(
  server: AppServer,
  target: { platform: MiniPlatform; profile: ClientProfile },
  storage: Record<string, unknown> = {},
): MiniHost {
  return new MiniHost({ ...target, dist: join(DIST, target.platform), apiOrigin: server.url, storage })
}

export async function placePhoneOrder(
  server: AppServer,
  user: TestUser,
  phone: string,
  parValue = 50,
): Promise<string> {
  const order = await lifePayApi<CreateLifePayOrderResult>(
    server,
    user.userId,
    'POST',
    '/api/LifePay/CreateLifePayPhoneOrder',
    {
      phone,
      ispCode: 'yidong',
      parValue,
      idempotencyKey: randomUUID(),
    },
  )
  return order.orderNo
}

export const orderDetail = (server: AppServer, user: TestUser, orderNo: string) =>
  lifePayApi<LifePayOrderDetail>(
    server,
    user.userId,
    'GET',
    `/api/LifePay/GetUserLifePayOrderDetail?orderNo=${encodeURIComponent(orderNo)}`,
  )

/** Pays an order through the sandbox cashier and waits for the supplier's answer. */
export async function payOrder(server: AppServer, user: TestUser, orderNo: string): Promise<LifePayOrderDetail> {
  await lifePayApi(server, user.userId, 'POST', '/api/LifePay/GetPayOrderForJsAPI', {
    orderNo,
    lifePayType: LifePayType.WxPay,
  })
  await lifePayApi(server, user.userId, 'POST', '/api/dev/pay/confirm', { orderNo, deliveries: 1 })
  let detail: LifePayOrderDetail | undefined
  return waitFor(
    () => `order ${orderNo} to complete (stuck at ${detail?.payStatus}/${detail?.lifePayOrderStatus})`,
    async () => {
      detail = await orderDetail(server, user, orderNo)
      return detail.lifePayOrderStatus === LifePayOrderStatus.Completed && detail
    },
    20_000,
    100,
  )
}

/** What the route checks read: a returning user (PHONE) with one completed and one unpaid phone order. */
export async function prepareRouteChecks(server: AppServer): Promise<{ user: TestUser; orders: Orders }> {
  const user = await testUser(server, PHONE)
  const completed = await placePhoneOrder(server, user, PHONE, 50)
  await payOrder(server, user, completed)
  const unpaid = await placePhoneOrder(server, user, PHONE, 20)
  const save = (account: Record<string, unknown>) =>
    lifePayApi<string>(server, user.userId, 'POST', '/api/LifePay/AddUpdateUserAccount', account)
  const { masked: _e, ...electric } = SAVED_ELECTRIC
  const { masked: _g, ...gas } = SAVED_GAS
  const electricAccount = await save({
    lifePayType: LifePayOrderType.Electric,
    electricType: 'guowang',
    electricAccountType: 'house',
    ...electric,
  })
  const gasAccount = await save({ lifePayType: LifePayOrderType.Gas, gasOrgType: 'xin_ao', ...gas })
  return { user, orders: { completed, unpaid, electricAccount, gasAccount } }
}

/** The API calls the host sent for a path (answered with HTTP 200 and a successful envelope). */
export function answered(host: MiniHost, path: string): boolean {
  return host.requests.some(
    (r) => r.path === path && r.status === 200 && (r.body as { success?: boolean } | undefined)?.success !== false,
  )
}

/** A route check's data-complete condition: its reads answered and its texts on the current page. */
export function dataComplete(host: MiniHost, check: RouteCheck, orders: Orders): boolean {
  if (
    !check.reads.every((path) => answered(host, path)) ||
    !check.shows(orders).every((text) => host.text().includes(text))
  )
    return false
  const values = host.inputs().map((chain) => attribute(chain[chain.length - 1], 'value', host.templates))
  return (check.values?.(orders) ?? []).every((value) => values.includes(value))
}

/** Fails with the host's own report: what the page shows, what it asked, what went wrong. */
export function hostReport(host: MiniHost): string {
  const route = host.stack.length ? host.currentPage.route : '(no page)'
  return [
    `at ${route}: ${host.stack.length ? host.text().slice(0, 300) : ''}`,
    `requests: ${host.requests.map((r) => `${r.path} ${r.status}`).join(', ') || 'none'}`,
    `errors: ${host.errors.join('\n').slice(0, 1500) || 'none'}`,
  ].join('\n')
}

/**
 * The input whose placeholder is `placeholder`, waited for: one a tap brings up (the phone editor, the gas account
 * field after a company is picked) lands in a later setData than the tap's own.
 */
export async function inputWith(host: MiniHost, placeholder: string): Promise<NodeChain> {
  const find = () =>
    host.inputs().find((chain) => attribute(chain[chain.length - 1], 'placeholder', host.templates) === placeholder)
  return waitFor(() => `an input "${placeholder}"\n${hostReport(host)}`, find)
}

export function fieldError(host: MiniHost, fieldLabel: string): string {
  const field = host
    .chainsByClass('lp-field')
    .map((chain) => chain[chain.length - 1])
    .find((node) =>
      node.cn?.some((child) => classes(child).includes('lp-field__head') && nodeText(child) === fieldLabel),
    )
  assert.ok(field, `a field "${fieldLabel}"\n${hostReport(host)}`)
  const error = field.cn?.find((child) => classes(child).includes('lp-field__error'))
  return error ? nodeText(error) : ''
}
