import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, test } from 'node:test'
import { count, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { InjectOptions } from 'fastify'
import type { ApiEnvelope } from '@contract/envelope'
import type { AuditEntry, AuditPage, OperatorAccount, OperatorSession } from '@contract/operators'
import type { OssSts } from '@contract/account'
import type { OperatorOrder } from '@contract/admin'
import type {
  LifePayChannles,
  LifePayOrderListOutput,
  OrderTimeline,
  UserAccountOutput,
  UserListOutput,
} from '@contract/operator'
import type { PageOutput } from '@contract/pageModel'
import { GasProvider } from '@domain/gas'
import { DEMO_OPERATOR } from '../src/db/demoData'
import { operatorAudit } from '../src/db/schema'
import { DEVICE_COOKIE_PATH, DEVICE_MAX_AGE_S } from '../src/modules/operatorAccounts/operatorDevice'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../src/modules/operatorAccounts/sessions'
import { TINY_PNG, uploadToSandbox } from './support/ossUpload'
import { applyForRefund, createPhoneOrder, payInSandbox } from './support/orderFlows'
import { createTestApp, type Caller, type TestApp } from './support/testApp'

let t: TestApp
before(async () => {
  t = await createTestApp()
  service.headers['x-operator-token'] = t.config.operatorToken
})
after(() => t.close())

interface Reply<T> {
  status: number
  body: ApiEnvelope<T>
  setCookie: string | undefined
  cacheControl: string | undefined
}

async function call<T>(options: InjectOptions): Promise<Reply<T>> {
  const response = await t.app.inject(options)
  const setCookie = response.headers['set-cookie']
  return {
    status: response.statusCode,
    body: response.json() as ApiEnvelope<T>,
    setCookie: Array.isArray(setCookie) ? setCookie[0] : setCookie,
    cacheControl: response.headers['cache-control'] as string | undefined,
  }
}

/** A logged-in operator as a browser holds it: the cookie, and the CSRF token to send with writes. */
interface OperatorBrowser {
  cookie: string
  csrfToken: string
  session: OperatorSession
}

function login(loginName: string, password: string, remoteAddress = '10.0.0.1') {
  return call<OperatorSession>({
    method: 'POST',
    url: '/api/operator/login',
    payload: { loginName, password },
    remoteAddress,
  })
}

async function loggedIn(loginName: string, password: string): Promise<OperatorBrowser> {
  const reply = await login(loginName, password)
  assert.equal(reply.status, 200, JSON.stringify(reply.body))
  const cookie = /^(lp_operator=[^;]+)/.exec(reply.setCookie ?? '')?.[1]
  assert.ok(cookie, reply.setCookie)
  const session = reply.body.data as OperatorSession
  return { cookie, csrfToken: session.csrfToken, session }
}

/** A request of the logged-in browser; POSTs carry the CSRF token unless `csrf` says otherwise, GETs when it does. */
function as<T>(browser: OperatorBrowser, method: 'GET' | 'POST', url: string, payload?: unknown, csrf?: string | null) {
  const token = csrf === undefined ? browser.csrfToken : csrf
  return call<T>({
    method,
    url,
    remoteAddress: '10.0.0.1',
    headers: {
      cookie: browser.cookie,
      // A GET carries the token only when told (production's SetLifePayChannelsStatus is a GET that writes).
      ...((method === 'POST' || csrf !== undefined) && token !== null ? { 'x-csrf-token': token } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload as InjectOptions['payload'],
  })
}

const service = { headers: { 'x-operator-token': '' } }

async function createOperatorAs(
  admin: OperatorBrowser,
  loginName: string,
  role: string,
  password = 'Correct-Horse-1',
): Promise<OperatorAccount> {
  const reply = await as<OperatorAccount>(admin, 'POST', '/api/admin/operators', { loginName, password, role })
  assert.equal(reply.status, 200, JSON.stringify(reply.body))
  return reply.body.data as OperatorAccount
}

/** A delivered top-up whose user asks for a refund (logged in afresh: the tests move the clock by hours). */
async function orderUnderReview(): Promise<string> {
  const alice: Caller = { token: (await t.loginDemo()).accessToken }
  const { orderNo } = await createPhoneOrder(t, alice)
  await payInSandbox(t, alice, orderNo)
  await t.app.jobs.drain()
  t.clock.advance(t.config.sandboxSupplierDelayMs)
  await t.app.jobs.drain()
  await t.data(applyForRefund(t, alice, orderNo, { refundApplyRemark: '没到账' }))
  return orderNo
}

test('the demo operator logs in: an httpOnly, SameSite=Strict session cookie and the CSRF token', async () => {
  const reply = await login(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  assert.equal(reply.status, 200)
  assert.deepEqual(reply.body.data?.operator, {
    loginName: 'operator',
    displayName: DEMO_OPERATOR.displayName,
    role: 'admin',
  })
  assert.match(reply.body.data?.csrfToken ?? '', /^[\w-]{43}$/)
  const attributes = (reply.setCookie ?? '').split('; ')
  assert.match(attributes[0], /^lp_operator=[\w-]{43}$/)
  assert.ok(attributes.includes('HttpOnly'))
  assert.ok(attributes.includes('SameSite=Strict'))
  assert.ok(attributes.includes('Path=/'))
  assert.ok(attributes.includes(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`))
  // Plain HTTP outside production (the sandbox on localhost): a Secure cookie would never come back.
  assert.ok(!attributes.includes('Secure'))

  const browser = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  const me = await as<OperatorSession>(browser, 'GET', '/api/operator/me')
  assert.deepEqual(me.body.data, browser.session)
  // Logging out needs the CSRF token too, then the session is gone and the cookie cleared.
  const forged = await as(browser, 'POST', '/api/operator/logout', undefined, null)
  assert.deepEqual([forged.status, forged.body.error], [403, 'CSRF_TOKEN_INVALID'])
  const out = await as(browser, 'POST', '/api/operator/logout')
  assert.equal(out.status, 200)
  assert.match(out.setCookie ?? '', /^lp_operator=;/)
  const after = await as(browser, 'GET', '/api/operator/me')
  assert.deepEqual([after.status, after.body.error], [401, 'OPERATOR_UNAUTHORIZED'])
})

/** Each Set-Cookie line of an answer by cookie name: its value and its attributes (names in lower case). */
function setCookies(header: unknown): Map<string, { value: string; attributes: Map<string, string> }> {
  const cookies = new Map<string, { value: string; attributes: Map<string, string> }>()
  for (const line of [header].flat().filter((one): one is string => typeof one === 'string')) {
    const [pair, ...rest] = line.split(';').map((part) => part.trim())
    const attributes = new Map(
      rest.map((attribute) => {
        const [key, ...value] = attribute.split('=')
        return [key.toLowerCase(), value.join('=')] as const
      }),
    )
    cookies.set(pair.slice(0, pair.indexOf('=')), { value: pair.slice(pair.indexOf('=') + 1), attributes })
  }
  return cookies
}

test('login sets the session and device cookies with their attributes; logout clears the session alone', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/operator/login',
    payload: { loginName: DEMO_OPERATOR.loginName, password: DEMO_OPERATOR.password },
    remoteAddress: '10.0.0.9',
  })
  assert.equal(response.statusCode, 200)
  const cookies = setCookies(response.headers['set-cookie'])
  assert.deepEqual([...cookies.keys()], ['lp_operator', 'lp_operator_device'])
  const session = cookies.get('lp_operator')
  assert.match(session?.value ?? '', /^[\w-]{43}$/)
  assert.deepEqual(Object.fromEntries(session?.attributes ?? []), {
    path: '/',
    'max-age': String(SESSION_ABSOLUTE_MS / 1000),
    httponly: '',
    samesite: 'Strict',
  })
  const device = cookies.get('lp_operator_device')
  assert.match(device?.value ?? '', /^[\w-]{16}\.\d+\.[\w-]{43}$/)
  assert.deepEqual(Object.fromEntries(device?.attributes ?? []), {
    path: DEVICE_COOKIE_PATH,
    'max-age': String(DEVICE_MAX_AGE_S),
    httponly: '',
    samesite: 'Strict',
  })
  // The session cookie among others, as a browser sends it, is the one read.
  const cookie = `theme=dark; lp_operator=${session?.value}; lp_operator_device=${device?.value}`
  const me = await t.app.inject({ method: 'GET', url: '/api/operator/me', headers: { cookie } })
  assert.equal(me.statusCode, 200)
  const out = await t.app.inject({
    method: 'POST',
    url: '/api/operator/logout',
    headers: { cookie, 'x-csrf-token': (me.json() as ApiEnvelope<OperatorSession>).data?.csrfToken ?? '' },
  })
  assert.equal(out.statusCode, 200)
  const cleared = setCookies(out.headers['set-cookie'])
  assert.deepEqual([...cleared.keys()], ['lp_operator'])
  assert.equal(cleared.get('lp_operator')?.value, '')
  assert.equal(cleared.get('lp_operator')?.attributes.get('max-age'), '0')
  assert.equal(cleared.get('lp_operator')?.attributes.get('path'), '/')
  assert.equal(cleared.get('lp_operator')?.attributes.get('samesite'), 'Strict')
  assert.ok(cleared.get('lp_operator')?.attributes.has('httponly'))
  // A cookie header a browser would never send is no session, not an error.
  const garbled = await t.app.inject({
    method: 'GET',
    url: '/api/operator/me',
    headers: { cookie: 'lp_operator=%E0%A4%A' },
  })
  assert.deepEqual([garbled.statusCode, garbled.json().error], [401, 'OPERATOR_UNAUTHORIZED'])
})

test('the cookie is Secure when the browser came over HTTPS through a trusted proxy', async () => {
  const behindProxy = await createTestApp({ config: { trustProxy: true } })
  try {
    const response = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { loginName: DEMO_OPERATOR.loginName, password: DEMO_OPERATOR.password },
      headers: { 'x-forwarded-proto': 'https' },
    })
    assert.equal(response.statusCode, 200)
    assert.ok(String(response.headers['set-cookie']).split('; ').includes('Secure'))
  } finally {
    await behindProxy.close()
  }
})

test('a wrong password is refused and recorded; five lock that address out of that name', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  await createOperatorAs(admin, 'lockme', 'viewer')
  const wrong = await login('lockme', 'not-the-password', '10.9.9.9')
  assert.deepEqual([wrong.status, wrong.body.success, wrong.body.error], [200, false, 'LOGIN_FAILED'])
  assert.equal(wrong.setCookie, undefined)
  const unknown = await login('nobody-here', 'whatever-it-is', '10.9.9.8')
  assert.equal(unknown.body.error, 'LOGIN_FAILED')

  const trail = await as<AuditPage>(admin, 'GET', '/api/admin/audit?targetId=lockme')
  const failed = trail.body.data?.items.find((entry) => entry.action === 'operator.login.failed')
  assert.equal(failed?.actorName, 'lockme')
  assert.equal(failed?.address, '10.9.9.9')
  const anonymous = await as<AuditPage>(admin, 'GET', '/api/admin/audit?targetId=nobody-here')
  assert.deepEqual(
    anonymous.body.data?.items.map((entry) => [entry.actor, entry.action]),
    [['anonymous', 'operator.login.failed']],
  )

  for (let i = 0; i < 4; i++)
    assert.equal((await login('lockme', 'not-the-password', '10.9.9.9')).body.error, 'LOGIN_FAILED')
  // The sixth try is refused before the password is looked at, even the right one.
  const locked = await login('lockme', 'Correct-Horse-1', '10.9.9.9')
  assert.equal(locked.body.error, 'LOGIN_LOCKED')
  assert.match(locked.body.msg ?? '', /15/)
  // Another address is not locked out of the name, and the app's own login counters are untouched.
  assert.equal((await login('lockme', 'Correct-Horse-1', '10.9.9.10')).status, 200)
  t.clock.advance(15 * 60_000 + 1000)
  assert.equal((await login('lockme', 'Correct-Horse-1', '10.9.9.9')).status, 200)
})

test('a session ends after 30 idle minutes; requests slide that, but never past 8 hours', async () => {
  const idle = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  t.clock.advance(SESSION_IDLE_MS - 60_000)
  assert.equal((await as(idle, 'GET', '/api/operator/me')).status, 200)
  t.clock.advance(SESSION_IDLE_MS - 60_000)
  assert.equal((await as(idle, 'GET', '/api/admin/refunds')).status, 200)
  t.clock.advance(SESSION_IDLE_MS + 1000)
  const ended = await as(idle, 'GET', '/api/admin/refunds')
  assert.deepEqual([ended.status, ended.body.error], [401, 'OPERATOR_UNAUTHORIZED'])

  const busy = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  let elapsed = 0
  while (elapsed + 20 * 60_000 < SESSION_ABSOLUTE_MS) {
    t.clock.advance(20 * 60_000)
    elapsed += 20 * 60_000
    assert.equal((await as(busy, 'GET', '/api/operator/me')).status, 200, `at ${elapsed / 60_000} min`)
  }
  t.clock.advance(SESSION_ABSOLUTE_MS - elapsed)
  assert.equal((await as(busy, 'GET', '/api/operator/me')).status, 401)
})

test('a write without the session’s CSRF token is refused with 403; with it, it goes through', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  for (const csrf of [
    null,
    'wrong-token',
    (await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)).csrfToken,
  ]) {
    const refused = await as(admin, 'POST', '/api/admin/channels/promo/disable', undefined, csrf)
    assert.equal(refused.status, 403)
    assert.equal(refused.body.success, false)
    assert.equal(refused.body.error, 'CSRF_TOKEN_INVALID')
    assert.ok(refused.body.msg)
  }
  const channels = await as<{ channelId: string; enabled: boolean }[]>(admin, 'GET', '/api/admin/channels')
  assert.equal(channels.body.data?.find((c) => c.channelId === 'promo')?.enabled, true)
  const done = await as<{ enabled: boolean }>(admin, 'POST', '/api/admin/channels/promo/disable')
  assert.deepEqual([done.status, done.body.data?.enabled], [200, false])
  assert.equal((await as(admin, 'POST', '/api/admin/channels/promo/enable')).status, 200)
})

test('production’s SetLifePayChannelsStatus is a GET that writes: it still needs an admin and the CSRF token', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  const status = async () =>
    (await as<LifePayChannles>(admin, 'GET', '/api/LifePay/GetLifePayChannlesDto?id=promo')).body.data?.status
  const url = '/api/LifePay/SetLifePayChannelsStatus?id=promo&status=20'
  for (const csrf of [
    undefined,
    'wrong-token',
    (await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)).csrfToken,
  ]) {
    const refused = await as(admin, 'GET', url, undefined, csrf)
    assert.deepEqual([refused.status, refused.body.error], [403, 'CSRF_TOKEN_INVALID'], String(csrf))
  }
  assert.equal(await status(), 10)
  await createOperatorAs(admin, 'rita', 'reviewer')
  const rita = await loggedIn('rita', 'Correct-Horse-1')
  const byReviewer = await as(rita, 'GET', url, undefined, rita.csrfToken)
  assert.deepEqual([byReviewer.status, byReviewer.body.error], [403, 'OPERATOR_FORBIDDEN'])
  assert.equal(await status(), 10)
  const done = await as<LifePayChannles>(admin, 'GET', url, undefined, admin.csrfToken)
  assert.deepEqual([done.status, done.body.data?.status, done.cacheControl], [200, 20, 'no-store'])
  assert.equal(await status(), 20)
})

test('roles: a viewer reads but cannot approve; a reviewer approves but cannot change channels; an admin can', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  await createOperatorAs(admin, 'vera', 'viewer')
  const rickAccount = await createOperatorAs(admin, 'rick', 'reviewer')
  const vera = await loggedIn('vera', 'Correct-Horse-1')
  const rick = { ...(await loggedIn('rick', 'Correct-Horse-1')), id: rickAccount.id }
  const orderNo = await orderUnderReview()

  const queue = await as<OperatorOrder[]>(vera, 'GET', '/api/admin/refunds')
  assert.ok(queue.body.data?.some((order) => order.orderNo === orderNo))
  const approveByViewer = await as(vera, 'POST', `/api/admin/refunds/${orderNo}/approve`, {
    acknowledgeDelivered: true,
  })
  assert.deepEqual([approveByViewer.status, approveByViewer.body.error], [403, 'OPERATOR_FORBIDDEN'])
  // The role by its name in the operator's language, as the console names it (issue 37, item 25).
  assert.equal(approveByViewer.body.msg, '需要审核员权限')
  const inEnglish = await call({
    method: 'POST',
    url: `/api/admin/refunds/${orderNo}/approve`,
    remoteAddress: '10.0.0.1',
    headers: { cookie: vera.cookie, 'x-csrf-token': vera.csrfToken, 'accept-language': 'en-US' },
    payload: { acknowledgeDelivered: true },
  })
  assert.equal(inEnglish.body.msg, 'This needs the reviewer role')
  for (const who of [vera, rick]) {
    const channel = await as(who, 'POST', '/api/admin/channels/promo/disable')
    assert.deepEqual(
      [channel.status, channel.body.error, channel.body.msg],
      [403, 'OPERATOR_FORBIDDEN', '需要管理员权限'],
    )
    const operators = await as(who, 'POST', '/api/admin/operators', {
      loginName: 'sneaky',
      password: 'Correct-Horse-1',
      role: 'admin',
    })
    assert.deepEqual([operators.status, operators.body.error], [403, 'OPERATOR_FORBIDDEN'])
  }
  // A reviewer approves with a voucher image uploaded to their own folder of our bucket, never without one.
  const viewerCredentials = await as(vera, 'POST', '/api/operator/refundVoucherCredentials')
  assert.deepEqual([viewerCredentials.status, viewerCredentials.body.error], [403, 'OPERATOR_FORBIDDEN'])
  const sts = (await as<OssSts>(rick, 'POST', '/api/operator/refundVoucherCredentials')).body.data as OssSts
  assert.equal(sts.dir, `refund-vouchers/${rick.id}/`)
  const png = TINY_PNG
  assert.equal((await uploadToSandbox(t, sts, 'users/elsewhere/x.png', png)).statusCode, 403)
  const uploaded = await uploadToSandbox(t, sts, `${sts.dir}receipt.png`, png)
  assert.equal(uploaded.statusCode, 200, uploaded.body)
  const voucherUrl = (uploaded.json() as ApiEnvelope<{ url: string }>).data?.url as string
  assert.equal(voucherUrl, `${sts.host}/${sts.dir}receipt.png`)
  const page = async () =>
    (
      await as<PageOutput<LifePayOrderListOutput>>(rick, 'POST', '/api/LifePay/GetLifePayOrderPage', {
        pageModel: { rows: 1, page: 1 },
        keyWords: orderNo,
      })
    ).body.data?.data[0] as LifePayOrderListOutput
  const approve = (via: 'admin' | 'console', voucher?: string) =>
    via === 'admin'
      ? as<OperatorOrder>(rick, 'POST', `/api/admin/refunds/${orderNo}/approve`, {
          acknowledgeDelivered: true,
          ...(voucher !== undefined ? { refundCredentialsImgUrl: voucher } : {}),
        })
      : as<LifePayOrderListOutput>(rick, 'POST', '/api/LifePay/RefundLifePayOrder', {
          id: listed.id,
          refundCheckRemark: '核实未到账',
          acknowledgeDelivered: true,
          ...(voucher !== undefined ? { refundCredentialsImgUrl: voucher } : {}),
        })
  const listed = await page()
  for (const [via, voucher] of [
    ['console', undefined],
    ['admin', undefined],
    ['console', 'https://elsewhere.example/static/oss/' + `${sts.dir}receipt.png`],
    ['console', `${sts.host}/users/elsewhere/x.png`],
    ['console', `${sts.host}/${sts.dir}never-uploaded.png`],
    ['console', `${sts.host}/${sts.dir}../../users/x.png`],
  ] as const) {
    const refused = await approve(via, voucher)
    assert.deepEqual(
      [refused.status, refused.body.success, refused.body.error],
      [200, false, 'VALIDATION_FAILED'],
      `${via} ${voucher}`,
    )
    assert.match(refused.body.msg ?? '', /退款凭证/)
  }
  assert.deepEqual([(await page()).lifePayOrderStatus, (await page()).refundCheckTime], [40, null])
  const approved = await approve('console', voucherUrl)
  assert.equal(approved.status, 200, JSON.stringify(approved.body))
  assert.deepEqual(
    [approved.body.data?.payStatus, (approved.body.data as LifePayOrderListOutput).refundCredentialsImgUrl],
    [40, voucherUrl],
  )
  const after = await page()
  assert.deepEqual(
    [after.lifePayOrderStatus, after.refundCredentialsImgUrl, after.refundCheckTime, after.refundCheckRemark],
    [50, voucherUrl, t.clock.now().toISOString(), '核实未到账'],
  )
  assert.equal((await as(admin, 'POST', '/api/admin/channels/spring2026/enable')).status, 200)
  assert.equal((await as(admin, 'POST', '/api/admin/channels/spring2026/disable')).status, 200)
})

test('phone numbers: masked on every operator read of a viewer, whole for a reviewer', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  await createOperatorAs(admin, 'vic', 'viewer')
  await createOperatorAs(admin, 'rex', 'reviewer')
  const vic = await loggedIn('vic', 'Correct-Horse-1')
  const rex = await loggedIn('rex', 'Correct-Horse-1')
  const orderNo = await orderUnderReview()
  // The demo user (13800138000) topped up 13812345678.
  const read = async (who: OperatorBrowser) => {
    const page = await as<PageOutput<LifePayOrderListOutput>>(who, 'POST', '/api/LifePay/GetLifePayOrderPage', {
      pageModel: { rows: 1, page: 1 },
      keyWords: orderNo,
    })
    const item = page.body.data?.data[0]
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/LifePay/GetLifePayOrderPageExport',
      payload: { keyWords: orderNo },
      remoteAddress: '10.0.0.1',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken },
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer)
    const sheetRow = workbook.worksheets[0].getRow(2).values as unknown[]
    const timeline = await as<OrderTimeline>(who, 'GET', `/api/operator/orders/${orderNo}/timeline`)
    const users = await as<PageOutput<UserListOutput>>(who, 'POST', '/api/LifePay/GetUserPage', {
      pageModel: { rows: 1, page: 1 },
      keyWords: '13800138000',
    })
    const accounts = await as<PageOutput<UserAccountOutput>>(who, 'POST', '/api/LifePay/GetAccountPage', {
      pageModel: { rows: 1, page: 1 },
      keyWords: '我的手机',
    })
    const queued = (await as<OperatorOrder[]>(who, 'GET', '/api/admin/refunds')).body.data?.find(
      (order) => order.orderNo === orderNo,
    )
    const one = await as<OperatorOrder>(who, 'GET', `/api/admin/orders/${orderNo}`)
    return [
      item?.phoneNumber,
      item?.account,
      sheetRow[2],
      sheetRow[4],
      timeline.body.data?.events.find((event) => event.kind === 'created')?.detail.match(/充值账号 (\S+)，/)?.[1],
      users.body.data?.data[0].phoneNumber,
      accounts.body.data?.data[0].phoneNumber,
      accounts.body.data?.data[0].content,
      queued?.account,
      one.body.data?.account,
    ]
  }
  assert.deepEqual(await read(vic), [
    '138****8000',
    '138****5678',
    '138****8000',
    '138****5678',
    '138****5678',
    '138****8000',
    '138****8000',
    '138****8000',
    '138****5678',
    '138****5678',
  ])
  assert.deepEqual(await read(rex), [
    '13800138000',
    '13812345678',
    '13800138000',
    '13812345678',
    '13812345678',
    '13800138000',
    '13800138000',
    '13800138000',
    '13812345678',
    '13812345678',
  ])
  // The provider notification log holds raw bodies (a supplier's callback names the number topped up): reviewers
  // and admins only.
  const log = await as(vic, 'GET', '/api/admin/notifications')
  assert.deepEqual([log.status, log.body.error], [403, 'OPERATOR_FORBIDDEN'])
  assert.equal((await as(rex, 'GET', '/api/admin/notifications')).status, 200)
})

test('electricity and gas account numbers: masked like the app masks them for a viewer, whole for a reviewer', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  await createOperatorAs(admin, 'val', 'viewer')
  await createOperatorAs(admin, 'ron', 'reviewer')
  const val = await loggedIn('val', 'Correct-Horse-1')
  const ron = await loggedIn('ron', 'Correct-Horse-1')
  const alice: Caller = { token: (await t.loginDemo()).accessToken }
  const { orderNo } = await t.data(
    t.post<{ orderNo: string }>(
      '/api/LifePay/CreateLifePayGasOrder',
      {
        gasAccount: '88001234567',
        gasOrgType: GasProvider.XinAo,
        province: '310000',
        city: '310100',
        parValue: 100,
        idempotencyKey: randomUUID(),
      },
      alice,
    ),
  )
  const read = async (who: OperatorBrowser) => {
    const page = await as<PageOutput<LifePayOrderListOutput>>(who, 'POST', '/api/LifePay/GetLifePayOrderPage', {
      pageModel: { rows: 1, page: 1 },
      keyWords: orderNo,
    })
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/LifePay/GetLifePayOrderPageExport',
      payload: { keyWords: orderNo },
      remoteAddress: '10.0.0.1',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken },
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer)
    const timeline = await as<OrderTimeline>(who, 'GET', `/api/operator/orders/${orderNo}/timeline`)
    const electric = await as<PageOutput<UserAccountOutput>>(who, 'POST', '/api/LifePay/GetAccountPage', {
      pageModel: { rows: 1, page: 1 },
      keyWords: '家里电费',
    })
    const one = await as<OperatorOrder>(who, 'GET', `/api/admin/orders/${orderNo}`)
    return [
      page.body.data?.data[0].account,
      (workbook.worksheets[0].getRow(2).values as unknown[])[4],
      timeline.body.data?.events.find((event) => event.kind === 'created')?.detail.match(/充值账号 (\S+)，/)?.[1],
      one.body.data?.account,
      electric.body.data?.data[0].content,
    ]
  }
  assert.deepEqual(await read(val), ['880****4567', '880****4567', '880****4567', '880****4567', '310******6789'])
  assert.deepEqual(await read(ron), ['88001234567', '88001234567', '88001234567', '88001234567', '3100123456789'])
  // A viewer still finds the order by the whole number the user gives them.
  const found = await as<PageOutput<LifePayOrderListOutput>>(val, 'POST', '/api/LifePay/GetLifePayOrderPage', {
    pageModel: { rows: 5, page: 1 },
    keyWords: '88001234567',
  })
  assert.ok(found.body.data?.data.some((order) => order.orderNo === orderNo))
})

test('rates: a reviewer cannot change them; an admin can, for new orders only, recorded with before and after', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  await createOperatorAs(admin, 'rita', 'reviewer')
  const rita = await loggedIn('rita', 'Correct-Horse-1')
  const alice: Caller = { token: (await t.loginDemo()).accessToken }
  const phoneRate = async () =>
    (await t.data(t.get<{ rateType: number; rate: number }[]>('/api/LifePay/GetRate'))).find((r) => r.rateType === 10)
      ?.rate
  assert.equal(await phoneRate(), 98.5)
  const earlier = await createPhoneOrder(t, alice)

  const byReviewer = await as(rita, 'POST', '/api/LifePay/CreateEditLifePayRate', [{ rateType: 10, rate: 90 }])
  assert.deepEqual([byReviewer.status, byReviewer.body.error], [403, 'OPERATOR_FORBIDDEN'])
  assert.equal(await phoneRate(), 98.5)
  const twice = await as(admin, 'POST', '/api/LifePay/CreateEditLifePayRate', [
    { rateType: 10, rate: 90 },
    { rateType: 10, rate: 91 },
  ])
  assert.equal(twice.body.error, 'VALIDATION_FAILED')

  const changed = await as<{ rateType: number; rate: number }[]>(admin, 'POST', '/api/LifePay/CreateEditLifePayRate', [
    { rateType: 10, rate: 97.25, id: 'ignored' },
  ])
  assert.equal(changed.status, 200, JSON.stringify(changed.body))
  assert.deepEqual(
    changed.body.data?.find((r) => r.rateType === 10),
    { rateType: 10, rate: 97.25 },
  )
  assert.equal(await phoneRate(), 97.25)
  const later = await createPhoneOrder(t, alice)
  const amountOf = async (orderNo: string) =>
    (await t.data(t.get<{ payAmount: number }>(`/api/LifePay/GetUserLifePayOrderDetail?orderNo=${orderNo}`, alice)))
      .payAmount
  assert.deepEqual([await amountOf(earlier.orderNo), await amountOf(later.orderNo)], [98.5, 97.25])

  const trail = await as<AuditPage>(admin, 'GET', '/api/admin/audit?targetId=10')
  const entry = trail.body.data?.items[0]
  assert.deepEqual(
    [entry?.action, entry?.targetType, entry?.actorName, entry?.before, entry?.after],
    ['rate.set', 'rate', 'operator', { rate: 98.5 }, { rate: 97.25 }],
  )
  await as(admin, 'POST', '/api/LifePay/CreateEditLifePayRate', [{ rateType: 10, rate: 98.5 }])
})

test('disabling an operator or changing their role ends their sessions at once', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  await createOperatorAs(admin, 'dora', 'reviewer')
  const dora = await loggedIn('dora', 'Correct-Horse-1')
  assert.equal((await as(dora, 'GET', '/api/admin/refunds')).status, 200)

  const promoted = await as<OperatorAccount>(admin, 'POST', '/api/admin/operators/dora/role', { role: 'admin' })
  assert.equal(promoted.body.data?.role, 'admin')
  assert.equal((await as(dora, 'GET', '/api/admin/refunds')).status, 401)
  const again = await loggedIn('dora', 'Correct-Horse-1')
  assert.equal(again.session.operator.role, 'admin')

  const disabled = await as<OperatorAccount>(admin, 'POST', '/api/admin/operators/dora/disable')
  assert.equal(disabled.body.data?.disabled, true)
  const refused = await as(again, 'GET', '/api/admin/refunds')
  assert.deepEqual([refused.status, refused.body.error], [401, 'OPERATOR_UNAUTHORIZED'])
  assert.equal((await login('dora', 'Correct-Horse-1', '10.7.7.7')).body.error, 'LOGIN_FAILED')
  const unknown = await as(admin, 'POST', '/api/admin/operators/nobody/disable')
  assert.deepEqual([unknown.status, unknown.body.error], [404, 'OPERATOR_NOT_FOUND'])
  const duplicate = await as(admin, 'POST', '/api/admin/operators', {
    loginName: 'dora',
    password: 'Correct-Horse-1',
    role: 'viewer',
  })
  assert.equal(duplicate.body.error, 'OPERATOR_EXISTS')

  const list = await as<OperatorAccount[]>(admin, 'GET', '/api/admin/operators')
  const dorasRow = list.body.data?.find((one) => one.loginName === 'dora')
  assert.deepEqual([dorasRow?.role, dorasRow?.disabled], ['admin', true])
  assert.ok(!JSON.stringify(list.body).includes('argon2'))
})

test('the audit trail: who, when, before and after of every write, by order number; append-only', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  const adminId = (await as<OperatorAccount[]>(admin, 'GET', '/api/admin/operators')).body.data?.find(
    (one) => one.loginName === 'operator',
  )?.id
  const rejected = await orderUnderReview()
  const approved = await orderUnderReview()
  assert.equal((await as(admin, 'POST', `/api/admin/refunds/${rejected}/reject`, { reason: '已到账' })).status, 200)
  // The automation token acts as the service, recorded as such.
  await t.data(t.post(`/api/admin/refunds/${approved}/approve`, { acknowledgeDelivered: true }, service))

  const onOrder = await as<AuditEntry[]>(admin, 'GET', `/api/admin/orders/${rejected}/audit`)
  assert.equal(onOrder.body.data?.length, 1)
  const entry = onOrder.body.data![0]
  assert.deepEqual(
    [entry.actor, entry.actorName, entry.action, entry.targetType, entry.targetId, entry.remark, entry.address],
    [adminId, 'operator', 'refund.reject', 'order', rejected, '已到账', '10.0.0.1'],
  )
  assert.deepEqual(
    [
      (entry.before as { lifePayOrderStatus: number }).lifePayOrderStatus,
      (entry.after as { lifePayOrderStatus: number }).lifePayOrderStatus,
    ],
    [40, 60],
  )
  assert.equal(entry.at, t.clock.now().toISOString())

  const byService = await as<AuditPage>(admin, 'GET', `/api/admin/audit?operatorId=service:token`)
  assert.deepEqual(
    byService.body.data?.items.map((one) => [one.actorName, one.action, one.targetId]),
    [['service:token', 'refund.approve.acknowledgeDelivered', approved]],
  )
  const page = await as<AuditPage>(admin, 'GET', `/api/admin/audit?page=1&rows=2`)
  assert.equal(page.body.data?.items.length, 2)
  assert.ok((page.body.data?.totalCount ?? 0) > 2)
  assert.equal(page.body.data?.items[0].targetId, approved, 'newest first')

  // Not through the API, and not even with the database in hand.
  const rowCount = async () => (await t.database.db.select({ n: count() }).from(operatorAudit))[0].n
  const before = await rowCount()
  for (const statement of [
    sql`update operator_audit set remark = 'rewritten'`,
    sql`delete from operator_audit`,
    sql`truncate operator_audit`,
  ]) {
    await assert.rejects(t.database.db.execute(statement), (error: Error) => {
      // Drizzle wraps the database's refusal: the trigger's message is the cause.
      assert.match(String((error.cause as Error | undefined)?.message), /operator_audit is append-only/)
      return true
    })
  }
  assert.equal(await rowCount(), before)
  const still = await as<AuditEntry[]>(admin, 'GET', `/api/admin/orders/${rejected}/audit`)
  assert.equal(still.body.data?.[0].remark, '已到账')
})

test('without a session or token the operator routes answer 401', async () => {
  for (const url of ['/api/admin/refunds', '/api/admin/audit', '/api/admin/operators', '/api/operator/me']) {
    const reply = await call({ method: 'GET', url })
    assert.deepEqual([reply.status, reply.body.error], [401, 'OPERATOR_UNAUTHORIZED'], url)
  }
  const forged = await call({ method: 'GET', url: '/api/admin/refunds', headers: { cookie: 'lp_operator=forged' } })
  assert.equal(forged.status, 401)
})

test('an admin re-enables a disabled operator; the last enabled admin is never disabled or demoted', async () => {
  const admin = await loggedIn(DEMO_OPERATOR.loginName, DEMO_OPERATOR.password)
  await createOperatorAs(admin, 'amy', 'admin')
  const byService = (path: string, body?: object) =>
    call<OperatorAccount>({ method: 'POST', url: `/api/admin/operators/${path}`, payload: body ?? {}, ...service })

  // Disabled, then enabled again: amy logs in with her password, under her role.
  assert.equal((await as(admin, 'POST', '/api/admin/operators/amy/disable')).status, 200)
  assert.equal((await login('amy', 'Correct-Horse-1')).body.error, 'LOGIN_FAILED')
  const enabled = await as<OperatorAccount>(admin, 'POST', '/api/admin/operators/amy/enable')
  assert.deepEqual([enabled.status, enabled.body.data?.disabled, enabled.body.data?.role], [200, false, 'admin'])
  const amy = await loggedIn('amy', 'Correct-Horse-1')
  assert.equal(amy.session.operator.role, 'admin')
  const list = await as<OperatorAccount[]>(admin, 'GET', '/api/admin/operators')
  const amysRow = list.body.data?.find((one) => one.loginName === 'amy')
  assert.ok(amysRow?.creationTime && amysRow.lastLoginTime)
  const trail = await as<AuditPage>(admin, 'GET', '/api/admin/audit?targetId=amy')
  assert.ok(trail.body.data?.items.some((one) => one.action === 'operator.enable'))
  assert.equal((await as(amy, 'POST', '/api/admin/operators/nobody/enable')).body.error, 'OPERATOR_NOT_FOUND')

  // Only the demo operator and amy stay enabled admins.
  for (const one of list.body.data ?? []) {
    if (one.role === 'admin' && !one.disabled && one.loginName !== 'amy' && one.loginName !== 'operator')
      assert.equal((await byService(`${one.loginName}/disable`)).status, 200)
  }
  // Two demotions at once, each leaving the other admin: one goes through, the other would leave none.
  const [first, second] = await Promise.all([
    byService('operator/role', { role: 'viewer' }),
    byService('amy/role', { role: 'viewer' }),
  ])
  assert.deepEqual([first.body.error, second.body.error].sort(), ['LAST_ADMIN', null].sort())
  const remaining = first.body.error ? 'operator' : 'amy'
  for (const refused of [
    await byService(`${remaining}/disable`),
    await byService(`${remaining}/role`, { role: 'reviewer' }),
  ]) {
    assert.deepEqual([refused.status, refused.body.success, refused.body.error], [200, false, 'LAST_ADMIN'])
    assert.match(refused.body.msg ?? '', /最后一个启用的管理员|last enabled admin/)
  }
  const admins = (await t.data(t.get<OperatorAccount[]>('/api/admin/operators', service))).filter(
    (one) => one.role === 'admin' && !one.disabled,
  )
  assert.deepEqual(
    admins.map((one) => one.loginName),
    [remaining],
  )
  // Put the demo operator back for anyone after this test.
  assert.equal((await byService('operator/role', { role: 'admin' })).status, 200)
})
