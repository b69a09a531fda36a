import type { FastifyInstance } from 'fastify'
import { OPERATOR_TOKEN_HEADER, VIRTUAL_USER_HEADER } from './auth'
import { HOST_HEADER } from './hostHeader'

const PREFLIGHT_ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-requested-with',
  'accept-language',
  VIRTUAL_USER_HEADER,
  OPERATOR_TOKEN_HEADER,
  HOST_HEADER,
].join(', ')

/**
 * Cross-origin calls for H5 served from another origin (the H5 dev server). `allowed` decides per Origin; the
 * app sends credentials, so the origin is echoed, never '*'. Mini-programs do not use CORS.
 */
export function installCors(app: FastifyInstance, allowed: (origin: string) => boolean): void {
  // Callback style, as every hook every route runs: no promise per request; a preflight is answered here (issue 21).
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin
    if (!origin || !allowed(origin)) return done()
    reply.header('access-control-allow-origin', origin)
    reply.header('access-control-allow-credentials', 'true')
    reply.header('vary', 'Origin')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS')
      reply.header('access-control-allow-headers', PREFLIGHT_ALLOWED_HEADERS)
      reply.header('access-control-max-age', '600')
      reply.code(204).send()
      return
    }
    done()
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
