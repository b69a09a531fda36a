import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { decodeJwtPayload, isTokenExpired } from '@domain/token'
import type { TokenResult, UserInfo } from '@contract/account'
import { useLifePayStore } from './lifePay'
import { taroStorage } from './taroStorage'

/** Shown when the user has no avatar of their own. */
export const DEFAULT_AVATAR_URL = '/assets/avatar/default-avatar.png'

/**
 * The token pair of a full login (SPEC §3 userInfo); `expired` marks the session as expired whatever the clock says.
 */
export interface SessionUserInfo extends TokenResult {
  expired?: boolean
}

/** The current user as the app shows it. */
export interface UserDetail extends Omit<UserInfo, 'avatarUrl'> {
  /** The avatar to show: the user's own or the default one. */
  avatarUrl: string
  /** The avatar as the API returned it, before conversion; null when the user has none. */
  originalAvatarUrl: string | null
}

/** Claims decoded from the middle part of the access token; `client_id` feeds the refresh call. */
export type AccountInfo = Record<string, unknown> & { client_id?: string }

interface SessionData {
  userInfo: SessionUserInfo | null
  token: string
  refreshToken: string
  /** Local clock (epoch ms) when the token arrived: expiry is measured on one clock, whatever the device's offset. */
  tokenCreationTime: number
  accountInfo: AccountInfo | null
  userDetail: UserDetail | null
  /** True until the user's details have been fetched in this run of the app. */
  firstGetUserDetail: boolean
  /** Full logouts in this run of the app: the app shell clears the query cache on each (src/queryClient.ts). */
  logouts: number
  virtualUserId: string
  virtualPhoneNumber: string
  wxCode: string
  wxOpenId: string
}

export interface SessionState extends SessionData {
  /** Stores a token pair (full login or refresh). */
  setTokens: (token: TokenResult) => void
  setUserDetail: (user: UserInfo) => void
  setWxCode: (wxCode: string) => void
  setWxOpenId: (wxOpenId: string) => void
  /** Phone + code login of the recharge module: remembers the virtual user and logs the recharge account in. */
  virtualLogin: (userId: string, phoneNumber: string) => void
  /** Clears all user state, the stored login data and the recharge account (and, through `logouts`, the cache). */
  fullLogout: () => void
}

const loggedOut: Omit<SessionData, 'logouts'> = {
  userInfo: null,
  token: '',
  refreshToken: '',
  tokenCreationTime: 0,
  accountInfo: null,
  userDetail: null,
  firstGetUserDetail: true,
  virtualUserId: '',
  virtualPhoneNumber: '',
  wxCode: '',
  wxOpenId: '',
}

function toUserDetail(user: UserInfo): UserDetail {
  return { ...user, avatarUrl: user.avatarUrl || DEFAULT_AVATAR_URL, originalAvatarUrl: user.avatarUrl }
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...loggedOut,
      logouts: 0,
      setTokens: (token) =>
        set({
          userInfo: { ...token },
          token: token.accessToken,
          refreshToken: token.refreshToken,
          tokenCreationTime: Date.now(),
          accountInfo: decodeJwtPayload(token.accessToken) ?? null,
        }),
      setUserDetail: (user) => set({ userDetail: toUserDetail(user), firstGetUserDetail: false }),
      setWxCode: (wxCode) => set({ wxCode }),
      setWxOpenId: (wxOpenId) => set({ wxOpenId }),
      virtualLogin: (userId, phoneNumber) => {
        set({ virtualUserId: userId, virtualPhoneNumber: phoneNumber })
        useLifePayStore.getState().login(userId, phoneNumber)
      },
      fullLogout: () => {
        set((state) => ({ ...loggedOut, logouts: state.logouts + 1 }))
        useSessionStore.persist.clearStorage()
        useLifePayStore.getState().logout()
      },
    }),
    {
      name: 'lifePay.session',
      storage: createJSONStorage(() => taroStorage),
      // wxCode is single-use and the user details are fetched again on each launch.
      partialize: ({
        userInfo,
        token,
        refreshToken,
        tokenCreationTime,
        accountInfo,
        userDetail,
        virtualUserId,
        virtualPhoneNumber,
        wxOpenId,
      }) => ({
        userInfo,
        token,
        refreshToken,
        tokenCreationTime,
        accountInfo,
        userDetail,
        virtualUserId,
        virtualPhoneNumber,
        wxOpenId,
      }),
    },
  ),
)

/** A full login holds a user and a token (SPEC §6: only then is the bearer token sent). */
export function hasFullLogin(state: Pick<SessionData, 'userInfo' | 'token'>): boolean {
  return state.userInfo !== null && state.token !== ''
}

/** SPEC §4 token rule, on the local clock of `tokenCreationTime`; a marked session is expired at once. */
export function isSessionExpired(
  state: Pick<SessionData, 'userInfo' | 'tokenCreationTime'>,
  nowMs: number = Date.now(),
): boolean {
  if (!state.userInfo) return false
  if (state.userInfo.expired) return true
  return isTokenExpired({ expiresIn: state.userInfo.expiresIn, creationTime: state.tokenCreationTime }, nowMs)
}
