import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseMiniOptions } from './miniOptions'

test('defaults: both builds, every route check, three runs', () => {
  assert.deepEqual(parseMiniOptions([]), { runs: 3, platforms: ['weapp', 'alipay'], pages: [], timeoutMs: 20_000 })
})

test('runs, builds, pages and timeout, with a space or an equals sign', () => {
  assert.deepEqual(
    parseMiniOptions([
      '--runs',
      '5',
      '--platforms=alipay',
      '--pages',
      'home,order',
      '--pages',
      'mine',
      '--timeout=3000',
    ]),
    {
      runs: 5,
      platforms: ['alipay'],
      pages: ['home', 'order', 'mine'],
      timeoutMs: 3000,
    },
  )
  assert.deepEqual(parseMiniOptions(['--platforms', 'alipay,weapp']).platforms, ['weapp', 'alipay'])
})

test('bad values and unknown options fail with the usage', () => {
  assert.throws(() => parseMiniOptions(['--runs', '0']), /--runs must be a positive whole number\nusage/)
  assert.throws(() => parseMiniOptions(['--runs', '2.5']), /positive whole number/)
  assert.throws(() => parseMiniOptions(['--runs']), /--runs needs a value/)
  assert.throws(() => parseMiniOptions(['--runs', '--pages']), /--runs needs a value/)
  assert.throws(() => parseMiniOptions(['--platforms', 'h5']), /unknown platform h5/)
  assert.throws(() => parseMiniOptions(['--fast']), /unknown option --fast/)
})
