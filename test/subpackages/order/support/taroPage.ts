// The app's Taro shim (jest maps @tarojs/taro to it; requireActual would bypass the mapping), with useRouter for the
// page's parameters. The shim has the page lifecycle's stand-ins (test/shims/pageLifecycle.ts).
export { showPageAgain } from '../../../shims/pageLifecycle'

let routerParams: Record<string, string> = {}

function useRouter() {
  return { params: routerParams, path: '' }
}

export function setRouterParams(params: Record<string, string>): void {
  routerParams = params
}

/**
 * For `jest.mock('@tarojs/taro', () => require('./support/taroPage').taroWithPageHooks())`. Taro's own modules
 * require '@tarojs/taro' while the shim is still loading, so the module is read lazily, at each access.
 */
export function taroWithPageHooks(): Record<string, unknown> {
  const hooks: Record<string, unknown> = { useRouter }
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
