import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { PageResult } from '@contract/envelope'
import type { LifePayOrderListItem } from '@contract/lifePay'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { rechargeMessages as RechargeMessages } from '../../src/subpackages/recharge/messages'
import type { rechargeFormMessages as RechargeFormMessages } from '../../src/subpackages/recharge/formMessages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { importAppModule, lifePayApi } from '../e2e/session'
import { waitFor, type MiniHost } from './host/miniHost'
import { nodeText } from './host/pageTree'
import {
  createHost,
  fieldError,
  hostReport,
  inputWith,
  label,
  orderDetail,
  storedLogin,
  TARGETS,
  testUser,
  type TestUser,
} from './support'

// Issue 20, part 2: the checks before paying, in the WeChat and Alipay builds. A wrong electricity account is caught
// under its field and no order is created; a right one shows its masked holder and figures (sandbox account book,
// docs/api.md § Sandbox); a ported number shows its current carrier and the order goes to it.

let m: (typeof RechargeMessages)['zh-CN'] & (typeof RechargeFormMessages)['zh-CN']
let f: (typeof FieldMessages)['zh-CN']
let server: AppServer

before(async () => {
  // The catalogues load Taro, which expects the build's compile-time flags.
  m = {
    ...(await importAppModule(() => import('../../src/subpackages/recharge/messages'))).rechargeMessages['zh-CN'],
    ...(await importAppModule(() => import('../../src/subpackages/recharge/formMessages'))).rechargeFormMessages[
      'zh-CN'
    ],
  }
  f = (await importAppModule(() => import('../../src/components/lifePayFields/messages'))).fieldMessages['zh-CN']
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '200' })
})

after(async () => {
  await server?.stop()
})

const ELECTRIC = 'subpackages/recharge/electricBillRecharge/electricBillRecharge'
const GAS = 'subpackages/recharge/gasBillRecharge/gasBillRecharge'
const PHONE = 'subpackages/recharge/phoneBillRecharge/phoneBillRecharge'
const SELECT_PAY_TYPE = 'subpackages/recharge/selectPayType/selectPayType'
const CHECK_ACCOUNT = '/api/LifePay/CheckLifePayAccount'

/** The sandbox's ported demo numbers and their carrier now (server/src/providers/carrierLookupSandbox.ts). */
const PORTED = [
  { phone: '13900000088', ispCode: 'liantong', carrier: '中国联通' },
  { phone: '13300000088', ispCode: 'yidong', carrier: '中国移动' },
  { phone: '18600000088', ispCode: 'dianxin', carrier: '中国电信' },
] as const

const orderCount = async (user: TestUser) =>
  (
    await lifePayApi<PageResult<LifePayOrderListItem>>(
      server,
      user.userId,
      'POST',
      '/api/LifePay/GetUserLifePayOrderPage',
      { pageIndex: 1, pageSize: 50 },
    )
  ).totalCount

/** The requests the host sent to `path`. */
const sent = (host: MiniHost, path: string) => host.requests.filter((r) => r.path === path)

