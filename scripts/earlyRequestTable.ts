import { readFileSync, writeFileSync } from 'node:fs'
import { TOKEN_EXPIRY_MARGIN_S } from '@domain/constants'
import { LifePayOrderType, lifePayOrderTypeValues } from '@domain/lifePayOrderType'
import { pagePath } from '../src/routes'
import { getPayStatusByOrderNoQueryOptions, getUserLifePayOrderDetailQueryOptions } from '../src/services/api/orders'
import { getUserAccountAllListQueryOptions } from '../src/services/api/userAccounts'
import '../src/services/http/client'
import { http } from '../src/services/http/instance'
import { resetHttpUi, setHttpUi } from '../src/services/http/httpUi'
import { useChannelStore } from '../src/stores/channel'
import { useLifePayStore } from '../src/stores/lifePay'
import { useSessionStore } from '../src/stores/session'
import { INDEX_HTML } from './firstFrameTable'

// The table src/index.html's early requests are sent from: for each data page whose LCP element waits on its first
// reads, those reads as the app's H5 build hands them to fetch. Not written by hand: each read is made by the app's
// own code (the page's query options, the request layer with every interceptor, Taro's H5 request) under jest, with a
// stand-in for fetch that records its arguments. The user's values (token, recharge user id, channel, the page's
// parameter) are placeholders the document fills in. test/config/earlyRequests.test.ts checks index.html holds it and
// that the document's requests are the app's, for every page and kind of login; `npm run firstframes` writes it.

/** What the document fills in: `__name__` in a URL, body or header value. */
const PLACEHOLDER = (name: string) => `__${name}__`

type Read = () => unknown

/** The page's first reads for its parameter's value (the same query options the page's hooks use). */
const orderDetail = (orderNo: string): Read[] => [
  () => getUserLifePayOrderDetailQueryOptions(orderNo).queryFn?.({} as never),
]
const resultReads = (orderNo: string): Read[] => [
  // RechargeResultView: the status it polls, then the order's details (both before anything but "loading" shows).
  () => getPayStatusByOrderNoQueryOptions(orderNo).queryFn?.({} as never),
  ...orderDetail(orderNo),
]

interface EarlyPage {
  page: string
  /** The query parameter the page reads. */
  param: string
  /**
   * The values the parameter can take, each to the reads the page starts with, '' for the parameter absent or not one
   * of them (userAccountList's `type`, its tab); undefined: any value of safe characters (an order number), required.
   */
  values?: Record<string, Read[]>
  reads?: (value: string) => Read[]
}

/** The tab userAccountList opens on: `?type=` when it names a utility, else the phone tab (AccountListView). */
const accountListReads = (type: LifePayOrderType): Read[] => [
  () => getUserAccountAllListQueryOptions(type).queryFn?.({} as never),
]

/**
 * The data pages whose LCP element (the amount, the status title, the order, the list) needs their first reads; all
 * require the recharge login (LoginRequired's, src/stores/lifePay.ts), as the document cannot know more.
 */
export const EARLY_PAGES: EarlyPage[] = [
  { page: 'selectPayType', param: 'orderNo', reads: orderDetail },
  { page: 'rechargeResult', param: 'orderNo', reads: resultReads },
  { page: 'rechargeElectricResult', param: 'orderNo', reads: resultReads },
  { page: 'rechargeGasResult', param: 'orderNo', reads: resultReads },
  // Without `orderNo` the order page is the list: not early (its LCP is a list row, after a paged read).
  { page: 'order', param: 'orderNo', reads: orderDetail },
  { page: 'orderRefundResult', param: 'orderNo', reads: orderDetail },
  {
    page: 'userAccountList',
    param: 'type',
    values: {
      '': accountListReads(LifePayOrderType.Phone),
      ...Object.fromEntries(lifePayOrderTypeValues.map((type) => [String(type), accountListReads(type)])),
    },
  },
]

/** A fetch as the app's H5 build sends it: method, URL (after the API base), body or 0, headers. */
export type EarlyFetch = [string, string, string | 0, Record<string, string>]

/** Per page: the parameter, and the request indices (a list for any safe value, by value otherwise). */
export type EarlyPageRow = [string, number[] | Record<string, number[]>]

export interface EarlyRequestTable {
  /** domain/constants.ts: a token this close to its end is refreshed first, so its read is not sent early. */
  margin: number
  pages: Record<string, EarlyPageRow>
  /** Each read as [without a channel, with one]; the Authorization header only with a full login (its token). */
  requests: [EarlyFetch, EarlyFetch][]
}

/** Every argument the app hands to fetch that the document must repeat (the signal and Taro's callbacks aside). */
export interface FetchCall {
  url: string
  method: string
  body: string | undefined
  headers: Record<string, string>
  credentials: string
  mode: string
  cache: string
}

type FetchInit = Record<string, unknown> & { headers?: Record<string, string> }

