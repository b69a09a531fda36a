import type { Labels } from './locale'

export enum LifePayOrderType {
  Phone = 10,
  Electric = 20,
  Gas = 30,
}

export const lifePayOrderTypeValues: readonly LifePayOrderType[] = [
  LifePayOrderType.Phone,
  LifePayOrderType.Electric,
  LifePayOrderType.Gas,
]

export const lifePayOrderTypeLabels: Labels<LifePayOrderType> = {
  'zh-CN': {
    [LifePayOrderType.Phone]: '话费',
    [LifePayOrderType.Electric]: '电费',
    [LifePayOrderType.Gas]: '燃气费',
  },
  'en-US': {
    [LifePayOrderType.Phone]: 'Phone bill',
    [LifePayOrderType.Electric]: 'Electricity bill',
    [LifePayOrderType.Gas]: 'Gas bill',
  },
}
