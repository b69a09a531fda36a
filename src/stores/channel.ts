import Taro from '@tarojs/taro'
import { create } from 'zustand'

const CHANNEL_STORAGE_KEY = 'lifePay.channelId'

function savedChannelId(): string {
  try {
    return Taro.getStorageSync(CHANNEL_STORAGE_KEY) || ''
  } catch {
    return ''
  }
}

interface ChannelState {
  /** The partner channel the user came from (`channelId` query of the tab pages); '' when none. */
  channelId: string
  setChannelId: (channelId: string | undefined) => void
}

/** Kept across launches so a relaunch from a share card keeps the partner's channel. */
export const useChannelStore = create<ChannelState>((set) => ({
  channelId: savedChannelId(),
  setChannelId: (channelId) => {
    if (!channelId) return
    Taro.setStorageSync(CHANNEL_STORAGE_KEY, channelId)
    set({ channelId })
  },
}))
