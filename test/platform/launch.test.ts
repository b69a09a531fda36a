import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'
import { checkForUpdate, relaunchOnCollect } from '../../src/platform/launch'
import { useLocaleStore } from '../../src/i18n/i18n'

function fakeUpdateManager() {
  const handlers: { ready?: () => void; failed?: () => void } = {}
  return {
    handlers,
    manager: {
      onCheckForUpdate: jest.fn(),
      onUpdateReady: (cb: () => void) => (handlers.ready = cb),
      onUpdateFailed: (cb: () => void) => (handlers.failed = cb),
      applyUpdate: jest.fn(),
    },
  }
}

// The H5 implementation of Taro has no update manager: the tests play the mini-program host's.
const taro = Taro as unknown as Record<string, unknown>
function installUpdateManager(manager: object) {
  const getUpdateManager = jest.fn(() => manager)
  taro.getUpdateManager = getUpdateManager
  return getUpdateManager
}

describe('launch behaviour (SPEC §1)', () => {
  const taroEnv = process.env.TARO_ENV
  beforeEach(() => {
    process.env.TARO_ENV = 'weapp'
    useLocaleStore.setState({ locale: 'en-US' })
  })
  afterEach(() => {
    process.env.TARO_ENV = taroEnv
    delete taro.getUpdateManager
    jest.restoreAllMocks()
  })

  it('asks to restart when an update is ready, and applies it on confirm', async () => {
    const { handlers, manager } = fakeUpdateManager()
    installUpdateManager(manager)
    const showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' })
    checkForUpdate()
    handlers.ready!()
    expect(showModal).toHaveBeenCalledWith({
      title: 'update notice',
      content: 'A new version is ready, restart the app?',
    })
    await waitFor(() => expect(manager.applyUpdate).toHaveBeenCalledTimes(1))
  })

  it('keeps the running version when the user declines', async () => {
    const { handlers, manager } = fakeUpdateManager()
    installUpdateManager(manager)
    // Nothing happens on a decline, so the test waits until the answer has been read, however many turns that takes.
    let answerRead = false
    const declined = {
      get confirm() {
        answerRead = true
        return false
      },
      cancel: true,
      errMsg: 'ok',
    }
    jest.spyOn(Taro, 'showModal').mockResolvedValue(declined)
    checkForUpdate()
    handlers.ready!()
    await waitFor(() => expect(answerRead).toBe(true))
    expect(manager.applyUpdate).not.toHaveBeenCalled()
  })

  it('shows the 2000 ms failure toast when the download fails', () => {
    const { handlers, manager } = fakeUpdateManager()
    installUpdateManager(manager)
    const showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' })
    checkForUpdate()
    handlers.failed!()
    expect(showToast).toHaveBeenCalledWith({
      title: 'New version download failed, please re-enter',
      icon: 'none',
      duration: 2000,
    })
  })

  it('does not look for updates in H5', () => {
    process.env.TARO_ENV = 'h5'
    const getUpdateManager = installUpdateManager(fakeUpdateManager().manager)
    checkForUpdate()
    expect(getUpdateManager).not.toHaveBeenCalled()
  })

  it('relaunches to home when launched with a collect parameter, and only then', () => {
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'ok' })
    expect(relaunchOnCollect({ channelId: '7' })).toBe(false)
    expect(relaunchOnCollect(undefined)).toBe(false)
    expect(reLaunch).not.toHaveBeenCalled()
    expect(relaunchOnCollect({ collect: '1' })).toBe(true)
    expect(reLaunch).toHaveBeenCalledWith({ url: '/pages/home/index' })
  })
})
