// Session and recharge-account stores over the real H5 Taro storage (localStorage in jsdom).
import Taro from '@tarojs/taro'
import { RECHARGE_CHANNEL } from '@domain/constants'
import { logoutAndHome } from '../../src/platform/navigation'
import { queryClient } from '../../src/queryClient'
import { selectIsLoggedIn, useLifePayStore } from '../../src/stores/lifePay'
import { useLayoutStore } from '../../src/stores/layout'
import { DEFAULT_AVATAR_URL, isSessionExpired, useSessionStore } from '../../src/stores/session'
import { taroStorage } from '../../src/stores/taroStorage'
import { makeJwt } from '../support/testServer'

jest.mock('@tarojs/taro', () => {
  const storage = jest.requireActual('@tarojs/taro-h5/dist/api/storage/index.js')
  return {
    __esModule: true,
    default: {
      ...jest.requireActual('../services/support/taroNode').default,
      getStorageSync: storage.getStorageSync,
      setStorageSync: storage.setStorageSync,
      removeStorageSync: storage.removeStorageSync,
    },
  }
})

const SESSION_KEY = 'lifePay.session'
const RECHARGE_KEY = 'lifePay.rechargeAccount'

const token = makeJwt({ sub: 'u1', client_id: 'life-pay-app' })
const tokenResult = { accessToken: token, refreshToken: 'r1', expiresIn: 3600, creationTime: 1_700_000_000_000 }

/** The stores as a freshly launched app sees them: new module instances reading the same storage. */
function relaunch(): { session: typeof useSessionStore; lifePay: typeof useLifePayStore } {
  let stores!: { session: typeof useSessionStore; lifePay: typeof useLifePayStore }
  jest.isolateModules(() => {
    stores = {
      session: jest.requireActual('../../src/stores/session').useSessionStore,
      lifePay: jest.requireActual('../../src/stores/lifePay').useLifePayStore,
    }
  })
  return stores
}

beforeEach(() => {
  useSessionStore.getState().fullLogout()
  localStorage.clear()
})

describe('session store', () => {
  it('keeps a full login across launches, with the account info decoded from the token', () => {
    const session = useSessionStore.getState()
    session.setTokens(tokenResult)
    session.setUserDetail({
      userId: 'u1',
      userName: 'Li',
      phoneNumber: '13800138000',
      avatarUrl: 'https://cdn/a.png',
      creationTime: '',
    })
    session.setWxOpenId('open-1')
    session.setWxCode('one-time-code')

    const restored = relaunch().session.getState()
    expect(restored.token).toBe(token)
    expect(restored.refreshToken).toBe('r1')
    expect(restored.userInfo).toEqual(tokenResult)
    expect(restored.accountInfo).toEqual({ sub: 'u1', client_id: 'life-pay-app' })
    expect(restored.tokenCreationTime).toBe(useSessionStore.getState().tokenCreationTime)
    expect(restored.userDetail).toMatchObject({
      userId: 'u1',
      avatarUrl: 'https://cdn/a.png',
      originalAvatarUrl: 'https://cdn/a.png',
    })
    expect(restored.wxOpenId).toBe('open-1')
    // Single-use and per-launch values are not kept.
    expect(restored.wxCode).toBe('')
    expect(restored.firstGetUserDetail).toBe(true)
  })

  it('shows the default avatar when the user has none, keeping the original value', () => {
    useSessionStore
      .getState()
      .setUserDetail({ userId: 'u1', userName: 'Li', phoneNumber: '1', avatarUrl: null, creationTime: '' })
    expect(useSessionStore.getState().userDetail).toMatchObject({
      avatarUrl: DEFAULT_AVATAR_URL,
      originalAvatarUrl: null,
    })
    expect(useSessionStore.getState().firstGetUserDetail).toBe(false)
  })

  it('fullLogout clears all user state, the stored login data, the recharge account and the query cache', () => {
    const session = useSessionStore.getState()
    session.setTokens(tokenResult)
    session.virtualLogin('v-1', '13800138000')
    session.setWxOpenId('open-1')
    queryClient.setQueryData(['orders'], [{ orderNo: 'A1' }])
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1)

    useSessionStore.getState().fullLogout()

    const after = useSessionStore.getState()
    expect(after).toMatchObject({
      userInfo: null,
      token: '',
      refreshToken: '',
      accountInfo: null,
      userDetail: null,
      virtualUserId: '',
      virtualPhoneNumber: '',
      wxCode: '',
      wxOpenId: '',
    })
    expect(Taro.getStorageSync(SESSION_KEY)).toBe('')
    expect(useLifePayStore.getState()).toMatchObject({ userId: '', phoneNumber: '' })
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
    expect(relaunch().session.getState().token).toBe('')
  })

  it('logoutAndHome logs out and switches to the home tab', async () => {
    useSessionStore.getState().setTokens(tokenResult)
    useLayoutStore.getState().setActiveTabIndex(1)
    ;(Taro.switchTab as jest.Mock).mockClear()
    await logoutAndHome()
    expect(useSessionStore.getState().token).toBe('')
    expect(Taro.switchTab).toHaveBeenCalledWith({ url: '/pages/home/index' })
    expect(useLayoutStore.getState().activeTabIndex).toBe(0)
  })

  it('applies the SPEC token rule on the local clock: expired past expiresIn − 300 s, or when marked', () => {
    const now = 1_800_000_000_000
    const state = (elapsedMs: number, expired?: boolean) => ({
      userInfo: { ...tokenResult, expired },
      tokenCreationTime: now - elapsedMs,
    })
    expect(isSessionExpired(state((3600 - 300) * 1000), now)).toBe(false)
    expect(isSessionExpired(state((3600 - 300) * 1000 + 1), now)).toBe(true)
    expect(isSessionExpired(state(0, true), now)).toBe(true)
    expect(isSessionExpired({ userInfo: null, tokenCreationTime: 0 }, now)).toBe(false)
  })
})

