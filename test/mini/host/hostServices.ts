import { canvasFields } from './hostCanvas'
import type { MiniHost, WalletAnswer } from './miniHost'

/** What both hosts do the same way underneath their API names: network, the wallet, selector queries, devices. */

export interface HttpCall {
  url: string
  method?: string
  data?: unknown
  headers: Record<string, string>
  dataType?: string
  timeout?: number
}

export interface HttpAnswer {
  status: number
  headers: Record<string, string>
  text: string
}

export class HostRequestError extends Error {}

function withQuery(url: URL, data: unknown): void {
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data as Record<string, unknown>))
      url.searchParams.append(key, String(value))
  }
}

/**
 * Sends a request as the hosts do: only https addresses (the domain allow-list), GET data as the query, object data
 * as JSON; the origin is replaced by the reference server's, which stands in for the production API host.
 */
export function sendRequest(host: MiniHost, call: HttpCall): { answer: Promise<HttpAnswer>; abort: () => void } {
  let address: URL
  try {
    address = new URL(call.url)
  } catch {
    return { answer: Promise.reject(new HostRequestError(`invalid url "${call.url}"`)), abort: () => undefined }
  }
  if (address.protocol !== 'https:') {
    return {
      answer: Promise.reject(new HostRequestError(`url not in domain list (${call.url}: only https)`)),
      abort: () => undefined,
    }
  }
  const method = (call.method ?? 'GET').toUpperCase()
  const target = new URL(address.pathname + address.search, host.apiOrigin)
  let body: string | undefined
  if (method === 'GET') withQuery(target, call.data)
  else if (typeof call.data === 'string') body = call.data
  else if (call.data !== undefined) body = JSON.stringify(call.data)
  const controller = new AbortController()
  const record = {
    method,
    url: call.url,
    path: target.pathname,
    status: 'failed' as number | 'failed',
    body: undefined as unknown,
  }
  host.requests.push(record)
  const timer = setTimeout(() => controller.abort(new HostRequestError('timeout')), call.timeout ?? 60_000)
  const answer = fetch(target, { method, headers: call.headers, body, signal: controller.signal })
    .then(async (res) => {
      const text = await res.text()
      record.status = res.status
      try {
        record.body = JSON.parse(text)
      } catch {
        record.body = text
      }
      return { status: res.status, headers: Object.fromEntries(res.headers.entries()), text }
    })
    .catch((error: unknown) => {
      const reason = controller.signal.reason
      throw reason instanceof HostRequestError
        ? reason
        : new HostRequestError(reason ? 'abort' : String((error as Error).message))
    })
    .finally(() => clearTimeout(timer))
  return { answer, abort: () => controller.abort() }
}

/** The response body as the host hands it over: parsed for dataType json (text when it is not JSON). */
export function responseData(text: string, dataType: string | undefined): unknown {
  if (dataType && dataType !== 'json' && dataType !== 'json_or_text') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The order a wallet request is for: the host read it from the app's own GetPayOrderForJsAPI answer. */
export function orderForPayment(host: MiniHost, matches: (payOrder: Record<string, unknown>) => boolean): string {
  for (let i = host.requests.length - 1; i >= 0; i--) {
    const request = host.requests[i]
    const data = (request.body as { data?: Record<string, unknown> } | undefined)?.data
    if (request.path === '/api/LifePay/GetPayOrderForJsAPI' && data && matches(data)) return String(data.orderNo)
  }
  throw new Error('the wallet was asked to pay something GetPayOrderForJsAPI never returned')
}

/**
 * The subscribe prompt both hosts show (wx.requestSubscribeMessage `tmplIds`, my.requestSubscribeMessage
 * `entityIds`): refused outside a tap and beyond three templates; otherwise the queued answer for every template.
 */
export function subscribePrompt(
  host: MiniHost,
  ids: unknown,
): { refused: string } | { answers: Record<string, 'accept' | 'reject'> } {
  if (!host.inTap) return { refused: 'can only be invoked by user TAP gesture.' }
  if (!Array.isArray(ids) || ids.length === 0) return { refused: 'no template ids' }
  if (ids.length > 3) return { refused: 'at most 3 templates per request' }
  const answer = host.subscribeAnswers.shift() ?? 'reject'
  const answers: Record<string, 'accept' | 'reject'> = {}
  for (const id of ids) answers[String(id)] = answer
  return { answers }
}

/** The wallet's cashier: paying really pays the sandbox order (its provider then notifies the server). */
export async function walletPay(host: MiniHost, orderNo: string): Promise<WalletAnswer> {
  const answer = host.walletAnswers.shift() ?? 'success'
  if (answer !== 'success') return answer
  const res = await fetch(new URL('/api/dev/pay/confirm', host.apiOrigin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNo }),
  })
  const envelope = (await res.json()) as { success: boolean; msg?: string }
  if (!envelope.success) throw new Error(`the sandbox wallet could not pay ${orderNo}: ${envelope.msg}`)
  return 'success'
}

/**
 * What the host's getPhoneNumber hands over for the session the app logged in with (sandbox identity): WeChat's
 * one-use `code` (base library ≥ 2.21.2) and the legacy encrypted answer.
 */
