// The H5 request layer takes the answer of a read index.html sent early, once, and only for exactly that read: the
// real @tarojs/taro-h5 request (fetch, here whatwg-fetch over jsdom) with its interceptor, the app's client and every
// interceptor, index.html's own script sending the early reads, a real test server counting what arrives.
import { getPayStatusByOrderNo, getUserLifePayOrderDetail } from '../../../src/services/api/orders'
import { EARLY_ANSWER_WINDOW_MS } from '../../../src/services/http/earlyAnswers.h5'
import { useLifePayStore } from '../../../src/stores/lifePay'
import { useSessionStore } from '../../../src/stores/session'
import { pagePath } from '../../../src/routes'
import { documentScript, openDocument } from '../../support/earlyDocument'
import { envelope, type Reply } from '../../support/testServer'
import { withTestServer } from '../support/harness'

// The jest shim of @tarojs/taro is @tarojs/taro-h5 itself: its request, its interceptors, its localStorage storage.

const DETAIL = '/api/LifePay/GetUserLifePayOrderDetail'
const STATUS = '/api/LifePay/GetPayStatusByOrderNo'
const ORDER_NO = 'LP20250101000001'
const ORDER = { orderNo: ORDER_NO, payAmount: 49.8 }

const { server, ui } = withTestServer()

function signIn(): void {
  useLifePayStore.getState().login('user-7', '13800000000')
  useSessionStore
    .getState()
    .setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 7200, creationTime: Date.now() })
}

/** Opens a page by URL: index.html's script sends its early reads to the test server. */
function open(page: string, query = `?orderNo=${ORDER_NO}`): void {
  openDocument(`${pagePath(page)}${query}`, documentScript(server().url))
}

/** Answers `path` with each reply in turn (the last one from then on). */
function answers(path: string, ...replies: Reply[]): void {
  let n = 0
  server().route(path, () => replies[Math.min(n++, replies.length - 1)])
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

beforeEach(() => {
  localStorage.clear()
  signIn()
})

describe('early answers (H5)', () => {
  it('answers the app’s read from the request index.html sent: one request reaches the server', async () => {
    answers(DETAIL, { json: envelope(ORDER), delayMs: 50 })
    open('order')
    expect(window.lpEarlyRequests).toHaveLength(1)
    await expect(getUserLifePayOrderDetail({ orderNo: ORDER_NO })).resolves.toEqual(ORDER)
    expect(server().hits(DETAIL)).toHaveLength(1)
    expect(server().hits(DETAIL)[0].headers.authorization).toBe('Bearer access-1')
    expect(window.lpEarlyRequests).toEqual([])
  })

  it('answers both reads of a result page, each from its own early request', async () => {
    answers(DETAIL, { json: envelope(ORDER) })
    answers(STATUS, { json: envelope({ payStatus: 20, lifePayOrderStatus: 30 }) })
    open('rechargeResult')
    const [status, detail] = await Promise.all([
      getPayStatusByOrderNo({ orderNo: ORDER_NO }),
      getUserLifePayOrderDetail({ orderNo: ORDER_NO }),
    ])
    expect([status, detail]).toEqual([{ payStatus: 20, lifePayOrderStatus: 30 }, ORDER])
    expect([server().hits(DETAIL).length, server().hits(STATUS).length]).toEqual([1, 1])
  })

  it('sends a read that differs (another order) as usual, and leaves the early one alone', async () => {
    answers(DETAIL, { json: envelope(ORDER) })
    open('order')
    await expect(getUserLifePayOrderDetail({ orderNo: 'OTHER' })).resolves.toEqual(ORDER)
    await until(() => server().hits(DETAIL).length === 2)
    expect(
      server()
        .hits(DETAIL)
        .map((hit) => hit.query.get('orderNo')),
    ).toEqual(expect.arrayContaining([ORDER_NO, 'OTHER']))
    expect(window.lpEarlyRequests).toHaveLength(1)
  })

  it('sends the read itself when the early request failed on the network', async () => {
    answers(DETAIL, { hangUp: true }, { json: envelope(ORDER) })
    open('order')
    await expect(getUserLifePayOrderDetail({ orderNo: ORDER_NO })).resolves.toEqual(ORDER)
    expect(server().hits(DETAIL)).toHaveLength(2)
    expect(ui().toasts).toEqual([])
  })

  it('sends the read itself after a non-2xx early answer: a 401 then takes the usual path', async () => {
    answers(DETAIL, { status: 500, json: { success: false } }, { json: envelope(ORDER) })
    open('order')
    await expect(getUserLifePayOrderDetail({ orderNo: ORDER_NO })).resolves.toEqual(ORDER)
    expect(server().hits(DETAIL)).toHaveLength(2)

    // The server refuses the token: the read is sent again, refused again, and the session ends as it always does.
    server().reset()
    server().route('/static/sensitive-words.txt', () => ({ text: '' }))
    answers(DETAIL, { status: 401, json: { success: false, msg: 'expired' } })
    open('order')
    await expect(getUserLifePayOrderDetail({ orderNo: ORDER_NO })).rejects.toMatchObject({ response: { status: 401 } })
    expect(server().hits(DETAIL)).toHaveLength(2)
    expect(ui().redirectToLogin).toHaveBeenCalledTimes(1)
    expect(useSessionStore.getState().token).toBe('')
  })

  it('answers once: the same read again is sent to the server', async () => {
    answers(DETAIL, { json: envelope(ORDER) })
    open('order')
    await getUserLifePayOrderDetail({ orderNo: ORDER_NO })
    await getUserLifePayOrderDetail({ orderNo: ORDER_NO })
    expect(server().hits(DETAIL)).toHaveLength(2)
  })

  it('does not answer from an early request older than the window', async () => {
    answers(DETAIL, { json: envelope(ORDER) })
    open('order')
    const early = window.lpEarlyRequests?.[0]
    if (early) early.at -= EARLY_ANSWER_WINDOW_MS
    await getUserLifePayOrderDetail({ orderNo: ORDER_NO })
    await until(() => server().hits(DETAIL).length === 2)
    expect(window.lpEarlyRequests).toEqual([])
  })

  it('sends nothing early for a token the app refreshes first; the read goes after the refresh', async () => {
    useSessionStore.setState({ tokenCreationTime: Date.now() - 7200 * 1000 })
    answers('/api/accountAuth/GetTokenByRefreshToken', {
      json: envelope({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 7200 }),
    })
    answers(DETAIL, { json: envelope(ORDER) })
    open('order')
    expect(window.lpEarlyRequests).toBeUndefined()
    await expect(getUserLifePayOrderDetail({ orderNo: ORDER_NO })).resolves.toEqual(ORDER)
    expect(
      server()
        .hits(DETAIL)
        .map((hit) => hit.headers.authorization),
    ).toEqual(['Bearer access-2'])
  })
})
