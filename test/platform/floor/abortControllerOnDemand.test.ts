import { loadAbortControllerWhereMissing } from '../../../src/platform/floor/abortControllerOnDemand'

// H5: abortcontroller-polyfill loads only where it would install itself (jsdom stands in for the browser: its
// window is the polyfill's `self`).
type Scope = Record<'AbortController' | 'AbortSignal' | 'Request', unknown>
const scope = window as unknown as Scope
const native = { AbortController: scope.AbortController, AbortSignal: scope.AbortSignal, Request: scope.Request }

afterEach(() => {
  Object.assign(scope, native)
  jest.resetModules()
})

/** A Request whose prototype has (or lacks) `signal`, as an abortable fetch's does. */
function requestClass(withSignal: boolean) {
  class FakeRequest {}
  if (withSignal) Object.defineProperty(FakeRequest.prototype, 'signal', { get: () => undefined })
  return FakeRequest
}

describe('loadAbortControllerWhereMissing (H5 start-up)', () => {
  it('loads nothing where the browser has AbortController and an abortable fetch', () => {
    scope.Request = requestClass(true)
    expect(loadAbortControllerWhereMissing()).toBeUndefined()
    expect(scope.AbortController).toBe(native.AbortController)
  })

  it('installs a working AbortController where there is none (Chrome < 66, iOS < 12.1), before it resolves', async () => {
    scope.Request = requestClass(false)
    delete scope.AbortController
    delete scope.AbortSignal
    const ready = loadAbortControllerWhereMissing()
    expect(ready).toBeInstanceOf(Promise)
    await ready
    const Controller = scope.AbortController as typeof AbortController
    expect(typeof Controller).toBe('function')
    const controller = new Controller()
    const listener = jest.fn()
    controller.signal.addEventListener('abort', listener)
    controller.abort()
    expect(controller.signal.aborted).toBe(true)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('loads it, as the polyfill would install itself, where fetch takes no signal (Safari 11.1–12.0)', async () => {
    scope.Request = requestClass(false)
    const ready = loadAbortControllerWhereMissing()
    expect(ready).toBeInstanceOf(Promise)
    await ready
    expect(scope.AbortController).not.toBe(native.AbortController)
  })

  it('resolves, rather than rejects, when the polyfill cannot be loaded (offline): the app starts all the same', async () => {
    jest.doMock('abortcontroller-polyfill/dist/abortcontroller-polyfill-only', () => {
      throw new Error('ChunkLoadError: Loading chunk 9005 failed')
    })
    delete scope.AbortController
    const { loadAbortControllerWhereMissing: load } =
      await import('../../../src/platform/floor/abortControllerOnDemand')
    await expect(load()).resolves.toBeUndefined()
  })
})
