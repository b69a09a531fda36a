import Taro from '@tarojs/taro'
import { useLocaleStore } from '../../src/i18n/i18n'
import { installPageLoadFeedback, isPageChunkFailure } from '../../src/platform/pageLoadFeedback.h5'

function chunkFailure(reason: unknown): Event {
  const event = new Event('unhandledrejection', { cancelable: true })
  Object.assign(event, { reason })
  return event
}

describe('page load feedback (H5)', () => {
  let ui: { showLoading: jest.Mock; hideLoading: jest.Mock; showToast: jest.Mock }
  let uninstall: () => void

  beforeEach(() => {
    jest.useFakeTimers()
    useLocaleStore.setState({ locale: 'zh-CN' })
    ui = { showLoading: jest.fn(), hideLoading: jest.fn(), showToast: jest.fn() }
    uninstall = installPageLoadFeedback(ui)
  })
  afterEach(() => {
    uninstall()
    jest.useRealTimers()
  })

  it('shows an indicator once a page takes longer than a moment, and hides it when the page is shown', () => {
    Taro.eventCenter.trigger('__taroRouterChange', {
      toLocation: { path: '/subpackages/userAccount/userAccountList/userAccountList' },
    })
    jest.advanceTimersByTime(299)
    expect(ui.showLoading).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(ui.showLoading).toHaveBeenCalledTimes(1)
    Taro.eventCenter.trigger('__afterTaroRouterChange', {})
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('shows nothing for a page that is there at once', () => {
    Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/pages/mine/index' } })
    Taro.eventCenter.trigger('__afterTaroRouterChange', {})
    jest.advanceTimersByTime(1000)
    expect(ui.showLoading).not.toHaveBeenCalled()
    expect(ui.hideLoading).not.toHaveBeenCalled()
  })

  it('says a page that cannot be loaded could not be opened, and takes the indicator away', () => {
    Taro.eventCenter.trigger('__taroRouterChange', {
      toLocation: { path: '/subpackages/userAccount/userAccountList/userAccountList' },
    })
    jest.advanceTimersByTime(300)
    const error = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })
    const event = chunkFailure(error)
    window.dispatchEvent(event)
    expect(ui.showToast).toHaveBeenCalledWith('页面打开失败，请检查网络后重试')
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
    expect(event.defaultPrevented).toBe(true)
  })

  it('leaves every other unhandled rejection alone', () => {
    const event = chunkFailure(new Error('boom'))
    window.dispatchEvent(event)
    expect(ui.showToast).not.toHaveBeenCalled()
    expect(event.defaultPrevented).toBe(false)
    expect(isPageChunkFailure({ code: 'CSS_CHUNK_LOAD_FAILED' })).toBe(true)
    expect(isPageChunkFailure(undefined)).toBe(false)
  })
})
