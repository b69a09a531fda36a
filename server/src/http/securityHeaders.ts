import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

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
 * helmet's headers for `options`, worked out once: with no per-request directive (no nonce, no function) helmet sets
 * the same headers on every response, and building its middleware per request (as @fastify/helmet does) was a tenth
 * of the server's CPU on a cached order page (issue 21).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value
    },
    removeHeader() {},
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

/**
 * Security headers on every response (helmet's): a CSP for the H5 app (scripts from our origin and the
 * index's own inline scripts by hash; Taro's H5 components add <style> elements, so inline styles are allowed; no
 * framing), `nosniff`, `Referrer-Policy`, COOP/CORP. HSTS only on requests that arrived over TLS (directly or,
 * with `trustProxy`, through the proxy): over plain HTTP a browser ignores it and it would say nothing true.
 * `upgrade-insecure-requests` is left out: `npm start` serves plain HTTP on a LAN address. Set as the request
 * arrives, so an answer may replace one (Swagger UI sends its own CSP); a CORS preflight answered before is left bare.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  scriptHashes: readonly string[],
  storageOrigins: readonly string[] = [],
): void {
  const headers = helmetHeaders({
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
    strictTransportSecurity: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  const overTls = { ...headers, 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? overTls : headers)
    done()
  })
}
