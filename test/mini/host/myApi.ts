import type { MiniHost } from './miniHost'
import {
  encryptedPhone,
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

/** Alipay's error codes for a failed call (its docs' table): 2 bad argument, 12 network, 13 timeout, 19 HTTP status. */
const ERROR = { badArgument: 2, network: 12, timeout: 13, httpStatus: 19, cancelled: 11 }

/**
 * The `my` object of Alipay's app-service: Alipay's own names and shapes (`headers`/`status`, `{ key }` storage,
 * `content` toasts, `confirm`, `getAuthCode`, `tradePay` result codes), failures as `{ error, errorMessage }`.
 */
export function createMyApi(host: MiniHost): Record<string, unknown> {
  const ok = (options: Options | undefined, result: Record<string, unknown> = {}) => {
    host.later(() => {
      const res = host.toContext(result)
      options?.success?.(res)
      options?.complete?.(res)
    })
  }
  const fail = (
    options: Options | undefined,
    error: number,
    errorMessage: string,
    extra: Record<string, unknown> = {},
  ) => {
    host.later(() => {
      const res = host.toContext({ ...extra, error, errorMessage })
      options?.fail?.(res)
      options?.complete?.(res)
    })
  }
  const navigation = (how: 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch') => (options: Options) => {
    host.later(() => {
      try {
        const { route, query } = host.parseUrl(String(options.url))
        host.openPage(route, how === 'switchTab' ? {} : query, how)
        ok(options)
      } catch (error) {
        fail(options, ERROR.badArgument, (error as Error).message)
      }
    })
  }
  const { on, off } = listenerRegistry()
  const modal = (options: Options, showCancel: boolean) => {
    const request = {
      title: String(options.title ?? ''),
      content: String(options.content ?? ''),
      showCancel,
      confirmText: String((showCancel ? options.confirmButtonText : options.buttonText) ?? '确定'),
      cancelText: String(options.cancelButtonText ?? '取消'),
      answered: false,
      answer: (confirm: boolean) => {
        request.answered = true
        ok(options, showCancel ? { confirm } : {})
      },
    }
    host.modals.push(request)
  }
  const systemInfo = {
    ...SYSTEM_INFO,
    platform: 'iOS',
    app: 'alipay',
    version: '10.6.0',
    SDKVersion: '2.9.0',
    titleBarHeight: 44,
  }

  const api: Record<string, (...args: never[]) => unknown> = {
    request(options: Options) {
      const { answer, abort } = sendRequest(host, {
        url: String(options.url),
        method: options.method as string | undefined,
        data: options.data,
        headers: (options.headers as Record<string, string>) ?? {},
        timeout: options.timeout as number | undefined,
      })
      answer.then(
        (res) => {
          const result = {
            data: responseData(res.text, (options.dataType as string) ?? 'json'),
            status: res.status,
            headers: res.headers,
          }
          // Alipay fails every non-2xx answer (error 19), the response still attached.
          if (res.status >= 200 && res.status < 300) ok(options, result)
          else fail(options, ERROR.httpStatus, 'http status error', result)
        },
        (error: Error) => fail(options, error.message === 'timeout' ? ERROR.timeout : ERROR.network, error.message),
      )
      return { abort }
    },
    canIUse: (name: string) => String(name).split('.')[0] in api,

    getStorageSync: (options: { key: string }) =>
      host.toContext({ data: host.storage.has(options.key) ? host.storage.get(options.key) : null }),
    setStorageSync(options: { key: string; data: unknown }) {
      host.storage.set(options.key, JSON.parse(JSON.stringify(options.data ?? null)))
    },
    removeStorageSync(options: { key: string }) {
      host.storage.delete(options.key)
    },
    clearStorageSync() {
      host.storage.clear()
    },
    getStorageInfoSync: () => host.toContext({ keys: [...host.storage.keys()], currentSize: 1, limitSize: 10240 }),
    getStorage(options: Options) {
      ok(options, { data: host.storage.has(String(options.key)) ? host.storage.get(String(options.key)) : null })
    },
    setStorage(options: Options) {
      host.storage.set(String(options.key), JSON.parse(JSON.stringify(options.data ?? null)))
      ok(options)
    },
    removeStorage(options: Options) {
      host.storage.delete(String(options.key))
      ok(options)
    },

    showToast(options: Options) {
      host.toasts.push({
        title: String(options.content ?? ''),
        icon: String(options.type ?? 'none'),
        duration: Number(options.duration ?? 2000),
      })
      ok(options)
    },
    hideToast: (options?: Options) => ok(options),
    showLoading(options: Options) {
      host.loading = String(options.content ?? '')
      ok(options)
    },
    hideLoading(options?: Options) {
      host.loading = null
      ok(options)
    },
    confirm: (options: Options) => modal(options, true),
    alert: (options: Options) => modal(options, false),
    showActionSheet: (options: Options) => ok(options, { index: -1 }),
    setNavigationBar: (options: Options) => ok(options),
    showNavigationBarLoading: (options?: Options) => ok(options),
    hideNavigationBarLoading: (options?: Options) => ok(options),
    hideBackHome: (options?: Options) => ok(options),
    setTabBarItem: (options: Options) => ok(options),
    setTabBarBadge: (options: Options) => ok(options),
    removeTabBarBadge: (options: Options) => ok(options),
    startPullDownRefresh: (options?: Options) => ok(options),
    stopPullDownRefresh: (options?: Options) => ok(options),
    pageScrollTo: (options: Options) => ok(options),
    setBackgroundColor: (options: Options) => ok(options),
    setClipboard: (options: Options) => ok(options),
    getClipboard: (options: Options) => ok(options, { text: '' }),
    vibrateShort: (options?: Options) => ok(options),
    makePhoneCall: (options: Options) => ok(options),

    navigateTo: navigation('navigateTo'),
    redirectTo: navigation('redirectTo'),
    switchTab: navigation('switchTab'),
    reLaunch: navigation('reLaunch'),
    navigateBack(options?: Options) {
      host.later(() => {
        try {
          host.navigateBack(Number(options?.delta ?? 1))
          ok(options)
        } catch (error) {
          fail(options, ERROR.badArgument, (error as Error).message)
        }
      })
    },

    getSystemInfoSync: () => host.toContext(systemInfo),
    getSystemInfo: (options: Options) => ok(options, systemInfo),
    getWindowInfo: () =>
      host.toContext({
        pixelRatio: 3,
        screenWidth: 390,
        screenHeight: 844,
        windowWidth: 390,
        windowHeight: 844,
        statusBarHeight: 47,
        titleBarHeight: 44,
      }),
    getMenuButtonBoundingClientRect: () => host.toContext(MENU_BUTTON_RECT),
    getAccountInfoSync: () =>
      host.toContext({ miniProgram: { appId: '2021000000000000', envVersion: 'release', version: '1.0.0' } }),
    getLaunchOptionsSync: () =>
      host.toContext({ path: host.appJson.entryPagePath, query: {}, scene: 1001, referrerInfo: {} }),
    getEnterOptionsSync: () =>
      host.toContext({ path: host.appJson.entryPagePath, query: {}, scene: 1001, referrerInfo: {} }),
    getNetworkType: (options: Options) => ok(options, { networkAvailable: true, networkType: 'WIFI' }),
    getSetting: (options: Options) => ok(options, { authSetting: {} }),
    openSetting(options: Options) {
      if (host.settingGrantsAlbum) host.albumPermission = 'allow'
      ok(options, { authSetting: { album: host.albumPermission === 'allow' } })
    },
    // Base library 1.15.0; error 15: the album permission is off (iOS), 2: no filePath.
    saveImageToPhotosAlbum(options: Options) {
      const filePath = String(options.filePath ?? '')
      if (!filePath) return fail(options, ERROR.badArgument, 'filePath is required')
      if (!host.tempFiles.has(filePath)) return fail(options, 17, 'save failed')
      if (host.albumPermission === 'deny') return fail(options, 15, '没有开启相册权限')
      host.album.push(filePath)
      ok(options)
    },
    showAuthGuide: (options: Options) => ok(options, { shown: false }),
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
    onNetworkStatusChange: on('networkStatusChange'),
    offNetworkStatusChange: off('networkStatusChange'),
    createSelectorQuery: () => selectorQuery(host),
    createIntersectionObserver: () => intersectionObserver(),
    reportAnalytics: () => undefined,

    getAuthCode(options: Options) {
      ok(options, {
        authCode: `alicode${Math.random().toString(36).slice(2, 12)}`,
        authErrorScopes: {},
        authSuccessScopes: ['auth_base'],
      })
    },
    getPhoneNumber(options: Options) {
      // The sandbox identity stands in for Alipay's: the number encrypted for the session the app logged in with.
      encryptedPhone(host).then(
        ({ encryptedData, iv }) => ok(options, { response: JSON.stringify({ response: encryptedData, sign: iv }) }),
        (error: Error) => fail(options, ERROR.cancelled, error.message),
      )
    },
    requestSubscribeMessage(options: Options) {
      const prompt = subscribePrompt(host, options.entityIds)
      if ('refused' in prompt) return fail(options, ERROR.badArgument, prompt.refused)
      const ids = Object.keys(prompt.answers)
      // Alipay answers per entity id and with its lists of what was (not) subscribed.
      ok(options, {
        ...prompt.answers,
        behavior: ids.some((id) => prompt.answers[id] === 'accept') ? 'subscribe' : 'cancel',
        keep: false,
        refuse: false,
        result: {
          subscribeEntityIds: ids.filter((id) => prompt.answers[id] === 'accept'),
          unsubscribeEntityIds: ids.filter((id) => prompt.answers[id] === 'reject'),
        },
      })
    },
    tradePay(options: Options) {
      let orderNo: string
      try {
        orderNo = orderForPayment(host, (payOrder) => payOrder.aliPayTradeNo === options.tradeNO)
      } catch (error) {
        return fail(options, ERROR.badArgument, (error as Error).message)
      }
      // tradePay reports through success with a result code, also when the user cancels or payment fails.
      walletPay(host, orderNo).then(
        (answer) => ok(options, { resultCode: answer === 'success' ? '9000' : answer === 'cancel' ? '6001' : '4000' }),
        (error: Error) => fail(options, ERROR.network, error.message),
      )
    },
  }
  return recordCalls(host, api)
}
