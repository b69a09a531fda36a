/** @jest-environment node */
// Issue 36: the one rule for "the back end does not have this call", through the assembled client and a real server.
import { request } from '../../../src/services/http/client'
import { extensionCall, isExtensionAbsent } from '../../../src/services/api/extensionAbsent'
import { withTestServer } from '../support/harness'
import { refusal, type Reply } from '../../support/testServer'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: jest.requireActual('../support/taroNode').default }))

const { server, ui } = withTestServer()
const PATH = '/api/LifePay/CheckPhoneCarrier'

async function failure(reply: Reply, call = extensionCall()): Promise<unknown> {
  server().route(PATH, () => reply)
  try {
    await request({ method: 'POST', url: PATH, data: {}, ...call })
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

/** What this server answers for an address it does not have (server/src/http/errors.ts `notFound`). */
const UNKNOWN_ROUTE = { success: false, data: null, error: 'NOT_FOUND', msg: '请求地址出错', showType: 2 }

describe('an absent extension', () => {
  it.each<[string, Reply]>([
    ['a bare 404 (the ABP back end)', { status: 404, text: '' }],
    ['a 404 with our unknown-route envelope', { status: 404, json: UNKNOWN_ROUTE }],
    ['the unknown-route envelope with HTTP 200 (a gateway in front)', { json: UNKNOWN_ROUTE }],
  ])('%s: absent, and no toast', async (_name, reply) => {
    expect(isExtensionAbsent(await failure(reply))).toBe(true)
    expect(ui().toasts).toEqual([])
  })

  it.each<[string, Reply]>([
    ['a 500', { status: 500, json: { ...UNKNOWN_ROUTE, error: 'INTERNAL_ERROR', msg: '服务器内部错误' } }],
    ['a business refusal', refusal('请求过于频繁', 'TOO_MANY_REQUESTS')],
    ['a lost connection', { hangUp: true }],
  ])('%s: a failure of a present feature, handled as before (a toast)', async (_name, reply) => {
    expect(isExtensionAbsent(await failure(reply))).toBe(false)
    expect(ui().toasts).toHaveLength(1)
  })

  it("keeps the caller's own handler for the rest", async () => {
    const own = jest.fn(() => true)
    await failure(refusal('请求过于频繁', 'TOO_MANY_REQUESTS'), extensionCall({ customErrorHandler: own }))
    expect(own).toHaveBeenCalledTimes(1)
    expect(ui().toasts).toEqual([])
  })
})
