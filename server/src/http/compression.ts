import fastifyCompress from '@fastify/compress'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Smaller answers are sent as they are: gzip's header and a round of zlib cost more than the bytes they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/**
 * gzip for API answers of 1 KiB or more, only to a client whose Accept-Encoding names gzip: browsers, and the
 * mini-program hosts' `request` (wx.request / my.request send it and hand the app the decoded body; our host
 * emulator fetches the same way). No Accept-Encoding, no compression. gzip alone: every client that compresses
 * knows it, and on bodies of a few KiB Brotli saves little more. The H5 build's files are compressed at build time
 * (modules/web/routes.ts) and request bodies are read as sent (payment notifications are verified over their bytes).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // The API's routes only: the plugin compresses whatever mime-db calls compressible, and the H5 files are sent as
  // built (their .br/.gz siblings when there are, plain otherwise). Added before the plugin's own onRoute hook.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false
  })
  await app.register(fastifyCompress, {
    encodings: ['gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    globalDecompression: false,
  })
}

/** Whether the request's Accept-Encoding takes gzip (named, as x-gzip, or by `*`, with a q above 0). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding']
  if (!header || request.headers['x-no-compression'] !== undefined) return false
  return header
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [name, ...params] = part.split(';').map((piece) => piece.trim())
      if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') return false
      const q = params.find((param) => param.startsWith('q='))
      return q === undefined || Number(q.slice(2)) > 0
    })
}

/**
 * Sends an answer whose gzip form the caller keeps (a cached page): compressed once, not on every send, by the rules
 * the plugin applies to the others (≥ 1 KiB, only when asked). Returns the payload for the handler to send.
 */
export function precompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  gzipped: () => Buffer,
): string | Buffer {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return body
  // The answer depends on Accept-Encoding whether or not this client asked for gzip: a cache must know.
  const vary = reply.getHeader('vary')
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
  if (!acceptsGzip(request)) return body
  // The plugin leaves an answer that already has a Content-Encoding as it is.
  reply.header('content-encoding', 'gzip')
  return gzipped()
}