describe('recharge account store', () => {
  it('is logged in exactly when it holds a user id, with channel 818, and keeps it across launches', () => {
    expect(selectIsLoggedIn(useLifePayStore.getState())).toBe(false)
    useSessionStore.getState().virtualLogin('v-1', '13800138000')
    expect(useSessionStore.getState()).toMatchObject({ virtualUserId: 'v-1', virtualPhoneNumber: '13800138000' })
    expect(useLifePayStore.getState()).toMatchObject({
      userId: 'v-1',
      phoneNumber: '13800138000',
      channlesNum: RECHARGE_CHANNEL,
    })
    expect(RECHARGE_CHANNEL).toBe('818')
    expect(selectIsLoggedIn(useLifePayStore.getState())).toBe(true)

    const restored = relaunch()
    expect(restored.lifePay.getState()).toMatchObject({ userId: 'v-1', phoneNumber: '13800138000', channlesNum: '818' })
    expect(restored.session.getState().virtualUserId).toBe('v-1')

    useLifePayStore.getState().logout()
    expect(useLifePayStore.getState()).toMatchObject({ userId: '', phoneNumber: '' })
    expect(selectIsLoggedIn(useLifePayStore.getState())).toBe(false)
    expect(JSON.parse(Taro.getStorageSync(RECHARGE_KEY)).state.userId).toBe('')
  })

  it('login stores the id and phone as given', () => {
    useLifePayStore.getState().login('v-2', '13900139000')
    expect(useLifePayStore.getState()).toMatchObject({ userId: 'v-2', phoneNumber: '13900139000' })
    expect(selectIsLoggedIn({ userId: '' })).toBe(false)
  })
})

describe('taroStorage', () => {
  it('reads a missing key as null and round-trips strings through Taro storage', () => {
    expect(taroStorage.getItem('nothing-here')).toBeNull()
    taroStorage.setItem('k', '{"a":1}')
    expect(taroStorage.getItem('k')).toBe('{"a":1}')
    expect(Taro.getStorageSync('k')).toBe('{"a":1}')
    taroStorage.removeItem('k')
    expect(taroStorage.getItem('k')).toBeNull()
  })
})
