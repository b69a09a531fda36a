import type { Locale } from '@domain/locale'
import { isBizError } from './bizError'
import { NO_RESPONSE_MESSAGE, httpStatusMessage } from './errorMessages'

// What a user reads about a failed call: the server's own message (it answers in the user's language), or a text
// of ours. Never the transport's raw words ("Network Error", "timeout of 10000ms exceeded").

interface HttpFailure {
  response?: { status: number; data?: unknown }
  request?: unknown
  cause?: unknown
}

/** The English of SPEC §8's texts, for the pages that say them (the SPEC's toasts stay as the SPEC has them). */
const EN_STATUS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Please log in',
  403: 'Access denied',
  404: 'Address not found',
  408: 'The request timed out',
  429: 'Too many attempts, please wait a moment',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
}
const EN_NO_RESPONSE = 'The server did not answer, please try again'
const EN_UNKNOWN = 'Something went wrong, please try again'
const ZH_UNKNOWN = '出了点问题，请重试'

function messageInBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { msg, error } = body as { msg?: unknown; error?: unknown }
  if (typeof msg === 'string' && msg !== '') return msg
  const nested = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined
  return typeof nested === 'string' && nested !== '' ? nested : undefined
}

const statusText = (status: number, locale: Locale) =>
  locale === 'en-US' ? (EN_STATUS[status] ?? EN_STATUS[400]) : httpStatusMessage(status)

/** The words for `error`, looked for through wrappers (`cause`); `fallback` when nothing says more. */
export function errorText(error: unknown, locale: Locale, fallback?: string): string {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    if (isBizError(current)) return current.msg || fallback || (locale === 'en-US' ? EN_UNKNOWN : ZH_UNKNOWN)
    const { response, request, cause } = current as HttpFailure
    if (response) return messageInBody(response.data) ?? statusText(response.status, locale)
    if (request) return locale === 'en-US' ? EN_NO_RESPONSE : NO_RESPONSE_MESSAGE
    current = cause
  }
  return fallback ?? (locale === 'en-US' ? EN_UNKNOWN : ZH_UNKNOWN)
}
