import { Kind, Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox'
import { showTypeValues } from '@domain/showType'
import type { ApiErrorCode } from './errorCodes'
import { Nullable, OneOf } from './schema'

/** `data` of a call that answers nothing. */
export const NoData = Type.Null()

/** `data` of a write production answers with a number (its console tests it for truth): 1, done. */
export const Done = Type.Integer({ minimum: 1, maximum: 1, description: '1: done (production answers a number)' })
export type Done = Static<typeof Done>

// A string on the wire; the type is the union of codes. OpenAPI lists them once (components.schemas.ApiErrorCode).
const errorCode = Type.Unsafe<ApiErrorCode>(Type.String({ description: 'Stable error code (docs/api.md § Errors)' }))

/** Every response of the API (SPEC §7) around its `data`: successful unless `success` is false. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    success: Type.Boolean(),
    data: (data[Kind] === 'Null' ? data : Nullable(data)) as TUnsafe<Static<T> | null>,
    error: Nullable(errorCode),
    msg: Nullable(Type.String()),
    showType: Nullable(OneOf(showTypeValues, { description: '0 silent, 1 warn, 2 error, 3 notification, 9 redirect' })),
  })
}

export type ApiEnvelope<T> = Static<ReturnType<typeof Envelope<TUnsafe<T>>>>

export const PageInput = Type.Object({
  pageIndex: Type.Integer({ minimum: 1, description: '1-based' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100 }),
})
export type PageInput = Static<typeof PageInput>

/** One page of a list. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    pageIndex: Type.Integer(),
    pageSize: Type.Integer(),
    totalCount: Type.Integer(),
    items: Type.Array(item),
  })
}

export type PageResult<T> = Static<ReturnType<typeof Page<TUnsafe<T>>>>
