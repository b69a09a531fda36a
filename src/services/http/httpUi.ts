import Taro from '@tarojs/taro'
import * as popups from './fallbackPopups'
import type { HttpToastType } from './httpToastType'
import { quietly } from './quietly'

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

// Platform defaults keep the layer usable before the app wires its own UI (H5: the popups load on first use).
const taroUi: HttpUi = {
  showToast: popups.showToast,
  showLoading: popups.showLoading,
  hideLoading: popups.hideLoading,
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
