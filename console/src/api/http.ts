import type { ApiEnvelope } from '@contract/envelope'
import type { ApiErrorCode } from '@contract/errorCodes'
import { currentLocale } from '../i18n/locale'

/** A call the server refused (`success: false`) or could not answer; `msg` is the server's words for the operator. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode | 'NETWORK' | null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * The session's CSRF token (POST /api/operator/login and GET /api/operator/me answer it): sent as X-CSRF-Token on
 * every call, GETs too (production's SetLifePayChannelsStatus is a GET that writes). Kept in memory only; the
 * session itself is the httpOnly cookie the browser holds.
 */
let csrfToken: string | null = null
export function setCsrfToken(token: string | null): void {
  csrfToken = token
}

const SESSION_PROBES = ['/api/operator/me', '/api/operator/login']

/** Called when the server says the session is gone (401), so the console shows the login screen. */
let onSessionEnded: () => void = () => {}
export function whenSessionEnds(listener: () => void): void {
  onSessionEnded = listener
}

async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLocale() }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (csrfToken) headers['x-csrf-token'] = csrfToken
  try {
    return await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(currentLocale() === 'en-US' ? 'The server cannot be reached' : '无法连接服务器', 0, 'NETWORK')
  }
}

/** The error of a refused call: the server's words when it sent an envelope, else the status. */
function refusal(response: Response, envelope: ApiEnvelope<unknown> | null): ApiError {
  const fallback =
    currentLocale() === 'en-US' ? `The server answered ${response.status}` : `服务器错误（${response.status}）`
  return new ApiError(envelope?.msg ?? fallback, response.status, envelope?.error ?? null)
}

const envelopeOf = (response: Response) => response.json().catch(() => null) as Promise<ApiEnvelope<unknown> | null>

/** One call of the operator API: its `data`, or an ApiError with the server's message. */
export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await send(method, path, body)
  const envelope = await envelopeOf(response)
  // Asking whether there is a session, or logging in, is not a session ending.
  if (response.status === 401 && !SESSION_PROBES.includes(path)) onSessionEnded()
  if (!envelope || !response.ok || !envelope.success) throw refusal(response, envelope)
  return envelope.data as T
}

/** A call answering a file (an Excel export; a GET without `body`): its bytes and the name the server gave it. */
export async function download(path: string, body?: unknown): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(body === undefined ? 'GET' : 'POST', path, body)
  if (response.status === 401) onSessionEnded()
  if (!response.ok) throw refusal(response, await envelopeOf(response))
  const disposition = response.headers.get('content-disposition') ?? ''
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1]
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1]
  const fileName = encoded ? decodeURIComponent(encoded) : (plain ?? 'export.xlsx')
  return { blob: await response.blob(), fileName }
}

/** A query string of the defined values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** A GET answering a file (a refund voucher image): its bytes, or an ApiError with the server's message. */
export async function fetchFile(path: string): Promise<Blob> {
  const response = await send('GET', path)
  if (response.status === 401) onSessionEnded()
  if (!response.ok) throw refusal(response, await envelopeOf(response))
  return response.blob()
}
