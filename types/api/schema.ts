import {
  Kind,
  Type,
  type SchemaOptions,
  type Static,
  type TOptional,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox'

// TypeBox helpers for the contract. The schemas are plain JSON schema: the server validates, serialises and
// documents (OpenAPI) with them; the app reads only their `Static` types (`import type`), so no TypeBox code ships.

/**
 * One of a list of values, as `{ type, enum }` (not TypeBox's union of constants): a refusal then names the allowed
 * values (server/src/http/validation.ts).
 */
export function OneOf<const V extends string | number>(values: readonly V[], options: SchemaOptions = {}): TUnsafe<V> {
  const type = values.every((value) => typeof value === 'number') ? 'integer' : 'string'
  return Type.Unsafe<V>({ type, enum: [...values], ...options })
}

/** The same schema, also admitting null, as `type: [type, 'null']`. */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const copy: Record<string | symbol, unknown> = { ...(schema as object), [Kind]: 'Unsafe' }
  copy.type = Array.isArray(schema.type) ? [...schema.type, 'null'] : [schema.type, 'null']
  if (Array.isArray(schema.enum)) copy.enum = [...schema.enum, null]
  return Type.Unsafe<Static<T> | null>(copy)
}

/** An ISO-8601 time string. */
export const DateTime = (options: SchemaOptions = {}) => Type.String({ format: 'date-time', ...options })

/** Money on the wire: yuan as a number with at most 2 decimals (the server keeps integer fen). */
export const Yuan = (description: string) => Type.Number({ description: `${description} (yuan)` })

/** The OpenAPI keyword that marks a field or a call as ours, not the production Life Pay back end's (docs/api.md). */
export const extensionKeyword = 'x-lifepay-extension'

/**
 * A field the production back end does not publish: optional, so that an app built against it works when a back end
 * leaves it out (issue 36), and marked, so that OpenAPI shows it and the production-shaped profile drops it.
 */
export function Extension<T extends TSchema>(schema: T, description?: string): TOptional<TUnsafe<Static<T>>> {
  const copy: Record<string | symbol, unknown> = { ...(schema as object), [Kind]: 'Unsafe', [extensionKeyword]: true }
  if (description) copy.description = description
  return Type.Optional(Type.Unsafe<Static<T>>(copy))
}
