// The app's real request layer against a local HTTP server: tests choose every answer and read every request.
import { http } from '../../../src/services/http/instance'
import { envelope, startTestServer, type Received, type Reply, type TestServer } from '../../services/support/testServer'

export { envelope, type Received, type TestServer }

/** A business refusal as the API sends it (SPEC §8): HTTP 200, success false, the server's own message. */
export function refusal(msg: string, error = 'BAD_REQUEST', showType = 2): Reply {
  return { json: { success: false, data: null, error, msg, showType } }
}

export function ok(data: unknown): Reply {
  return { json: envelope(data) }
}

export async function startApiServer(): Promise<TestServer> {
  const server = await startTestServer()
  http.defaults.baseURL = server.url
  return server
}

/** The JSON body of the only request to `path`. */
export function bodyOf(server: TestServer, path: string): Record<string, unknown> {
  const hits = server.hits(path)
  if (hits.length !== 1) throw new Error(`expected one request to ${path}, got ${hits.length}`)
  return hits[0].body as Record<string, unknown>
}
