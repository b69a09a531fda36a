import type { ApiErrorCode } from '@contract/errorCodes'
import type { Locale } from '@domain/locale'
import { ShowType } from '@domain/showType'

export type LocalizedText = Record<Locale, string>

export interface ApiErrorOptions {
  /** 200 for business errors (the envelope carries them); 401/404/500 where SPEC §8's HTTP table fits. */
  httpStatus?: number
  showType?: ShowType
  /** The request field at fault, for validation errors. */
  field?: string
  /** Sent as Retry-After (seconds) with a refusal that ends by itself. */
  retryAfterS?: number
  /** The envelope's `data` of a refusal that names something the caller acts on (the route's `refusal` schema). */
  data?: unknown
}

/** A refusal the caller sees as `{ success: false, error: code, msg, showType }`. */
export class ApiError extends Error {
  readonly httpStatus: number
  readonly showType: ShowType
  readonly field: string | undefined
  readonly retryAfterS: number | undefined
  readonly data: unknown

  constructor(
    readonly code: ApiErrorCode,
    readonly text: LocalizedText,
    options: ApiErrorOptions = {},
  ) {
    super(text['en-US'])
    this.name = 'ApiError'
    this.httpStatus = options.httpStatus ?? 200
    this.showType = options.showType ?? ShowType.Error
    this.field = options.field
    this.retryAfterS = options.retryAfterS
    this.data = options.data ?? null
  }
}
