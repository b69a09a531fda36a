import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import zhCN from '../../src/i18n/zh-CN'
import { UPDATE_FAIL_TOAST_MS } from '@domain/constants'
import { startAppServer, type AppServer } from '../../scripts/lib/appServer'
import { encryptedPhone } from './host/hostServices'
import { waitFor } from './host/miniHost'
import { answered, createHost, hostReport, label, TARGETS, testUser } from './support'

// SPEC §1 launch behaviour and the mini-program logins (docs/login.md), as the WeChat / Alipay host runs them.

let server: AppServer

before(async () => {
  server = await startAppServer()
})

after(async () => {
  await server?.stop()
})

const AUTHORIZATION = 'subpackages/login/authorization/authorization'

for (const target of TARGETS) {
  describe(`launch and login in the ${label(target)} build`, () => {
    test('an update that is ready asks to restart with the SPEC texts, and confirming applies it', async () => {
      const host = createHost(server, target)
      try {
        host.update = 'ready'
        await host.launch()
        const modal = await host.waitForModal()
        assert.equal(modal.title, zhCN['update.title'])
        assert.equal(modal.content, zhCN['update.content'])
        assert.equal(host.updateApplied, false)
        modal.answer(true)
        await waitFor(`applyUpdate\n${hostReport(host)}`, () => host.updateApplied)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('logged out, the pay page and a result page ask for login and read no order (issue 37, item 8)', async () => {
      const host = createHost(server, target)
      try {
        const query = { orderNo: 'LP1', type: 'phone' }
        await host.launch({ path: 'subpackages/recharge/selectPayType/selectPayType', query })
        await host.waitForText('登录后查看您的订单')
        host.openPage('subpackages/recharge/rechargeResult/rechargeResult', query, 'navigateTo')
        await waitFor(`the result page\n${hostReport(host)}`, () =>
          host.currentPage.route.endsWith('rechargeResult/rechargeResult'),
        )
        await host.waitForText('登录后查看您的订单')
        assert.deepEqual(
          host.requests.filter((r) => r.path.startsWith('/api/LifePay/')).map((r) => `${r.status} ${r.path}`),
          [],
        )
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('an update whose download failed shows the SPEC toast for 2000 ms', async () => {
      const host = createHost(server, target)
      try {
        host.update = 'failed'
        await host.launch()
        const toast = await waitFor(`the update toast\n${hostReport(host)}`, () =>
          host.toasts.find((t) => t.title === zhCN['update.failed']),
        )
        assert.equal(toast.duration, UPDATE_FAIL_TOAST_MS)
        assert.equal(UPDATE_FAIL_TOAST_MS, 2000)
        assert.equal(host.modals.length, 0)
      } finally {
        host.dispose()
      }
    })

    test('a collect launch relaunches to home, leaving no other page behind', async () => {
      const host = createHost(server, target)
      try {
        await host.launch({ path: 'subpackages/recharge/gasBillRecharge/gasBillRecharge', query: { collect: '1' } })
        await waitFor(
          `home alone on the stack\n${hostReport(host)}`,
          () => host.stack.length === 1 && host.currentPage.route === 'pages/home/index',
        )
        await host.waitForText('9.85折')
        assert.ok(
          host.lifecycleLog.some(
            (entry) =>
              entry.route === 'subpackages/recharge/gasBillRecharge/gasBillRecharge' && entry.lifecycle === 'onUnload',
          ),
        )
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test(`phone authorisation logs a new user in (${target.platform === 'weapp' ? 'wx.login → getPhoneNumber' : 'my.getAuthCode → getAuthorize → my.getPhoneNumber'})`, async () => {
      const host = createHost(server, target)
      host.phoneNumber = target.platform === 'weapp' ? '13911110001' : '13911110002'
      if (target.profile === 'oldest') host.phoneNumber = host.phoneNumber.replace(/^139/, '159')
      try {
        await host.launch()
        await host.waitForText('立即登录')
        await host.tap('立即登录')
        await host.waitForRoute(AUTHORIZATION)
        await waitFor(`WxMiniAppUserLogin\n${hostReport(host)}`, () =>
          answered(host, '/api/Account/WxMiniAppUserLogin'),
        )
        assert.ok(host.calls.some((call) => call.api === (target.platform === 'weapp' ? 'login' : 'getAuthCode')))
        await host.waitForText('手机号快捷登录')
        // Before consent the host's authorisation sheet must not open: a warning instead.
        await host.tap('手机号快捷登录')
        await host.waitForText(/请先阅读并同意/)
        await host.tap(host.chainsByClass('lp-consent')[0])
        await waitFor('consent ticked', () => host.chainsByClass('lp-consent__box--on').length > 0)
        const button = host.chainOf('手机号快捷登录')
        if (target.platform === 'weapp') {
          // Issue 37, item 4: today's clients answer with the code alone here (the server exchanges it with WeChat);
          // the oldest, before base library 2.21.2, with encryptedData + iv only.
          const { code, encryptedData, iv } = await encryptedPhone(host)
          host.dispatch(
            button,
            'getphonenumber',
            target.profile === 'current'
              ? { errMsg: 'getPhoneNumber:ok', code }
              : { errMsg: 'getPhoneNumber:ok', encryptedData, iv },
          )
        } else {
          host.dispatch(button, 'getAuthorize', { type: 'getAuthorize' })
        }
        await waitFor(`WxMiniAppPhoneAuthLogin\n${hostReport(host)}`, () =>
          answered(host, '/api/Account/WxMiniAppPhoneAuthLogin'),
        )
        if (target.platform === 'weapp') {
          const call = host.calls.find(
            (c) => c.api === 'request' && String((c.args[0] as { url?: string }).url).includes('PhoneAuthLogin'),
          )
          const data = (call?.args[0] as { data?: unknown } | undefined)?.data
          const sent = (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown> | undefined
          const expected = target.profile === 'current' ? ['phoneCode'] : ['encryptedData', 'iv']
          assert.deepEqual(
            Object.keys(sent ?? {}).filter((key) => ['phoneCode', 'encryptedData', 'iv'].includes(key)),
            expected,
          )
        }
        await host.waitForRoute('pages/home/index')
        const masked = `${host.phoneNumber.slice(0, 3)}****${host.phoneNumber.slice(7)}`
        host.openPage('pages/mine/index', {}, 'switchTab')
        await host.waitForText(masked)
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })

    test('a scanned code with a uId logs in through the FromScan calls', async () => {
      const uId = (
        await testUser(server, `1370000${target.platform === 'weapp' ? 1 : 2}${target.profile === 'current' ? 1 : 2}00`)
      ).userId
      const host = createHost(server, target)
      host.phoneNumber =
        target.platform === 'weapp'
          ? target.profile === 'current'
            ? '13922220001'
            : '15922220001'
          : target.profile === 'current'
            ? '13922220002'
            : '15922220002'
      try {
        await host.launch({
          path: AUTHORIZATION,
          query: target.platform === 'weapp' ? { scene: encodeURIComponent(`uId=${uId}`) } : { uId },
        })
        await waitFor(`the FromScan user login\n${hostReport(host)}`, () =>
          answered(host, '/api/Account/WxMiniAppUserLoginFromScan'),
        )
        assert.ok(answered(host, '/api/Account/GetLifePayWxIndentity'))
        await host.waitForText('手机号快捷登录')
        await host.tap(host.chainsByClass('lp-consent')[0])
        await waitFor('consent ticked', () => host.chainsByClass('lp-consent__box--on').length > 0)
        const button = host.chainOf('手机号快捷登录')
        if (target.platform === 'weapp')
          host.dispatch(button, 'getphonenumber', { errMsg: 'getPhoneNumber:ok', ...(await encryptedPhone(host)) })
        else host.dispatch(button, 'getAuthorize', { type: 'getAuthorize' })
        await waitFor(`WxMiniAppPhoneAuthLoginFromScan\n${hostReport(host)}`, () =>
          answered(host, '/api/Account/WxMiniAppPhoneAuthLoginFromScan'),
        )
        await host.waitForRoute('pages/home/index')
        assert.deepEqual(host.errors, [], hostReport(host))
      } finally {
        host.dispose()
      }
    })
  })
}
