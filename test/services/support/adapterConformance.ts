// Cases every Taro.request implementation must pass through the adapter with axios's own semantics. Shared by the
// node suite (mini-program contract) and the jsdom suite (the real @tarojs/taro-h5 request over fetch).
import axios, { AxiosError, AxiosHeaders, isCancel, type AxiosInstance } from 'axios'
import { taroAdapter } from '../../../src/services/http/taroAdapter'
import { envelope, startTestServer, type TestServer } from '../../support/testServer'

export function describeAdapterConformance(): void {
  let server: TestServer
  let client: AxiosInstance

  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.reset()
    client = axios.create({
      adapter: taroAdapter,
      baseURL: server.url,
      // A deadline for a lost request, not a speed test: a local answer took over 2 s at load 12–17 under coverage.
      timeout: 10_000,
      withCredentials: true,
      paramsSerializer: { indexes: null },
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    })
  })

  it('builds the URL as axios does: base + path, existing query kept, arrays without indices', async () => {
    server.route('/api/echo', () => ({ json: envelope('ok') }))
    await client.get('/api/echo?x=1', { params: { ids: [1, 2], q: 'a b', skip: undefined, none: null } })
    expect(server.hits('/api/echo')[0].search).toBe('?x=1&ids=1&ids=2&q=a+b')
  })

  it('parses JSON with axios and normalises the response headers', async () => {
    server.route('/api/echo', () => ({ json: envelope({ n: 1 }), headers: { 'X-Trace-Id': 'abc' } }))
    const response = await client.get('/api/echo')
    expect(response.status).toBe(200)
    expect(response.data).toEqual(envelope({ n: 1 }))
    expect(response.headers['x-trace-id']).toBe('abc')
    expect(response.headers).toBeInstanceOf(AxiosHeaders)
    expect((response.headers as AxiosHeaders).get('X-Trace-Id')).toBe('abc')
    expect(response.config.url).toBe('/api/echo')
  })

  it('sends the body exactly as transformRequest made it, once encoded', async () => {
    server.route('/api/echo', () => ({ json: envelope(null) }))
    const payload = { a: 1, nested: { b: ['x', 'y'] }, text: '中文' }
    await client.post('/api/echo', payload)
    await client.post('/api/echo', JSON.stringify(payload))
    const [fromObject, fromString] = server.hits('/api/echo')
    expect(fromObject.bodyText).toBe(JSON.stringify(payload))
    expect(fromObject.body).toEqual(payload)
    expect(fromString.body).toEqual(payload)
    expect(fromObject.headers['content-type']).toMatch(/^application\/json/)
    expect(fromObject.headers['x-requested-with']).toBe('XMLHttpRequest')
    expect(fromObject.headers.accept).toBe('application/json')
  })

  it('sends no content type when there is no body', async () => {
    server.route('/api/echo', () => ({ json: envelope(null) }))
    await client.get('/api/echo')
    expect(server.hits('/api/echo')[0].headers['content-type']).toBeUndefined()
  })

  it('rejects a 4xx with ERR_BAD_REQUEST and a 5xx with ERR_BAD_RESPONSE, the response attached and parsed', async () => {
    server.route('/api/missing', () => ({ status: 404, json: { success: false, msg: 'nope' } }))
    server.route('/api/down', () => ({ status: 503, text: 'down' }))
    const notFound = await client.get('/api/missing').catch((error: AxiosError) => error)
    expect(notFound).toBeInstanceOf(AxiosError)
    expect((notFound as AxiosError).code).toBe(AxiosError.ERR_BAD_REQUEST)
    expect((notFound as AxiosError).message).toBe('Request failed with status code 404')
    expect((notFound as AxiosError).response?.status).toBe(404)
    expect((notFound as AxiosError).response?.data).toEqual({ success: false, msg: 'nope' })
    const down = await client.get('/api/down').catch((error: AxiosError) => error)
    expect((down as AxiosError).code).toBe(AxiosError.ERR_BAD_RESPONSE)
    expect((down as AxiosError).response?.data).toBe('down')
  })

  it('settles by validateStatus', async () => {
    server.route('/api/down', () => ({ status: 500, json: { success: false } }))
    const response = await client.get('/api/down', { validateStatus: () => true })
    expect(response.status).toBe(500)
  })

  it('reads text and arraybuffer responses as asked', async () => {
    server.route('/api/text', () => ({ text: '{"looks":"like json"}' }))
    server.route('/api/bytes', () => ({ text: 'AB' }))
    const text = await client.get('/api/text', { responseType: 'text' })
    expect(text.data).toBe('{"looks":"like json"}')
    const bytes = await client.get('/api/bytes', { responseType: 'arraybuffer' })
    expect(bytes.data).toBeInstanceOf(ArrayBuffer)
    expect(Array.from(new Uint8Array(bytes.data as ArrayBuffer))).toEqual([65, 66])
  })

  it('keeps a JSON body that does not parse as text (axios silentJSONParsing)', async () => {
    server.route('/api/broken', () => ({ text: '{not json', headers: { 'Content-Type': 'application/json' } }))
    const response = await client.get('/api/broken')
    expect(response.data).toBe('{not json')
  })

  it('times out with ECONNABORTED and axios message, ETIMEDOUT when clarified', async () => {
    server.route('/api/slow', () => ({ delayMs: 400, json: envelope(null) }))
    const plain = await client.get('/api/slow', { timeout: 50 }).catch((error: AxiosError) => error)
    expect((plain as AxiosError).code).toBe(AxiosError.ECONNABORTED)
    expect((plain as AxiosError).message).toBe('timeout of 50ms exceeded')
    expect((plain as AxiosError).response).toBeUndefined()
    const clarified = await client
      .get('/api/slow', { timeout: 50, transitional: { clarifyTimeoutError: true }, timeoutErrorMessage: 'too slow' })
      .catch((error: AxiosError) => error)
    expect((clarified as AxiosError).code).toBe(AxiosError.ETIMEDOUT)
    expect((clarified as AxiosError).message).toBe('too slow')
  })

  it('cancels through AbortSignal with ERR_CANCELED and aborts the request task', async () => {
    server.route('/api/slow', () => ({ delayMs: 300, json: envelope(null) }))
    const controller = new AbortController()
    const pending = client.get('/api/slow', { signal: controller.signal }).catch((error: AxiosError) => error)
    await waitFor(() => server.hits('/api/slow').length === 1)
    controller.abort()
    const error = (await pending) as AxiosError
    expect(isCancel(error)).toBe(true)
    expect(error.code).toBe(AxiosError.ERR_CANCELED)
    await waitFor(() => server.clientAborts() === 1)
  })

  it('does not send a request whose signal is already aborted', async () => {
    server.route('/api/echo', () => ({ json: envelope(null) }))
    const controller = new AbortController()
    controller.abort()
    const error = await client.get('/api/echo', { signal: controller.signal }).catch((e: AxiosError) => e)
    expect((error as AxiosError).code).toBe(AxiosError.ERR_CANCELED)
    expect(server.hits('/api/echo')).toHaveLength(0)
  })

  it('cancels through a CancelToken with its message', async () => {
    server.route('/api/slow', () => ({ delayMs: 300, json: envelope(null) }))
    const source = axios.CancelToken.source()
    const pending = client.get('/api/slow', { cancelToken: source.token }).catch((error: AxiosError) => error)
    await waitFor(() => server.hits('/api/slow').length === 1)
    source.cancel('user left')
    const error = (await pending) as AxiosError
    expect(isCancel(error)).toBe(true)
    expect(error.message).toBe('user left')
  })

  it('reports a connection closed without an answer as ERR_NETWORK, with the request attached', async () => {
    server.route('/api/hangup', () => ({ hangUp: true }))
    const error = (await client.get('/api/hangup').catch((e: AxiosError) => e)) as AxiosError
    expect(error.code).toBe(AxiosError.ERR_NETWORK)
    expect(error.message).toBe('Network Error')
    expect(error.request).toBeDefined()
    expect(error.response).toBeUndefined()
  })

  it('reports a refused connection as ERR_NETWORK', async () => {
    const closed = await startTestServer()
    const url = closed.url
    await closed.close()
    const error = (await client.get(`${url}/api/echo`).catch((e: AxiosError) => e)) as AxiosError
    expect(error.code).toBe(AxiosError.ERR_NETWORK)
  })
}

export async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
