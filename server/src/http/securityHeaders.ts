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
 * What an API answer carries (OWASP's REST Security cheat sheet): JSON, never a document, so no policy for scripts,
 * styles or referrers to apply — a CSP that allows nothing and forbids framing, `nosniff` so no browser reads the JSON
 * as anything else, `X-Frame-Options: DENY` for browsers without `frame-ancestors`, CORP so another site cannot load
 * it as a subresource. 166 bytes where a document's are ~900 (with the H5 build's hashes): every call of the
 * mini-programs pays them, and a cached order page's gzip is ~500 (issue 21).
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-site',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
}

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }

/** Paths that answer programs (the API and the health checks), not browsers' documents; Swagger UI is a document. */
export function answersPrograms(url: string): boolean {
  if (url.startsWith('/api/')) return !url.startsWith('/api/docs')
  return url === '/healthz' || url === '/readyz' || url.startsWith('/healthz?') || url.startsWith('/readyz?')
}

/**
 * Security headers on every response, set as the request arrives, so an answer may replace one (Swagger UI sends its
 * own CSP); a CORS preflight answered before is left bare. Documents (the H5 app, the console, Swagger UI, the files)
 * get helmet's: a CSP for the H5 app (scripts from our origin and the index's own inline scripts by hash; Taro's H5
 * components add <style> elements, so inline styles are allowed; no framing), `nosniff`, `Referrer-Policy`, COOP/CORP.
 * API answers get API_HEADERS. HSTS only on requests that arrived over TLS (directly or, with `trustProxy`, through
 * the proxy): over plain HTTP a browser ignores it and it would say nothing true. `upgrade-insecure-requests` is left
 * out: `npm start` serves plain HTTP on a LAN address.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  scriptHashes: readonly string[],
  storageOrigins: readonly string[] = [],
): void {
  const documentHeaders = helmetHeaders({
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
  const documentOverTls = { ...documentHeaders, ...HSTS }
  const apiOverTls = { ...API_HEADERS, ...HSTS }
  app.addHook('onRequest', (request, reply, done) => {
    const tls = request.protocol === 'https'
    if (answersPrograms(request.url)) reply.headers(tls ? apiOverTls : API_HEADERS)
    else reply.headers(tls ? documentOverTls : documentHeaders)
    done()
  })
}
