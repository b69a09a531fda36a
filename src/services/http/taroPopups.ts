import Taro from '@tarojs/taro'
import type { HttpToastType } from './httpToastType'
import { quietly } from './quietly'

// Taro's toast and loading as the request layer shows them until the app wires its own (src/appHttp.ts).

export function showToast(type: HttpToastType, text: string): void {
  quietly(() => Taro.showToast({ title: text, icon: type === 'success' ? 'success' : 'none' }))
}

export function showLoading(): void {
  quietly(() => Taro.showLoading({ title: '加载中', mask: true }))
}

export function hideLoading(): void {
  quietly(() => Taro.hideLoading())
}
