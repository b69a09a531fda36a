import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from './apiError'
import { failure, localeOf } from './envelope'
import { errors } from './errors'
import { schemaValidationError } from './validation'

/** Answers a request that matched no route with the H5 app (history fallback); false to leave it a 404. */
export type AppPageFallback = (request: FastifyRequest, reply: FastifyReply) => boolean

/**
 * Every failure answers in the envelope: business and validation errors with HTTP 200 (SPEC §8's showType
 * drives the app), auth 401, unknown routes 404, malformed requests 4xx, anything unexpected 500 with no
 * details in the body — those are logged.
 */
export function installErrorHandling(app: FastifyInstance, appPageFallback?: AppPageFallback): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request)
    if (error instanceof ApiError) {
      if (error.retryAfterS !== undefined) void reply.header('retry-after', String(error.retryAfterS))
      return reply.code(error.httpStatus).send(failure(error, locale))
    }
    if (error.validation) return reply.code(200).send(failure(schemaValidationError(error.validation), locale))
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals (bad JSON, wrong content type, body too large …): safe to describe.
      return reply.code(error.statusCode).send(failure(errors.badRequest(error.message), locale))
    }
    request.log.error({ err: error }, 'unexpected error')
    return reply.code(500).send(failure(errors.internal(), locale))
  })

  app.setNotFoundHandler((request, reply) => {
    if (appPageFallback?.(request, reply)) return reply
    return reply.code(404).send(failure(errors.notFound(), localeOf(request)))
  })
}
