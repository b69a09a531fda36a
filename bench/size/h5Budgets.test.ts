// node --import tsx --test bench/size/*.test.ts
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { checkH5Budgets, type H5Budgets } from './h5Budgets'
import { h5SizesOf as sizes } from './h5SizesFixture'

const budgets: H5Budgets = {
  h5ShellJsGzipKiB: 119,
  h5RouteFirstLoadJsGzipKiB: 193,
  targets: { h5ShellJsGzipKiB: 110, h5RouteFirstLoadJsGzipKiB: 150 },
}

test('within the budgets nothing fails; the targets say how far off they are', () => {
  const check = checkH5Budgets(
    sizes(118.2, [
      ['pages/home/index', 174.9],
      ['subpackages/login/authorization/authorization', 136.9],
    ]),
    budgets,
  )
  assert.deepEqual(check.failures, [])
  assert.match(
    check.lines[0],
    /shell JS ≤ 119 KiB gzip — 118\.2; every route's first-load JS ≤ 193 — largest 174\.9 \(pages\/home\/index\)\.$/,
  )
  assert.match(check.lines[1], /shell ≤ 110 KiB — 8\.2 KiB over; every route ≤ 150 KiB — 1 of 2 routes over\.$/)
})

test('a shell or any route over its budget fails, each route named — not only the home page', () => {
  const check = checkH5Budgets(
    sizes(119.5, [
      ['pages/home/index', 150],
      ['subpackages/order/orderReceipt/orderReceipt', 193.4],
    ]),
    budgets,
  )
  assert.deepEqual(check.failures, [
    'H5 shell JS is 119.5 KiB gzip, over its 119 KiB budget',
    'H5 subpackages/order/orderReceipt/orderReceipt first-load JS is 193.4 KiB gzip, over its 193 KiB budget',
  ])
  assert.match(
    check.lines[0],
    /119\.5 OVER; .* largest 193\.4 \(subpackages\/order\/orderReceipt\/orderReceipt\), 1 OVER\.$/,
  )
})
