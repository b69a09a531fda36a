// A real local HTTP server for the request-layer tests: every request is recorded, every answer is chosen by the test.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

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
  const sockets = new Set<import('node:net').Socket>()

  const server = http.createServer((req, res) => {
    // CORS for the jsdom (H5) suite, whose page origin is http://localhost.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*')
    res.setHeader('Access-Control-Allow-Credentials', 'true')
    res.setHeader('Access-Control-Allow-Headers', 'Accept, Content-Type, X-Requested-With, Authorization')
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
      const reply: Reply = handler ? await handler(request) : { status: 404, json: { success: false, msg: null } }
      if (reply.delayMs) await sleep(reply.delayMs)
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

/** An unsigned JWT with the given claims (the app only reads the middle part). */
export function makeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.signature`
}
