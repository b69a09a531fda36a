import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http'
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { testTls } from './testTls'

/** Longer than any test: close() ends the idle connections (node ≥ 19 closes them with the server). */
const IDLE_CONNECTION_MS = 10 * 60_000

/** How a fake is served: plain http (the default, for the adapters' own tests) or https. */
export interface FakeServerOptions {
  /** https with a certificate of the test authority (support/testTls.ts), as production calls every vendor. */
  tls?: boolean
}

function serverTls() {
  const { key, cert } = testTls()
  return { key, cert }
}

/** A fake provider's HTTP server, over TLS when asked. */
export function createFakeServer(options: FakeServerOptions, listener: RequestListener): Server {
  const server = options.tls ? createHttpsServer(serverTls(), listener) : createHttpServer(listener)
  // An idle connection is closed by the client, never by the fake: on a loaded machine the event loop can stall past
  // node's 5 s, and the fake then closes a socket the client has just written to (ECONNRESET, a flaky test).
  server.keepAliveTimeout = IDLE_CONNECTION_MS
  return server
}

/** Listens on a free port of 127.0.0.1; the origin to call it at (https:// when it serves TLS). */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const scheme = server instanceof HttpsServer ? 'https' : 'http'
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`
}