for (const target of TARGETS) {
  const n = TARGETS.indexOf(target)
  describe(`the checks before paying in the ${label(target)} build`, () => {
    let user: TestUser

    before(async () => {
      user = await testUser(server, `1350000${n}061`)
    })

    test('a wrong electricity account is caught under its field and nothing is ordered; the right one shows its holder and balance, then orders', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: ELECTRIC })
        await host.waitForText(f.regionPlaceholder)
        await host.tap(f.regionPlaceholder)
        // The sheet opens before its regions arrive: wait for the one to tap.
        await host.waitForText('北京市')
        await host.tap('北京市')
        await waitFor(`the sheet closed\n${hostReport(host)}`, () => !host.text().includes(f.regionSheetTitle))
        await host.type(await inputWith(host, f.electricAccountPlaceholder), '1100123454044')
        await host.waitForText(m.accountNotFound)
        assert.equal(fieldError(host, f.electricAccountLabel), m.accountNotFound)
        await host.tap('100元')
        await host.tap(/^立即充值/)
        // Refused on the spot: the message stays under the account, the page stays, nothing reaches the server.
        assert.equal(fieldError(host, f.electricAccountLabel), m.accountNotFound)
        assert.equal(host.currentPage.route, ELECTRIC)
        assert.equal(sent(host, '/api/LifePay/CreateLifePayElectricOrder').length, 0, hostReport(host))
        assert.equal(await orderCount(user), 0)
        assert.equal(sent(host, CHECK_ACCOUNT).length, 1, 'one lookup for the finished account')

        // Corrected: the supplier knows it; the holder (masked by the server) and the balance show, the error goes.
        await host.type(await inputWith(host, f.electricAccountPlaceholder), '1100123451020')
        await host.waitForText('户名：张*三')
        await host.waitForText('账户余额 ¥10.20')
        assert.equal(fieldError(host, f.electricAccountLabel), '')
        assert.ok(!host.text().includes('张小三'), 'the whole name never reaches the app')
        await host.tap(/^立即充值/)
        const page = await host.waitForRoute(SELECT_PAY_TYPE)
        const detail = await orderDetail(server, user, page.options.orderNo)
        assert.equal(detail.account, '1100123451020')
        assert.equal(detail.parValue, 100)
        assert.equal(await orderCount(user), 1)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('an electricity account in arrears shows the amount owed', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: ELECTRIC })
        await host.waitForText(f.regionPlaceholder)
        await host.tap(f.regionPlaceholder)
        // The sheet opens before its regions arrive: wait for the one to tap.
        await host.waitForText('上海市')
        await host.tap('上海市')
        await waitFor(`the sheet closed\n${hostReport(host)}`, () => !host.text().includes(f.regionSheetTitle))
        await host.type(await inputWith(host, f.electricAccountPlaceholder), '3100123451231')
        await host.waitForText('户名：王*')
        await host.waitForText('欠费 ¥12.31')
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('a gas account shows its masked holder and balance, and the order goes to it', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: GAS })
        // A gas order names its province and city (domain/orderRequirements.ts).
        await host.waitForText(f.regionPlaceholder)
        await host.tap(f.regionPlaceholder)
        await host.waitForText('北京市')
        await host.tap('北京市')
        await waitFor(`the sheet closed\n${hostReport(host)}`, () => !host.text().includes(f.regionSheetTitle))
        await host.waitForText('新奥燃气')
        await host.tap('新奥燃气')
        await host.type(await inputWith(host, f.gasAccountPlaceholder), 'XA00120128')
        await host.waitForText('户名：吴*祖')
        await host.waitForText('账户余额 ¥1.28')
        await host.tap('50元')
        await host.tap(/^立即充值/)
        const page = await host.waitForRoute(SELECT_PAY_TYPE)
        const detail = await orderDetail(server, user, page.options.orderNo)
        assert.deepEqual(
          [detail.account, detail.gasOrgType, detail.province, detail.city],
          ['XA00120128', 'xin_ao', '110000', '110100'],
        )
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('a ported number shows the carrier it is with now, and the order is placed with that carrier', async () => {
      const ported = PORTED[n % PORTED.length]
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: PHONE })
        // The user's own number first, confirmed by the lookup as its segment's carrier (placed by the sandbox).
        await host.waitForText('中国移动 · 广东广州')
        await host.tap(new RegExp(`^${m.editPhone}$`))
        await host.type(await inputWith(host, f.phonePlaceholder), ported.phone)
        await host.waitForText(`已携号转网至${ported.carrier}`)
        // The lookup's carrier is marked as verified, not as what the number's segment suggests.
        const badged = host.chainsByClass('lp-chip__badge').map((chain) => nodeText(chain[chain.length - 2]))
        assert.deepEqual(badged, [`${ported.carrier}${f.carrierVerified}`], hostReport(host))
        // Now with China Telecom: the number names its holder (domain/orderRequirements.ts).
        if (ported.ispCode === 'dianxin') await host.type(await inputWith(host, f.phoneHolderNamePlaceholder), '王五')
        await host.tap('50元')
        await host.tap(/^立即充值/)
        const page = await host.waitForRoute(SELECT_PAY_TYPE)
        const detail = await orderDetail(server, user, page.options.orderNo)
        assert.deepEqual([detail.account, detail.ispCode], [ported.phone, ported.ispCode])
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
