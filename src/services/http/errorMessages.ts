// SPEC §8 texts, shown as they are (the server's own message wins when it sends one).

/** Default toast per HTTP status. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: '请求错误',
  401: '未授权，请登录',
  403: '拒绝访问',
  404: '请求地址出错',
  408: '请求超时',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
}

/** Any status the table does not list. */
export const OTHER_STATUS_MESSAGE = '请求错误'

/** The request went out and nothing came back (network failure, timeout). */
export const NO_RESPONSE_MESSAGE = '服务器无响应，请重试'

/** The request could not be built or sent at all. */
export const REQUEST_SETUP_MESSAGE = '发送请求时出了点问题'

export function httpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? OTHER_STATUS_MESSAGE
}
