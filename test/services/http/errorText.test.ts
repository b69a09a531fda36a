import { AxiosError, type AxiosResponse } from 'axios'
import { BizError } from '../../../src/services/http/bizError'
import { errorText } from '../../../src/services/http/errorText'

const response = (status: number, data: unknown) => ({ status, data, headers: {}, config: {} }) as AxiosResponse

describe('errorText: what a user reads about a failed call (issue 17, item 3)', () => {
  it('the server’s own message first', () => {
    const biz = new BizError(response(200, { success: false, msg: '订单不存在', error: 'ORDER_NOT_FOUND' }) as never)
    expect(errorText(biz, 'en-US')).toBe('订单不存在')
    const refused = Object.assign(new AxiosError('Request failed with status code 429'), {
      response: response(429, { success: false, msg: '操作过于频繁，请5分钟后再试' }),
    })
    expect(errorText(refused, 'zh-CN')).toBe('操作过于频繁，请5分钟后再试')
  })

  it('words of ours by status, or for no answer, in the user’s language; never the transport’s', () => {
    const crashed = Object.assign(new AxiosError('Request failed with status code 500'), {
      response: response(500, ''),
    })
    expect(errorText(crashed, 'zh-CN')).toBe('服务器内部错误')
    expect(errorText(crashed, 'en-US')).toBe('Server error')
    const offline = Object.assign(new AxiosError('Network Error', AxiosError.ERR_NETWORK), { request: {} })
    expect(errorText(offline, 'zh-CN')).toBe('服务器无响应，请重试')
    expect(errorText(offline, 'en-US')).toBe('The server did not answer, please try again')
    // Wrapped (the phone-code login wraps its failure): found through the cause.
    expect(errorText(new Error('error', { cause: offline }), 'en-US')).toBe(
      'The server did not answer, please try again',
    )
    expect(errorText(new TypeError('x is undefined'), 'en-US')).toBe('Something went wrong, please try again')
    expect(errorText(new TypeError('x is undefined'), 'zh-CN', '登录失败')).toBe('登录失败')
  })
})
