import dayjs from 'dayjs'
import { lifePayOrderStatusValues, lifePayStatusValues } from '@domain/lifePayStatus'
import { lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import { lifePayTypeValues } from '@domain/lifePayType'
import type { LifePayOrderFilters } from '@contract/operator'

// The orders list's filters live in the address (?keyWords=…&payFrom=2026-11-01…), so a filtered list can be shared
// and survives a reload. Days are whole days in the browser's zone: "to" includes its day.

const DAY = 'YYYY-MM-DD'

/** The filters as the form holds them. */
export interface OrderFilterValues {
  keyWords?: string
  lifePayOrderType?: LifePayOrderFilters['lifePayOrderType']
  lifePayType?: LifePayOrderFilters['lifePayType']
  payStatus?: LifePayOrderFilters['payStatus']
  lifePayOrderStatus?: LifePayOrderFilters['lifePayOrderStatus']
  payDays?: [dayjs.Dayjs, dayjs.Dayjs] | null
  finishDays?: [dayjs.Dayjs, dayjs.Dayjs] | null
  userId?: string
}

function oneOf<T extends number>(values: readonly T[], text: string | null): T | undefined {
  const number = Number(text)
  return text !== null && (values as readonly number[]).includes(number) ? (number as T) : undefined
}

function days(from: string | null, to: string | null): [dayjs.Dayjs, dayjs.Dayjs] | null {
  const start = from ? dayjs(from) : null
  const end = to ? dayjs(to) : null
  return start?.isValid() && end?.isValid() ? [start, end] : null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function filterValuesOf(search: URLSearchParams): OrderFilterValues {
  const userId = search.get('userId')
  return {
    keyWords: search.get('keyWords')?.trim() || undefined,
    lifePayOrderType: oneOf(lifePayOrderTypeValues, search.get('lifePayOrderType')),
    lifePayType: oneOf(lifePayTypeValues, search.get('lifePayType')),
    payStatus: oneOf(lifePayStatusValues, search.get('payStatus')),
    lifePayOrderStatus: oneOf(lifePayOrderStatusValues, search.get('lifePayOrderStatus')),
    payDays: days(search.get('payFrom'), search.get('payTo')),
    finishDays: days(search.get('finishFrom'), search.get('finishTo')),
    userId: userId && UUID.test(userId) ? userId : undefined,
  }
}

export function searchOf(values: OrderFilterValues): URLSearchParams {
  const search = new URLSearchParams()
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') search.set(name, String(value))
  }
  set('keyWords', values.keyWords?.trim())
  set('lifePayOrderType', values.lifePayOrderType)
  set('lifePayType', values.lifePayType)
  set('payStatus', values.payStatus)
  set('lifePayOrderStatus', values.lifePayOrderStatus)
  set('payFrom', values.payDays?.[0].format(DAY))
  set('payTo', values.payDays?.[1].format(DAY))
  set('finishFrom', values.finishDays?.[0].format(DAY))
  set('finishTo', values.finishDays?.[1].format(DAY))
  set('userId', values.userId)
  return search
}

/** The API's filters: a day range from the start of its first day to the start of the day after its last. */
export function apiFiltersOf(values: OrderFilterValues): LifePayOrderFilters {
  const begin = (range: OrderFilterValues['payDays']) => range?.[0].startOf('day').toISOString()
  const end = (range: OrderFilterValues['payDays']) => range?.[1].add(1, 'day').startOf('day').toISOString()
  const filters: LifePayOrderFilters = {
    keyWords: values.keyWords,
    lifePayOrderType: values.lifePayOrderType,
    lifePayType: values.lifePayType,
    payStatus: values.payStatus,
    lifePayOrderStatus: values.lifePayOrderStatus,
    beginPayTime: begin(values.payDays),
    endPayTime: end(values.payDays),
    beginFinishTime: begin(values.finishDays),
    endFinishTime: end(values.finishDays),
    userId: values.userId,
  }
  // Only what is set: an absent filter is "all".
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as LifePayOrderFilters
}
