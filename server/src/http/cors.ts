import type { FastifyInstance } from 'fastify'
import { OPERATOR_TOKEN_HEADER, VIRTUAL_USER_HEADER } from './auth'
import { HOST_HEADER } from './hostHeader'

const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-requested-with',
  'accept-language',
  VIRTUAL_USER_HEADER,
  OPERATOR_TOKEN_HEADER,
  HOST_HEADER,
]

/**
 * Cross-origin calls for H5 served from another origin (the H5 dev server). `allowed` decides per Origin; the
 * app sends credentials, so the origin is echoed, never '*'. Mini-programs do not use CORS.
 */
export function installCors(app: FastifyInstance, allowed: (origin: string) => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (!origin || !allowed(origin)) return
    reply.header('access-control-allow-origin', origin)
    reply.header('access-control-allow-credentials', 'true')
    reply.header('vary', 'Origin')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS')
      reply.header('access-control-allow-headers', ALLOWED_HEADERS.join(', '))
      reply.header('access-control-max-age', '600')
      return reply.code(204).send()
    }
  })
}

/**
 * CORS_ORIGINS: comma-separated origins, '*' for any; unset: local origins (localhost, 127.0.0.1) outside production.
 */
export function corsPolicy(setting: string | undefined, production: boolean): (origin: string) => boolean {
  if (setting !== undefined && setting.trim() !== '') {
    const origins = setting
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
    return (origin) => origins.includes('*') || origins.includes(origin)
  }
  if (production) return () => false
  return (origin) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin)
}
