import { exportCanvas } from './hostCanvas'
import type { MiniHost } from './miniHost'
import {
  intersectionObserver,
  listenerRegistry,
  MENU_BUTTON_RECT,
  orderForPayment,
  recordCalls,
  subscribePrompt,
  responseData,
  selectorQuery,
  sendRequest,
  SYSTEM_INFO,
  updateManager,
  walletPay,
} from './hostServices'

type Callbacks = { success?: (res: unknown) => void; fail?: (res: unknown) => void; complete?: (res: unknown) => void }
type Options = Callbacks & Record<string, unknown>

/**
 * The `wx` object of WeChat's app-service, with the real API names and answers (`errMsg: 'name:ok'`). Only what a
 * Taro app of this shape calls is here; every call is recorded in `host.calls`.
 */
export function createWxApi(host: MiniHost): Record<string, unknown> {
  const ok = (name: string, options: Options | undefined, result: Record<string, unknown> = {}) => {
    host.later(() => {
      const res = host.toContext({ ...result, errMsg: `${name}:ok` })
      options?.success?.(res)
      options?.complete?.(res)
    })
  }
  const fail = (name: string, options: Options | undefined, reason: string, extra: Record<string, unknown> = {}) => {
    host.later(() => {
      const res = host.toContext({ ...extra, errMsg: `${name}:fail ${reason}` })
      options?.fail?.(res)
      options?.complete?.(res)
    })
  }
  const navigation = (how: 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch') => (options: Options) => {
    host.later(() => {
      try {
        const { route, query } = host.parseUrl(String(options.url))
        host.openPage(route, how === 'switchTab' ? {} : query, how)
        ok(how, options)
      } catch (error) {
        fail(how, options, (error as Error).message)
      }
    })
  }
  const { on, off } = listenerRegistry()
  const storageValue = (key: string) => (host.storage.has(key) ? host.toContext(host.storage.get(key)) : '')

  const api: Record<string, (...args: never[]) => unknown> = {
    request(options: Options) {
      const { answer, abort } = sendRequest(host, {
        url: String(options.url),
        method: options.method as string | undefined,
        data: options.data,
        headers: (options.header as Record<string, string>) ?? {},
        timeout: options.timeout as number | undefined,
      })
      answer.then(
        (res) =>
          ok('request', options, {
            data: responseData(res.text, (options.dataType as string) ?? 'json'),
            statusCode: res.status,
            header: res.headers,
            cookies: [],
          }),
        (error: Error) => fail('request', options, error.message),
      )
      return {
        abort,
        onHeadersReceived: () => undefined,
        offHeadersReceived: () => undefined,
        onChunkReceived: () => undefined,
      }
    },

    getStorageSync: (key: string) => storageValue(key),
    setStorageSync(key: string, data: unknown) {
      host.storage.set(key, JSON.parse(JSON.stringify(data ?? null)))
    },
    removeStorageSync(key: string) {
      host.storage.delete(key)
    },
    clearStorageSync() {
      host.storage.clear()
    },
    getStorageInfoSync: () => host.toContext({ keys: [...host.storage.keys()], currentSize: 1, limitSize: 10240 }),
    getStorage(options: Options) {
      const key = String(options.key)
      if (host.storage.has(key)) ok('getStorage', options, { data: host.storage.get(key) })
      else fail('getStorage', options, 'data not found')
    },
    setStorage(options: Options) {
      host.storage.set(String(options.key), JSON.parse(JSON.stringify(options.data ?? null)))
      ok('setStorage', options)
    },
    removeStorage(options: Options) {
      host.storage.delete(String(options.key))
      ok('removeStorage', options)
    },

    showToast(options: Options) {
      host.toasts.push({
        title: String(options.title ?? ''),
        icon: String(options.icon ?? 'success'),
        duration: Number(options.duration ?? 1500),
      })
      ok('showToast', options)
    },
    hideToast: (options?: Options) => ok('hideToast', options),
    showLoading(options: Options) {
      host.loading = String(options.title ?? '')
      ok('showLoading', options)
    },
    hideLoading(options?: Options) {
      host.loading = null
      ok('hideLoading', options)
    },
    showModal(options: Options) {
      const modal = {
        title: String(options.title ?? ''),
        content: String(options.content ?? ''),
        showCancel: options.showCancel !== false,
        confirmText: String(options.confirmText ?? '确定'),
        cancelText: String(options.cancelText ?? '取消'),
        answered: false,
        answer: (confirm: boolean) => {
          modal.answered = true
          ok('showModal', options, { confirm, cancel: !confirm })
        },
      }
      host.modals.push(modal)
    },
    showActionSheet: (options: Options) => fail('showActionSheet', options, 'cancel'),
    setNavigationBarTitle: (options: Options) => ok('setNavigationBarTitle', options),
    setNavigationBarColor: (options: Options) => ok('setNavigationBarColor', options),
    showNavigationBarLoading: (options?: Options) => ok('showNavigationBarLoading', options),
    hideNavigationBarLoading: (options?: Options) => ok('hideNavigationBarLoading', options),
    hideHomeButton: (options?: Options) => ok('hideHomeButton', options),
    setTabBarItem: (options: Options) => ok('setTabBarItem', options),
    setTabBarBadge: (options: Options) => ok('setTabBarBadge', options),
    removeTabBarBadge: (options: Options) => ok('removeTabBarBadge', options),
    startPullDownRefresh: (options?: Options) => ok('startPullDownRefresh', options),
    stopPullDownRefresh: (options?: Options) => ok('stopPullDownRefresh', options),
    pageScrollTo: (options: Options) => ok('pageScrollTo', options),
    setBackgroundTextStyle: (options: Options) => ok('setBackgroundTextStyle', options),
    setBackgroundColor: (options: Options) => ok('setBackgroundColor', options),
    setClipboardData: (options: Options) => ok('setClipboardData', options),
    getClipboardData: (options: Options) => ok('getClipboardData', options, { data: '' }),
    vibrateShort: (options?: Options) => ok('vibrateShort', options),
    makePhoneCall: (options: Options) => ok('makePhoneCall', options),

    navigateTo: navigation('navigateTo'),
    redirectTo: navigation('redirectTo'),
    switchTab: navigation('switchTab'),
    reLaunch: navigation('reLaunch'),
    navigateBack(options?: Options) {
      host.later(() => {
        try {
          host.navigateBack(Number(options?.delta ?? 1))
          ok('navigateBack', options)
        } catch (error) {
          fail('navigateBack', options, (error as Error).message)
        }
      })
    },

    getSystemInfoSync: () => host.toContext({ ...SYSTEM_INFO, version: '8.0.50', SDKVersion: '3.6.0' }),
    getSystemInfo: (options: Options) =>
      ok('getSystemInfo', options, { ...SYSTEM_INFO, version: '8.0.50', SDKVersion: '3.6.0' }),
    getWindowInfo: () =>
      host.toContext({
        pixelRatio: 3,
        screenWidth: 390,
        screenHeight: 844,
        windowWidth: 390,
        windowHeight: 844,
        statusBarHeight: 47,
        safeArea: SYSTEM_INFO.safeArea,
        screenTop: 0,
      }),
    getDeviceInfo: () =>
      host.toContext({
        brand: 'iPhone',
        model: SYSTEM_INFO.model,
        system: SYSTEM_INFO.system,
        platform: 'ios',
        pixelRatio: 3,
      }),
    getAppBaseInfo: () =>
      host.toContext({ SDKVersion: '3.6.0', language: 'zh_CN', version: '8.0.50', theme: 'light', enableDebug: false }),
    getMenuButtonBoundingClientRect: () => host.toContext(MENU_BUTTON_RECT),
    getAccountInfoSync: () =>
      host.toContext({ miniProgram: { appId: 'touristappid', envVersion: 'release', version: '1.0.0' } }),
    getLaunchOptionsSync: () =>
      host.toContext({ path: host.appJson.entryPagePath, query: {}, scene: 1001, referrerInfo: {} }),
    getEnterOptionsSync: () =>
      host.toContext({ path: host.appJson.entryPagePath, query: {}, scene: 1001, referrerInfo: {} }),
    getNetworkType: (options: Options) => ok('getNetworkType', options, { networkType: 'wifi' }),
    getSetting: (options: Options) =>
      ok('getSetting', options, { authSetting: { 'scope.writePhotosAlbum': host.albumPermission === 'allow' } }),
    authorize(options: Options) {
      if (options.scope === 'scope.writePhotosAlbum' && host.albumPermission === 'deny')
        return fail('authorize', options, 'auth deny')
      ok('authorize', options)
    },
    // The settings page: the user may turn the album permission on there (settingGrantsAlbum).
    openSetting(options: Options) {
      if (host.settingGrantsAlbum) host.albumPermission = 'allow'
      ok('openSetting', options, { authSetting: { 'scope.writePhotosAlbum': host.albumPermission === 'allow' } })
    },
    // Base library 2.9.0: a 2d canvas is exported by passing its node as `canvas`.
    canvasToTempFilePath(options: Options) {
      const canvas = options.canvas ? host.canvasNodes.get(options.canvas as object) : undefined
      if (!canvas) return fail('canvasToTempFilePath', options, 'canvas is empty')
      ok('canvasToTempFilePath', options, {
        tempFilePath: exportCanvas(host, canvas, String(options.fileType ?? 'png')),
      })
    },
    // Needs scope.writePhotosAlbum: refused now or before, it fails with "auth deny"; local files only.
    saveImageToPhotosAlbum(options: Options) {
      const filePath = String(options.filePath ?? '')
      if (!host.tempFiles.has(filePath)) return fail('saveImageToPhotosAlbum', options, 'file not found')
      if (host.albumPermission === 'deny') return fail('saveImageToPhotosAlbum', options, 'auth deny')
      host.album.push(filePath)
      ok('saveImageToPhotosAlbum', options)
    },
    canIUse: (name: string) => String(name).split('.')[0] in api,
    nextTick: (fn: () => void) => host.later(fn),
    getUpdateManager: () => updateManager(host),
    onAppShow: on('appShow'),
    offAppShow: off('appShow'),
    onAppHide: on('appHide'),
    offAppHide: off('appHide'),
    onError: on('error'),
    offError: off('error'),
    onUnhandledRejection: on('unhandledRejection'),
    offUnhandledRejection: off('unhandledRejection'),
    onPageNotFound: on('pageNotFound'),
    offPageNotFound: off('pageNotFound'),
    onNetworkStatusChange: on('networkStatusChange'),
    offNetworkStatusChange: off('networkStatusChange'),
    onMemoryWarning: on('memoryWarning'),
    onWindowResize: on('windowResize'),
    offWindowResize: off('windowResize'),
    createSelectorQuery: () => selectorQuery(host),
    createIntersectionObserver: () => intersectionObserver(),
    reportAnalytics: () => undefined,
    reportEvent: () => undefined,
    getRealtimeLogManager: () => ({
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      setFilterMsg: () => undefined,
    }),

    login(options: Options) {
      ok('login', options, { code: `wxcode${Math.random().toString(36).slice(2, 12)}` })
    },
    requestSubscribeMessage(options: Options) {
      const prompt = subscribePrompt(host, options.tmplIds)
      if ('refused' in prompt) return fail('requestSubscribeMessage', options, prompt.refused)
      ok('requestSubscribeMessage', options, prompt.answers)
    },
    requestPayment(options: Options) {
      let orderNo: string
      try {
        orderNo = orderForPayment(
          host,
          (payOrder) => (payOrder.wxPay as { package?: string } | null)?.package === options.package,
        )
      } catch (error) {
        return fail('requestPayment', options, (error as Error).message)
      }
      walletPay(host, orderNo).then(
        (answer) => {
          if (answer === 'success') ok('requestPayment', options)
          else if (answer === 'cancel') fail('requestPayment', options, 'cancel')
          else fail('requestPayment', options, 'system error (sandbox wallet declined)')
        },
        (error: Error) => fail('requestPayment', options, error.message),
      )
    },
  }
  return recordCalls(host, api)
}
