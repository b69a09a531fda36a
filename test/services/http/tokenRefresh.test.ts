/** @jest-environment node */
// Token refresh against a real server that only accepts the token it issued last, counting every refresh.
import { type AxiosError } from 'axios'
import { request } from '../../../src/services/http/client'
import { activeLoadingCounts } from '../../../src/services/http/interceptors/loading'
import { useSessionStore } from '../../../src/stores/session'
import { waitFor } from '../support/adapterConformance'
import { accessToken, CLIENT_ID, countLogouts, logIn, withTestServer } from '../support/harness'
import { envelope, type Received, type Reply } from '../../support/testServer'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: jest.requireActual('../support/taroNode').default }))

const REFRESH = '/api/accountAuth/GetTokenByRefreshToken'
const { server, ui } = withTestServer()

/** The server side of the session: the one access token it accepts now, and what a refresh answers. */
let validToken = ''
let refreshReply: (request: Received) => Reply

function issue(name: string): Reply {
  validToken = accessToken(name)
  return {
    delayMs: 50,
    json: envelope({
      accessToken: validToken,
      refreshToken: `refresh-${name}`,
      expiresIn: 3600,
      creationTime: Date.now(),
    }),
  }
}

function requireToken(handler: (request: Received) => Reply): (request: Received) => Reply {
  return (received) =>
    received.headers.authorization === `Bearer ${validToken}`
      ? handler(received)
      : { status: 401, json: { success: false, error: 'UNAUTHORIZED', msg: null, showType: null, data: null } }
}

beforeEach(() => {
  refreshReply = () => issue('t2')
  server().route(REFRESH, (received) => refreshReply(received))
  server().route(
    '/api/LifePay/GetUserAccountList',
    requireToken((received) => ({ delayMs: 10, json: envelope({ echo: received.body }) })),
  )
})

const bodyOf = (i: number) => ({ pageIndex: i, pageSize: 10, nested: { tags: ['a', `b${i}`] } })

function fifty(): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled(
    Array.from({ length: 50 }, (_, i) =>
      request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(i) }),
    ),
  )
}

describe('expired session', () => {
  it('runs exactly one refresh for 50 concurrent requests; all succeed with the new token and their own body', async () => {
    validToken = logIn('t1', { expired: true })
    const results = await fifty()

    const refreshes = server().hits(REFRESH)
    expect(refreshes).toHaveLength(1)
    expect(refreshes[0].body).toEqual({ refreshToken: 'refresh-t1', clientId: CLIENT_ID })
    expect(refreshes[0].headers.authorization).toBeUndefined()

    expect(results.every((result) => result.status === 'fulfilled')).toBe(true)
    results.forEach((result, i) => {
      expect((result as PromiseFulfilledResult<{ echo: unknown }>).value.echo).toEqual(bodyOf(i))
    })
    const sent = server().hits('/api/LifePay/GetUserAccountList')
    expect(sent).toHaveLength(50)
    expect(sent.every((received) => received.headers.authorization === `Bearer ${accessToken('t2')}`)).toBe(true)

    const session = useSessionStore.getState()
    expect(session.token).toBe(accessToken('t2'))
    expect(session.refreshToken).toBe('refresh-t2')
    expect(session.userInfo?.accessToken).toBe(accessToken('t2'))
    expect(session.accountInfo?.client_id).toBe(CLIENT_ID)
    expect(activeLoadingCounts()).toEqual({ loading: 0, navigationBar: 0 })
    expect(ui().toasts).toEqual([])
  })

  it('does not refresh again once the new token is stored', async () => {
    validToken = logIn('t1', { expired: true })
    await request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(1) })
    await request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(2) })
    expect(server().hits(REFRESH)).toHaveLength(1)
  })

  it('never shows the loading indicator for the refresh call itself', async () => {
    validToken = logIn('t1', { expired: true })
    await request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(1), showLoading: false })
    expect(server().hits(REFRESH)).toHaveLength(1)
    expect(ui().showLoading).not.toHaveBeenCalled()
  })

  it('lets requests that carry no token through without waiting', async () => {
    validToken = logIn('t1', { expired: true })
    server().route('/api/Area/GetRegionalManagementList', () => ({ json: envelope([]) }))
    await request({ method: 'GET', url: '/api/Area/GetRegionalManagementList', withCredentials: false })
    expect(server().hits(REFRESH)).toHaveLength(0)
  })
})

