import type { FastifyInstance } from 'fastify'
import type { LocalizedText } from './apiError'
import { invalidField } from './validation'

// A NUL byte or half of a surrogate pair in a text column makes PostgreSQL refuse the whole statement, and a number
// past 2^53 is no longer the number the caller sent (and overflows bigint offsets): the driver's error would answer
// 500. Every route's input (body, query, path) is checked once, after its schema has coerced it and before any
// handler runs, so no field can forget it.

const unstorableText: LocalizedText = {
  'zh-CN': '包含无法保存的字符',
  'en-US': 'contains characters that cannot be stored',
}
const unsafeNumber: LocalizedText = { 'zh-CN': '超出允许范围', 'en-US': 'number out of range' }

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/** The first field (by name) whose value the database cannot store faithfully, and why; undefined when all can. */
export function unstorableField(
  value: unknown,
  field = 'body',
  depth = 0,
): { field: string; why: LocalizedText } | undefined {
  if (typeof value === 'string') return unstorable(value) ? { field, why: unstorableText } : undefined
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
      ? undefined
      : { field, why: unsafeNumber }
  }
  // JSON nests at most as deep as the parser allowed; 64 levels is far past any of our shapes.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = unstorableField(item, field, depth + 1)
      if (found) return found
    }
    return undefined
  }
  // Uploads arrive as bytes; the query parser's objects have a prototype of their own, so no plain-object test here.
  if (ArrayBuffer.isView(value)) return undefined
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unstorableField(key, key, depth + 1)
    if (keyProblem) return keyProblem
    const found = unstorableField(item, key, depth + 1)
    if (found) return found
  }
  return undefined
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's handler stores nothing of the parsed input as is (the notify routes keep the raw body through
     * recordNotification, which makes it storable), so it sees every delivery, NUL bytes and all.
     */
    verbatimInput?: boolean
  }
}

/** Refuses, as VALIDATION_FAILED naming the field, any request carrying input the database cannot store. */
export function installStorableInput(app: FastifyInstance): void {
  // Callback style, as every hook every route runs: no promise per request (issue 21).
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.routeOptions.config?.verbatimInput) {
      for (const part of [request.params, request.query, request.body]) {
        const found = unstorableField(part)
        if (found) return done(invalidField(found.field, found.why))
      }
    }
    done()
  })
}
