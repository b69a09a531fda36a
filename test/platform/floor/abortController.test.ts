/** @jest-environment node */
import { QueryClient } from '@tanstack/react-query'
import {
  AbortControllerOrPolyfill,
  AbortSignalOrPolyfill,
  PolyfillAbortController,
  PolyfillAbortSignal,
} from '../../../src/platform/floor/abortController'

// The mini-program builds' AbortController (config/floorGlobals.ts): every case runs against Node's own as well
// (jsdom's lacks throwIfAborted), so the polyfill is held to what a standard implementation does.
const implementations = [
  ['the engine’s', AbortController, AbortSignal],
  ['the polyfill', PolyfillAbortController, PolyfillAbortSignal],
] as const

describe.each(implementations)('AbortController: %s', (_, Controller, Signal) => {
  it('starts not aborted, without reason or handler', () => {
    const { signal } = new Controller()
    expect(signal.aborted).toBe(false)
    expect(signal.reason).toBeUndefined()
    expect(signal.onabort).toBeNull()
    expect(() => signal.throwIfAborted()).not.toThrow()
  })

  it('aborts with an AbortError DOMException when given no reason', () => {
    const controller = new Controller()
    controller.abort()
    expect(controller.signal.aborted).toBe(true)
    const reason = controller.signal.reason as DOMException
    expect(reason.name).toBe('AbortError')
    expect(reason.code).toBe(20)
    expect(() => controller.signal.throwIfAborted()).toThrow(reason)
  })

  it('keeps the first reason and tells the listeners once', () => {
    const controller = new Controller()
    const listener = jest.fn()
    controller.signal.addEventListener('abort', listener)
    const reason = { why: 'left the page' }
    controller.abort(reason)
    controller.abort('again')
    expect(controller.signal.reason).toBe(reason)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(() => controller.signal.throwIfAborted()).toThrow()
    try {
      controller.signal.throwIfAborted()
    } catch (thrown) {
      expect(thrown).toBe(reason)
    }
  })

  it('calls onabort and the listeners in registration order, with the signal as this and target', () => {
    const controller = new Controller()
    const { signal } = controller
    const calls: string[] = []
    let seen: { self?: unknown; target?: unknown; type?: string; aborted?: boolean } = {}
    signal.addEventListener('abort', function (this: unknown, event) {
      calls.push('first')
      seen = { self: this, target: event.target, type: event.type, aborted: signal.aborted }
    })
    signal.onabort = () => calls.push('onabort')
    signal.addEventListener('abort', { handleEvent: () => calls.push('handleEvent') })
    signal.onabort = () => calls.push('onabort replaced')
    controller.abort()
    expect(calls).toEqual(['first', 'onabort replaced', 'handleEvent'])
    expect(seen).toEqual({ self: signal, target: signal, type: 'abort', aborted: true })
  })

  it('adds a listener once per callback and capture, and removes it by both', () => {
    const controller = new Controller()
    const listener = jest.fn()
    controller.signal.addEventListener('abort', listener)
    controller.signal.addEventListener('abort', listener)
    controller.signal.addEventListener('abort', listener, { capture: true })
    controller.signal.removeEventListener('abort', listener, true)
    controller.abort()
    expect(listener).toHaveBeenCalledTimes(1)

    const other = new Controller()
    const removed = jest.fn()
    other.signal.addEventListener('abort', removed)
    other.signal.removeEventListener('abort', removed)
    other.abort()
    expect(removed).not.toHaveBeenCalled()
  })

  it('honours once and the signal option', () => {
    const controller = new Controller()
    const once = jest.fn()
    controller.signal.addEventListener('abort', once, { once: true })
    const stop = new Controller()
    const stopped = jest.fn()
    controller.signal.addEventListener('abort', stopped, { signal: stop.signal })
    stop.abort()
    controller.abort()
    controller.signal.dispatchEvent(new Event('abort'))
    expect(once).toHaveBeenCalledTimes(1)
    expect(stopped).not.toHaveBeenCalled()
  })

  it('stops at stopImmediatePropagation', () => {
    const controller = new Controller()
    const after = jest.fn()
    controller.signal.addEventListener('abort', (event) => event.stopImmediatePropagation())
    controller.signal.addEventListener('abort', after)
    controller.abort()
    expect(after).not.toHaveBeenCalled()
  })

  it('makes an aborted signal with AbortSignal.abort(), and no signal with new AbortSignal()', () => {
    const signal = Signal.abort('gone')
    expect(signal.aborted).toBe(true)
    expect(signal.reason).toBe('gone')
    expect((Signal.abort().reason as Error).name).toBe('AbortError')
    expect(() => new (Signal as unknown as new () => AbortSignal)()).toThrow('Illegal constructor')
  })
})

describe('the polyfill where the engine has less', () => {
  const g = globalThis as Record<string, unknown>

  // The DOM standard's dispatch runs a copy of the list; Node's EventTarget also runs listeners added meanwhile.
  it('does not call listeners added or removed during the dispatch', () => {
    const controller = new PolyfillAbortController()
    const late = jest.fn()
    const removed = jest.fn()
    controller.signal.addEventListener('abort', () => {
      controller.signal.addEventListener('abort', late)
      controller.signal.removeEventListener('abort', removed)
    })
    controller.signal.addEventListener('abort', removed)
    controller.abort()
    expect(late).not.toHaveBeenCalled()
    expect(removed).not.toHaveBeenCalled()
  })

  it('makes its own DOMException-like AbortError when the engine has no DOMException', () => {
    const saved = g.DOMException
    g.DOMException = undefined
    try {
      const controller = new PolyfillAbortController()
      controller.abort()
      const reason = controller.signal.reason as { name: string; code: number; message: string }
      expect(reason).toBeInstanceOf(Error)
      expect(reason).toMatchObject({ name: 'AbortError', code: 20, message: 'signal is aborted without reason' })
    } finally {
      g.DOMException = saved
    }
  })

  it('reports a listener’s error without skipping the next listener', () => {
    jest.useFakeTimers()
    try {
      const controller = new PolyfillAbortController()
      const next = jest.fn()
      controller.signal.addEventListener('abort', () => {
        throw new Error('listener failed')
      })
      controller.signal.addEventListener('abort', next)
      controller.abort()
      expect(next).toHaveBeenCalled()
      expect(() => jest.runOnlyPendingTimers()).toThrow('listener failed')
    } finally {
      jest.useRealTimers()
    }
  })

  it('hands out the engine’s own classes where it has them', () => {
    expect(AbortControllerOrPolyfill).toBe(AbortController)
    expect(AbortSignalOrPolyfill).toBe(AbortSignal)
  })

  it('lets react-query fetch and cancel queries', async () => {
    const saved = g.AbortController
    g.AbortController = PolyfillAbortController
    try {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      await expect(client.fetchQuery({ queryKey: ['read'], queryFn: () => Promise.resolve('answer') })).resolves.toBe(
        'answer',
      )

      let signal: AbortSignal | undefined
      const pending = client.fetchQuery({
        queryKey: ['slow'],
        queryFn: (context) => {
          signal = context.signal
          return new Promise<string>(() => {})
        },
      })
      await Promise.resolve()
      expect(signal).toBeInstanceOf(PolyfillAbortSignal)
      await client.cancelQueries({ queryKey: ['slow'] })
      await expect(pending).rejects.toThrow('CancelledError')
      expect(signal?.aborted).toBe(true)
      client.clear()
    } finally {
      g.AbortController = saved
    }
  })
})
