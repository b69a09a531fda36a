import { isAxiosError, isCancel, type AxiosError, type InternalAxiosRequestConfig } from 'axios'
import { ShowType } from '@domain/showType'
import { BizError } from '../bizError'
import { endSession } from '../endSession'
import { NO_RESPONSE_MESSAGE, OTHER_STATUS_MESSAGE, REQUEST_SETUP_MESSAGE, httpStatusMessage } from '../errorMessages'
import { httpUi } from '../httpUi'

function configOf(error: unknown): InternalAxiosRequestConfig | undefined {
  return (error as { config?: InternalAxiosRequestConfig } | null)?.config
}

/** The server's own words for a failed status: `error.message` (ABP style) or the envelope's `msg`. */
function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { error, msg } = body as { error?: unknown; msg?: unknown }
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined
  if (typeof message === 'string' && message !== '') return message
  if (typeof msg === 'string' && msg !== '') return msg
  return undefined
}

/**
 * SPEC §8 by showType: 0 and 9 show nothing here (9 is a redirect), 1 warns, 2, 3 and anything else is an error toast.
 */
function showBizError(error: BizError): void {
  const text = error.msg || OTHER_STATUS_MESSAGE
  switch (error.showType) {
    case ShowType.Silent:
    case ShowType.Redirect:
      return
    case ShowType.Warn:
      httpUi().showToast('warning', text)
      return
    default:
      httpUi().showToast('error', text)
  }
}

function showHttpError(error: AxiosError): void {
  const { response } = error
  if (response) {
    httpUi().showToast('error', serverMessage(response.data) ?? httpStatusMessage(response.status))
    if (response.status === 401) endSession()
    return
  }
  httpUi().showToast('error', error.request ? NO_RESPONSE_MESSAGE : REQUEST_SETUP_MESSAGE)
}

/**
 * The whole error policy of SPEC §8, in one place. Every error is rethrown to the caller; this only decides what the
 * user sees. `skipErrorHandler` skips it all, `customErrorHandler` returning true replaces it, a cancellation is
 * silent.
 */
export function errorHandlerInterceptor(error: unknown): Promise<never> {
  const config = configOf(error)
  if (config?.skipErrorHandler || isCancel(error)) return Promise.reject(error)
  if (config?.customErrorHandler?.(error as Error) === true) return Promise.reject(error)
  if (error instanceof BizError) showBizError(error)
  else if (isAxiosError(error)) showHttpError(error)
  else httpUi().showToast('error', REQUEST_SETUP_MESSAGE)
  return Promise.reject(error)
}
