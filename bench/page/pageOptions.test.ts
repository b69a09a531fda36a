import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parsePageOptions, resolvePath } from './pageOptions'

test('with no option bench:page measures issue 21’s pages, three runs, performance and accessibility', () => {
  const options = parsePageOptions([])
  assert.deepEqual(
    options.pages.map((p) => [p.name, p.path, p.loggedOut ?? false]),
    [
      ['home', '/', false],
      ['mine', '/pages/mine/index', false],
      ['phoneBillRecharge', '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge', false],
      ['electricBillRecharge', '/subpackages/recharge/electricBillRecharge/electricBillRecharge', false],
      ['gasBillRecharge', '/subpackages/recharge/gasBillRecharge/gasBillRecharge', false],
      ['selectPayType', '/subpackages/recharge/selectPayType/selectPayType?orderNo={orderNo}', false],
      ['rechargeResult', '/subpackages/recharge/rechargeResult/rechargeResult?orderNo={paidOrderNo}', false],
      ['order list', '/subpackages/order/order/order', false],
      ['order detail', '/subpackages/order/order/order?orderNo={paidOrderNo}', false],
      ['orderApplyRefund', '/subpackages/order/orderApplyRefund/orderApplyRefund?orderNo={paidOrderNo}', false],
      ['orderRefundResult', '/subpackages/order/orderRefundResult/orderRefundResult?orderNo={paidOrderNo}', false],
      ['userAccountList', '/subpackages/userAccount/userAccountList/userAccountList', false],
      // The login pages as a new user sees them.
      ['authorization', '/subpackages/login/authorization/authorization', true],
      ['loginByForm', '/subpackages/login/loginByForm/loginByForm', true],
    ],
  )
  assert.equal(options.runs, 3)
  assert.deepEqual(options.categories, ['performance', 'accessibility'])
  assert.equal(options.loggedOut, false)
  // The floor (an empty Taro app) is audited beside them unless asked not to.
  assert.equal(options.floor, true)
  assert.equal(parsePageOptions(['--no-floor']).floor, false)
})

test('a subset of pages, one run, accessibility only', () => {
  const options = parsePageOptions(['--pages', 'home,mine,loginByForm', '--runs', '1', '--only', 'accessibility'])
  assert.deepEqual(options.pages, [
    { name: 'home', path: '/' },
    { name: 'mine', path: '/pages/mine/index' },
    { name: 'loginByForm', path: '/subpackages/login/loginByForm/loginByForm' },
  ])
  assert.equal(options.runs, 1)
  assert.deepEqual(options.categories, ['accessibility'])
})

test('any route path, alone or after named pages, with --flag=value too', () => {
  const options = parsePageOptions(['--path=/subpackages/order/order/order?orderNo={orderNo}', '--logged-out'])
  assert.deepEqual(options.pages, [
    {
      name: '/subpackages/order/order/order?orderNo={orderNo}',
      path: '/subpackages/order/order/order?orderNo={orderNo}',
    },
  ])
  assert.equal(options.loggedOut, true)
  assert.equal(options.saveDir, undefined)
  assert.equal(parsePageOptions(['--save', '/tmp/lhr']).saveDir, '/tmp/lhr')
  assert.equal(parsePageOptions(['--pages', 'order', '--path', '/pages/mine/index']).pages.length, 2)
  assert.equal(parsePageOptions([]).throttling, 'simulate')
  assert.equal(parsePageOptions(['--throttling', 'devtools']).throttling, 'devtools')
})

test('mistakes are refused with the usage, not measured', () => {
  assert.throws(() => parsePageOptions(['--pages', 'nowhere']), /unknown page nowhere/)
  assert.throws(() => parsePageOptions(['--runs', '0']), /--runs/)
  assert.throws(() => parsePageOptions(['--only', 'seo']), /unknown category seo/)
  assert.throws(() => parsePageOptions(['--path', 'subpackages/x']), /must start with \//)
  assert.throws(() => parsePageOptions(['--runs']), /needs a value/)
  assert.throws(() => parsePageOptions(['--fast']), /unknown option --fast/)
  assert.throws(() => parsePageOptions(['--throttling', 'provided']), /simulate or devtools/)
})

test('{orderNo} and {paidOrderNo} become the seeded user’s orders', () => {
  assert.equal(
    resolvePath('/subpackages/order/order/order?orderNo={orderNo}&again={paidOrderNo}', {
      orderNo: 'A1',
      paidOrderNo: 'B 2',
    }),
    '/subpackages/order/order/order?orderNo=A1&again=B%202',
  )
})
