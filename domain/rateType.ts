import { LifePayOrderType } from './lifePayOrderType'
import type { Labels } from './locale'

/** Which discount a rate is (GET /api/LifePay/GetRate). */
export enum LifePayRateType {
  DefaultPhone = 10,
  DefaultElectric = 20,
  DefaultGas = 30,
  SupplierDiscount = 40,
}

/** The rate an order of each type is priced at: its type's default discount (the user's channel may set its own). */
export const orderRateType: Readonly<Record<LifePayOrderType, LifePayRateType>> = {
  [LifePayOrderType.Phone]: LifePayRateType.DefaultPhone,
  [LifePayOrderType.Electric]: LifePayRateType.DefaultElectric,
  [LifePayOrderType.Gas]: LifePayRateType.DefaultGas,
}

export const lifePayRateTypeValues: readonly LifePayRateType[] = [
  LifePayRateType.DefaultPhone,
  LifePayRateType.DefaultElectric,
  LifePayRateType.DefaultGas,
  LifePayRateType.SupplierDiscount,
]

export const lifePayRateTypeLabels: Labels<LifePayRateType> = {
  'zh-CN': {
    [LifePayRateType.DefaultPhone]: '默认话费折扣',
    [LifePayRateType.DefaultElectric]: '默认电费折扣',
    [LifePayRateType.DefaultGas]: '默认燃气费折扣',
    [LifePayRateType.SupplierDiscount]: '供应商折扣价',
  },
  'en-US': {
    [LifePayRateType.DefaultPhone]: 'Default phone discount',
    [LifePayRateType.DefaultElectric]: 'Default electric discount',
    [LifePayRateType.DefaultGas]: 'Default gas discount',
    [LifePayRateType.SupplierDiscount]: 'Supplier discount price',
  },
}
