import { act } from '@testing-library/react'
import { useLayoutEffect, useRef } from 'react'

// The app's Taro shim (jest maps @tarojs/taro to it; requireActual would bypass the mapping).
// In the builds the React framework plugin adds the page hooks to Taro; jest has no framework runtime, so tests
// get stand-ins: useDidShow runs when the component mounts and again on showPageAgain(), like a page shown anew.

const showListeners = new Set<() => void>()
let routerParams: Record<string, string> = {}

function useDidShow(fn: () => void): void {
  const latest = useRef(fn)
  latest.current = fn
  useLayoutEffect(() => {
    const listener = () => latest.current()
    showListeners.add(listener)
    listener()
    return () => {
      showListeners.delete(listener)
    }
  }, [])
}

function useRouter() {
  return { params: routerParams, path: '' }
}

/** The page is shown again (back from another page). */
export function showPageAgain(): void {
  act(() => showListeners.forEach((listener) => listener()))
}

export function setRouterParams(params: Record<string, string>): void {
  routerParams = params
}

/**
 * For `jest.mock('@tarojs/taro', () => require('./support/taroPage').taroWithPageHooks())`. Taro's own modules
 * require '@tarojs/taro' while the shim is still loading, so the module is read lazily, at each access.
 */
export function taroWithPageHooks(): Record<string, unknown> {
  const hooks: Record<string, unknown> = { useDidShow, useRouter }
  const actual = () => jest.requireActual('../../../shims/taro') as Record<string | symbol, unknown>
  return new Proxy(
    {},
    {
      get(_, key) {
        if (key === '__esModule') return true
        if (typeof key === 'string' && key in hooks) return hooks[key]
        const value = actual()[key]
        if (key === 'default' && value && typeof value === 'object') Object.assign(value, hooks)
        return value
      },
      has: (_, key) => key in hooks || key in actual(),
    },
  )
}