describe('refresh failure', () => {
  it('rejects all 50 with the generic error, logs out exactly once and never refreshes again', async () => {
    logIn('t1', { expired: true })
    refreshReply = () => ({ delayMs: 50, status: 500, text: '' })
    const logouts = countLogouts()
    const results = await fifty()

    expect(server().hits(REFRESH)).toHaveLength(1)
    expect(logouts()).toBe(1)
    expect(results.every((result) => result.status === 'rejected')).toBe(true)
    const errors = results.map((result) => (result as PromiseRejectedResult).reason as AxiosError)
    expect(new Set(errors.map((error) => error.message))).toEqual(new Set(['error']))
    // The same refresh error is passed on to every waiting request, its cause the refresh call's own failure.
    const refreshError = errors[0].cause as Error
    expect(errors.every((error) => error.cause === refreshError)).toBe(true)
    expect((refreshError.cause as AxiosError).response?.status).toBe(500)
    // Released without a token: none of them reached the server.
    expect(server().hits('/api/LifePay/GetUserAccountList')).toHaveLength(0)
    expect(useSessionStore.getState().token).toBe('')
    expect(ui().redirectToLogin).toHaveBeenCalled()
    expect(activeLoadingCounts()).toEqual({ loading: 0, navigationBar: 0 })

    // Logged out: the next request goes anonymously, with no refresh loop.
    await request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(0) }).catch(() => undefined)
    expect(server().hits(REFRESH)).toHaveLength(1)
    expect(server().hits('/api/LifePay/GetUserAccountList')[0].headers.authorization).toBeUndefined()
  })

  it('says “refresh token failed” when the refresh answers without a token, and logs out', async () => {
    logIn('t1', { expired: true })
    refreshReply = () => ({ json: envelope(null) })
    const logouts = countLogouts()
    const error = await request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(0) }).catch(
      (e: Error) => e,
    )
    expect((error as Error).message).toBe('refresh token failed')
    expect(logouts()).toBe(1)
  })

  it('treats a refresh business error or 401 as a failure of the refresh, without its own toast or second logout', async () => {
    logIn('t1', { expired: true })
    refreshReply = () => ({
      json: { success: false, error: 'REFRESH_EXPIRED', msg: '登录已过期', showType: 2, data: null },
    })
    const logouts = countLogouts()
    const first = await request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(0) }).catch(
      (e: Error) => e,
    )
    expect((first as Error).message).toBe('error')
    expect(logouts()).toBe(1)

    logIn('t1', { expired: true })
    refreshReply = () => ({ status: 401, text: '' })
    const second = await request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(0) }).catch(
      (e: Error) => e,
    )
    expect((second as Error).message).toBe('error')
    expect(logouts()).toBe(2)
    expect(server().hits(REFRESH)).toHaveLength(2)
    // One toast per failed caller (the request could not be sent), none from the refresh call itself.
    expect(ui().toasts).toEqual([
      { type: 'error', text: '发送请求时出了点问题' },
      { type: 'error', text: '发送请求时出了点问题' },
    ])
  })

  it('honours the waiting request’s skipErrorHandler', async () => {
    logIn('t1', { expired: true })
    refreshReply = () => ({ status: 500, text: '' })
    await request({
      method: 'POST',
      url: '/api/LifePay/GetUserAccountList',
      data: bodyOf(0),
      skipErrorHandler: true,
    }).catch(() => undefined)
    expect(ui().toasts).toEqual([])
  })
})

describe('401', () => {
  it('logs out once for many concurrent 401s and retries none of them', async () => {
    logIn('t1')
    validToken = 'something-else'
    const logouts = countLogouts()
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        request({ method: 'POST', url: '/api/LifePay/GetUserAccountList', data: bodyOf(i) }),
      ),
    )
    expect(results.every((result) => result.status === 'rejected')).toBe(true)
    expect(logouts()).toBe(1)
    expect(server().hits('/api/LifePay/GetUserAccountList')).toHaveLength(10)
    expect(server().hits(REFRESH)).toHaveLength(0)
  })

  it('sends a request once more, with the fresh header and the same body, when a refresh replaced its token on the way', async () => {
    validToken = logIn('t1')
    // The slow request leaves with t1; while it is on the way the session expires and another request refreshes.
    server().route(
      '/api/LifePay/AddUpdateUserAccount',
      requireToken(() => ({ json: envelope('account-1') })),
    )
    server().route('/api/LifePay/RefundUserLifePayOrder', (received) =>
      received.headers.authorization === `Bearer ${accessToken('t1')}`
        ? { delayMs: 150, status: 401, text: '' }
        : requireToken(() => ({ json: envelope(null) }))(received),
    )
    const payload = { orderNo: 'A1', refundApplyRemark: '充错了 "号码"' }
    const slow = request({ method: 'POST', url: '/api/LifePay/RefundUserLifePayOrder', data: payload })
    await waitFor(() => server().hits('/api/LifePay/RefundUserLifePayOrder').length === 1)
    useSessionStore.setState({ tokenCreationTime: Date.now() - 2 * 3600 * 1000 })
    await request({ method: 'POST', url: '/api/LifePay/AddUpdateUserAccount', data: { content: 'x' } })
    await expect(slow).resolves.toBeNull()

    const sends = server().hits('/api/LifePay/RefundUserLifePayOrder')
    expect(sends).toHaveLength(2)
    expect(sends[0].headers.authorization).toBe(`Bearer ${accessToken('t1')}`)
    expect(sends[1].headers.authorization).toBe(`Bearer ${accessToken('t2')}`)
    expect(sends[1].bodyText).toBe(sends[0].bodyText)
    expect(sends[1].body).toEqual({ ...payload })
    expect(ui().toasts).toEqual([])
    expect(useSessionStore.getState().token).toBe(accessToken('t2'))
  })

  it('resends at most once: a second 401 is final and logs out', async () => {
    validToken = logIn('t1')
    server().route(
      '/api/LifePay/AddUpdateUserAccount',
      requireToken(() => ({ json: envelope('account-1') })),
    )
    server().route('/api/LifePay/RefundUserLifePayOrder', () => ({ delayMs: 100, status: 401, text: '' }))
    const slow = request({ method: 'POST', url: '/api/LifePay/RefundUserLifePayOrder', data: { orderNo: 'A1' } })
    await waitFor(() => server().hits('/api/LifePay/RefundUserLifePayOrder').length === 1)
    useSessionStore.setState({ tokenCreationTime: Date.now() - 2 * 3600 * 1000 })
    await request({ method: 'POST', url: '/api/LifePay/AddUpdateUserAccount', data: { content: 'x' } })
    const error = await slow.catch((e: AxiosError) => e)
    expect((error as AxiosError).response?.status).toBe(401)
    expect(server().hits('/api/LifePay/RefundUserLifePayOrder')).toHaveLength(2)
    expect(useSessionStore.getState().token).toBe('')
  })
})
