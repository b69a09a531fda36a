// node --import tsx --test scripts/*.test.ts
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ENGINE_FLOOR_MISSING, MINI_RUNTIME_MISSING, scriptBuiltins } from './floorBuiltins'

const watched = new Set([...ENGINE_FLOOR_MISSING, ...MINI_RUNTIME_MISSING])
const uses = (source: string) => scriptBuiltins(source, watched).uses.map((use) => use.builtin)

test('lists free globals above the floor, not declared or property names', () => {
  assert.deepEqual(uses('const c = new AbortController(); "Deno" in globalThis; fetch(url); ({ fetch })'), [
    'AbortController',
    'globalThis',
    'fetch',
    'fetch',
  ])
  assert.deepEqual(
    uses(
      'function f(AbortController) { return new AbortController() } var o = { fetch: 1 }; o.fetch(); class A { fetch() {} }',
    ),
    [],
  )
  assert.deepEqual(uses('{ let fetch = 1; fetch } fetch'), ['fetch'])
  assert.deepEqual(
    uses('try {} catch (structuredClone) { structuredClone(1) } var f = function queueMicrotask() { queueMicrotask }'),
    [],
  )
  assert.deepEqual(
    uses('function g() { return setImmediate } function h() { var setImmediate; return setImmediate }'),
    ['setImmediate'],
  )
})

test('skips uses behind a typeof test of the same name, directly or through a variable', () => {
  assert.deepEqual(uses('typeof queueMicrotask === "function" ? queueMicrotask(f) : setTimeout(f)'), [])
  assert.deepEqual(uses('if (typeof MessageChannel !== "undefined") { new MessageChannel() }'), [])
  assert.deepEqual(uses('var g = "undefined" != typeof globalThis && globalThis'), [])
  assert.deepEqual(uses('var X = (Y = "function" == typeof setImmediate, Y ? setImmediate : setTimeout), Y'), [])
  // A test of another name is no guard.
  assert.deepEqual(uses('typeof window !== "undefined" && "Deno" in globalThis'), ['globalThis'])
})

test('lists static and prototype methods above the floor by name and arity', () => {
  assert.deepEqual(uses('Object.fromEntries(e); Promise.allSettled(p); Promise.any(p); Object.hasOwn(o, k)'), [
    'Object.fromEntries',
    'Promise.allSettled',
    'Promise.any',
    'Object.hasOwn',
  ])
  assert.deepEqual(
    uses('a.flatMap(f); a.flat(); p.finally(f); s.replaceAll("+", " "); s.trimStart(); a.at(-1); s["matchAll"](r)'),
    [
      'Array.prototype.flatMap',
      'Array.prototype.flat',
      'Promise.prototype.finally',
      'String.prototype.replaceAll',
      'String.prototype.trimStart',
      'Array.prototype.at',
      'String.prototype.matchAll',
    ],
  )
  // Other arities are someone else's methods; a declared Object is not the built-in.
  assert.deepEqual(
    uses('db.at(); s.replaceAll("a"); p.finally(a, b); function f(Object) { Object.fromEntries(e) }'),
    [],
  )
  assert.deepEqual(uses('Object.hasOwn ? Object.hasOwn(o, k) : has.call(o, k); a.flatMap && a.flatMap(f)'), [])
})

test('finds the prototype methods a script installs', () => {
  const installs = (source: string) => scriptBuiltins(source, watched).installs
  assert.deepEqual(installs('Object.defineProperty(Promise.prototype, "finally", { value: f })'), [
    'Promise.prototype.finally',
  ])
  assert.deepEqual(installs('var r; "function" != typeof (r = String.prototype).replaceAll && i(r, "replaceAll", f)'), [
    'String.prototype.replaceAll',
  ])
  assert.deepEqual(installs('Array.prototype.flat = flat'), ['Array.prototype.flat'])
  assert.deepEqual(
    installs(
      'Object.defineProperty(Thing.prototype, "finally", { value: f }); function g(Promise) { Promise.prototype.finally = f }',
    ),
    [],
  )
})
