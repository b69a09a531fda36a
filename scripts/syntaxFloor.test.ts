// node --import tsx --test scripts/*.test.ts
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { syntaxAboveFloor } from './syntaxFloor'

test('accepts ES2017 scripts and names every script with newer syntax', () => {
  const dist = mkdtempSync(join(tmpdir(), 'syntax-floor-'))
  try {
    mkdirSync(join(dist, 'subpackages', 'order'), { recursive: true })
    writeFileSync(join(dist, 'app.js'), 'const f = async (a, ...rest) => { for (const x of rest) await x; return `${a}` }; class A {}')
    writeFileSync(join(dist, 'vendors.js'), 'var merged = { ...defaults, ...options }')
    writeFileSync(join(dist, 'subpackages', 'order', 'order.js'), 'var name = user?.name')
    writeFileSync(join(dist, 'app.wxss'), 'a { b: c }')
    const problems = syntaxAboveFloor(dist)
    assert.equal(problems.length, 2)
    assert.match(problems.find((p) => p.startsWith('vendors.js')) ?? '', /\.\.\.defaults/)
    assert.ok(problems.some((p) => p.startsWith(join('subpackages', 'order', 'order.js'))))
  } finally {
    rmSync(dist, { recursive: true, force: true })
  }
})
