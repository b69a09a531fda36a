/**
 * `AbortController` / `AbortSignal` for the WeChat and Alipay mini-programs, whose runtimes have none: react-query
 * creates one for every query fetch, and without it every read stays pending. Free references to both names in the
 * mini-program bundles resolve to this module's exports (config/floorGlobals.ts), which are the engine's own classes
 * should it have them. (H5 has abortcontroller-polyfill through @tarojs/taro-h5.)
 *
 * Follows the DOM standard for what can be observed without the DOM: `aborted`, `reason` (an "AbortError"
 * DOMException when `abort()` has none), `onabort` (keeping its place among the listeners), add/removeEventListener
 * (once, capture, signal options; listener objects' handleEvent; no duplicates), dispatchEvent, `throwIfAborted()`,
 * `AbortSignal.abort()`, and `new AbortSignal()` is illegal. Not here, as nothing we ship calls them:
 * `AbortSignal.timeout()` and `AbortSignal.any()`.
 */
import { globalObject } from './globalObject'

interface Registration {
  callback: EventListenerOrEventListenerObject
  capture: boolean
  once: boolean
  removed?: boolean
}
type Handler = ((this: AbortSignal, event: Event) => unknown) | null
interface SignalState {
  aborted: boolean
  reason: unknown
  listeners: Map<string, Registration[]>
  handler: Handler
  handlerRegistered?: boolean
}

/** A signal's state, and a controller's signal. */
const states = new WeakMap<object, SignalState>()
const signals = new WeakMap<object, AbortSignalPolyfill>()
const constructing = {}

function internal<T>(map: WeakMap<object, T>, object: object): T {
  const value = map.get(object)
  if (!value) throw new TypeError('Illegal invocation')
  return value
}
const stateOf = (signal: object) => internal(states, signal)

/** A DOMException-like error where the engine has no DOMException: name, message, code, and `instanceof Error`. */
class FloorDOMException extends Error {
  constructor(message: string, name: string) {
    super(message)
    Object.defineProperty(this, 'name', { value: name, configurable: true, writable: true })
    Object.defineProperty(this, 'code', { value: name === 'AbortError' ? 20 : 0 })
  }
}

export function abortError(): Error {
  const message = 'signal is aborted without reason'
  const Native = (globalObject as { DOMException?: typeof DOMException }).DOMException
  return typeof Native === 'function' ? new Native(message, 'AbortError') : new FloorDOMException(message, 'AbortError')
}

const captureOf = (options: unknown) =>
  typeof options === 'boolean' ? options : Boolean(options && (options as EventListenerOptions).capture)

function find(signal: object, type: string, callback: unknown, capture: boolean): Registration | undefined {
  return (stateOf(signal).listeners.get(type) || []).find(
    (entry) => entry.callback === callback && entry.capture === capture,
  )
}

function remove(signal: object, type: string, registration: Registration) {
  registration.removed = true
  const registrations = stateOf(signal).listeners.get(type) as Registration[]
  registrations.splice(registrations.indexOf(registration), 1)
}

/**
 * The standard's dispatch on a target without parents: listeners in order, once ones removed first, errors reported.
 */
function dispatch(signal: AbortSignalPolyfill, event: Event) {
  let stopped = false
  const stop = event.stopImmediatePropagation
  event.stopImmediatePropagation = function stopImmediatePropagation() {
    stopped = true
    if (typeof stop === 'function') stop.call(this)
  }
  for (const registration of (stateOf(signal).listeners.get(event.type) || []).slice()) {
    if (registration.removed) continue
    if (registration.once) remove(signal, event.type, registration)
    const { callback } = registration
    try {
      if (typeof callback === 'function') callback.call(signal, event)
      else if (typeof callback.handleEvent === 'function') callback.handleEvent(event)
    } catch (error) {
      // "Report the exception": the other listeners still run, and the error is not swallowed.
      setTimeout(() => {
        throw error
      })
    }
    if (stopped) break
  }
}

