import { readFileSync } from 'node:fs'
import {
  appFetches,
  EARLY_PAGES,
  earlyRequestsInHtml,
  earlyRequestTable,
  fetchCall,
  writeEarlyRequests,
  type EarlyContext,
  type FetchCall,
} from '../../scripts/earlyRequestTable'
import { INDEX_HTML } from '../../scripts/firstFrameTable'
import { pagePath } from '../../src/routes'
import { useChannelStore } from '../../src/stores/channel'
import { useLifePayStore } from '../../src/stores/lifePay'
import { useSessionStore } from '../../src/stores/session'
import { documentScript, openDocument } from '../support/earlyDocument'

// src/index.html's early requests: the table the document sends from is the app's own reads (generated, `npm run
// firstframes` rewrites it), and what the document sends is what the app would, byte for byte, for every page, login
// and channel; nothing where the app would not send the same.

const API = 'https://api.test.example'
let html = ''
let script = ''

beforeAll(async () => {
  if (process.env.FIRST_FRAMES === 'write') await writeEarlyRequests()
  html = readFileSync(INDEX_HTML, 'utf8')
  script = documentScript(API)
})

const USER: EarlyContext = { userId: 'user-7', token: 'eyJ.header.sig-1', channelId: '' }
const ORDER_NO = 'LP20250101000001'

/** The app's stores as a previous visit left them in localStorage (their own persistence writes it). */
function leaveLogin({ userId, token, channelId }: EarlyContext, tokenAgeS = 0, expiresIn = 7200): void {
  localStorage.clear()
  if (userId) useLifePayStore.getState().login(userId, '13800000000')
  if (token) {
    useSessionStore
      .getState()
      .setTokens({ accessToken: token, refreshToken: 'refresh', expiresIn, creationTime: Date.now() })
    useSessionStore.setState({ tokenCreationTime: Date.now() - tokenAgeS * 1000 })
  }
  if (channelId) useChannelStore.getState().setChannelId(channelId)
}

/** Opens `path` as the browser does: index.html's script runs with the stored login; returns what it fetched. */
function documentFetches(path: string): FetchCall[] {
  const calls: FetchCall[] = []
  const realFetch = globalThis.fetch
  globalThis.fetch = ((url: string, init: Record<string, unknown>) => {
    calls.push(fetchCall(url, init as never))
    return new Promise(() => undefined)
  }) as typeof fetch
  try {
    openDocument(path, script)
  } finally {
    globalThis.fetch = realFetch
  }
  return calls
}

const route = (page: string) => pagePath(page).slice(1)

afterEach(() => {
  localStorage.clear()
  useSessionStore.setState({ userInfo: null, token: '', tokenCreationTime: 0 })
  useLifePayStore.setState({ userId: '' })
  useChannelStore.setState({ channelId: '' })
})

describe("index.html's early requests", () => {
  it('holds the table generated from the app’s own reads (npm run firstframes rewrites it)', async () => {
    expect(earlyRequestsInHtml(html)).toEqual(await earlyRequestTable())
  })

  it('sends what the app sends, for every early page, with or without a full login and a channel', async () => {
    const contexts: EarlyContext[] = [
      USER,
      { ...USER, token: '' },
      { ...USER, channelId: 'partner_01' },
      { ...USER, token: '', channelId: 'partner_01' },
    ]
    for (const context of contexts) {
      for (const { page, param, values, reads } of EARLY_PAGES) {
        const cases: [string, string][] = reads
          ? [[`?${param}=${ORDER_NO}`, ORDER_NO]]
          : [['', ''], ...Object.keys(values ?? {}).map((v): [string, string] => [`?${param}=${v}`, v])]
        for (const [query, value] of cases) {
          const expected = await appFetches(reads ? reads(value) : (values?.[value] ?? []), context, API)
          leaveLogin(context)
          const sent = documentFetches(`/${route(page)}${query}`)
          expect({ page, query, context, sent }).toEqual({ page, query, context, sent: expected })
          expect(sent.length).toBeGreaterThan(0)
        }
      }
    }
  })

  it('keeps each request with its promise for the app, and opens userAccountList’s phone tab by default', async () => {
    leaveLogin(USER)
    const sent = documentFetches(`/${route('userAccountList')}?type=nonsense`)
    expect(sent).toEqual(await appFetches(EARLY_PAGES[6].values?.[''] ?? [], USER, API))
    expect(window.lpEarlyRequests?.map(({ method, url, body }) => ({ method, url, body }))).toEqual(
      sent.map(({ method, url, body }) => ({ method, url, body })),
    )
    expect(window.lpEarlyRequests?.[0].answer).toBeInstanceOf(Promise)
  })

  it('sends nothing signed out, off the early pages, without the parameter, or where the app would not send it', () => {
    const detail = `/${route('order')}?orderNo=${ORDER_NO}`
    leaveLogin({ userId: '', token: '', channelId: '' })
    expect(documentFetches(detail)).toEqual([])
    leaveLogin(USER)
    expect(documentFetches(detail)).toHaveLength(1)
    // The order list, another page, an unknown route.
    expect(documentFetches(`/${route('order')}`)).toEqual([])
    expect(documentFetches(`/${route('orderApplyRefund')}?orderNo=${ORDER_NO}`)).toEqual([])
    expect(documentFetches('/subpackages/nowhere/x/x?orderNo=A1')).toEqual([])
    // A value the app would encode otherwise than the table assumes.
    expect(documentFetches(`/${route('order')}?orderNo=A%2FB`)).toEqual([])
    // A token the app refreshes before it asks (domain/token.ts: expired within the margin, or marked).
    leaveLogin(USER, 7200 - 200)
    expect(documentFetches(detail)).toEqual([])
    leaveLogin(USER, 7200 - 400)
    expect(documentFetches(detail)).toHaveLength(1)
    useSessionStore.setState((s) => ({ userInfo: s.userInfo && { ...s.userInfo, expired: true } }))
    expect(documentFetches(detail)).toEqual([])
    // A channel the app would encode.
    leaveLogin({ ...USER, channelId: 'a b' })
    expect(documentFetches(detail)).toEqual([])
  })
})
