import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { LifecycleRecord, SetDataRecord } from '../../test/mini/host/miniHost'
import { median } from '../median'
import { largestSetData, medianRun, pageRunFigures, SETDATA_AUDIT_BYTES } from './setDataFigures'

const HOME = 'pages/home/index'
const ORDER = 'subpackages/order/order/order'

const lifecycle: LifecycleRecord[] = [
  { route: HOME, lifecycle: 'onLoad', at: 100 },
  { route: HOME, lifecycle: 'onShow', at: 101 },
  { route: HOME, lifecycle: 'onReady', at: 120 },
]

// A tab page's setData before this page's onLoad, another page's in between, two of home's after completion.
const log: SetDataRecord[] = [
  { route: HOME, bytes: 999, at: 50 },
  { route: HOME, bytes: 4000, at: 130 },
  { route: ORDER, bytes: 7000, at: 140 },
  { route: HOME, bytes: 1000, at: 160 },
  { route: HOME, bytes: 300, at: 175 },
  { route: HOME, bytes: 90_000, at: 200 },
]

test("counts the page's own setData from its onLoad up to the completing one", () => {
  assert.deepEqual(pageRunFigures(log, lifecycle, HOME, 4), { calls: 3, bytes: 5300, largestBytes: 4000, ms: 75 })
})

test('the completing setData may be the first one', () => {
  assert.deepEqual(pageRunFigures(log, lifecycle, HOME, 1), { calls: 1, bytes: 4000, largestBytes: 4000, ms: 30 })
})

test('a page that never ran onLoad, or completed with no setData of its own, is an error', () => {
  assert.throws(() => pageRunFigures(log, lifecycle, ORDER, 2), /never ran onLoad/)
  assert.throws(() => pageRunFigures(log, lifecycle, HOME, 0), /before any setData of its own/)
})

test('medians figure by figure, even counts averaging the middle two', () => {
  assert.equal(median([3, 1, 2]), 2)
  assert.equal(median([4, 1, 2, 3]), 2.5)
  // A run whose figure is missing (NaN) is left out; none left: NaN, never a made-up figure.
  assert.equal(median([2, Number.NaN, 4]), 3)
  assert.ok(Number.isNaN(median([])))
  const runs = [
    { calls: 2, bytes: 100, largestBytes: 80, ms: 300 },
    { calls: 3, bytes: 90, largestBytes: 60, ms: 50 },
    { calls: 2, bytes: 120, largestBytes: 70, ms: 70 },
  ]
  assert.deepEqual(medianRun(runs), { calls: 2, bytes: 100, largestBytes: 70, ms: 70 })
})

test('the largest setData over every run, and the pages over the audit threshold', () => {
  const run = (largestBytes: number) => ({ calls: 1, bytes: largestBytes, largestBytes, ms: 10 })
  const pages = [
    { build: 'weapp', page: 'home', runs: [run(10_000), run(12_000)] },
    { build: 'weapp', page: 'order', runs: [run(5_000), run(SETDATA_AUDIT_BYTES + 1), run(5_000)] },
    { build: 'alipay', page: 'home', runs: [run(SETDATA_AUDIT_BYTES)] },
  ]
  assert.deepEqual(largestSetData(pages), {
    largest: { build: 'weapp', page: 'order', bytes: SETDATA_AUDIT_BYTES + 1 },
    over: [{ build: 'weapp', page: 'order', bytes: SETDATA_AUDIT_BYTES + 1 }],
  })
  assert.deepEqual(largestSetData([]), { largest: null, over: [] })
})
