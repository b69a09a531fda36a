import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PageFigures } from './lighthouseAudit'
import { pageTargetsSection } from './pageTargets'

const figures = (performance: number, lcpMs: number, tbtMs: number, cls: number, accessibility = 100) =>
  ({ performance, lcpMs, tbtMs, cls, accessibility }) as PageFigures
const row = (section: string, page: string) => section.split('\n').find((line) => line.startsWith(`| ${page} `))

test('medians against every target, CLS against the floor’s, misses marked, pages meeting all counted', () => {
  const floor = { name: 'floor', runs: [figures(100, 900, 0, 0.002), figures(100, 950, 0, 0.002)] }
  const section = pageTargetsSection(
    [
      // Median of three: 99, 1100 ms, 40 ms, CLS 0.002 — every target met.
      { name: 'home', runs: [figures(99, 1100, 40, 0.002), figures(100, 1000, 30, 0.002), figures(97, 1300, 90, 0.1)] },
      { name: 'mine', runs: [figures(98, 1250, 60, 0.029, 96)] },
      { name: 'broken', runs: [] },
    ],
    floor,
    ['performance', 'accessibility'],
  )
  assert.match(section, /\| CLS ≤ 0\.002 \(floor\) \|/)
  assert.match(row(section, 'home') ?? '', /\|\s+99 \|\s+1100 \|\s+40 \|\s+0\.002 \|\s+100 \|$/)
  assert.match(row(section, 'mine') ?? '', /\|\s+98 ✗ \|\s+1250 ✗ \|\s+60 ✗ \|\s+0\.029 ✗ \|\s+96 ✗ \|$/)
  assert.equal(row(section, 'broken'), undefined)
  assert.match(section, /1 of 2 pages meet every target\./)
})

test('one category only: only its targets; no floor: Lighthouse’s own CLS threshold, said so', () => {
  const section = pageTargetsSection([{ name: 'home', runs: [figures(100, 800, 0, 0.05, 90)] }], null, ['performance'])
  assert.match(section, /CLS ≤ 0\.100 \(no floor\)/)
  assert.doesNotMatch(section, /accessibility/)
  assert.match(section, /1 of 1 pages meet every target\./)
})
