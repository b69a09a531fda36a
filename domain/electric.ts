import type { Labels } from './locale'

/** Power grid the electricity account belongs to. */
export enum ElectricType {
  Guowang = 'guowang',
  Nanwang = 'nanwang',
}

export const electricTypeValues: readonly ElectricType[] = [ElectricType.Guowang, ElectricType.Nanwang]

export const electricTypeLabels: Labels<ElectricType> = {
  'zh-CN': { [ElectricType.Guowang]: '国家电网', [ElectricType.Nanwang]: '南方电网' },
  'en-US': { [ElectricType.Guowang]: 'State Grid', [ElectricType.Nanwang]: 'Southern Grid' },
}

export enum ElectricAccountType {
  House = 'house',
  Enterprise = 'enterprise',
  Shop = 'shop',
  // Spelled as the API spells it.
  Nanwashopng = 'nanwashopng',
}

export const electricAccountTypeValues: readonly ElectricAccountType[] = [
  ElectricAccountType.House,
  ElectricAccountType.Enterprise,
  ElectricAccountType.Shop,
  ElectricAccountType.Nanwashopng,
]

/**
 * The types a user picks from: nanwashopng is a second name for a shop (the SPEC's "shop, not recommended"), kept for
 * the accounts and orders that carry it, never offered beside 店铺.
 */
export const electricAccountTypeChoices: readonly ElectricAccountType[] = [
  ElectricAccountType.House,
  ElectricAccountType.Enterprise,
  ElectricAccountType.Shop,
]

export const electricAccountTypeLabels: Labels<ElectricAccountType> = {
  'zh-CN': {
    [ElectricAccountType.House]: '住宅',
    [ElectricAccountType.Enterprise]: '企业',
    [ElectricAccountType.Shop]: '店铺',
    [ElectricAccountType.Nanwashopng]: '店铺（不推荐）',
  },
  'en-US': {
    [ElectricAccountType.House]: 'Residential',
    [ElectricAccountType.Enterprise]: 'Enterprise',
    [ElectricAccountType.Shop]: 'Shop',
    [ElectricAccountType.Nanwashopng]: 'Shop, not recommended',
  },
}
