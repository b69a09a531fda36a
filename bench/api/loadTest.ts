import autocannon, { type AutocannonRequest } from 'autocannon'

export interface LoadOptions {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Builds each request's body (e.g. a fresh idempotency key per request). */
  nextBody?: () => string
  /** Requests per second over all connections; unlimited when omitted. */
  overallRate?: number
  durationS: number
  connections?: number
}

export interface LoadFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Responses with HTTP 2xx and `"success":true` in the body. */
  succeeded: number
  /** Connection errors, timeouts, non-2xx answers and answers that were not a success envelope. */
  failed: number
}

/**
 * One autocannon run; every answer is checked for the success envelope (a 200 can carry a business error), except
 * when the request asks for gzip: autocannon hands over the compressed bytes, so only the status is checked.
 */
export async function loadTest(options: LoadOptions): Promise<LoadFigures> {
  const { nextBody } = options
  const compressed = /gzip/.test(options.headers?.['accept-encoding'] ?? '')
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(options.body || nextBody ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body,
    requests: nextBody
      ? [{ setupRequest: (request: AutocannonRequest) => ({ ...request, body: nextBody() }) }]
      : undefined,
    overallRate: options.overallRate,
    duration: options.durationS,
    connections: options.connections ?? 10,
    verifyBody: compressed ? undefined : (body: string) => body.includes('"success":true'),
  })
  // verifyBody sees every answer, so a non-2xx one (its body a failure envelope) is a mismatch too.
  const unsuccessful = Math.max(result.mismatches, result.non2xx)
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    succeeded: result['2xx'] + result.non2xx - unsuccessful,
    failed: result.errors + unsuccessful,
  }
}
