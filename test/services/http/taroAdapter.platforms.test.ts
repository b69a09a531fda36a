/** @jest-environment node */
// Platform answers no local server can produce: Taro.request is scripted here, the adapter is the real one.
import axios, { AxiosError } from 'axios'
import Taro from '@tarojs/taro'
import { taroAdapter } from '../../../src/services/http/taroAdapter'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { request: jest.fn() } }))

const request = Taro.request as unknown as jest.Mock
const client = axios.create({ adapter: taroAdapter, baseURL: 'https://api.example', timeout: 1000 })

function answerWith(callback: 'success' | 'fail', result: unknown): void {
  request.mockImplementationOnce((options: Record<string, (value: unknown) => void>) => {
    setTimeout(() => options[callback](result))
    return Object.assign(Promise.resolve(), { abort: jest.fn() })
  })
}

describe('taroAdapter on platform quirks', () => {
  it('reads Alipay’s failed non-2xx answer (error 19, status + headers) as the server’s response', async () => {
    answerWith('fail', {
      error: 19,
      errorMessage: 'http status error',
      status: 401,
      headers: { 'Content-Type': 'application/json' },
      data: '{"success":false,"msg":"未登录"}',
    })
    const error = (await client.get('/api/User/GetUserInfo').catch((e: AxiosError) => e)) as AxiosError
    expect(error.code).toBe(AxiosError.ERR_BAD_REQUEST)
    expect(error.response?.status).toBe(401)
    expect(error.response?.data).toEqual({ success: false, msg: '未登录' })
    expect(error.response?.headers['content-type']).toBe('application/json')
  })

  it('reads Alipay’s `headers` on success', async () => {
    answerWith('success', { statusCode: 200, headers: { 'X-Trace-Id': 'a1' }, data: '{"ok":1}' })
    const response = await client.get('/api/echo')
    expect(response.data).toEqual({ ok: 1 })
    expect(response.headers['x-trace-id']).toBe('a1')
  })

  it('maps a platform timeout failure to axios’s timeout error', async () => {
    answerWith('fail', { errMsg: 'request:fail timeout' })
    const error = (await client.get('/api/echo').catch((e: AxiosError) => e)) as AxiosError
    expect(error.code).toBe(AxiosError.ECONNABORTED)
    expect(error.message).toBe('timeout of 1000ms exceeded')
  })

  it('reports a request the platform refuses to start as a request-building failure, with no request', async () => {
    request.mockImplementationOnce(() => {
      throw new Error('url not in domain list')
    })
    const error = (await client.get('/api/echo').catch((e: AxiosError) => e)) as AxiosError
    expect(error.code).toBe(AxiosError.ERR_BAD_REQUEST)
    expect(error.message).toBe('url not in domain list')
    expect(error.request).toBeUndefined()
  })

  it('hands Taro the URL axios built, the method, the encoded body and text parsing', async () => {
    answerWith('success', { statusCode: 200, header: {}, data: '{}' })
    await client.post('/api/x', { a: [1] }, { params: { q: 1 }, withCredentials: true })
    expect(request).toHaveBeenLastCalledWith(
      expect.objectContaining({
        url: 'https://api.example/api/x?q=1',
        method: 'POST',
        data: '{"a":[1]}',
        dataType: 'text',
        responseType: 'text',
        credentials: 'include',
        timeout: 2000,
      }),
    )
  })
})
