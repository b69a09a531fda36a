// The location city (SPEC §1/§3) over the real H5 Taro storage (localStorage in jsdom), and the area it preselects.
import Taro from '@tarojs/taro'
import { matchElectricArea } from '@domain/electricArea'
import { useLocationCityStore } from '../../src/stores/locationCity'
import { useSessionStore } from '../../src/stores/session'
import { beijing, shanghaiShortName, shenzhen } from '../support/electricAreas'

const KEY = 'lifePay.locationCity'

/** The store as a freshly launched app sees it: a new module instance reading the same storage. */
function relaunch(): typeof useLocationCityStore {
  let store!: typeof useLocationCityStore
  jest.isolateModules(() => {
    store = jest.requireActual<{ useLocationCityStore: typeof useLocationCityStore }>(
      '../../src/stores/locationCity',
    ).useLocationCityStore
  })
  return store
}

const areas = [beijing, shenzhen, shanghaiShortName]

beforeEach(() => {
  useLocationCityStore.getState().setCity('')
  localStorage.clear()
})

describe('location city store', () => {
  it('is empty until a region is chosen, and keeps the last city chosen on the device across launches', () => {
    expect(useLocationCityStore.getState().city).toBe('')
    expect(relaunch().getState().city).toBe('')

    useLocationCityStore.getState().setCity('北京市')
    useLocationCityStore.getState().setCity(' 深圳市 ')
    expect(useLocationCityStore.getState().city).toBe('深圳市')
    expect(JSON.parse(Taro.getStorageSync(KEY))).toMatchObject({ state: { city: '深圳市' } })
    expect(relaunch().getState().city).toBe('深圳市')
  })

  it('outlives logout: it is the device user’s whereabouts, not account data', () => {
    useLocationCityStore.getState().setCity('深圳市')
    useSessionStore.getState().fullLogout()
    expect(useLocationCityStore.getState().city).toBe('深圳市')
    expect(relaunch().getState().city).toBe('深圳市')
  })
})

describe('the area the location city preselects (matchElectricArea without a province)', () => {
  it.each([
    ['深圳市', '440300'],
    ['深圳', '440300'],
    [' 北京市 ', '110100'],
    // The server may name a city without 市; a stored name with it still matches.
    ['上海市', '310100'],
  ])('finds %s', (city, cityCode) => {
    expect(matchElectricArea(areas, undefined, city)?.cityCode).toBe(cityCode)
  })

  it.each([
    ['a city where electricity cannot be paid', '拉萨市'],
    ['no city yet', ''],
    ['a bare suffix', '市'],
  ])('finds nothing for %s', (_, city) => {
    expect(matchElectricArea(areas, undefined, city)).toBeUndefined()
  })

  it('finds nothing before the areas are loaded', () => {
    expect(matchElectricArea(undefined, undefined, '深圳市')).toBeUndefined()
    expect(matchElectricArea([], undefined, '深圳市')).toBeUndefined()
  })
})
