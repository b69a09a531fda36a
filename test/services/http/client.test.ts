/** @jest-environment node */
// The assembled client against a real local server: request shape, channel, auth, loading, SPEC §8 errors, results.
import { AxiosError, isCancel, type AxiosResponse } from 'axios'
import { ShowType } from '@domain/showType'
import { BizError } from '../../../src/services/http/bizError'
import { request, requestResponse } from '../../../src/services/http/client'
import { http } from '../../../src/services/http/instance'
import { HTTP_STATUS_MESSAGES } from '../../../src/services/http/errorMessages'
import { activeLoadingCounts } from '../../../src/services/http/interceptors/loading'
import { useChannelStore } from '../../../src/stores/channel'
import { useLifePayStore } from '../../../src/stores/lifePay'
import { useSessionStore } from '../../../src/stores/session'
import { waitFor } from '../support/adapterConformance'
import { countLogouts, logIn, withTestServer } from '../support/harness'
import { envelope } from '../../support/testServer'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: jest.requireActual('../support/taroNode').default }))

const { server, ui } = withTestServer()

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('request shape', () => {
  it('sends the SPEC headers and keeps params: arrays without indices, the URL query, and the channel', async () => {
    useChannelStore.getState().setChannelId('ch9')
    server().route('/api/LifePay/GetRate', () => ({ json: envelope([]) }))
    await request({ method: 'GET', url: '/api/LifePay/GetRate?x=1', params: { ids: [3, 4], keyword: '电 费' } })
    const [received] = server().hits('/api/LifePay/GetRate')
    expect(received.search).toBe('?x=1&channelId=ch9&ids=3&ids=4&keyword=%E7%94%B5+%E8%B4%B9')
    expect(received.headers.accept).toBe('application/json')
    expect(received.headers['x-requested-with']).toBe('XMLHttpRequest')
  })

  it('adds the channel id to the query and the JSON body of every request; the caller’s own value wins', async () => {
    useChannelStore.getState().setChannelId('ch9')
    server().route('/api/echo', () => ({ json: envelope(null) }))
    await request({ method: 'POST', url: '/api/echo', data: { orderNo: 'A1' } })
    await request({ method: 'POST', url: '/api/echo' })
    await request({ method: 'POST', url: '/api/echo', data: { channelId: 'mine' }, params: { channelId: 'mine' } })
    await request({ method: 'GET', url: '/api/echo' })
    const [withData, withoutData, own, get] = server().hits('/api/echo')
    expect(withData.body).toEqual({ channelId: 'ch9', orderNo: 'A1' })
    expect(withData.query.get('channelId')).toBe('ch9')
    expect(withData.headers['content-type']).toMatch(/^application\/json/)
    expect(withoutData.body).toEqual({ channelId: 'ch9' })
    expect(own.body).toEqual({ channelId: 'mine' })
    expect(own.query.getAll('channelId')).toEqual(['mine'])
    expect(get.query.get('channelId')).toBe('ch9')
    expect(get.bodyText).toBe('')
  })

  it('identifies the recharge account on LifePay calls only (the virtual login has no token)', async () => {
    useLifePayStore.getState().login('u-3f9c2a', '13800138000')
    server().route('/api/LifePay/GetUserAccountAllList', () => ({ json: envelope([]) }))
    server().route('/api/User/GetUserInfo', () => ({ json: envelope(null) }))
    await request({ method: 'POST', url: '/api/LifePay/GetUserAccountAllList' })
    await request({ method: 'GET', url: '/api/User/GetUserInfo' })
    expect(server().hits('/api/LifePay/GetUserAccountAllList')[0].headers['x-lifepay-user-id']).toBe('u-3f9c2a')
    expect(server().hits('/api/User/GetUserInfo')[0].headers['x-lifepay-user-id']).toBeUndefined()
    useLifePayStore.getState().logout()
    await request({ method: 'POST', url: '/api/LifePay/GetUserAccountAllList' })
    expect(server().hits('/api/LifePay/GetUserAccountAllList')[1].headers['x-lifepay-user-id']).toBeUndefined()
  })

  it('sends an empty JSON object, and no channel, when no channel is set', async () => {
    server().route('/api/echo', () => ({ json: envelope(null) }))
    await request({ method: 'POST', url: '/api/echo' })
    const [received] = server().hits('/api/echo')
    expect(received.bodyText).toBe('{}')
    expect(received.query.has('channelId')).toBe(false)
  })

  it('attaches the bearer token only when the request allows credentials and a user and token exist', async () => {
    server().route('/api/echo', () => ({ json: envelope(null) }))
    await request({ method: 'GET', url: '/api/echo' })
    const token = logIn('t1')
    await request({ method: 'GET', url: '/api/echo' })
    await request({ method: 'GET', url: '/api/echo', withCredentials: false })
    useSessionStore.setState({ userInfo: null })
    await request({ method: 'GET', url: '/api/echo' })
    const [anonymous, loggedIn, noCredentials, noUser] = server().hits('/api/echo')
    expect(anonymous.headers.authorization).toBeUndefined()
    expect(loggedIn.headers.authorization).toBe(`Bearer ${token}`)
    expect(noCredentials.headers.authorization).toBeUndefined()
    expect(noUser.headers.authorization).toBeUndefined()
  })
})

