import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * `'sha256-…'` for each inline `<script>` of the H5 build's index.html (the staged boot and Taro's set-up): the CSP
 * allows exactly those, so an injected inline script does not run. Empty when there is no H5 build.
 */
export function inlineScriptHashes(h5Root: string | null): string[] {
  if (!h5Root) return []
  const html = readFileSync(join(h5Root, 'index.html'), 'utf8')
  return Array.from(html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g), ([, body]) => {
    return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`
  })
}

/**
 * Security headers on every response (@fastify/helmet): a CSP for the H5 app (scripts from our origin and the
 * index's own inline scripts by hash; Taro's H5 components add <style> elements, so inline styles are allowed; no
 * framing), `nosniff`, `Referrer-Policy`, COOP/CORP. HSTS only on requests that arrived over TLS (directly or,
 * with `trustProxy`, through the proxy): over plain HTTP a browser ignores it and it would say nothing true.
 * `upgrade-insecure-requests` is left out: `npm start` serves plain HTTP on a LAN address.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  scriptHashes: readonly string[],
  storageOrigins: readonly string[] = [],
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The real bucket (STORAGE_PROVIDER=aliyun) is another origin: the console posts refund vouchers to it and
        // shows them from it.
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storageOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
  })
}
