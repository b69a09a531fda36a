import { queryOptions } from '@tanstack/react-query'
import type { LifePayRate } from '@contract/lifePay'
import type { LifePayRateInput } from '@contract/operator'
import { call } from './http'

/** GET /api/LifePay/GetRate: the default channel's rate per rate type (no channelId sent). */
export function getRates(): Promise<LifePayRate[]> {
  return call<LifePayRate[]>('GET', '/api/LifePay/GetRate')
}

export const ratesQuery = queryOptions({ queryKey: ['rates'], queryFn: getRates })

/** POST /api/LifePay/CreateEditLifePayRate: the rates in force after the change. */
export function createEditLifePayRate(rates: LifePayRateInput[]): Promise<LifePayRate[]> {
  return call<LifePayRate[]>('POST', '/api/LifePay/CreateEditLifePayRate', rates)
}