export async function encryptedPhone(host: MiniHost): Promise<{ encryptedData: string; iv: string; code: string }> {
  const openIdOf = (r: { body: unknown }) => (r.body as { data?: { openId?: string } } | undefined)?.data?.openId
  const login = [...host.requests]
    .reverse()
    .find((r) => /WxMiniAppUserLogin|GetLifePayWxIndentity/.test(r.path) && openIdOf(r))
  const openId = login && openIdOf(login)
  if (!openId) throw new Error('phone authorisation before the app logged in with the host')
  const res = await fetch(new URL('/api/dev/wx/phone-auth', host.apiOrigin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ openId, phoneNumber: host.phoneNumber }),
  })
  const envelope = (await res.json()) as {
    success: boolean
    data: { encryptedData: string; iv: string; code: string }
    msg?: string
  }
  if (!envelope.success) throw new Error(`phone authorisation failed: ${envelope.msg}`)
  return envelope.data
}

/** Selector queries measure nothing here (no layout): every rectangle is empty, as for a node not laid out yet. */
export function selectorQuery(host: MiniHost): unknown {
  // Plain answers are made in the app's realm at exec; a thunk answers then (a canvas node must stay live).
  const results: unknown[] = []
  let selected = ''
  const callbacks: ((value: unknown) => void)[] = []
  const node = {
    boundingClientRect(cb?: (value: unknown) => void) {
      results.push({ left: 0, right: 0, top: 0, bottom: 0, width: 0, height: 0 })
      callbacks.push(cb ?? (() => undefined))
      return query
    },
    scrollOffset(cb?: (value: unknown) => void) {
      results.push({ scrollLeft: 0, scrollTop: 0, scrollWidth: 0, scrollHeight: 0 })
      callbacks.push(cb ?? (() => undefined))
      return query
    },
    fields(fields: { node?: boolean; size?: boolean }, cb?: (value: unknown) => void) {
      // A 2d canvas answers with its live node (hostCanvas.ts); anything else as a node not laid out.
      const selector = selected
      results.push(() => canvasFields(host, selector, fields))
      callbacks.push(cb ?? (() => undefined))
      return query
    },
    node(cb?: (value: unknown) => void) {
      results.push(null)
      callbacks.push(cb ?? (() => undefined))
      return query
    },
    context(cb?: (value: unknown) => void) {
      results.push(null)
      callbacks.push(cb ?? (() => undefined))
      return query
    },
  }
  const query = {
    in: () => query,
    select: (selector: string) => {
      selected = selector
      return node
    },
    selectAll: () => node,
    selectViewport: () => node,
    exec(cb?: (values: unknown[]) => void) {
      host.later(() => {
        const values = host.toContext([]) as unknown[]
        for (const result of results)
          values.push(typeof result === 'function' ? (result as () => unknown)() : host.toContext(result))
        callbacks.forEach((callback, i) => callback(values[i]))
        cb?.(values)
      })
      return query
    },
  }
  return query
}

export function intersectionObserver(): unknown {
  const observer = {
    relativeTo: () => observer,
    relativeToViewport: () => observer,
    observe: () => undefined,
    disconnect: () => undefined,
  }
  return observer
}

/** An iPhone 12 in portrait, as both hosts describe it. */
export const SYSTEM_INFO = {
  brand: 'iPhone',
  model: 'iPhone 12<iPhone13,2>',
  pixelRatio: 3,
  screenWidth: 390,
  screenHeight: 844,
  windowWidth: 390,
  windowHeight: 844,
  statusBarHeight: 47,
  language: 'zh_CN',
  system: 'iOS 16.6',
  platform: 'ios',
  fontSizeSetting: 16,
  safeArea: { left: 0, right: 390, top: 47, bottom: 810, width: 390, height: 763 },
}

export const MENU_BUTTON_RECT = { width: 87, height: 32, top: 51, right: 380, bottom: 83, left: 293 }

/** The host API object: every call recorded in `host.calls`, as the host's own log would show it. */
export function recordCalls(
  host: MiniHost,
  api: Record<string, (...args: never[]) => unknown>,
): Record<string, unknown> {
  const recorded: Record<string, unknown> = {}
  for (const [name, fn] of Object.entries(api)) {
    recorded[name] = (...args: never[]) => {
      host.calls.push({ api: name, args })
      return fn(...args)
    }
  }
  return recorded
}

/** The update manager both hosts hand out: it reports `host.update` on a later turn; applying it is recorded. */
export function updateManager(host: MiniHost): unknown {
  const callbacks: Record<string, ((res: unknown) => void)[]> = { check: [], ready: [], failed: [] }
  host.later(() => {
    callbacks.check.forEach((fn) => fn(host.toContext({ hasUpdate: host.update !== 'none' })))
    if (host.update === 'ready') callbacks.ready.forEach((fn) => fn(host.toContext({})))
    if (host.update === 'failed') callbacks.failed.forEach((fn) => fn(host.toContext({})))
  })
  return {
    onCheckForUpdate: (fn: (res: unknown) => void) => callbacks.check.push(fn),
    onUpdateReady: (fn: (res: unknown) => void) => callbacks.ready.push(fn),
    onUpdateFailed: (fn: (res: unknown) => void) => callbacks.failed.push(fn),
    applyUpdate: () => {
      host.updateApplied = true
    },
  }
}

/** The hosts' `onX` / `offX` pairs: listeners kept per event name (the test host never fires app-level events). */
export function listenerRegistry(): {
  on: (name: string) => (fn: Listener) => void
  off: (name: string) => (fn: Listener) => void
} {
  const listeners = new Map<string, Listener[]>()
  return {
    on: (name) => (fn) => void listeners.set(name, [...(listeners.get(name) ?? []), fn]),
    off: (name) => (fn) =>
      void listeners.set(
        name,
        (listeners.get(name) ?? []).filter((f) => f !== fn),
      ),
  }
}

type Listener = (...args: unknown[]) => void
