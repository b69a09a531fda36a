import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { waitFor, type MiniHost } from './host/miniHost'
import {
  answered,
  createHost,
  hostReport,
  label,
  orderDetail,
  placePhoneOrder,
  storedLogin,
  TARGETS,
  testUser,
  type TestUser,
} from './support'

// Issue 20, duplicate guard: a second top-up of a number with an order still unpaid asks first, in both builds.

let server: AppServer

before(async () => {
  // The suites' server runs without the guard (scripts/lib/appServer.ts); this flow is about it.
  server = await startAppServer({ DUPLICATE_GUARD: 'on' })
})

after(async () => {
  await server?.stop()
})

const ORDER_PAGE = 'subpackages/order/order/order'
const SELECT_PAY_TYPE = 'subpackages/recharge/selectPayType/selectPayType'

/** Home → phone top-up of the own number → 50 yuan → top up: the duplicate prompt. */
async function topUpOwnNumberAgain(host: MiniHost): Promise<void> {
  await host.launch()
  await host.waitForText('话费充值')
  await host.tap('话费充值')
  await host.waitForRoute('subpackages/recharge/phoneBillRecharge/phoneBillRecharge')
  await host.waitForText('¥49.25')
  await host.tap('50元')
  await host.tap('立即充值')
  await host.waitForText('你有一笔相同账户的订单待支付')
  await waitFor(`the dialog's buttons\n${hostReport(host)}`, () => host.chainsByClass('lp-dialog__btn').length === 2)
  // The earlier order's state and amount are in the prompt.
  assert.match(host.text(), /待支付 · ¥50\.00 · \d\d-\d\d \d\d:\d\d/)
}

for (const target of TARGETS) {
  const n = TARGETS.indexOf(target)
  describe(`duplicate prompt in the ${label(target)} build`, () => {
    let user: TestUser
    let earlier: string

    before(async () => {
      user = await testUser(server, `1350001${n}001`)
      earlier = await placePhoneOrder(server, user, user.phoneNumber, 50)
    })

    test('"view order" opens the unpaid order', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await topUpOwnNumberAgain(host)
        await host.tap(host.chainsByClass('lp-dialog__btn--cancel')[0])
        const page = await host.waitForRoute(ORDER_PAGE)
        assert.equal(page.options.orderNo, earlier)
        await waitFor(`the detail of ${earlier}\n${hostReport(host)}`, () => host.text().includes(earlier))
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('"top up anyway" places a second order and goes on to pay it', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await topUpOwnNumberAgain(host)
        await host.tap(host.chainsByClass('lp-dialog__btn--confirm')[0])
        const page = await host.waitForRoute(SELECT_PAY_TYPE)
        const second = page.options.orderNo
        assert.match(second, /^LP\d+$/)
        assert.notEqual(second, earlier)
        assert.ok(answered(host, '/api/LifePay/CreateLifePayPhoneOrder'))
        const detail = await orderDetail(server, user, second)
        assert.deepEqual([detail.account, detail.parValue, detail.payStatus], [user.phoneNumber, 50, 10])
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
