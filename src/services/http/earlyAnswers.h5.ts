import Taro from '@tarojs/taro'

/**
 * A read src/index.html sent while the app was still loading (its table: scripts/earlyRequestTable.ts), as it handed
 * it to fetch, with fetch's promise.
 */
export interface EarlyRequest {
  method: string
  url: string
  body: string | undefined
  headers: Record<string, string>
  /** Date.now() when it was sent. */
  at: number
  answer: Promise<Response>
}

declare global {
  interface Window {
    lpEarlyRequests?: EarlyRequest[]
  }
}

/** Past this an early answer is too old to stand for a read the app makes now (it asks again). */
export const EARLY_ANSWER_WINDOW_MS = 10_000

type RequestParams = Taro.request.Option & { success?: (result: unknown) => void; complete?: (result: unknown) => void }

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const names = Object.keys(a)
  return names.length === Object.keys(b).length && names.every((name) => b[name] === a[name])
}

function isSameRequest(early: EarlyRequest, params: RequestParams): boolean {
  return (
    early.method === params.method &&
    early.url === params.url &&
    early.body === (params.data ?? undefined) &&
    sameHeaders(early.headers, (params.header ?? {}) as Record<string, string>)
  )
}

/**
 * The early request the document sent for exactly this call (method, URL, body, headers), taken off the list so it
 * answers once; undefined when there is none, or it is older than the window. Only text reads (taroAdapter's JSON):
 * an arraybuffer read is never early.
 */
export function takeEarlyRequest(params: RequestParams, now = Date.now()): EarlyRequest | undefined {
  const list = window.lpEarlyRequests
  if (!list || params.dataType !== 'text' || params.responseType !== 'text') return undefined
  const index = list.findIndex((early) => isSameRequest(early, params))
  if (index < 0) return undefined
  const [early] = list.splice(index, 1)
  return now - early.at < EARLY_ANSWER_WINDOW_MS ? early : undefined
}

/** What Taro's H5 request hands to `success` for a text read: status, the headers as fetch lists them, the text. */
async function asTaroResult(response: Response) {
  const header: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    header[name] = value
  })
  return { statusCode: response.status, header, data: await response.text() }
}

/**
 * Taro.request's interceptor (H5): a call the document has already sent takes that answer instead of sending again —
 * a 2xx answer only, passed to the same callbacks as Taro's own (so taroAdapter, the interceptors and the caller see
 * what they would have). A failed early request or any other status: the call is sent as it would have been (a 401
 * then goes through the usual refresh or logout, a network failure gets its own chance).
 */
export function earlyAnswerInterceptor(chain: Taro.Chain): unknown {
  const params = chain.requestParams as RequestParams
  const early = takeEarlyRequest(params)
  if (!early) return chain.proceed(params)
  let aborted = false
  let sent: (Promise<unknown> & { abort?: () => void }) | undefined
  const task: Promise<unknown> & { abort?: () => void } = early.answer
    .then((response) => (response.ok ? asTaroResult(response) : Promise.reject(new Error(String(response.status)))))
    .then(
      (result) => {
        if (aborted) return result
        params.success?.(result)
        params.complete?.(result)
        return result
      },
      () => {
        if (aborted) return Promise.reject(new Error('request:fail abort'))
        sent = chain.proceed(params) as typeof sent
        return sent
      },
    )
  // taroAdapter aborts on its timeout or a cancellation: nothing is sent after that.
  task.abort = () => {
    aborted = true
    sent?.abort?.()
  }
  return task
}

Taro.addInterceptor(earlyAnswerInterceptor)
