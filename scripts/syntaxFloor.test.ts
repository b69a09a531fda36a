// node --import tsx --test scripts/*.test.ts
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { builtinsAboveFloor, syntaxAboveFloor } from './syntaxFloor'

function withDist(files: Record<string, string>, check: (dist: string) => void) {
  const dist = mkdtempSync(join(tmpdir(), 'syntax-floor-'))
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dist, file, '..'), { recursive: true })
      writeFileSync(join(dist, file), text)
    }
    check(dist)
  } finally {
    rmSync(dist, { recursive: true, force: true })
  }
}

test('accepts ES2017 scripts and names every script with newer syntax', () => {
  withDist(
    {
      'app.js': 'const f = async (a, ...rest) => { for (const x of rest) await x; return `${a}` }; class A {}',
      'vendors.js': 'var merged = { ...defaults, ...options }',
      'subpackages/order/order.js': 'var name = user?.name',
      'app.wxss': 'a { b: c }',
    },
    (dist) => {
      const problems = syntaxAboveFloor(dist)
      assert.equal(problems.length, 2)
      assert.match(problems.find((p) => p.startsWith('vendors.js')) ?? '', /\.\.\.defaults/)
      assert.ok(problems.some((p) => p.startsWith(join('subpackages', 'order', 'order.js'))))
    },
  )
})

const SCRIPTS = {
  'vendors.js':
    'var i = "undefined" == typeof window || "Deno" in globalThis; function f() { var c = new AbortController(); return fetch(u, { signal: c.signal }) }',
  'app.js': 'Object.defineProperty(Promise.prototype, "finally", { value: function () {} })',
  'pages/home/index.js': 'load().finally(done); items.flatMap(split)',
}

test('a mini-program build fails on the built-ins it calls and does not provide', () => {
  withDist(SCRIPTS, (dist) => {
    const report = builtinsAboveFloor(dist, 'weapp')
    assert.deepEqual(
      report.unprovided.map((line) => line.replace(/ — .*/, '')),
      [
        `${join('pages', 'home', 'index.js')}:1:29 Array.prototype.flatMap`,
        'vendors.js:1:51 globalThis',
        'vendors.js:1:90 AbortController',
        'vendors.js:1:116 fetch',
      ],
    )
    assert.deepEqual(report.counts.get('Promise.prototype.finally'), { uses: 1, provided: true })
  })
})

test('H5 has fetch, and AbortController where abortcontroller-polyfill is bundled', () => {
  withDist(
    {
      ...SCRIPTS,
      'js/taro.js': 'function n(o){return o.__FORCE_INSTALL_ABORTCONTROLLER_POLYFILL||!o.AbortController}',
    },
    (dist) => {
      const report = builtinsAboveFloor(dist, 'h5')
      assert.deepEqual([...report.counts.keys()].sort(), [
        'AbortController',
        'Array.prototype.flatMap',
        'Promise.prototype.finally',
        'globalThis',
      ])
      assert.deepEqual(
        report.unprovided.map((line) => line.replace(/^.* (\S+) — .*$/, '$1')),
        ['Array.prototype.flatMap', 'globalThis'],
      )
    },
  )
})
