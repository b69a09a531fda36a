import type { FastifyRequest } from 'fastify'
import type { ApiEnvelope } from '@contract/envelope'
import { DEFAULT_LOCALE, type Locale } from '@domain/locale'
import type { ApiError } from './apiError'

export function ok<T>(data: T): ApiEnvelope<T> {
  return { success: true, data, error: null, msg: null, showType: null }
}

/** zh-CN unless the caller prefers English (Accept-Language en…). */
export function localeOf(request: FastifyRequest): Locale {
  const accept = request.headers['accept-language']
  return typeof accept === 'string' && /^\s*en\b/i.test(accept) ? 'en-US' : DEFAULT_LOCALE
}

export function failure(error: ApiError, locale: Locale): ApiEnvelope<unknown> {
  return { success: false, data: error.data, error: error.code, msg: error.text[locale], showType: error.showType }
}
