import { waitFor } from '@testing-library/react'
import type * as Popups from '../../../src/services/http/fallbackPopups.h5'

// H5: the request layer's default toast and loading load Taro's on first use (src/services/http/fallbackPopups.h5.ts).
// Taro's calls are recorded (one record across the fresh module registries below), and the popups' chunk is a factory
// that can fail like webpack's does.
let mockChunkFails = 0
let mockLoads = 0
const mockTaro = {
  showToast: jest.fn((_options: { title: string; icon: string }) => Promise.resolve()),
  showLoading: jest.fn((_options: { title: string; mask?: boolean }) => Promise.resolve()),
  hideLoading: jest.fn(() => Promise.resolve()),
}
const Taro = mockTaro

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: mockTaro }))
jest.mock('../../../src/services/http/taroPopups', () => {
  mockLoads += 1
  if (mockChunkFails > 0) {
    mockChunkFails -= 1
    throw Object.assign(new Error('Loading chunk taroPopups failed.'), { name: 'ChunkLoadError' })
  }
  return jest.requireActual('../../../src/services/http/taroPopups')
})

// A fresh module registry each time, so the popups and the code they load start unloaded (Taro's mock is kept).
function freshPopups(): typeof Popups {
  jest.resetModules()
  return jest.requireActual('../../../src/services/http/fallbackPopups.h5')
}

/** What Taro was asked to show, in order. */
function shown(): string[] {
  const calls: [string, number][] = [
    ...Taro.showToast.mock.calls.map(([options], i): [string, number] => [
      `toast ${options.icon} ${options.title}`,
      Taro.showToast.mock.invocationCallOrder[i],
    ]),
    ...Taro.showLoading.mock.calls.map(([options], i): [string, number] => [
      `loading ${options.title}${options.mask ? ' masked' : ''}`,
      Taro.showLoading.mock.invocationCallOrder[i],
    ]),
    ...Taro.hideLoading.mock.invocationCallOrder.map((order): [string, number] => ['hide', order]),
  ]
  return calls.sort((a, b) => a[1] - b[1]).map(([call]) => call)
}

describe('request layer’s default popups (H5: Taro’s loaded on first use)', () => {
  // A rejection left unhandled fails the test it happens in (jest does: checked with a bare Promise.reject), so
  // each test below also shows that a failed load leaves none behind.
  beforeEach(() => {
    jest.clearAllMocks()
    mockChunkFails = 0
    mockLoads = 0
  })

  it('shows the toast and loading in the order asked, though the first call waits for the code', async () => {
    const { hideLoading, showLoading, showToast } = freshPopups()
    showLoading()
    hideLoading()
    showToast('error', '服务器内部错误')
    showToast('success', '已保存')
    expect(shown()).toEqual([])
    await waitFor(() =>
      expect(shown()).toEqual(['loading 加载中 masked', 'hide', 'toast none 服务器内部错误', 'toast success 已保存']),
    )
    showToast('warning', '请稍后再试')
    await waitFor(() => expect(shown()).toHaveLength(5))
    expect(shown()[4]).toBe('toast none 请稍后再试')
    expect(mockLoads).toBe(1)
  })

  it('shows nothing when its code cannot be loaded, raises no unhandled rejection, and loads it on the next call', async () => {
    const { showLoading, showToast } = freshPopups()
    mockChunkFails = 1
    showToast('error', '网络异常')
    await waitFor(() => expect(mockLoads).toBe(1))
    expect(shown()).toEqual([])
    // The next call asks for the code again, and this time it arrives; the failed load's toast never shows.
    showLoading()
    showToast('error', '网络异常')
    await waitFor(() => expect(shown()).toEqual(['loading 加载中 masked', 'toast none 网络异常']))
    expect(mockLoads).toBe(2)
  })

  it('never throws when Taro’s call fails', async () => {
    const { hideLoading, showToast } = freshPopups()
    Taro.hideLoading.mockImplementationOnce(() => {
      throw new Error('nothing to hide')
    })
    Taro.showToast.mockImplementationOnce(() => Promise.reject(new Error('no toast')))
    expect(() => hideLoading()).not.toThrow()
    showToast('error', 'x')
    await waitFor(() => expect(Taro.showToast).toHaveBeenCalledTimes(1))
    // A later call, in a later task: the failed one's rejection would have been reported by then.
    showToast('error', 'y')
    await waitFor(() => expect(Taro.showToast).toHaveBeenCalledTimes(2))
    expect(shown()).toEqual(['hide', 'toast none x', 'toast none y'])
  })
})
