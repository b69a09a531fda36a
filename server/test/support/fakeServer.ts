import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http'
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { testTls } from './testTls'

/** How a fake is served: plain http (the default, for the adapters' own tests) or https. */
export interface FakeServerOptions {
  /** https with a certificate of the test authority (support/testTls.ts), as production calls every vendor. */
  tls?: boolean
}

/** A fake provider's HTTP server, over TLS when asked. */
export function createFakeServer(options: FakeServerOptions, listener: RequestListener): Server {
  if (!options.tls) return createHttpServer(listener)
  const { key, cert } = testTls()
  return createHttpsServer({ key, cert }, listener)
}

/** Listens on a free port of 127.0.0.1; the origin to call it at (https:// when it serves TLS). */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const scheme = server instanceof HttpsServer ? 'https' : 'http'
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`
}
