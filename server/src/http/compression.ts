import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

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
