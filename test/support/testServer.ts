// The one fake API for the app's tests: a real local HTTP server, every request recorded, every answer chosen by the
// test. The request-layer suites (test/services) and the page suites (test/pages, test/subpackages) both use it,
// through test/services/support/harness.ts, which points the app's http client at it. CORS echoes whatever headers the
// page asks for (jsdom's origin is http://localhost), so new request headers of the http layer need no change here.
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface Received {
  method: string
  path: string
  query: URLSearchParams
  /** Raw query string, to check serialisation exactly. */
  search: string
  headers: http.IncomingHttpHeaders
  bodyText: string
  body: unknown
}

export interface Reply {
  status?: number
  /** Sent as JSON. */
  json?: unknown
  /** Sent as is. */
  text?: string
  headers?: Record<string, string>
  delayMs?: number
  /** Close the connection without an answer. */
  hangUp?: boolean
}

export type Handler = (request: Received) => Reply | Promise<Reply>

export interface TestServer {
  url: string
  received: Received[]
  /** Requests to one path (case-sensitive). */
  hits: (path: string) => Received[]
  /** Connections the client closed before the answer. */
  clientAborts: () => number
  /** Requests received and not yet answered (a handler still deciding, a delay still running). */
  inFlight: () => number
  route: (path: string, handler: Handler) => void
  reset: () => void
  close: () => Promise<void>
}

export const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({
  success: true,
  data,
  error: null,
  msg: null,
  showType: null,
  ...extra,
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startTestServer(): Promise<TestServer> {
  let routes = new Map<string, Handler>()
  const received: Received[] = []
  let aborted = 0
  let answering = 0
  const sockets = new Set<Socket>()

  const server = http.createServer((req, res) => {
    // CORS for the jsdom (H5) suite, whose page origin is http://localhost.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*')
    res.setHeader('Access-Control-Allow-Credentials', 'true')
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? 'Accept, Content-Type, X-Requested-With, Authorization',
    )
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
    res.setHeader('Access-Control-Expose-Headers', 'X-Trace-Id, Content-Type')
    if (req.method === 'OPTIONS') {
      res.statusCode = 204
      res.end()
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://test')
      const bodyText = Buffer.concat(chunks).toString('utf8')
      let body: unknown = bodyText
      try {
        body = bodyText ? JSON.parse(bodyText) : undefined
      } catch {
        // Not JSON: keep the text.
      }
      const request: Received = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        search: url.search,
        headers: req.headers,
        bodyText,
        body,
      }
      received.push(request)
      const handler = routes.get(url.pathname)
      answering++
      let reply: Reply
      try {
        reply = handler ? await handler(request) : { status: 404, json: { success: false, msg: null } }
        if (reply.delayMs) await sleep(reply.delayMs)
      } finally {
        answering--
      }
      if (res.destroyed || req.socket.destroyed) return
      if (reply.hangUp) {
        req.socket.destroy()
        return
      }
      res.statusCode = reply.status ?? 200
      for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value)
      if (reply.text !== undefined) {
        res.end(reply.text)
      } else if (reply.json !== undefined) {
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.end(JSON.stringify(reply.json))
      } else {
        res.end()
      }
    })
    res.on('close', () => {
      if (!res.writableFinished) aborted++
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    hits: (path) => received.filter((request) => request.path === path),
    clientAborts: () => aborted,
    inFlight: () => answering,
    route: (path, handler) => {
      routes.set(path, handler)
    },
    reset: () => {
      routes = new Map()
      received.length = 0
      aborted = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

export function ok(data: unknown): Reply {
  return { json: envelope(data) }
}

/** A business refusal as the API sends it (SPEC §8): HTTP 200, success false, the server's own message. */
export function refusal(msg: string, error = 'BAD_REQUEST', showType = 2): Reply {
  return { json: { success: false, data: null, error, msg, showType } }
}

/** The JSON body of the only request to `path`. */
export function bodyOf(server: TestServer, path: string): Record<string, unknown> {
  const hits = server.hits(path)
  if (hits.length !== 1) throw new Error(`expected one request to ${path}, got ${hits.length}`)
  return hits[0].body as Record<string, unknown>
}

/** An unsigned JWT with the given claims (the app only reads the middle part). */
export function makeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.signature`
}
