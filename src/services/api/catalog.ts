import { queryOptions } from '@tanstack/react-query'
import type { ElectricParValue, ElectricSupportArea, GasParValue, LifePayRate, PhoneParValue } from '@contract/lifePay'
import { request } from '../http/client'
import type { CallOptions } from '../http/requestOptions'
import { quietRead } from './quietRead'

// What the service offers: rates, face values and where electricity can be paid. Changed by operators, rarely.

/** How long a catalog read stays fresh in the query cache. */
const CATALOG_STALE_MS = 5 * 60 * 1000

/** The prefix of every rate query (one per caller): a login, a refused price or a pull to refresh reads them again. */
export const ratesKey = ['lifePay', 'rate'] as const

/** GET /api/LifePay/GetRate */
export function getRate(options: CallOptions = {}): Promise<LifePayRate[]> {
  return request<LifePayRate[]>({ ...options, method: 'GET', url: '/api/LifePay/GetRate' })
}

/** `caller` names who asks: a logged-in user's rates are their own channel's ('' anonymous). */
export const getRateQueryOptions = (caller: string, call: CallOptions = {}) =>
  queryOptions({
    queryKey: [...ratesKey, caller],
    queryFn: () => getRate(quietRead(call)),
    staleTime: CATALOG_STALE_MS,
  })

/** POST /api/LifePay/GetElectricSupportArea */
export function getElectricSupportArea(options: CallOptions = {}): Promise<ElectricSupportArea[]> {
  return request<ElectricSupportArea[]>({ ...options, method: 'POST', url: '/api/LifePay/GetElectricSupportArea' })
}

export const getElectricSupportAreaQueryOptions = () =>
  queryOptions({
    queryKey: ['lifePay', 'electricSupportArea'],
    queryFn: () => getElectricSupportArea(quietRead()),
    staleTime: CATALOG_STALE_MS,
  })

/** POST /api/LifePay/GetPhoneParValue */
export function getPhoneParValue(options: CallOptions = {}): Promise<PhoneParValue[]> {
  return request<PhoneParValue[]>({ ...options, method: 'POST', url: '/api/LifePay/GetPhoneParValue' })
}

export const getPhoneParValueQueryOptions = () =>
  queryOptions({
    queryKey: ['lifePay', 'parValue', 'phone'],
    queryFn: () => getPhoneParValue(quietRead()),
    staleTime: CATALOG_STALE_MS,
  })

/** POST /api/LifePay/GetElectricParValue */
export function getElectricParValue(options: CallOptions = {}): Promise<ElectricParValue[]> {
  return request<ElectricParValue[]>({ ...options, method: 'POST', url: '/api/LifePay/GetElectricParValue' })
}

export const getElectricParValueQueryOptions = () =>
  queryOptions({
    queryKey: ['lifePay', 'parValue', 'electric'],
    queryFn: () => getElectricParValue(quietRead()),
    staleTime: CATALOG_STALE_MS,
  })

/** POST /api/LifePay/GetGasParValue */
export function getGasParValue(options: CallOptions = {}): Promise<GasParValue[]> {
  return request<GasParValue[]>({ ...options, method: 'POST', url: '/api/LifePay/GetGasParValue' })
}

export const getGasParValueQueryOptions = () =>
  queryOptions({
    queryKey: ['lifePay', 'parValue', 'gas'],
    queryFn: () => getGasParValue(quietRead()),
    staleTime: CATALOG_STALE_MS,
  })
