import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { coverageOf, raiseFloor, shortfalls, type FileCoverage } from './lib/coverage'

function file(path: string, lines: [number, number][], branches: number[][] = []): FileCoverage {
  return {
    path: `/repo/${path}`,
    statementMap: Object.fromEntries(lines.map(([line], i) => [String(i), { start: { line }, end: { line } }])),
    s: Object.fromEntries(lines.map(([, count], i) => [String(i), count])),
    b: Object.fromEntries(branches.map((counts, i) => [String(i), counts])),
  }
}

describe('coverage summary (npm run coverage)', () => {
  test('counts lines and branches per area, a line hit when any statement on it ran', () => {
    const areas = coverageOf('/repo', [
      {
        a: file(
          'server/src/a.ts',
          [
            [1, 1],
            [1, 0],
            [2, 0],
            [3, 4],
          ],
          [
            [1, 0],
            [2, 2],
          ],
        ),
        b: file('src/pages/b.tsx', [[1, 0]]),
        c: file('types/api/c.ts', [[1, 1]]),
      },
    ])
    assert.deepEqual(areas.server, { lines: { covered: 2, total: 3 }, branches: { covered: 3, total: 4 } })
    assert.deepEqual(areas.app, { lines: { covered: 0, total: 1 }, branches: { covered: 0, total: 0 } })
    assert.deepEqual(areas.kernel.lines, { covered: 0, total: 0 })
  })

  test('a kernel file both suites load: a line covered by either, the better branch figure', () => {
    const areas = coverageOf('/repo', [
      {
        k: file(
          'domain/k.ts',
          [
            [1, 1],
            [2, 0],
            [3, 0],
          ],
          [[1, 0, 0]],
        ),
      },
      {
        k: file(
          'domain/k.ts',
          [
            [1, 0],
            [2, 3],
            [3, 0],
          ],
          [
            [1, 1],
            [0, 0],
          ],
        ),
      },
    ])
    assert.deepEqual(areas.kernel, { lines: { covered: 2, total: 3 }, branches: { covered: 2, total: 4 } })
  })

  test('the check fails below a floor, names the area, and passes at it', () => {
    const areas = coverageOf('/repo', [
      {
        a: file(
          'server/src/a.ts',
          [
            [1, 1],
            [2, 1],
            [3, 0],
          ],
          [[1, 0]],
        ),
      },
    ])
    assert.deepEqual(shortfalls(areas, { server: { lines: 66.6, branches: 50 } }), [])
    assert.deepEqual(shortfalls(areas, { server: { lines: 67, branches: 50 } }), ['server lines: 66.6% < floor 67%'])
    assert.deepEqual(shortfalls(areas, { nowhere: { lines: 1, branches: 1 } }), [
      'nowhere: in the floor but not measured',
    ])
  })

  test('the floor only goes up: raised to the figures less the slack, never lowered', () => {
    const areas = coverageOf('/repo', [
      {
        a: file(
          'server/src/a.ts',
          [
            [1, 1],
            [2, 1],
            [3, 1],
            [4, 0],
          ],
          [[1, 0]],
        ),
      },
    ])
    assert.deepEqual(raiseFloor(areas, { server: { lines: 10, branches: 60 } }), {
      server: { lines: 74, branches: 60 },
    })
    assert.deepEqual(raiseFloor(areas, {}).server, { lines: 74, branches: 49 })
    // An area with nothing measured keeps what it had.
    assert.deepEqual(raiseFloor(areas, { console: { lines: 5, branches: 5 } }).console, { lines: 5, branches: 5 })
  })
})
