import Taro from '@tarojs/taro'

export type HttpToastType = 'success' | 'error' | 'warning'

/**
 * What the request layer shows or does on screen; the app replaces these with its own Toast, loading and navigation.
 */
export interface HttpUi {
  showToast: (type: HttpToastType, text: string) => void
  showLoading: () => void
  hideLoading: () => void
  showNavigationBarLoading: () => void
  hideNavigationBarLoading: () => void
  redirectToLogin: () => void
}

const LOGIN_PAGE = '/subpackages/login/authorization/authorization'

/** Runs a platform UI call whose failure never matters (e.g. hiding a loading that is not shown). */
function quietly(call: () => unknown): void {
  try {
    void Promise.resolve(call()).catch(() => undefined)
  } catch {
    // Nothing to show or hide.
  }
}

// Platform defaults keep the layer usable before the app wires its own UI.
const taroUi: HttpUi = {
  showToast: (type, text) =>
    quietly(() => Taro.showToast({ title: text, icon: type === 'success' ? 'success' : 'none' })),
  showLoading: () => quietly(() => Taro.showLoading({ title: '加载中', mask: true })),
  hideLoading: () => quietly(() => Taro.hideLoading()),
  showNavigationBarLoading: () => quietly(() => Taro.showNavigationBarLoading()),
  hideNavigationBarLoading: () => quietly(() => Taro.hideNavigationBarLoading()),
  redirectToLogin: () => quietly(() => Taro.navigateTo({ url: LOGIN_PAGE })),
}

let current: HttpUi = taroUi

/** Replaces some or all hooks (app.tsx wires the app's Toast, loading indicator and debounced redirectToLogin). */
export function setHttpUi(ui: Partial<HttpUi>): void {
  current = { ...current, ...ui }
}

/** Back to the platform defaults. */
export function resetHttpUi(): void {
  current = taroUi
}

export function httpUi(): HttpUi {
  return current
}
