// Wiring shared by the request-layer suites: the client pointed at a test server, a recording UI, session helpers.
// Importing the client installs the interceptors on the instance.
import '../../../src/services/http/client'
import { http } from '../../../src/services/http/instance'
import type { HttpToastType } from '../../../src/services/http/httpToastType'
import { setHttpUi } from '../../../src/services/http/httpUi'
import { resetSensitiveWordFilter } from '../../../src/services/http/sensitiveWordList'
import { useChannelStore } from '../../../src/stores/channel'
import { useSessionStore } from '../../../src/stores/session'
import { makeJwt, startTestServer, type TestServer } from '../../support/testServer'

export interface RecordingUi {
  toasts: { type: HttpToastType; text: string }[]
  showLoading: jest.Mock
  hideLoading: jest.Mock
  showNavigationBarLoading: jest.Mock
  hideNavigationBarLoading: jest.Mock
  redirectToLogin: jest.Mock
}

export function recordingUi(): RecordingUi {
  const ui: RecordingUi = {
    toasts: [],
    showLoading: jest.fn(),
    hideLoading: jest.fn(),
    showNavigationBarLoading: jest.fn(),
    hideNavigationBarLoading: jest.fn(),
    redirectToLogin: jest.fn(),
  }
  setHttpUi({ ...ui, showToast: (type, text) => ui.toasts.push({ type, text }) })
  return ui
}

/** Starts a test server and points the app's http client at it. */
export async function startAppTestServer(): Promise<TestServer> {
  const server = await startTestServer()
  http.defaults.baseURL = server.url
  return server
}

/** Registers the suite's hooks: a test server for the suite, the layer's state reset before each test. */
export function withTestServer(): { server: () => TestServer; ui: () => RecordingUi } {
  let server: TestServer
  let ui: RecordingUi
  beforeAll(async () => {
    server = await startAppTestServer()
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.reset()
    server.route('/static/sensitive-words.txt', () => ({ text: '' }))
    resetSensitiveWordFilter()
    useSessionStore.getState().fullLogout()
    useChannelStore.setState({ channelId: '' })
    ui = recordingUi()
  })
  return { server: () => server, ui: () => ui }
}

export const CLIENT_ID = 'life-pay-app'

export function accessToken(name: string): string {
  return makeJwt({ sub: 'user-1', client_id: CLIENT_ID, jti: name })
}

/** A full login holding `accessToken(name)`; `expired` moves its creation two hours back (token lives one hour). */
export function logIn(name: string, { expired = false } = {}): string {
  const token = accessToken(name)
  useSessionStore.getState().setTokens({
    accessToken: token,
    refreshToken: `refresh-${name}`,
    expiresIn: 3600,
    creationTime: Date.now(),
  })
  if (expired) useSessionStore.setState({ tokenCreationTime: Date.now() - 2 * 3600 * 1000 })
  return token
}

/** Counts full logouts (a token present, then gone) from now on. */
export function countLogouts(): () => number {
  let count = 0
  useSessionStore.subscribe((next, previous) => {
    if (previous.token && !next.token) count++
  })
  return () => count
}

export function settleAll<T>(promises: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(promises)
}
