import { Type, type TObject, type TSchema } from '@sinclair/typebox'
import { Envelope, NoData } from '@contract/envelope'
import { PageModelInput } from '@contract/pageModel'
import { Extension } from '@contract/schema'

// Route schemas from the contract's TypeBox schemas (types/api): Fastify validates requests and serialises responses
// with them, the TypeBox type provider types each handler from them, and @fastify/swagger turns them into the
// OpenAPI document (GET /api/docs/json, docs/openapi.json).

/** The app adds the channel id to every request's query and body (SPEC §7); unknown ids are ignored. */
const channelId = Type.String({
  description: 'Channel the app was opened from; unknown ids fall back to the default channel.',
})

/** A request query (or a body production does not give `ChannelsBaseInput`) plus our `channelId`. */
export function withChannel<T extends TObject>(input: T) {
  return Type.Object({ ...(input.properties as T['properties']), channelId: Extension(channelId) })
}

/**
 * A request body as production's consumer calls take it: its `ChannelsBaseInput` fields (`pageModel`, ignored where
 * nothing is paged, and `checkChannelId`, production's name for the channel) first, then the contract's input and
 * our `channelId`.
 */
export function withChannelsBase<T extends TObject>(input: T) {
  return Type.Object({
    pageModel: Type.Optional(PageModelInput),
    checkChannelId: Type.Optional(channelId),
    ...(input.properties as T['properties']),
    channelId: Extension(channelId),
  })
}

const ERROR_ENVELOPE = Envelope(NoData)

/** The envelope whose `data` is the success's, or on `success: false` the refusal's (or null). */
function RefusingEnvelope(data: TSchema, refusal: TSchema) {
  const envelope = Envelope(data)
  return Type.Object({ ...envelope.properties, data: Type.Union([envelope.properties.data, refusal]) })
}

export interface RouteDoc {
  tags: string[]
  summary: string
  description?: string
  body?: TSchema
  querystring?: TSchema
  params?: TSchema
  /** The envelope's `data` on success. */
  data: TSchema
  /** The envelope's `data` of a refusal that names something (e.g. DUPLICATE_ORDER's earlier order); else null. */
  refusal?: TSchema
  /**
   * 'user': bearer token; 'userOrVirtual': bearer token or X-LifePay-User-Id; 'operator': an operator's session cookie
   * (and X-CSRF-Token for writes), or X-Operator-Token.
   */
  auth?: 'user' | 'userOrVirtual' | 'operator'
}

const security: Record<NonNullable<RouteDoc['auth']>, Record<string, string[]>[]> = {
  user: [{ bearer: [] }],
  userOrVirtual: [{ bearer: [] }, { virtualUser: [] }],
  operator: [{ operator: [] }, { operatorSession: [] }],
}

/** What Fastify (and the TypeBox type provider) sees: typed body, query, params and 200 envelope. */
export interface RouteSchema<D extends RouteDoc> {
  tags: string[]
  summary: string
  description?: string
  body: D['body']
  querystring: D['querystring']
  params: D['params']
  // A refusal's data (RefusingEnvelope) is sent by the error handler, never returned by a handler: not typed here.
  response: { 200: ReturnType<typeof Envelope<D['data']>>; '4xx': typeof ERROR_ENVELOPE; '5xx': typeof ERROR_ENVELOPE }
  security?: Record<string, string[]>[]
}

/** A route's `schema`: request shapes, the 200 envelope, and the error envelope for non-200 answers. */
export function routeSchema<D extends RouteDoc>(doc: D): RouteSchema<D> {
  return {
    tags: doc.tags,
    summary: doc.summary,
    response: {
      200: doc.refusal ? RefusingEnvelope(doc.data, doc.refusal) : Envelope(doc.data),
      '4xx': ERROR_ENVELOPE,
      '5xx': ERROR_ENVELOPE,
    },
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.body ? { body: doc.body } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.auth ? { security: security[doc.auth] } : {}),
  } as RouteSchema<D>
}
