// A stand-in for @tarojs/taro in node tests. `request` does real HTTP over node:http and keeps the contract of
// Taro.request on mini-programs: success for every HTTP status (statusCode, header with the server's casing, data
// parsed only when dataType is 'json'), fail({ errMsg }) for network failures, timeouts and abort(), and a returned
// task that is a promise with abort(). Storage mirrors Taro's sync storage ('' for a missing key).
import http from 'node:http'

interface RequestOptions {
  url: string
  method?: string
  data?: unknown
  header?: Record<string, string>
  timeout?: number
  dataType?: string
  responseType?: string
  success?: (result: unknown) => void
  fail?: (error: { errMsg: string }) => void
  complete?: (result: unknown) => void
}

type Task = Promise<unknown> & { abort: () => void }

/** Every option object Taro.request received, to check what the adapter handed over. */
export const requestCalls: RequestOptions[] = []

function request(options: RequestOptions): Task {
  requestCalls.push(options)
  const { url, method = 'GET', data, header = {}, timeout = 60000, dataType = 'json', responseType = 'text' } = options
  let settled = false
  let outgoing: http.ClientRequest | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let failWith: (errMsg: string) => void = () => undefined

  const promise = new Promise((resolve, reject) => {
    const succeed = (result: unknown) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.success?.(result)
      options.complete?.(result)
      resolve(result)
    }
    failWith = (errMsg: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const error = { errMsg }
      options.fail?.(error)
      options.complete?.(error)
      reject(error)
    }
    let body: string | Buffer | undefined
    if (data !== undefined && method !== 'GET' && method !== 'HEAD') {
      if (typeof data === 'string') body = data
      else if (data instanceof ArrayBuffer) body = Buffer.from(data)
      else body = JSON.stringify(data)
    }
    outgoing = http.request(url, { method, headers: header }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', (error) => failWith(`request:fail ${error.message}`))
      response.on('end', () => {
        const raw = Buffer.concat(chunks)
        const responseHeader: Record<string, string> = {}
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          responseHeader[response.rawHeaders[i]] = response.rawHeaders[i + 1]
        }
        let result: unknown
        if (responseType === 'arraybuffer') {
          result = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)
        } else {
          const text = raw.toString('utf8')
          result = text
          if (dataType === 'json') {
            try {
              result = JSON.parse(text)
            } catch {
              result = text
            }
          }
        }
        succeed({ statusCode: response.statusCode, header: responseHeader, data: result, errMsg: 'request:ok' })
      })
    })
    outgoing.on('error', (error) => failWith(`request:fail ${error.message}`))
    timer = setTimeout(() => {
      failWith('request:fail timeout')
      outgoing?.destroy()
    }, timeout)
    if (body !== undefined) outgoing.write(body)
    outgoing.end()
  }) as Task
  promise.abort = () => {
    failWith('request:fail abort')
    outgoing?.destroy()
  }
  return promise
}

const storage = new Map<string, unknown>()

const ok = () => Promise.resolve({ errMsg: 'ok' })

const taro = {
  request,
  getStorageSync: (key: string) => (storage.has(key) ? storage.get(key) : ''),
  setStorageSync: (key: string, value: unknown) => {
    storage.set(key, value)
  },
  removeStorageSync: (key: string) => {
    storage.delete(key)
  },
  clearStorageSync: () => storage.clear(),
  showToast: jest.fn(ok),
  showLoading: jest.fn(ok),
  hideLoading: jest.fn(ok),
  showNavigationBarLoading: jest.fn(ok),
  hideNavigationBarLoading: jest.fn(ok),
  navigateTo: jest.fn(ok),
  switchTab: jest.fn(ok),
  redirectTo: jest.fn(ok),
  navigateBack: jest.fn(ok),
  getCurrentPages: () => [],
  getSystemInfoSync: () => ({ screenWidth: 375, screenHeight: 812, statusBarHeight: 20, platform: 'ios' }),
}

export const storageSnapshot = (): Map<string, unknown> => new Map(storage)

export default taro
