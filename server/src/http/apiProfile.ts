import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { extensionKeyword } from '@contract/schema'
// `route.config.extension`: declared with the marking of routes, ./extensionRoutes.ts.

// Issue 36 (docs/api.md § The production-shaped profile): LIFEPAY_API_PROFILE=production makes this server answer as
// the production Life Pay back end would, so that the app's tests prove it steps aside where our extensions are absent.

/** `full`: every route and field; `production`: only what the production back end publishes. */
export const API_PROFILES = ['full', 'production'] as const
export type ApiProfile = (typeof API_PROFILES)[number]

type Schema = Record<string, unknown>

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null
const isMarked = (schema: unknown) => isSchema(schema) && schema[extensionKeyword] === true
const BRANCHES = ['anyOf', 'oneOf', 'allOf'] as const

/** `schema` without its marked properties, at any depth; the same object when it has none (shared ones stay shared). */
export function withoutExtensions(schema: unknown): unknown {
  if (!isSchema(schema)) return schema
  let copy: Schema | null = null
  const set = (key: string, value: unknown) => {
    copy ??= { ...schema }
    copy[key] = value
  }
  const properties = schema.properties
  if (isSchema(properties)) {
    const kept: Schema = {}
    let changed = false
    for (const [name, property] of Object.entries(properties)) {
      if (isMarked(property)) changed = true
      else {
        const stripped = withoutExtensions(property)
        if (stripped !== property) changed = true
        kept[name] = stripped
      }
    }
    if (changed) {
      set('properties', kept)
      if (Array.isArray(schema.required))
        set(
          'required',
          schema.required.filter((name) => name in kept),
        )
    }
  }
  const items = schema.items
  if (isSchema(items)) {
    const stripped = withoutExtensions(items)
    if (stripped !== items) set('items', stripped)
  }
  for (const key of BRANCHES) {
    const branches = schema[key]
    if (!Array.isArray(branches)) continue
    const stripped = branches.map(withoutExtensions)
    if (stripped.some((branch, i) => branch !== branches[i])) set(key, stripped)
  }
  return copy ?? schema
}

/** Deletes from `value` (parsed input) every field its schema marks as an extension, at any depth. */
export function dropExtensionInput(schema: unknown, value: unknown): void {
  if (!isSchema(schema) || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) dropExtensionInput(schema.items, item)
    return
  }
  const record = value as Record<string, unknown>
  if (isSchema(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isMarked(property)) delete record[name]
      else if (name in record) dropExtensionInput(property, record[name])
    }
  }
  for (const key of BRANCHES) {
    const branches = schema[key]
    if (Array.isArray(branches)) for (const branch of branches) dropExtensionInput(branch, value)
  }
}

/** Does any part of `schema` carry the marker? (Routes without marked input get no extra hook.) */
const hasMarked = (schema: unknown): boolean => withoutExtensions(schema) !== schema

/** An extension route under the profile: answered exactly as an address the server does not have. */
function absent(_request: FastifyRequest, reply: FastifyReply): void {
  reply.callNotFound()
}

const ROUTE_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'] as const

/** Reshapes each route as it is added: call before registering any route. `full` leaves every route as it is. */
export function installApiProfile(app: FastifyInstance, profile: ApiProfile): void {
  if (profile === 'full') return
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.extension) {
      // No auth, no validation, no handler of ours: the same 404 an unknown address gets, and no docs entry.
      for (const hook of ROUTE_HOOKS) delete route[hook]
      route.schema = { hide: true }
      route.handler = absent
      return
    }
    const schema = route.schema
    if (!schema) return
    if (schema.response) {
      const response = schema.response as Record<string, unknown>
      schema.response = Object.fromEntries(Object.entries(response).map(([code, s]) => [code, withoutExtensions(s)]))
    }
    const { body, querystring } = schema
    if (!hasMarked(body) && !hasMarked(querystring)) return
    // Before validation: an extension field the app sends is ignored, as production ignores a field it does not know.
    const dropInput = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      dropExtensionInput(body, request.body)
      dropExtensionInput(querystring, request.query)
      done()
    }
    const existing = route.preValidation
    route.preValidation = existing ? [dropInput, ...(Array.isArray(existing) ? existing : [existing])] : dropInput
  })
}
