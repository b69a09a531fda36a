import Taro from '@tarojs/taro'

const LOCATION_CITY_KEY = 'lifePay.locationCity'

/** SPEC §1: the location city is stored locally (used to preselect the electricity region). */
export function getLocationCity(): string {
  try {
    return Taro.getStorageSync(LOCATION_CITY_KEY) || ''
  } catch {
    return ''
  }
}

export function setLocationCity(city: string): void {
  Taro.setStorageSync(LOCATION_CITY_KEY, city)
}
