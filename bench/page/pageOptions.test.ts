import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parsePageOptions, resolvePath } from './pageOptions'

test('with no option bench:page measures the issue’s three pages, three runs, performance and accessibility', () => {
  assert.deepEqual(parsePageOptions([]), {
    pages: [
      { name: 'home', path: '/' },
      { name: 'phoneBillRecharge', path: '/subpackages/recharge/phoneBillRecharge/phoneBillRecharge' },
      { name: 'order', path: '/subpackages/order/order/order' },
    ],
    runs: 3,
    categories: ['performance', 'accessibility'],
    loggedOut: false,
  })
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
})

test('mistakes are refused with the usage, not measured', () => {
  assert.throws(() => parsePageOptions(['--pages', 'nowhere']), /unknown page nowhere/)
  assert.throws(() => parsePageOptions(['--runs', '0']), /--runs/)
  assert.throws(() => parsePageOptions(['--only', 'seo']), /unknown category seo/)
  assert.throws(() => parsePageOptions(['--path', 'subpackages/x']), /must start with \//)
  assert.throws(() => parsePageOptions(['--runs']), /needs a value/)
  assert.throws(() => parsePageOptions(['--fast']), /unknown option --fast/)
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
