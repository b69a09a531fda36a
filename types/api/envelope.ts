import type { ShowType } from '../../src/domain/showType'

/** Every response of the API (SPEC §7): successful unless `success` is false. */
export interface ApiEnvelope<T> {
  success: boolean
  data: T | null
  /** Stable machine code of a business error, e.g. `ORDER_NOT_FOUND` (docs/api.md lists them). */
  error: string | null
  msg: string | null
  showType: ShowType | null
}

export interface PageInput {
  /** 1-based page number. */
  pageIndex: number
  pageSize: number
}

export interface PageResult<T> {
  pageIndex: number
  pageSize: number
  totalCount: number
  items: T[]
}
