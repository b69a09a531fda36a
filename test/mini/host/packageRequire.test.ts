import assert from 'node:assert/strict'
import { join } from 'node:path'
import { test } from 'node:test'
import { MiniHost, type MiniPlatform } from './miniHost'

// Both hosts refuse a subpackage script that requires another subpackage's file; the host does too, so a package
// layout (src/app.config.ts) whose pages reach across packages fails every flow that opens them. Recharge's pages
// are one subpackage each (issue 21): each reads its shared modules from its own sub-vendors.js.
const DIST = process.env.MINI_DIST ?? join(__dirname, '../../../dist')
const PAY_VENDORS = 'subpackages/recharge/selectPayType/sub-vendors.js'
const PHONE_PAGE = 'subpackages/recharge/phoneBillRecharge/phoneBillRecharge.js'

for (const platform of ['weapp', 'alipay'] as MiniPlatform[]) {
  test(`${platform}: a recharge page's package cannot require another's file, its own and the main package's it can`, () => {
    const host = new MiniHost({
      platform,
      profile: 'current',
      dist: join(DIST, platform),
      apiOrigin: 'http://127.0.0.1:9',
    })
    try {
      assert.throws(
        () => host.require(`../selectPayType/sub-vendors.js`, PHONE_PAGE),
        /is in subpackage subpackages\/recharge\/selectPayType/,
      )
      assert.doesNotThrow(() => host.require('./sub-vendors.js', PHONE_PAGE))
      assert.doesNotThrow(() => host.require('../../../runtime.js', PAY_VENDORS))
    } finally {
      host.dispose()
    }
  })
}
