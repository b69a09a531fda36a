import assert from 'node:assert/strict'
import { test } from 'node:test'
import { floorRatiosSection, pairWithFloor, recordOf } from './floorRatios'
import type { PageFigures } from './lighthouseAudit'

const run = (lcpMs: number, tbtMs: number) => ({ lcpMs, tbtMs }) as PageFigures

test('each round is paired with the floor of the same round; a failed round on either side is left out', () => {
  const floor = { name: 'floor', rounds: [run(1000, 0), run(2000, 10), null] }
  const home = { name: 'home', rounds: [run(1500, 30), run(2400, 40), run(9000, 900)] }
  const paired = pairWithFloor(home, floor)
  assert.deepEqual(paired.lcpRatios, [1.5, 1.2])
  assert.deepEqual(paired.tbtOverFloor, [30, 30])
  assert.deepEqual(recordOf([paired], 'test').pages.home, { lcpRatio: 1.35, tbtOverFloorMs: 30 })
})

test('min / median / max printed; a median more than 5 % over the record is a regression, within 5 % is not', () => {
  const figures = [
    { name: 'home', lcpRatios: [1.3, 1.4, 1.5], tbtOverFloor: [10, 20, 30] },
    { name: 'mine', lcpRatios: [1.2, 1.26, 1.3], tbtOverFloor: [0, 0, 0] },
  ]
  const recorded = {
    measured: 'main',
    pages: { home: { lcpRatio: 1.3, tbtOverFloorMs: 20 }, mine: { lcpRatio: 1.2, tbtOverFloorMs: 0 } },
  }
  const { text, regressions } = floorRatiosSection(figures, recorded)
  assert.match(text, /\| home +\| +1\.30 \/ 1\.40 \/ 1\.50 ✗ \|/)
  assert.match(text, /\| mine +\| +1\.20 \/ 1\.26 \/ 1\.30 \|/)
  assert.deepEqual(regressions, ['home: LCP 1.400× the floor, recorded 1.3×'])
})

test('blocking time: a rise within the noise allowance is not a regression, beyond it is', () => {
  const recorded = { measured: 'main', pages: { home: { lcpRatio: 2, tbtOverFloorMs: 10 } } }
  const within = floorRatiosSection([{ name: 'home', lcpRatios: [2], tbtOverFloor: [25] }], recorded)
  assert.deepEqual(within.regressions, [])
  const beyond = floorRatiosSection([{ name: 'home', lcpRatios: [2], tbtOverFloor: [45] }], recorded)
  assert.deepEqual(beyond.regressions, ['home: TBT 45 ms over the floor, recorded 10 ms'])
})
