// JSON-schema builders for route schemas: Fastify validates requests and serialises responses with them, and
// @fastify/swagger turns them into the OpenAPI document (GET /api/docs/json, docs/openapi.json).

export type JsonSchema = Record<string, unknown>

export const str = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra })
export const int = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra })
export const num = (extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...extra })
export const bool = (extra: JsonSchema = {}): JsonSchema => ({ type: 'boolean', ...extra })
export const dateTime = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', format: 'date-time', ...extra })

export function oneOfValues(values: readonly (string | number)[], extra: JsonSchema = {}): JsonSchema {
  const type = values.every((value) => typeof value === 'number') ? 'integer' : 'string'
  return { type, enum: [...values], ...extra }
}

export function obj(properties: Record<string, JsonSchema>, required: readonly string[] = [], extra: JsonSchema = {}) {
  return { type: 'object', properties, ...(required.length ? { required: [...required] } : {}), ...extra }
}

export const arr = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra })

/** The same schema, also admitting null. */
export function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type
  const copy: JsonSchema = { ...schema, type: Array.isArray(type) ? [...type, 'null'] : [type, 'null'] }
  if (Array.isArray(schema.enum)) copy.enum = [...schema.enum, null]
  return copy
}

export const NO_DATA: JsonSchema = { type: 'null' }

/** SPEC §7's envelope around `data`. */
export function envelope(data: JsonSchema): JsonSchema {
  return obj(
    {
      success: bool(),
      data: data === NO_DATA ? NO_DATA : nullable(data),
      error: nullable(str({ description: 'Stable error code (docs/api.md § Errors)' })),
      msg: nullable(str()),
      showType: nullable(
        oneOfValues([0, 1, 2, 3, 9], { description: '0 silent, 1 warn, 2 error, 3 notification, 9 redirect' }),
      ),
    },
    ['success', 'data', 'error', 'msg', 'showType'],
  )
}

/** The app adds the channel id to every request's query and body (SPEC §7); unknown ids are ignored. */
const channelId = str({ description: 'Channel the app was opened from; unknown ids fall back to the default channel.' })

export function body(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return obj({ ...properties, channelId }, required)
}

export function query(properties: Record<string, JsonSchema> = {}, required: readonly string[] = []): JsonSchema {
  return obj({ ...properties, channelId }, required)
}

export const ERROR_ENVELOPE = envelope(NO_DATA)

export interface RouteDoc {
  tags: string[]
  summary: string
  description?: string
  body?: JsonSchema
  querystring?: JsonSchema
  params?: JsonSchema
  data: JsonSchema
  /** 'user': bearer token; 'userOrVirtual': bearer token or X-LifePay-User-Id; 'operator': X-Operator-Token. */
  auth?: 'user' | 'userOrVirtual' | 'operator'
}

const security = {
  user: [{ bearer: [] }],
  userOrVirtual: [{ bearer: [] }, { virtualUser: [] }],
  operator: [{ operator: [] }],
}

/** A route's `schema`: request shapes, the 200 envelope, and the error envelope for non-200 answers. */
export function routeSchema(doc: RouteDoc): JsonSchema {
  const schema: JsonSchema = {
    tags: doc.tags,
    summary: doc.summary,
    response: { 200: envelope(doc.data), '4xx': ERROR_ENVELOPE, '5xx': ERROR_ENVELOPE },
  }
  if (doc.description) schema.description = doc.description
  if (doc.body) schema.body = doc.body
  if (doc.querystring) schema.querystring = doc.querystring
  if (doc.params) schema.params = doc.params
  if (doc.auth) schema.security = security[doc.auth]
  return schema
}