describe('results', () => {
  it('resolves with the envelope’s data; getResponse resolves with the whole axios response', async () => {
    server().route('/api/User/GetUserInfo', () => ({
      json: envelope({ userId: 'u1' }),
      headers: { 'X-Trace-Id': 't' },
    }))
    await expect(request({ method: 'GET', url: '/api/User/GetUserInfo' })).resolves.toEqual({ userId: 'u1' })
    const response = await requestResponse<{ userId: string }>({ method: 'GET', url: '/api/User/GetUserInfo' })
    expect(response.status).toBe(200)
    expect(response.headers['x-trace-id']).toBe('t')
    expect(response.data).toEqual(envelope({ userId: 'u1' }))
    const direct = (await http.get('/api/User/GetUserInfo', { getResponse: true })) as AxiosResponse
    expect(direct.data.data).toEqual({ userId: 'u1' })
  })

  it('treats an envelope without success:false as a success', async () => {
    server().route('/api/echo', () => ({ json: { data: 5, success: null } }))
    await expect(request({ method: 'GET', url: '/api/echo' })).resolves.toBe(5)
    expect(ui().toasts).toEqual([])
  })
})

describe('sensitive words', () => {
  beforeEach(() => {
    server().route('/static/sensitive-words.txt', () => ({ text: 'bad|Evil\n坏词' }))
  })

  it('masks every character of each word, case-insensitive, in nested results, keys untouched', async () => {
    server().route('/api/echo', () => ({
      json: envelope({ bad: 'a BAD day', list: [{ note: 'evil and 坏词' }, 'fine'], count: 2, nothing: null }),
    }))
    await expect(request({ method: 'GET', url: '/api/echo' })).resolves.toEqual({
      bad: 'a *** day',
      list: [{ note: '**** and **' }, 'fine'],
      count: 2,
      nothing: null,
    })
  })

  it('fetches the list once, with a timestamp, without token, indicator or toast', async () => {
    logIn('t1')
    server().route('/api/echo', () => ({ json: envelope('bad') }))
    // The callers switch their own indicator off: any indicator shown would be the list's.
    await Promise.all([1, 2, 3].map(() => request({ method: 'GET', url: '/api/echo', showLoading: false })))
    await request({ method: 'GET', url: '/api/echo', showLoading: false })
    const fetches = server().hits('/static/sensitive-words.txt')
    expect(fetches).toHaveLength(1)
    expect(Number(fetches[0].query.get('t'))).toBeGreaterThan(Date.now() - 60_000)
    expect(fetches[0].headers.authorization).toBeUndefined()
    expect(ui().showLoading).not.toHaveBeenCalled()
    expect(ui().toasts).toEqual([])
  })

  it('leaves the whole response unfiltered with getResponse', async () => {
    server().route('/api/echo', () => ({ json: envelope('bad') }))
    const response = await requestResponse<string>({ method: 'GET', url: '/api/echo' })
    expect(response.data.data).toBe('bad')
  })

  it('filters nothing when the list cannot be fetched, and fetches it again on a later request', async () => {
    let available = false
    server().route('/static/sensitive-words.txt', () => (available ? { text: 'bad' } : { status: 500, text: '' }))
    server().route('/api/echo', () => ({ json: envelope('bad') }))
    await expect(request({ method: 'GET', url: '/api/echo' })).resolves.toBe('bad')
    expect(ui().toasts).toEqual([])
    available = true
    await expect(request({ method: 'GET', url: '/api/echo' })).resolves.toBe('***')
    expect(server().hits('/static/sensitive-words.txt')).toHaveLength(2)
  })
})

