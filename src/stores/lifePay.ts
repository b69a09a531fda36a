import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { RECHARGE_CHANNEL } from '@domain/constants'
import { taroStorage } from './taroStorage'

/** The recharge SDK's account (SPEC §3): who tops up, from which channel. */
export interface LifePayState {
  /** '' when logged out. */
  userId: string
  phoneNumber: string
  /** Channel number; spelled as the recharge API spells it. */
  channlesNum: string
  login: (userId: string, phoneNumber: string) => void
  logout: () => void
}

export const useLifePayStore = create<LifePayState>()(
  persist(
    (set) => ({
      userId: '',
      phoneNumber: '',
      channlesNum: RECHARGE_CHANNEL,
      login: (userId, phoneNumber) => set({ userId, phoneNumber, channlesNum: RECHARGE_CHANNEL }),
      logout: () => set({ userId: '', phoneNumber: '' }),
    }),
    {
      name: 'lifePay.rechargeAccount',
      storage: createJSONStorage(() => taroStorage),
      partialize: ({ userId, phoneNumber, channlesNum }) => ({ userId, phoneNumber, channlesNum }),
    },
  ),
)

/** SPEC §4: the recharge client is logged in when it holds a user id. */
export function selectIsLoggedIn(state: Pick<LifePayState, 'userId'>): boolean {
  return state.userId !== ''
}
