import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { fieldMessages as FieldMessages } from '../../src/components/lifePayFields/messages'
import type { rechargeFormMessages as RechargeFormMessages } from '../../src/subpackages/recharge/formMessages'
import type { validationMessages as ValidationMessages } from '@domain/validationMessages'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { importAppModule } from '../e2e/session'
import { waitFor } from './host/miniHost'
import { attribute } from './host/pageTree'
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

// Issue 36, item 0: production's rules per kind of order, in the WeChat and Alipay builds. A China Telecom number
// names its holder, Southern Grid takes the holder's sixID on the host's ID-card keyboard, a gas order its city.

let f: (typeof FieldMessages)['zh-CN']
let m: (typeof RechargeFormMessages)['zh-CN']
let v: (typeof ValidationMessages)['zh-CN']
let server: AppServer

before(async () => {
  // The catalogues load Taro, which expects the build's compile-time flags.
  f = (await importAppModule(() => import('../../src/components/lifePayFields/messages'))).fieldMessages['zh-CN']
  m = (await importAppModule(() => import('../../src/subpackages/recharge/formMessages'))).rechargeFormMessages['zh-CN']
  v = (await import('@domain/validationMessages')).validationMessages['zh-CN']
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '200' })
})

after(async () => {
  await server?.stop()
})

const PHONE = 'subpackages/recharge/phoneBillRecharge/phoneBillRecharge'
const ELECTRIC = 'subpackages/recharge/electricBillRecharge/electricBillRecharge'
const GAS = 'subpackages/recharge/gasBillRecharge/gasBillRecharge'
const SELECT_PAY_TYPE = 'subpackages/recharge/selectPayType/selectPayType'

for (const target of TARGETS) {
  const n = TARGETS.indexOf(target)
  describe(`production's order rules in the ${label(target)} build`, () => {
    let user: TestUser

    before(async () => {
      user = await testUser(server, `1350000${n}036`)
    })

    test('a China Telecom number is refused without its holder’s name, then ordered with it', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: PHONE })
        // The user's own (China Mobile) number first: no name asked.
        await host.waitForText('中国移动 · 广东广州')
        assert.ok(!host.text().includes(f.phoneHolderNameLabel), hostReport(host))
        await host.tap(new RegExp(`^${m.editPhone}$`))
        await host.type(await inputWith(host, f.phonePlaceholder), '13312345678')
        await host.waitForText('中国电信 · 广东广州')
        await host.tap('50元')
        await host.tap(/^立即充值/)
        await waitFor(`the holder's name asked\n${hostReport(host)}`, () => host.text().includes(v.telecomHolderName))
        assert.equal(fieldError(host, f.phoneHolderNameLabel), v.telecomHolderName)
        assert.equal(host.currentPage.route, PHONE)
        await host.type(await inputWith(host, f.phoneHolderNamePlaceholder), '王五')
        await host.tap(/^立即充值/)
        const page = await host.waitForRoute(SELECT_PAY_TYPE)
        const detail = await orderDetail(server, user, page.options.orderNo)
        assert.deepEqual([detail.account, detail.ispCode, detail.name], ['13312345678', 'dianxin', '王五'])
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('a gas account is ordered with its province and city', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: GAS })
        await host.waitForText('新奥燃气')
        await host.tap('新奥燃气')
        await host.type(await inputWith(host, f.gasAccountPlaceholder), 'XA20240001')
        // The supplier's check of the account answered (the form orders after it).
        await host.waitForText(/^户名：/)
        await host.tap('50元')
        await host.tap(/^立即充值/)
        await waitFor(`the city asked\n${hostReport(host)}`, () => host.text().includes(v.regionRequired))
        assert.equal(fieldError(host, f.regionLabel), v.regionRequired)
        await host.tap(f.regionPlaceholder)
        await host.waitForText('杭州市')
        await host.tap('杭州市')
        await waitFor(`the sheet closed\n${hostReport(host)}`, () => !host.text().includes(f.regionSheetTitle))
        assert.equal(fieldError(host, f.regionLabel), '')
        await host.tap(/^立即充值/)
        const page = await host.waitForRoute(SELECT_PAY_TYPE)
        const detail = await orderDetail(server, user, page.options.orderNo)
        assert.deepEqual(
          [detail.account, detail.gasOrgType, detail.province, detail.city],
          ['XA20240001', 'xin_ao', '330000', '330100'],
        )
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('Southern Grid takes the holder’s sixID on the ID-card keyboard, and no account type', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: ELECTRIC })
        await host.waitForText(f.regionPlaceholder)
        await host.tap(f.regionPlaceholder)
        await host.waitForText('深圳市')
        await host.tap('深圳市')
        await waitFor(`the sheet closed\n${hostReport(host)}`, () => !host.text().includes(f.regionSheetTitle))
        assert.ok(!host.text().includes(f.accountTypeLabel), hostReport(host))
        const sixId = await inputWith(host, f.sixIdPlaceholder)
        assert.equal(attribute(sixId[sixId.length - 1], 'type', host.templates), 'idcard')
        await host.type(await inputWith(host, f.electricAccountPlaceholder), '0755001234567')
        await host.type(await inputWith(host, f.holderNamePlaceholder), '张三')
        await host.type(sixId, '12345x')
        await host.waitForText(/^户名：/)
        await host.tap('100元')
        await host.tap(/^立即充值/)
        const page = await host.waitForRoute(SELECT_PAY_TYPE)
        const detail = await orderDetail(server, user, page.options.orderNo)
        assert.deepEqual(
          [detail.electricType, detail.electricAccountType, detail.sixID, detail.name],
          ['nanwang', null, '*****X', '张三'],
        )
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
