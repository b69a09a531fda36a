import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../appContext'

/** The H5 build on the same origin, when it exists; null otherwise (the API alone). */
export function h5Root(dir: string | null): string | null {
  return dir && existsSync(join(dir, 'index.html')) ? dir : null
}

/**
 * A GET the H5 router owns: not the API or static storage, and asking for a page. Such requests that match no
 * file get index.html (history fallback), so deep links like /subpackages/order/order/order load the app.
 */
export function wantsAppPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?')[0]
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/static/')) return false
  return /text\/html/.test(request.headers.accept ?? '')
}

// Webpack's `[name].[contenthash:8]` names (js/, css/): a new build gives changed files new names.
const CONTENT_HASHED = /\.[0-9a-f]{8}\.(js|css)$/
// preCompressed hands setHeaders the sibling it sends (`app.1a2b3c4d.js.br`).
const COMPRESSED_SIBLING = /\.(br|gz)$/

/** Cache policy of a file of the H5 build: hashed assets forever, index.html revalidated, the rest for an hour. */
export function cacheControlOf(path: string): string {
  const file = path.replace(COMPRESSED_SIBLING, '')
  if (file.endsWith('.html')) return 'no-cache'
  if (CONTENT_HASHED.test(file)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=3600'
}

export function sendAppPage(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile('index.html')
}

export async function registerWebRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The word list (SPEC §5): words separated by '|', as domain/sensitiveWords.ts parses it.
  const words = readFileSync(ctx.config.sensitiveWordsFile)
  const etag = `"${createHash('sha1').update(words).digest('hex')}"`
  app.get('/static/sensitive-words.txt', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type('text/plain; charset=utf-8').send(words)
  })

  const root = h5Root(ctx.config.staticDir)
  if (!root) return
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    schemaHide: true,
    // The build writes .br and .gz siblings (config/precompressAssets.ts): sent as they are to clients that accept
    // them.
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlOf(path))
    },
  })
}
