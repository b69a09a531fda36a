import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { waitFor } from './host/miniHost'
import {
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

// Issue 20, item 5: a completed order's receipt saved as an image through the host's canvas and album, and the
// delivery time the top-up page states.

let server: AppServer

before(async () => {
  server = await startAppServer({ SANDBOX_SUPPLIER_DELAY_MS: '200' })
})

after(async () => {
  await server?.stop()
})

const ORDER = 'subpackages/order/order/order'
const RECEIPT = 'subpackages/order/orderReceipt/orderReceipt'

for (const target of TARGETS) {
  const n = TARGETS.indexOf(target)
  describe(`receipt and delivery time in the ${label(target)} build`, () => {
    let user: TestUser

    before(async () => {
      user = await testUser(server, `1350000${n}051`)
    })

    test('a succeeded order → its detail → the receipt → saved to the album (after the permission, first refused, is turned on)', async () => {
      const orderNo = await placePhoneOrder(server, user, `1350000${n}052`, 50)
      const completed = await payOrder(server, user, orderNo)
      assert.ok(completed.supplierOrderNo, 'the sandbox supplier gave its serial number')
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: ORDER, query: { orderNo } })
        await host.waitForText('充值成功，已到账')
        await host.tap('电子凭证')
        await host.waitForRoute(RECEIPT)
        await host.waitForText('充值电子凭证')
        await host.waitForText(completed.supplierOrderNo)
        // The account as the lists mask it.
        assert.ok(host.text().includes(`135****${n}052`), hostReport(host))

        // Refused first: the page explains and offers the settings.
        host.albumPermission = 'deny'
        await host.tap('保存图片')
        await host.waitForText('需要相册权限')
        assert.equal(host.album.length, 0)
        await host.tap('去设置')
        await waitFor(`openSetting\n${hostReport(host)}`, () => host.calls.some((call) => call.api === 'openSetting'))
        assert.equal(host.albumPermission, 'allow')

        await host.tap('保存图片')
        await host.waitForText('已保存到相册')
        const [saved] = host.album
        assert.ok(saved, 'an image went to the album')
        const file = host.tempFiles.get(saved)
        assert.ok(file, `the album got the exported file (${saved})`)
        // What was drawn: the receipt's words at 3x the 375-wide layout (the host's pixel ratio).
        assert.ok(file.canvas.texts.includes(orderNo), `drawn: ${file.canvas.texts.join(' | ')}`)
        assert.ok(file.canvas.texts.includes('充值电子凭证'))
        assert.ok(file.canvas.texts.includes(completed.supplierOrderNo))
        assert.ok(file.canvas.texts.includes('¥49.25'))
        assert.equal(file.width, 375 * 3)
        assert.equal(file.height, file.canvas.cssHeight * 3)
        assert.equal(file.fileType, 'png')
        const exporter = host.platform === 'weapp' ? 'canvasToTempFilePath' : undefined
        if (exporter) assert.ok(host.calls.some((call) => call.api === exporter))
        assert.equal(host.calls.filter((call) => call.api === 'saveImageToPhotosAlbum').length, 2)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('an order not yet paid has no receipt: the page says why', async () => {
      const orderNo = await placePhoneOrder(server, user, `1350000${n}053`, 20)
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: RECEIPT, query: { orderNo } })
        await host.waitForText('充值成功后才有电子凭证')
        assert.ok(!host.text().includes('保存图片'))
        assert.equal((await orderDetail(server, user, orderNo)).payStatus, 10)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('the phone top-up page states the usual and longest delivery time and what it excludes', async () => {
      const host = createHost(server, target, storedLogin(user))
      try {
        await host.launch({ path: 'subpackages/recharge/phoneBillRecharge/phoneBillRecharge' })
        await host.waitForText('通常10分钟内到账，高峰期最长24小时')
        await host.waitForText(/携号转网.*170\/171/)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
