/** @jest-environment node */
// The adapter over the mini-program contract of Taro.request (support/taroNode.ts: real HTTP over node:http).
import { describeAdapterConformance } from '../support/adapterConformance'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: jest.requireActual('../support/taroNode').default }))

describe('taroAdapter on the mini-program request contract', () => {
  describeAdapterConformance()
})
