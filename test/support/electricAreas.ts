import type { ElectricSupportArea } from '@contract/lifePay'
import { ElectricType } from '@domain/electric'

// Electricity areas as GetElectricSupportArea answers them, for the suites that mock it.

export const beijing: ElectricSupportArea = {
  provinceCode: '110000',
  provinceName: '北京市',
  cityCode: '110100',
  cityName: '北京市',
  electricType: ElectricType.Guowang,
  needHolderName: false,
}

/** Southern Grid: the holder's name is required. */
export const shenzhen: ElectricSupportArea = {
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
  electricType: ElectricType.Nanwang,
  needHolderName: true,
}

/** A city name without its 市, as some suppliers send it. */
export const shanghaiShortName: ElectricSupportArea = {
  provinceCode: '310000',
  provinceName: '上海市',
  cityCode: '310100',
  cityName: '上海',
  electricType: ElectricType.Guowang,
  needHolderName: false,
}

export const electricAreas: ElectricSupportArea[] = [beijing, shenzhen]