describe('loading indicator', () => {
  it('shows one indicator for overlapping requests and hides it when the last one ends, also on error', async () => {
    server().route('/api/a', () => ({ delayMs: 30, json: envelope(1) }))
    server().route('/api/b', () => ({ delayMs: 60, status: 500, json: { success: false } }))
    server().route('/api/c', () => ({ delayMs: 90, json: envelope(3) }))
    const calls = ['/api/a', '/api/b', '/api/c'].map((url) => request({ method: 'GET', url }).catch(() => 'failed'))
    await waitFor(() => server().received.filter((r) => r.path.startsWith('/api/')).length === 3)
    expect(ui().showLoading).toHaveBeenCalledTimes(1)
    await calls[0]
    await calls[1]
    expect(ui().hideLoading).not.toHaveBeenCalled()
    await calls[2]
    expect(ui().hideLoading).toHaveBeenCalledTimes(1)
    expect(activeLoadingCounts()).toEqual({ loading: 0, navigationBar: 0 })
  })

  it('shows nothing with showLoading:false; counts the navigation bar indicator on its own', async () => {
    server().route('/api/a', () => ({ delayMs: 20, json: envelope(1) }))
    await request({ method: 'GET', url: '/api/a', showLoading: false })
    expect(ui().showLoading).not.toHaveBeenCalled()
    await Promise.all([
      request({ method: 'GET', url: '/api/a', showLoading: false, showNavigationBarLoading: true }),
      request({ method: 'GET', url: '/api/a', showLoading: false, showNavigationBarLoading: true }),
    ])
    expect(ui().showLoading).not.toHaveBeenCalled()
    expect(ui().showNavigationBarLoading).toHaveBeenCalledTimes(1)
    expect(ui().hideNavigationBarLoading).toHaveBeenCalledTimes(1)
  })

  it('hides when the request fails before it is sent, and when it is canceled', async () => {
    server().route('/api/slow', () => ({ delayMs: 300, json: envelope(1) }))
    await failure(request({ method: 'POST', url: '/api/a', data: { big: BigInt(1) } }))
    expect(ui().hideLoading).toHaveBeenCalledTimes(1)
    const controller = new AbortController()
    const pending = failure(request({ method: 'GET', url: '/api/slow', signal: controller.signal }))
    await waitFor(() => server().hits('/api/slow').length === 1)
    controller.abort()
    await pending
    expect(ui().hideLoading).toHaveBeenCalledTimes(2)
    expect(activeLoadingCounts()).toEqual({ loading: 0, navigationBar: 0 })
  })
})

