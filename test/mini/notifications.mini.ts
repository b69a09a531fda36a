import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import type { TokenResult, WxMiniAppUserLoginResult } from '@contract/account'
import { waitFor, type MiniHost, type MiniPlatform, type SubscribeAnswer } from './host/miniHost'
import { createHost, hostReport, label, orderDetail, storedLogin, TARGETS, testUser, type TestUser } from './support'

// Issue 20 in both hosts: the subscribe prompt inside the pay tap, the payment whatever the answer, and the message
// the sandbox notification provider records once the recharge succeeds (GET /api/dev/notifications).

let server: AppServer

before(async () => {
  // The host plays the wallet; the sandbox supplier answers quickly.
  server = await startAppServer({ SANDBOX_WALLET_IN_HOST: '1', SANDBOX_SUPPLIER_DELAY_MS: '200' })
})

after(async () => {
  await server?.stop()
})

const SELECT_PAY_TYPE = 'subpackages/recharge/selectPayType/selectPayType'

interface Recorded {
  channel: string
  event: string
  recipient: string
}

async function api<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const envelope = (await res.json()) as { success: boolean; data: T; msg: string | null }
  assert.equal(envelope.success, true, `${path}: ${envelope.msg}`)
  return envelope.data
}

/**
 * The user once logged in with the host itself (its login code, then the phone it vouches for): the server then knows
 * their WeChat openId or Alipay user id, where the host's messages go.
 */
async function loggedInWithHost(user: TestUser, platform: MiniPlatform, code: string): Promise<string> {
  const headers = { 'x-lifepay-host': platform }
  const login = await api<WxMiniAppUserLoginResult>(`/api/Account/WxMiniAppUserLogin?code=${code}`, { headers })
  const phone = await api<{ encryptedData: string; iv: string }>('/api/dev/wx/phone-auth', {
    method: 'POST',
    body: { openId: login.openId, phoneNumber: user.phoneNumber },
  })
  await api<TokenResult>('/api/Account/WxMiniAppPhoneAuthLogin', {
    method: 'POST',
    headers,
    body: { openId: login.openId, sessionKey: login.sessionKey, ...phone },
  })
  return login.openId
}

/** Home → phone top-up → 50 yuan → pay, the prompt answered `answer`: ends on the result page, delivered. */
async function topUpAnswering(host: MiniHost, answer: SubscribeAnswer): Promise<string> {
  await host.launch()
  await host.waitForText('话费充值')
  await host.tap('话费充值')
  await host.waitForRoute('subpackages/recharge/phoneBillRecharge/phoneBillRecharge')
  await host.waitForText('¥49.25')
  await host.tap('50元')
  await host.tap('立即充值')
  const page = await host.waitForRoute(SELECT_PAY_TYPE)
  const orderNo = page.options.orderNo
  await host.waitForText('确认支付')
  // The templates are read when the page opens: the prompt must be asked inside the tap.
  await waitFor(`GetNotificationTemplates\n${hostReport(host)}`, () =>
    host.requests.some((r) => r.path === '/api/LifePay/GetNotificationTemplates' && r.status === 200),
  )
  host.subscribeAnswers.push(answer)
  await host.tap(/^确认支付/)
  await host.waitForRoute('subpackages/recharge/rechargeResult/rechargeResult')
  await host.waitForText('已到账', 20_000)
  return orderNo
}

const notificationsOf = (orderNo: string) => api<Recorded[]>(`/api/dev/notifications?orderNo=${orderNo}`)

for (const target of TARGETS) {
  const n = TARGETS.indexOf(target)
  const channel = target.platform === 'weapp' ? 'wechat' : 'alipay'
  describe(`subscribe at pay in the ${label(target)} build`, () => {
    let user: TestUser
    let hostUserId: string

    before(async () => {
      user = await testUser(server, `1370000${n}001`)
      hostUserId = await loggedInWithHost(user, target.platform, `notify-${target.platform}-${n}`)
    })

    test('accepted: one prompt inside the tap, before the wallet; the recharge result is sent to the host once', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        const orderNo = await topUpAnswering(host, 'accept')
        const prompts = host.calls.filter((call) => call.api === 'requestSubscribeMessage')
        assert.equal(prompts.length, 1, hostReport(host))
        const asked = (prompts[0].args[0] as Record<string, string[]>)[channel === 'wechat' ? 'tmplIds' : 'entityIds']
        assert.equal(asked.length, 3)
        const wallet = target.platform === 'weapp' ? 'requestPayment' : 'tradePay'
        assert.ok(
          host.calls.findIndex((call) => call.api === 'requestSubscribeMessage') <
            host.calls.findIndex((call) => call.api === wallet),
        )
        const sent = await waitFor(
          `the rechargeSucceeded notification of ${orderNo}`,
          async () => {
            const messages = await notificationsOf(orderNo)
            return messages.some((m) => m.event === 'rechargeSucceeded') && messages
          },
          10_000,
          100,
        )
        const delivered = sent.filter((m) => m.event === 'rechargeSucceeded')
        assert.equal(delivered.length, 1)
        assert.deepEqual([delivered[0].channel, delivered[0].recipient], [channel, hostUserId])
        const detail = await orderDetail(server, user, orderNo)
        assert.ok(
          detail.notifications?.some(
            (s) => s.event === 'rechargeSucceeded' && s.channel === channel && s.status === 'sent',
          ),
          JSON.stringify(detail.notifications),
        )
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('rejected: the user just pays; nothing is sent and the order lists no notification', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        const orderNo = await topUpAnswering(host, 'reject')
        assert.equal(host.calls.filter((call) => call.api === 'requestSubscribeMessage').length, 1)
        const detail = await orderDetail(server, user, orderNo)
        assert.equal(detail.lifePayOrderStatus, 30)
        assert.deepEqual(detail.notifications, [])
        assert.deepEqual(await notificationsOf(orderNo), [])
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
