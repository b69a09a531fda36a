// The adapter over the real H5 Taro.request (@tarojs/taro-h5: fetch, here whatwg-fetch over jsdom's XMLHttpRequest,
// which does real HTTP, cross-origin from http://localhost).
import { describeAdapterConformance } from '../support/adapterConformance'

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    ...jest.requireActual('../support/taroNode').default,
    request: jest.requireActual('@tarojs/taro-h5/dist/api/network/request/index.js').request,
  },
}))

describe('taroAdapter on the H5 Taro.request', () => {
  describeAdapterConformance()
})

// jsdom reports failed connections on its virtual console; the test asserts the outcome itself.
const consoleError = console.error
beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (/socket hang up|ECONNREFUSED/.test(String(args[0]))) return
    consoleError(...args)
  })
})
