// Taro's page hooks come from the framework plugin at build time; the jest shim stands in for the lifecycle ones
// (useDidShow, useDidHide: test/shims/pageLifecycle.ts) but has no useRouter or usePullDownRefresh. Test files
// install these with
//   jest.mock('@tarojs/taro', () => require('<path>/taroPageHooks').taroWithPageHooks())
// and drive a page through `currentPage`.
import { useEffect, useRef } from 'react'

export const currentPage = {
  params: {} as Record<string, string | undefined>,
  pullDownRefreshHandlers: new Set<() => void>(),
  /** What the user does by pulling the page down. */
  pullDown(): void {
    for (const handler of currentPage.pullDownRefreshHandlers) handler()
  },
  reset(params: Record<string, string | undefined> = {}): void {
    currentPage.params = params
    currentPage.pullDownRefreshHandlers.clear()
  },
}

function useRouter() {
  return { params: currentPage.params, path: '' }
}

function usePullDownRefresh(callback: () => void) {
  const latest = useRef(callback)
  latest.current = callback
  useEffect(() => {
    const handler = () => latest.current()
    currentPage.pullDownRefreshHandlers.add(handler)
    return () => {
      currentPage.pullDownRefreshHandlers.delete(handler)
    }
  }, [])
}

/**
 * The shim's Taro with the hooks added. Lazy: the shim's own modules import '@tarojs/taro' while it loads, and would
 * otherwise receive this mock half-built.
 */
export function taroWithPageHooks(): Record<string, unknown> {
  const hooks: Record<string, unknown> = { useRouter, usePullDownRefresh }
  type TaroModule = Record<string, unknown> & { default: Record<string, unknown> }
  let actual: TaroModule | undefined
  const load = (): TaroModule => (actual ??= jest.requireActual<TaroModule>('@tarojs/taro'))
  return new Proxy(
    {},
    {
      get(_, key) {
        if (key === '__esModule') return true
        if (typeof key === 'string' && key in hooks) return hooks[key]
        if (key === 'default') return Object.assign(load().default, hooks)
        return load()[key as string]
      },
    },
  )
}