describe('business errors (SPEC §8, envelope success:false)', () => {
  const cases: [ShowType | number | null, { type: string; text: string }[]][] = [
    [ShowType.Silent, []],
    [ShowType.Warn, [{ type: 'warning', text: '余额不足' }]],
    [ShowType.Error, [{ type: 'error', text: '余额不足' }]],
    [ShowType.Notification, [{ type: 'error', text: '余额不足' }]],
    [ShowType.Redirect, []],
    [7, [{ type: 'error', text: '余额不足' }]],
    [null, [{ type: 'error', text: '余额不足' }]],
  ]

  it.each(cases)('showType %p → %j, rejecting with a BizError', async (showType, toasts) => {
    server().route('/api/echo', () => ({
      json: { success: false, data: { left: 1 }, error: 'BALANCE_LOW', msg: '余额不足', showType },
    }))
    const error = await failure(request({ method: 'POST', url: '/api/echo' }))
    expect(error).toBeInstanceOf(BizError)
    expect(error).toMatchObject({ code: 'BALANCE_LOW', msg: '余额不足', showType, data: { left: 1 } })
    expect(ui().toasts).toEqual(toasts)
  })
})

describe('HTTP errors (SPEC §8 status table)', () => {
  const statuses = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505]

  it.each(statuses)('status %i shows its default text when the server sends none', async (status) => {
    server().route('/api/echo', () => ({ status, text: '' }))
    const error = await failure(request({ method: 'GET', url: '/api/echo' }))
    expect((error as AxiosError).response?.status).toBe(status)
    expect(ui().toasts).toEqual([{ type: 'error', text: HTTP_STATUS_MESSAGES[status] }])
  })

  it('has the SPEC texts', () => {
    expect(HTTP_STATUS_MESSAGES).toEqual({
      400: '请求错误',
      401: '未授权，请登录',
      403: '拒绝访问',
      404: '请求地址出错',
      408: '请求超时',
      500: '服务器内部错误',
      501: '服务未实现',
      502: '网关错误',
      503: '服务不可用',
      504: '网关超时',
      505: 'HTTP版本不受支持',
    })
  })

  it('shows 请求错误 for a status the table does not list', async () => {
    server().route('/api/echo', () => ({ status: 418, text: '' }))
    await failure(request({ method: 'GET', url: '/api/echo' }))
    expect(ui().toasts).toEqual([{ type: 'error', text: '请求错误' }])
  })

  it('prefers the server’s error.message, then the envelope msg', async () => {
    server().route('/api/a', () => ({ status: 500, json: { error: { message: '数据库维护中' } } }))
    server().route('/api/b', () => ({
      status: 403,
      json: { success: false, error: 'FORBIDDEN', msg: '无权查看该订单' },
    }))
    await failure(request({ method: 'GET', url: '/api/a' }))
    await failure(request({ method: 'GET', url: '/api/b' }))
    expect(ui().toasts).toEqual([
      { type: 'error', text: '数据库维护中' },
      { type: 'error', text: '无权查看该订单' },
    ])
  })

  it('logs out and asks for the login page on a 401, without retrying', async () => {
    logIn('t1')
    const logouts = countLogouts()
    server().route('/api/User/GetUserInfo', () => ({ status: 401, json: { success: false, msg: null } }))
    await failure(request({ method: 'GET', url: '/api/User/GetUserInfo' }))
    expect(logouts()).toBe(1)
    expect(useSessionStore.getState().token).toBe('')
    expect(ui().redirectToLogin).toHaveBeenCalledTimes(1)
    expect(ui().toasts).toEqual([{ type: 'error', text: '未授权，请登录' }])
    expect(server().hits('/api/User/GetUserInfo')).toHaveLength(1)
  })

  it('forgets a virtual login the server no longer accepts (expired or revoked) on a 401', async () => {
    useSessionStore.getState().virtualLogin('u-revoked', '13800138000')
    server().route('/api/LifePay/GetUserAccountAllList', () => ({ status: 401, json: { success: false, msg: null } }))
    await failure(request({ method: 'POST', url: '/api/LifePay/GetUserAccountAllList' }))
    expect(useLifePayStore.getState().userId).toBe('')
    expect(useSessionStore.getState().virtualUserId).toBe('')
    expect(ui().redirectToLogin).toHaveBeenCalledTimes(1)
  })

  it('shows 服务器无响应，请重试 when nothing comes back: a dropped connection or a timeout', async () => {
    server().route('/api/hangup', () => ({ hangUp: true }))
    server().route('/api/slow', () => ({ delayMs: 300, json: envelope(null) }))
    const dropped = await failure(request({ method: 'GET', url: '/api/hangup' }))
    const late = await failure(request({ method: 'GET', url: '/api/slow', timeout: 50 }))
    expect((dropped as AxiosError).code).toBe(AxiosError.ERR_NETWORK)
    expect((late as AxiosError).code).toBe(AxiosError.ECONNABORTED)
    expect(ui().toasts).toEqual([
      { type: 'error', text: '服务器无响应，请重试' },
      { type: 'error', text: '服务器无响应，请重试' },
    ])
  })

  it('shows 发送请求时出了点问题 when the request cannot be built', async () => {
    const error = await failure(request({ method: 'POST', url: '/api/echo', data: { amount: BigInt(10) } }))
    expect((error as AxiosError).code).toBe(AxiosError.ERR_BAD_REQUEST)
    expect(ui().toasts).toEqual([{ type: 'error', text: '发送请求时出了点问题' }])
    expect(server().received.filter((r) => r.path === '/api/echo')).toHaveLength(0)
  })

  it('stays silent on a cancellation', async () => {
    server().route('/api/slow', () => ({ delayMs: 300, json: envelope(null) }))
    const controller = new AbortController()
    const pending = failure(request({ method: 'GET', url: '/api/slow', signal: controller.signal }))
    await waitFor(() => server().hits('/api/slow').length === 1)
    controller.abort()
    expect(isCancel(await pending)).toBe(true)
    expect(ui().toasts).toEqual([])
  })
})

