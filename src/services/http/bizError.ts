import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import type { ShowType } from '@domain/showType'
import type { ApiEnvelope } from '@contract/envelope'
import type { ApiErrorCode } from '@contract/errorCodes'

/** A response whose envelope says `success: false` (SPEC §8): code from `error`, message from `msg`. */
export class BizError extends Error {
  override readonly name = 'BizError'
  readonly code: ApiErrorCode | null
  readonly msg: string | null
  readonly showType: ShowType | null
  readonly data: unknown
  readonly config: InternalAxiosRequestConfig
  readonly response: AxiosResponse<ApiEnvelope<unknown>>

  constructor(response: AxiosResponse<ApiEnvelope<unknown>>) {
    const envelope = response.data
    super(envelope.msg ?? envelope.error ?? 'business error')
    this.code = envelope.error ?? null
    this.msg = envelope.msg ?? null
    this.showType = envelope.showType ?? null
    this.data = envelope.data ?? null
    this.config = response.config
    this.response = response
  }
}

export function isBizError(error: unknown): error is BizError {
  return error instanceof BizError
}
