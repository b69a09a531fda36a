import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { waitFor } from './host/miniHost'
import {
  answered,
  createHost,
  hostReport,
  label,
  orderDetail,
  payOrder,
  placePhoneOrder,
  storedLogin,
  TARGETS,
  testUser,
  type TestUser,
} from './support'

// Issue 36 in the WeChat and Alipay builds: against our server answering exactly as the production back end would
// (LIFEPAY_API_PROFILE=production: no carrier check, no reminders, no subscribe templates), a phone top-up is paid in
// the wallet and arrives, an order's refund is applied for, a saved account is kept — with no prompt, no "remind me"
// and no error. One run per build (the current client profile): the full flows run in rechargeOrder.mini.ts.

let server: AppServer

before(async () => {
  server = await startAppServer({
    LIFEPAY_API_PROFILE: 'production',
    SANDBOX_WALLET_IN_HOST: '1',
    SANDBOX_SUPPLIER_DELAY_MS: '200',
  })
})

after(async () => {
  await server?.stop()
})

const SELECT_PAY_TYPE = 'subpackages/recharge/selectPayType/selectPayType'

for (const target of TARGETS.filter((t) => t.profile === 'current')) {
  const n = TARGETS.indexOf(target)
  describe(`the ${label(target)} build against the production-shaped server`, () => {
    let user: TestUser

    before(async () => {
      user = await testUser(server, `1350003${n}001`)
    })

    test('top-up paid in the wallet, result, orders, refund and saved accounts, with no extension', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        // Phone top-up: no carrier check (the prefix guess), no subscribe prompt at the pay tap; paid, it arrives.
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
        host.walletAnswers.push('success')
        await host.tap(/^确认支付/)
        await host.waitForRoute('subpackages/recharge/rechargeResult/rechargeResult')
        await host.waitForText('已到账', 20_000)
        assert.equal((await orderDetail(server, user, orderNo)).lifePayOrderStatus, 30)
        assert.equal(host.calls.filter((call) => call.api === 'requestSubscribeMessage').length, 0, hostReport(host))
        assert.ok(!host.text().includes('已核实'), hostReport(host))

        // Orders → detail → refund application → its result.
        const refundable = await placePhoneOrder(server, user, `1350003${n}002`, 30)
        await payOrder(server, user, refundable)
        await host.launch({ path: 'subpackages/order/order/order' })
        await host.waitForText('¥30.00')
        await host.tap(host.chainOf(/¥30\.00/))
        await waitFor(`the detail of ${refundable}\n${hostReport(host)}`, () => host.text().includes(refundable))
        await host.tap('申请退款')
        await host.waitForRoute('subpackages/order/orderApplyRefund/orderApplyRefund')
        await host.waitForText('提交申请')
        await host.tap('不想充了')
        await host.tap('提交申请')
        await host.waitForText('确认申请退款？')
        await host.tap(host.chainsByClass('lp-dialog__btn--confirm')[0])
        await host.waitForRoute('subpackages/order/orderRefundResult/orderRefundResult')
        await host.waitForText('退款审核中')
        assert.equal((await orderDetail(server, user, refundable)).lifePayOrderStatus, 40)

        // A saved account: added and listed, no "remind me" on a back end without reminders.
        const phone = `1860003${n}003`
        await host.launch({ path: 'subpackages/userAccount/userAccountList/userAccountList' })
        await host.waitForText('添加手机号')
        await host.tap('添加手机号')
        await host.waitForRoute('subpackages/userAccount/editPhoneUserAccount/editPhoneUserAccount')
        await host.waitForText('保存常用手机号')
        await host.type(host.inputs()[0], phone)
        await host.tap(/^保存$/)
        await waitFor(`AddUpdateUserAccount\n${hostReport(host)}`, () =>
          answered(host, '/api/LifePay/AddUpdateUserAccount'),
        )
        await host.waitForRoute('subpackages/userAccount/userAccountList/userAccountList')
        await host.waitForText(`${phone.slice(0, 3)}****${phone.slice(7)}`)
        await waitFor(`the reminder list asked\n${hostReport(host)}`, () =>
          host.requests.some((q) => q.path === '/api/LifePay/GetTopUpReminderList'),
        )
        assert.ok(!host.text().includes('提醒我充值'), hostReport(host))

        // Only extensions were absent, and none of it reached the user.
        const absent = new Set(host.requests.filter((q) => q.status === 404).map((q) => q.path))
        for (const path of absent) assert.match(path, /CheckPhoneCarrier|TopUpReminder|NotificationTemplates/, path)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