describe('per-request error flags', () => {
  it('skipErrorHandler rethrows without a toast, logout or redirect', async () => {
    logIn('t1')
    server().route('/api/a', () => ({ status: 500, text: '' }))
    server().route('/api/b', () => ({ json: { success: false, msg: 'no', showType: ShowType.Error } }))
    server().route('/api/c', () => ({ status: 401, text: '' }))
    expect(await failure(request({ method: 'GET', url: '/api/a', skipErrorHandler: true }))).toBeInstanceOf(AxiosError)
    expect(await failure(request({ method: 'GET', url: '/api/b', skipErrorHandler: true }))).toBeInstanceOf(BizError)
    await failure(request({ method: 'GET', url: '/api/c', skipErrorHandler: true }))
    expect(ui().toasts).toEqual([])
    expect(ui().redirectToLogin).not.toHaveBeenCalled()
    expect(useSessionStore.getState().token).not.toBe('')
  })

  it('customErrorHandler sees the error first; true suppresses the default handling, anything else keeps it', async () => {
    server().route('/api/a', () => ({ status: 500, text: '' }))
    const handled = jest.fn(() => true)
    const notHandled = jest.fn(() => false)
    const first = await failure(request({ method: 'GET', url: '/api/a', customErrorHandler: handled }))
    expect(handled).toHaveBeenCalledWith(first)
    expect(ui().toasts).toEqual([])
    await failure(request({ method: 'GET', url: '/api/a', customErrorHandler: notHandled }))
    expect(notHandled).toHaveBeenCalledTimes(1)
    expect(ui().toasts).toEqual([{ type: 'error', text: '服务器内部错误' }])
  })

  it('customErrorHandler also receives business errors', async () => {
    server().route('/api/a', () => ({ json: { success: false, error: 'X', msg: 'x', showType: ShowType.Error } }))
    const handler = jest.fn(() => true)
    await failure(request({ method: 'GET', url: '/api/a', customErrorHandler: handler }))
    expect(handler.mock.calls[0]).toEqual([expect.any(BizError)])
    expect(ui().toasts).toEqual([])
  })
})
