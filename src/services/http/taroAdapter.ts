import Taro from '@tarojs/taro'
import axios, {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'

/** What Taro hands to `fail` on every platform. */
interface TaroFailure {
  errMsg?: string
}

/** Alipay's native result names the headers `headers`; Taro's type says `header`. */
type TaroSuccess = Taro.request.SuccessCallbackResult<string | ArrayBuffer> & { headers?: Record<string, unknown> }

// Taro's own timer must never win over ours (it would surface as an abort or a network failure).
const PLATFORM_TIMEOUT_SLACK_MS = 1000

function timeoutError(config: InternalAxiosRequestConfig, request: unknown): AxiosError {
  const message =
    config.timeoutErrorMessage ?? (config.timeout ? `timeout of ${config.timeout}ms exceeded` : 'timeout exceeded')
  return new AxiosError(
    message,
    config.transitional?.clarifyTimeoutError ? AxiosError.ETIMEDOUT : AxiosError.ECONNABORTED,
    config,
    request,
  )
}

function networkError(config: InternalAxiosRequestConfig, request: unknown, failure: unknown): AxiosError {
  const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, request)
  Object.defineProperty(error, 'cause', { value: failure, enumerable: false, configurable: true, writable: true })
  return error
}

function failureMessage(failure: unknown): string {
  if (failure && typeof failure === 'object') {
    const { errMsg, message } = failure as TaroFailure & { message?: string }
    return String(errMsg ?? message ?? '')
  }
  return String(failure ?? '')
}

/** Lower-case names as axios's other adapters give them; repeated names joined, Set-Cookie kept as a list. */
function responseHeaders(raw: Record<string, unknown>): AxiosHeaders {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(raw)) {
    const key = name.toLowerCase()
    const values = Array.isArray(value) ? value.map(String) : [String(value)]
    const previous = headers[key]
    if (key === 'set-cookie') headers[key] = [...(previous ?? []), ...values]
    else headers[key] = [previous, ...values].filter((item) => item !== undefined).join(', ')
  }
  return AxiosHeaders.from(headers as Record<string, string>)
}

function toResponse(result: TaroSuccess, config: InternalAxiosRequestConfig, task: unknown): AxiosResponse {
  return {
    data: result.data,
    status: result.statusCode,
    statusText: '',
    headers: responseHeaders(result.header ?? result.headers ?? {}),
    config,
    request: task,
  }
}

/** A failure that carries an HTTP status is an answer from the server. */
function answeredFailure(failure: unknown): TaroSuccess | undefined {
  if (!failure || typeof failure !== 'object') return undefined
  const { statusCode, status } = failure as { statusCode?: unknown; status?: unknown }
  const code = typeof statusCode === 'number' ? statusCode : status
  if (typeof code !== 'number' || code < 100) return undefined
  return { ...(failure as TaroSuccess), statusCode: code }
}

/** axios's `settle`: resolve when `validateStatus` accepts the status, otherwise reject with the response attached. */
function settle(
  resolve: (response: AxiosResponse) => void,
  reject: (error: AxiosError) => void,
  response: AxiosResponse,
): void {
  const { validateStatus } = response.config
  if (!response.status || !validateStatus || validateStatus(response.status)) {
    resolve(response)
    return
  }
  reject(
    new AxiosError(
      `Request failed with status code ${response.status}`,
      response.status >= 400 && response.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
      response.config,
      response.request,
      response,
    ),
  )
}

/**
 * axios adapter over `Taro.request`, used on every platform: axios builds the URL and the body, Taro only carries them.
 * JSON is read as text and parsed by axios's transformResponse, so parsing rules are axios's everywhere.
 */
export const taroAdapter: AxiosAdapter = (config) =>
  new Promise<AxiosResponse>((resolve, reject) => {
    let task: Taro.RequestTask<string | ArrayBuffer> | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let settled = false

    const onCanceled = (cancel?: unknown) => {
      const reason = !cancel || (cancel as { type?: string }).type ? new CanceledError(undefined, config, task) : cancel
      finish(() => reject(reason))
      task?.abort()
    }

    function finish(outcome: () => void): void {
      if (settled) return
      settled = true
      if (timer) clearTimeout(timer)
      config.cancelToken?.unsubscribe(onCanceled)
      config.signal?.removeEventListener?.('abort', onCanceled)
      outcome()
    }

    config.cancelToken?.subscribe(onCanceled)
    if (config.signal) {
      if (config.signal.aborted) onCanceled()
      else config.signal.addEventListener?.('abort', onCanceled)
    }
    if (settled) return

    const headers = AxiosHeaders.from(config.headers).normalize(false)
    // As axios's own adapters: no body, no content type.
    if (config.data === undefined || config.data === null) headers.setContentType(null)

    const arrayBuffer = config.responseType === 'arraybuffer'

    const timeout = config.timeout ?? 0
    if (timeout > 0) {
      timer = setTimeout(() => {
        finish(() => reject(timeoutError(config, task)))
        task?.abort()
      }, timeout)
    }

    try {
      task = Taro.request({
        url: axios.getUri(config),
        method: (config.method ?? 'get').toUpperCase() as keyof Taro.request.Method,
        data: config.data ?? undefined,
        header: headers.toJSON(true) as Record<string, string>,
        dataType: arrayBuffer ? 'arraybuffer' : 'text',
        responseType: arrayBuffer ? 'arraybuffer' : 'text',
        timeout: timeout > 0 ? timeout + PLATFORM_TIMEOUT_SLACK_MS : undefined,
        // H5 only: fetch's credentials and CORS mode.
        credentials: config.withCredentials ? 'include' : 'same-origin',
        mode: 'cors',
        success: (result: TaroSuccess) => {
          finish(() => settle(resolve, reject, toResponse(result, config, task)))
        },
        fail: (failure: unknown) => {
          finish(() => {
            // Alipay fails non-2xx answers (error 19) yet hands over the response: it is still a response.
            const answered = answeredFailure(failure)
            if (answered) settle(resolve, reject, toResponse(answered, config, task))
            else if (/time ?out/i.test(failureMessage(failure))) reject(timeoutError(config, task))
            else reject(networkError(config, task, failure))
          })
        },
      })
    } catch (error) {
      // Nothing was sent: a request-building failure.
      finish(() => reject(AxiosError.from(error as Error, AxiosError.ERR_BAD_REQUEST, config)))
      return
    }
    // Taro also returns a promise that rejects on failure; the callbacks above already settled it.
    void Promise.resolve(task).catch(() => undefined)
  })
