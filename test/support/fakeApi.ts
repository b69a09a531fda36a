// The page suites' API: the app's own request layer (every interceptor, the Taro adapter) against the one fake server
// (testServer.ts). A test answers the endpoints its screen calls, by path, and reads what the screen sent; nothing of
// src/services is replaced, so the endpoint files need no shape that module mocking would dictate.
import { waitFor } from '@testing-library/react'
import { showToast } from '../../src/components/toastStore'
import { setHttpUi } from '../../src/services/http/httpUi'
import { resetSensitiveWordFilter, SENSITIVE_WORDS_PATH } from '../../src/services/http/sensitiveWordList'
import { startAppTestServer } from '../services/support/harness'
import { ok, refusal, type Handler, type Received, type Reply, type TestServer } from './testServer'

/** An answer the test gives when it chooses: the request waits for it. */
export interface HeldAnswer {
  /** Resolves once the request has reached the server. */
  received: Promise<Received>
  /** Answers with `data` in a success envelope. */
  answer: (data: unknown) => void
  /** Answers with any reply (a refusal, an HTTP error, a hang-up). */
  reply: (reply: Reply) => void
}

export interface FakeApi {
  server: () => TestServer
  /** Every call to `path` answered with `data` in a success envelope, until the test says otherwise. */
  answer: (path: string, data: unknown) => void
  /** Every call to `path` answered by `handler`. */
  route: (path: string, handler: Handler) => void
  /** Every call to `path` refused as the API refuses (SPEC §8): HTTP 200, success false, the code and message. */
  refuse: (path: string, error: string, msg: string) => void
  /** Every call to `path` lost: the connection closes without an answer (axios's Network Error). */
  fail: (path: string) => void
  /** The next call to `path` waits for the test's answer; later calls get `path`'s route again. */
  hold: (path: string) => HeldAnswer
  /** The requests sent to `path`, oldest first. */
  sent: (path: string) => Received[]
  /** The JSON bodies sent to `path`, oldest first. */
  bodies: <T = Record<string, unknown>>(path: string) => T[]
  /** How many times the request layer showed its masked loading indicator. */
  loadingShown: () => number
}

/**
 * Registers the suite's hooks: a fake server for the suite, pointed at by the app's http client; before each test no
 * route (an unanswered path is a 404), the request layer wired to the app's toast as app.tsx wires it; after each,
 * every request answered, so none lands in the next test.
 */
export function withFakeApi(): FakeApi {
  let server: TestServer
  const showLoading = jest.fn()
  const held = new Map<string, Held[]>()
  const handlers = new Map<string, Handler>()

  beforeAll(async () => {
    server = await startAppTestServer()
  })
  afterAll(() => server.close())
  beforeEach(() => {
    server.reset()
    held.clear()
    handlers.clear()
    server.route(SENSITIVE_WORDS_PATH, () => ({ text: '' }))
    resetSensitiveWordFilter()
    showLoading.mockClear()
    setHttpUi({ showToast, showLoading, hideLoading: () => undefined, redirectToLogin: () => undefined })
  })
  afterEach(async () => {
    await waitFor(() => expect(server.inFlight()).toBe(0))
  })

  const route = (path: string, handler: Handler) => {
    handlers.set(path, handler)
    server.route(path, (request) => {
      const next = held.get(path)?.shift()
      if (!next) return (handlers.get(path) ?? notFound)(request)
      return new Promise<Reply>((resolve) => next.settle(request, resolve))
    })
  }

  return {
    server: () => server,
    route,
    answer: (path, data) => route(path, () => ok(data)),
    refuse: (path, error, msg) => route(path, () => refusal(msg, error)),
    fail: (path) => route(path, () => ({ hangUp: true })),
    hold: (path) => {
      let arrived!: (request: Received) => void
      let answered: ((reply: Reply) => void) | undefined
      let early: Reply | undefined
      const answer: Held = {
        received: new Promise((resolve) => (arrived = resolve)),
        answer: (data) => answer.reply(ok(data)),
        reply: (reply) => {
          if (answered) answered(reply)
          else early = reply
        },
        settle: (request, resolve) => {
          arrived(request)
          if (early) resolve(early)
          else answered = resolve
        },
      }
      held.set(path, [...(held.get(path) ?? []), answer])
      if (!handlers.has(path)) route(path, notFound)
      return answer
    },
    sent: (path) => server.hits(path),
    bodies: <T>(path: string) => server.hits(path).map((request) => request.body as T),
    loadingShown: () => showLoading.mock.calls.length,
  }
}

/** A held answer as the server's route sees it: `settle` hands it the request and the way to answer. */
interface Held extends HeldAnswer {
  settle: (request: Received, resolve: (reply: Reply) => void) => void
}

const notFound: Handler = () => ({ status: 404, json: { success: false, msg: null } })