export function fetchCall(url: string, init: FetchInit = {}): FetchCall {
  return {
    url,
    method: String(init.method),
    body: init.body === undefined ? undefined : String(init.body),
    headers: { ...init.headers },
    credentials: String(init.credentials),
    mode: String(init.mode),
    cache: String(init.cache),
  }
}

/** The user a read is made for; '' is "none". */
export interface EarlyContext {
  userId: string
  token: string
  channelId: string
}

const SILENT = { showToast: () => undefined, redirectToLogin: () => undefined }

/** The fetch calls the app makes for `reads` with this user: its own code, fetch replaced by a recorder. */
export async function appFetches(reads: Read[], context: EarlyContext, apiBase = ''): Promise<FetchCall[]> {
  const calls: FetchCall[] = []
  const realFetch = globalThis.fetch
  const baseURL = http.defaults.baseURL
  globalThis.fetch = ((url: string, init: FetchInit) => {
    calls.push(fetchCall(url, init))
    return Promise.reject(new TypeError('recorded'))
  }) as typeof fetch
  http.defaults.baseURL = apiBase
  setHttpUi(SILENT)
  useLifePayStore.setState({ userId: context.userId })
  useChannelStore.setState({ channelId: context.channelId })
  useSessionStore.setState(
    context.token
      ? {
          userInfo: { accessToken: context.token, refreshToken: 'r', expiresIn: 7200, creationTime: Date.now() },
          token: context.token,
          tokenCreationTime: Date.now(),
        }
      : { userInfo: null, token: '' },
  )
  try {
    for (const read of reads) await Promise.resolve(read()).catch(() => undefined)
  } finally {
    globalThis.fetch = realFetch
    http.defaults.baseURL = baseURL
    resetHttpUi()
    useSessionStore.setState({ userInfo: null, token: '', tokenCreationTime: 0 })
    useLifePayStore.setState({ userId: '' })
    useChannelStore.setState({ channelId: '' })
  }
  return calls
}

const FIXED: FetchCall = {
  url: '',
  method: '',
  body: undefined,
  headers: {},
  credentials: 'include',
  mode: 'cors',
  cache: 'default',
}

function asEarlyFetch(call: FetchCall): EarlyFetch {
  // The document sends with the options every call of the app has; a read that differs cannot be sent early.
  for (const key of ['credentials', 'mode', 'cache'] as const) {
    if (call[key] !== FIXED[key]) throw new Error(`${call.url}: ${key} ${call[key]}, the document sends ${FIXED[key]}`)
  }
  return [call.method, call.url, call.body ?? 0, call.headers]
}

export async function earlyRequestTable(): Promise<EarlyRequestTable> {
  const requests: [EarlyFetch, EarlyFetch][] = []
  const keys: string[] = []
  const signedIn = { userId: PLACEHOLDER('userId'), token: PLACEHOLDER('token') }
  async function indices(reads: Read[]): Promise<number[]> {
    const without = await appFetches(reads, { ...signedIn, channelId: '' })
    const withChannel = await appFetches(reads, { ...signedIn, channelId: PLACEHOLDER('channelId') })
    if (without.length !== reads.length || withChannel.length !== reads.length)
      throw new Error(`expected ${reads.length} fetch calls, the app made ${without.length}`)
    return without.map((call, i) => {
      const pair: [EarlyFetch, EarlyFetch] = [asEarlyFetch(call), asEarlyFetch(withChannel[i])]
      const key = JSON.stringify(pair)
      if (!keys.includes(key)) {
        keys.push(key)
        requests.push(pair)
      }
      return keys.indexOf(key)
    })
  }
  const pages: Record<string, EarlyPageRow> = {}
  for (const { page, param, values, reads } of EARLY_PAGES) {
    const route = pagePath(page).slice(1)
    if (reads) pages[route] = [param, await indices(reads(PLACEHOLDER(param)))]
    else {
      const byValue: Record<string, number[]> = {}
      for (const [value, valueReads] of Object.entries(values ?? {})) byValue[value] = await indices(valueReads)
      pages[route] = [param, byValue]
    }
  }
  return { margin: TOKEN_EXPIRY_MARGIN_S, pages, requests }
}

const TABLE =
  /(\/\/ <early-requests>[^\n]*\n\s*\/\/ prettier-ignore\n\s*var EARLY = )(.*)(\n\s*\/\/ <\/early-requests>)/

/** The table as index.html holds it (one line of JSON). */
export function earlyRequestsInHtml(html: string): unknown {
  const match = TABLE.exec(html)
  if (!match) throw new Error('src/index.html has no // <early-requests> table')
  return JSON.parse(match[2])
}

export async function writeEarlyRequests(): Promise<void> {
  const table = await earlyRequestTable()
  const html = readFileSync(INDEX_HTML, 'utf8')
  earlyRequestsInHtml(html)
  writeFileSync(
    INDEX_HTML,
    html.replace(TABLE, (_, head: string, _table: string, tail: string) => `${head}${JSON.stringify(table)}${tail}`),
  )
}
