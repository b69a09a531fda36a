import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { globalObject } from '../../../src/platform/floor/globalObject'
import { installMissing } from '../../../src/platform/floor/installMissing'
import { promiseFinally } from '../../../src/platform/floor/promiseFinally'
import { stringReplaceAll } from '../../../src/platform/floor/stringReplaceAll'

// The polyfills of src/platform/floor/ are held to the engine's own methods, case by case.
const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ fulfilled: value }),
    (reason) => ({ rejected: reason instanceof Error ? reason.message : reason }),
  )

describe('Promise.prototype.finally', () => {
  const cases: Array<[string, () => Promise<unknown>, (() => unknown) | undefined]> = [
    ['passes a value through', () => Promise.resolve(1), () => 'ignored'],
    ['passes a rejection through', () => Promise.reject(new Error('no')), () => 'ignored'],
    [
      'rejects with what onFinally throws',
      () => Promise.resolve(1),
      () => {
        throw new Error('cleanup failed')
      },
    ],
    [
      'rejects with onFinally’s rejected promise',
      () => Promise.reject(new Error('no')),
      () => Promise.reject(new Error('cleanup failed')),
    ],
    [
      'waits for onFinally’s promise, then settles as before',
      () => Promise.resolve(2),
      () => new Promise((resolve) => setTimeout(resolve, 5)),
    ],
    ['passes through without a callable onFinally', () => Promise.resolve(3), undefined],
  ]
  it.each(cases)('%s', async (_, make, onFinally) => {
    const native = await settle(make().finally(onFinally))
    const ours = await settle(promiseFinally.call(make(), onFinally))
    expect(ours).toEqual(native)
  })

  it('calls onFinally with no arguments, once', async () => {
    const onFinally = jest.fn()
    await promiseFinally.call(Promise.resolve('value'), onFinally)
    expect(onFinally).toHaveBeenCalledTimes(1)
    expect(onFinally).toHaveBeenCalledWith()
  })

  it('builds the result with the promise’s own species', () => {
    class Tracked<T> extends Promise<T> {}
    expect(promiseFinally.call(Tracked.resolve(1), () => {})).toBeInstanceOf(Tracked)
  })
})

describe('String.prototype.replaceAll', () => {
  const replacer = (...args: unknown[]) => `[${args.join('|')}]`
  const cases: Array<[string, string | RegExp, string | ((...args: unknown[]) => string)]> = [
    ['a+b+c', '+', ' '], // query-string's decode
    ['a.b.c', '.', '-'],
    ['(*)(*)', '(*)', 'x'],
    ['aaa', 'a', '$&$&'],
    ['abc', 'b', "$`|$'|$$|$1|$<name>"],
    ['abc', '', '-'],
    ['', '', '-'],
    ['abab', 'ab', replacer],
    ["it's (a) test!", /[!'()*]/g, (x: unknown) => `%${String(x).charCodeAt(0).toString(16).toUpperCase()}`], // query-string's strict encode
    ['x1y22', /(\d)/g, '<$1>'],
  ]
  it.each(cases)('%j.replaceAll(%p, …)', (text, search, replace) => {
    const native = (text as unknown as { replaceAll: (s: unknown, r: unknown) => string }).replaceAll(search, replace)
    expect(stringReplaceAll.call(text, search, replace)).toBe(native)
  })

  it('throws a TypeError for a RegExp without the g flag, as the engine does', () => {
    expect(() => 'abc'.replaceAll(/b/, 'x')).toThrow(TypeError)
    expect(() => stringReplaceAll.call('abc', /b/, 'x')).toThrow(TypeError)
  })
})

describe('installMissing', () => {
  it('defines a missing method as the language does, and leaves an existing one alone', () => {
    const prototype: Record<string, unknown> = { existing: () => 'native' }
    const method = () => 'ours'
    installMissing(prototype, 'missing', method)
    installMissing(prototype, 'existing', method)
    expect(prototype.missing).toBe(method)
    expect(Object.keys(prototype)).toEqual(['existing'])
    expect((prototype.existing as () => string)()).toBe('native')
  })
})

describe('the global object', () => {
  it('is the engine’s globalThis where there is one', () => {
    expect(globalObject).toBe(globalThis)
  })
})

describe('installPrototypes', () => {
  const saved = { finally: Promise.prototype.finally, replaceAll: String.prototype.replaceAll }
  afterEach(() => {
    Object.defineProperty(Promise.prototype, 'finally', { value: saved.finally, writable: true, configurable: true })
    Object.defineProperty(String.prototype, 'replaceAll', {
      value: saved.replaceAll,
      writable: true,
      configurable: true,
    })
  })

  it.each([
    ['installPrototypes', ['finally']],
    ['installPrototypes.h5', ['finally', 'replaceAll']],
  ])('%s fills in %p where the engine lacks them', (module, installed) => {
    delete (Promise.prototype as Partial<Promise<unknown>>).finally
    delete (String.prototype as { replaceAll?: unknown }).replaceAll
    jest.isolateModules(() => jest.requireActual(`../../../src/platform/floor/${module}`))
    expect(typeof Promise.prototype.finally === 'function').toBe(installed.includes('finally'))
    expect(typeof String.prototype.replaceAll === 'function').toBe(installed.includes('replaceAll'))
    expect(Object.keys(Promise.prototype)).toEqual([])
  })

  it('runs first in the app entry, before any module that may call them', () => {
    const app = readFileSync(join(__dirname, '../../../src/app.tsx'), 'utf8')
    expect(app.match(/^import .*$/m)?.[0]).toBe("import './platform/floor/installPrototypes'")
  })
})
