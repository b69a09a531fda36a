import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors'
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
]

/**
 * Cross-origin calls for H5 served from another origin (the H5 dev server). `allowed` decides per Origin; the
 * app sends credentials, so the origin is echoed, never '*'. Mini-programs do not use CORS.
 */
export async function installCors(app: FastifyInstance, allowed: (origin: string) => boolean): Promise<void> {
  const options: FastifyCorsOptions = {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: PREFLIGHT_ALLOWED_HEADERS,
    maxAge: 600,
  }
  const preflight = { ...options, preflight: true }
  const notPreflight = { ...options, preflight: false }
  // An OPTIONS without Access-Control-Request-Method is no preflight: routed (our 404 envelope), not the plugin's
  // plain-text 400.
  await app.register(fastifyCors, {
    delegator: (request, callback) =>
      callback(null, request.headers['access-control-request-method'] ? preflight : notPreflight),
  })
}

/** CORS_ORIGINS: the origins listed, '*' for any; none listed: local origins (localhost, 127.0.0.1) off production. */
export function corsPolicy(origins: readonly string[], production: boolean): (origin: string) => boolean {
  if (origins.length > 0) return (origin) => origins.includes('*') || origins.includes(origin)
  if (production) return () => false
  return (origin) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin)
}
