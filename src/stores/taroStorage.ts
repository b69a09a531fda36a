import Taro from '@tarojs/taro'
import type { StateStorage } from 'zustand/middleware'

/** zustand persistence over Taro's synchronous storage, so H5 (localStorage) and mini-programs behave the same. */
export const taroStorage: StateStorage = {
  getItem: (name) => {
    try {
      const value: unknown = Taro.getStorageSync(name)
      return typeof value === 'string' && value !== '' ? value : null
    } catch {
      return null
    }
  },
  setItem: (name, value) => {
    Taro.setStorageSync(name, value)
  },
  removeItem: (name) => {
    Taro.removeStorageSync(name)
  },
}
