import assert from 'node:assert/strict'
import { test } from 'node:test'
import { applySetData, parseDataPath } from './setDataPath'

test("data paths read as the hosts read them: names, [n] and Taro's .[n]", () => {
  assert.deepEqual(parseDataPath('root.cn.[0].cn[12].v'), ['root', 'cn', 0, 'cn', 12, 'v'])
  assert.deepEqual(parseDataPath('i'), ['i'])
  assert.throws(() => parseDataPath(''), /empty data path/)
})

test('setData creates the missing steps, replaces what the path names and keeps the rest', () => {
  const data: Record<string, unknown> = { root: { cn: [{ v: 'a' }, { v: 'b' }] }, other: 1 }
  applySetData(data, { 'root.cn.[1].v': 'B', 'root.cn.[2]': { v: 'c' }, 'fresh.list[1].x': 2 })
  assert.deepEqual(data.root, { cn: [{ v: 'a' }, { v: 'B' }, { v: 'c' }] })
  assert.equal(data.other, 1)
  const list = (data.fresh as { list: unknown[] }).list
  assert.ok(Array.isArray(list))
  assert.equal(list.length, 2)
  assert.deepEqual(list[1], { x: 2 })
})

test('setData stores a JSON copy and reports its serialised size', () => {
  const value = { v: '充值', fn: () => 1 }
  const data: Record<string, unknown> = {}
  const bytes = applySetData(data, { item: value })
  value.v = 'changed'
  assert.deepEqual(data, { item: { v: '充值' } })
  assert.equal(bytes, Buffer.byteLength(JSON.stringify({ item: { v: '充值' } })))
})
