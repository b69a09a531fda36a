/** @jest-environment node */
import Taro from '@tarojs/taro'
import { httpUi, resetHttpUi, setHttpUi } from '../../../src/services/http/httpUi'

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: jest.requireActual('../support/taroNode').default }))

afterEach(() => resetHttpUi())

describe('httpUi', () => {
  it('falls back to the platform toast, loading and navigation until the app wires its own', () => {
    httpUi().showToast('error', '服务器内部错误')
    httpUi().showToast('success', '已保存')
    httpUi().showLoading()
    httpUi().redirectToLogin()
    expect(Taro.showToast).toHaveBeenNthCalledWith(1, { title: '服务器内部错误', icon: 'none' })
    expect(Taro.showToast).toHaveBeenNthCalledWith(2, { title: '已保存', icon: 'success' })
    expect(Taro.showLoading).toHaveBeenCalledWith({ title: '加载中', mask: true })
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/subpackages/login/authorization/authorization' })
  })

  it('replaces only the hooks given', () => {
    const showToast = jest.fn()
    setHttpUi({ showToast })
    httpUi().showToast('warning', 'x')
    httpUi().hideLoading()
    expect(showToast).toHaveBeenCalledWith('warning', 'x')
    expect(Taro.hideLoading).toHaveBeenCalled()
  })

  it('never throws when the platform call fails', () => {
    ;(Taro.hideLoading as jest.Mock).mockImplementationOnce(() => {
      throw new Error('nothing to hide')
    })
    ;(Taro.showNavigationBarLoading as jest.Mock).mockImplementationOnce(() => Promise.reject(new Error('no bar')))
    expect(() => httpUi().hideLoading()).not.toThrow()
    expect(() => httpUi().showNavigationBarLoading()).not.toThrow()
  })
})
