// The location city (SPEC §1/§3) over the real H5 Taro storage (localStorage in jsdom), and the area it preselects.
import Taro from '@tarojs/taro'
import type { ElectricSupportArea } from '../../types/api/lifePay'
import { locatedArea } from '../../src/components/lifePayFields/electricArea'
import { ElectricType } from '../../src/domain/electric'
import { useLocationCityStore } from '../../src/stores/locationCity'
import { useSessionStore } from '../../src/stores/session'

const KEY = 'lifePay.locationCity'

/** The store as a freshly launched app sees it: a new module instance reading the same storage. */
function relaunch(): typeof useLocationCityStore {
  let store!: typeof useLocationCityStore
  jest.isolateModules(() => {
    store = jest.requireActual('../../src/stores/locationCity').useLocationCityStore
  })
  return store
}

const areas: ElectricSupportArea[] = [
  {
    provinceCode: '110000',
    provinceName: '北京市',
    cityCode: '110100',
    cityName: '北京市',
    electricType: ElectricType.Guowang,
    needHolderName: false,
  },
  {
    provinceCode: '440000',
    provinceName: '广东省',
    cityCode: '440300',
    cityName: '深圳市',
    electricType: ElectricType.Nanwang,
    needHolderName: true,
  },
  {
    provinceCode: '310000',
    provinceName: '上海市',
    cityCode: '310100',
    cityName: '上海',
    electricType: ElectricType.Guowang,
    needHolderName: false,
  },
]

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

describe('the area the location city preselects (locatedArea)', () => {
  it.each([
    ['深圳市', '440300'],
    ['深圳', '440300'],
    [' 北京市 ', '110100'],
    // The server may name a city without 市; a stored name with it still matches.
    ['上海市', '310100'],
  ])('finds %s', (city, cityCode) => {
    expect(locatedArea(areas, city)?.cityCode).toBe(cityCode)
  })

  it.each([
    ['a city where electricity cannot be paid', '拉萨市'],
    ['no city yet', ''],
    ['a bare suffix', '市'],
  ])('finds nothing for %s', (_, city) => {
    expect(locatedArea(areas, city)).toBeUndefined()
  })

  it('finds nothing before the areas are loaded', () => {
    expect(locatedArea(undefined, '深圳市')).toBeUndefined()
    expect(locatedArea([], '深圳市')).toBeUndefined()
  })
})
