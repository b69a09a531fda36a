import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import zhCN from '../../src/i18n/zh-CN'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { waitFor, type MiniHost, type WalletAnswer } from './host/miniHost'
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

// Top-up through the host's own wallet (requestPayment / tradePay), the order's life after it, and saved accounts.

let server: AppServer

before(async () => {
  // The host plays WeChat Pay / Alipay's cashier; the sandbox supplier answers quickly.
  server = await startAppServer({ SANDBOX_WALLET_IN_HOST: '1', SANDBOX_SUPPLIER_DELAY_MS: '200' })
})

after(async () => {
  await server?.stop()
})

const SELECT_PAY_TYPE = 'subpackages/recharge/selectPayType/selectPayType'

/** Home → phone top-up → 50 yuan → pay: leaves the host on selectPayType with the wallet asked once. */
async function payForPhoneTopUp(host: MiniHost, answer: WalletAnswer): Promise<string> {
  await host.launch()
  await host.waitForText('话费充值')
  await host.tap('话费充值')
  await host.waitForRoute('subpackages/recharge/phoneBillRecharge/phoneBillRecharge')
  await host.waitForText('¥49.25')
  await host.tap('50元')
  await host.tap('立即充值')
  const page = await host.waitForRoute(SELECT_PAY_TYPE)
  const orderNo = page.options.orderNo
  assert.match(orderNo, /^LP\d+$/)
  await host.waitForText('确认支付')
  host.walletAnswers.push(answer)
  await host.tap(/^确认支付/)
  const wallet = host.platform === 'weapp' ? 'requestPayment' : 'tradePay'
  await waitFor(`${wallet}\n${hostReport(host)}`, () => host.calls.some((call) => call.api === wallet))
  return orderNo
}

for (const target of TARGETS) {
  const n = TARGETS.indexOf(target)
  describe(`top-up, orders and saved accounts in the ${label(target)} build`, () => {
    let user: TestUser

    before(async () => {
      user = await testUser(server, `1350000${n}001`)
    })

    test('a phone top-up paid in the wallet ends on "recharge succeeded"', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        const orderNo = await payForPhoneTopUp(host, 'success')
        await host.waitForRoute('subpackages/recharge/rechargeResult/rechargeResult')
        await host.waitForText('已到账', 20_000)
        assert.ok(answered(host, '/api/LifePay/GetPayStatusByOrderNo'))
        const detail = await orderDetail(server, user, orderNo)
        assert.equal(detail.lifePayOrderStatus, 30)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    for (const answer of ['cancel', 'fail'] as const) {
      test(`a payment the wallet ${answer === 'cancel' ? 'cancelled' : 'failed'} leaves the order unpaid and the user on the payment page`, async () => {
        const host = createHost(server, target, storedLogin(user))
        try {
          const orderNo = await payForPhoneTopUp(host, answer)
          await host.waitForText(answer === 'cancel' ? '已取消支付' : '支付未完成，请重试')
          assert.equal(host.currentPage.route, SELECT_PAY_TYPE)
          const detail = await orderDetail(server, user, orderNo)
          assert.equal(detail.payStatus, 10)
          // The user can pay again.
          await host.waitForText('确认支付')
          assert.deepEqual(host.errors, [], hostReport(host))
        } finally {
          host.dispose()
        }
      })
    }

    test('order list → detail → refund application → refund result', async () => {
      const orderNo = await placePhoneOrder(server, user, `1350000${n}002`, 30)
      await payOrder(server, user, orderNo)
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: 'subpackages/order/order/order' })
        await host.waitForText('¥30.00')
        await host.tap(host.chainOf(/¥30\.00/))
        await waitFor(`the detail of ${orderNo}\n${hostReport(host)}`, () => host.text().includes(orderNo))
        await host.tap('申请退款')
        await host.waitForRoute('subpackages/order/orderApplyRefund/orderApplyRefund')
        await host.waitForText('提交申请')
        await host.tap('不想充了')
        await host.tap('提交申请')
        await host.waitForText('确认申请退款？')
        await host.tap(host.chainsByClass('lp-dialog__btn--confirm')[0])
        await waitFor(`RefundUserLifePayOrder\n${hostReport(host)}`, () =>
          answered(host, '/api/LifePay/RefundUserLifePayOrder'),
        )
        await host.waitForRoute('subpackages/order/orderRefundResult/orderRefundResult')
        await host.waitForText('退款审核中')
        const detail = await orderDetail(server, user, orderNo)
        assert.equal(detail.lifePayOrderStatus, 40)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('a saved phone account is added, then deleted through the confirmation dialog', async () => {
      const phone = `1860000${n}003`
      const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: 'subpackages/userAccount/userAccountList/userAccountList' })
        await host.waitForText('添加手机号')
        await host.tap('添加手机号')
        await host.waitForRoute('subpackages/userAccount/editPhoneUserAccount/editPhoneUserAccount')
        await host.waitForText('保存常用手机号')
        const [number] = host.inputs()
        await host.type(number, phone)
        await host.tap(/^保存$/)
        await waitFor(`AddUpdateUserAccount\n${hostReport(host)}`, () =>
          answered(host, '/api/LifePay/AddUpdateUserAccount'),
        )
        await host.waitForRoute('subpackages/userAccount/userAccountList/userAccountList')
        await host.waitForText(masked)
        await host.tap('删除')
        // The app's own confirmation dialog (SPEC §4), drawn in the page.
        await host.waitForText(zhCN['dialog.deleteContent'])
        assert.ok(host.texts().includes(zhCN['dialog.prompt']), hostReport(host))
        await host.tap(host.chainsByClass('lp-dialog__btn--confirm')[0])
        await waitFor(`DeleteUserAccount\n${hostReport(host)}`, () => answered(host, '/api/LifePay/DeleteUserAccount'))
        await waitFor(`${masked} gone\n${hostReport(host)}`, () => !host.text().includes(masked))
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
