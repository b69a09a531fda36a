// A local API for page tests: the app's real request layer talks HTTP to it; tests choose every answer and read every
// request. CORS echoes whatever headers the page asks for (jsdom's origin is http://localhost), so new request headers
// of the http layer (e.g. the recharge user id) need no change here.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { http } from '../../../src/services/http/instance'

export interface Received {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: unknown
}

export interface Reply {
  status?: number
  json?: unknown
  delayMs?: number
  /** Close the connection without an answer. */
  hangUp?: boolean
}

export interface TestServer {
  url: string
  received: Received[]
  hits: (path: string) => Received[]
  route: (path: string, handler: (request: Received) => Reply) => void
  reset: () => void
  close: () => Promise<void>
}

export function envelope(data: unknown) {
  return { success: true, data, error: null, msg: null, showType: null }
}

export function ok(data: unknown): Reply {
  return { json: envelope(data) }
}

/** A business refusal as the API sends it (SPEC §8): HTTP 200, success false, the server's own message. */
export function refusal(msg: string, error = 'BAD_REQUEST', showType = 2): Reply {
  return { json: { success: false, data: null, error, msg, showType } }
}

/** Starts the server and points the app's http client at it. */
export async function startApiServer(): Promise<TestServer> {
  let routes = new Map<string, (request: Received) => Reply>()
  const received: Received[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*')
    res.setHeader('Access-Control-Allow-Credentials', 'true')
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE')
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*')
    if (req.method === 'OPTIONS') {
      res.statusCode = 204
      res.end()
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://test')
      const text = Buffer.concat(chunks).toString('utf8')
      const request: Received = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      }
      received.push(request)
      const handler = routes.get(url.pathname)
      const reply = handler ? handler(request) : { status: 404, json: { success: false, msg: null } }
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
      if (reply.hangUp) {
        req.socket.destroy()
        return
      }
      res.statusCode = reply.status ?? 200
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      res.end(JSON.stringify(reply.json ?? null))
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  http.defaults.baseURL = url
  return {
    url,
    received,
    hits: (path) => received.filter((request) => request.path === path),
    route: (path, handler) => void routes.set(path, handler),
    reset: () => {
      routes = new Map()
      received.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** The JSON body of the only request to `path`. */
export function bodyOf(server: TestServer, path: string): Record<string, unknown> {
  const hits = server.hits(path)
  if (hits.length !== 1) throw new Error(`expected one request to ${path}, got ${hits.length}`)
  return hits[0].body as Record<string, unknown>
}