class AbortSignalPolyfill {
  constructor(key?: unknown) {
    if (key !== constructing) throw new TypeError('Illegal constructor')
    states.set(this, { aborted: false, reason: undefined, listeners: new Map(), handler: null })
  }

  get aborted(): boolean {
    return stateOf(this).aborted
  }

  get reason(): unknown {
    return stateOf(this).reason
  }

  get onabort(): Handler {
    return stateOf(this).handler
  }

  // An event handler takes its place among the listeners when first set, and keeps it (HTML standard).
  set onabort(handler: Handler) {
    const state = stateOf(this)
    state.handler = typeof handler === 'function' || (typeof handler === 'object' && handler) ? handler : null
    if (state.handler && !state.handlerRegistered) {
      state.handlerRegistered = true
      this.addEventListener('abort', (event) => {
        if (typeof state.handler === 'function') state.handler.call(this as unknown as AbortSignal, event)
      })
    }
  }

  throwIfAborted(): void {
    const state = stateOf(this)
    if (state.aborted) throw state.reason
  }

  addEventListener(
    type: string,
    callback: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    const state = stateOf(this)
    const capture = captureOf(options)
    const { once, signal } = (typeof options === 'object' && options) || ({} as AddEventListenerOptions)
    const key = String(type)
    if (!callback || (signal && signal.aborted) || find(this, key, callback, capture)) return
    const registrations = state.listeners.get(key) || []
    registrations.push({ callback, capture, once: Boolean(once) })
    state.listeners.set(key, registrations)
    if (signal) signal.addEventListener('abort', () => this.removeEventListener(key, callback, capture))
  }

  removeEventListener(
    type: string,
    callback: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ) {
    const registration = find(this, String(type), callback, captureOf(options))
    if (registration) remove(this, String(type), registration)
  }

  dispatchEvent(event: Event): boolean {
    if (!event || typeof event.type !== 'string') throw new TypeError('dispatchEvent: not an Event')
    dispatch(this, event)
    return !event.defaultPrevented
  }

  static abort(reason?: unknown): AbortSignal {
    const controller = new AbortControllerPolyfill()
    controller.abort(reason)
    return controller.signal
  }
}

class AbortControllerPolyfill {
  constructor() {
    signals.set(this, new AbortSignalPolyfill(constructing))
  }

  get signal(): AbortSignal {
    return internal(signals, this) as unknown as AbortSignal
  }

  abort(reason?: unknown): void {
    const signal = this.signal as unknown as AbortSignalPolyfill
    const state = stateOf(signal)
    if (state.aborted) return
    state.aborted = true
    state.reason = reason === undefined ? abortError() : reason
    // The event a listener sees: the signal as target, not cancelable, no propagation (a signal has no parent).
    const event = {
      type: 'abort',
      target: signal,
      currentTarget: signal,
      eventPhase: 2,
      bubbles: false,
      cancelable: false,
      defaultPrevented: false,
      isTrusted: true,
      timeStamp: Date.now(),
      preventDefault() {},
      stopPropagation() {},
    }
    dispatch(signal, event as unknown as Event)
  }
}

export const PolyfillAbortController = AbortControllerPolyfill as unknown as typeof AbortController
export const PolyfillAbortSignal = AbortSignalPolyfill as unknown as typeof AbortSignal

const native = globalObject as { AbortController?: typeof AbortController; AbortSignal?: typeof AbortSignal }
const hasNative = typeof native.AbortController === 'function' && typeof native.AbortSignal === 'function'

/** What free `AbortController` / `AbortSignal` mean in the mini-program builds: the engine's own where it has them. */
export const AbortControllerOrPolyfill: typeof AbortController = hasNative
  ? (native.AbortController as typeof AbortController)
  : PolyfillAbortController
export const AbortSignalOrPolyfill: typeof AbortSignal = hasNative
  ? (native.AbortSignal as typeof AbortSignal)
  : PolyfillAbortSignal
