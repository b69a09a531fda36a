import Taro from '@tarojs/taro'
import type { WxPayJsApiParams } from '@contract/lifePay'
import type { PayOutcome } from './payOutcome'

/**
 * Taro 4 hands `requestPayment` to `wx` as it is, without promisifying it (it is in neither Taro's nor the weapp
 * plugin's promise list): `await Taro.requestPayment()` resolved at once, as a success, whatever the user did in the
 * wallet (found by the mini-program test host). The wallet's answer comes only through the callbacks.
 */
function requestPayment(params: WxPayJsApiParams): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const returned: unknown = Taro.requestPayment({
      timeStamp: params.timeStamp,
      nonceStr: params.nonceStr,
      package: params.package,
      signType: params.signType,
      paySign: params.paySign,
      success: () => resolve(),
      fail: reject,
    })
    // Where a promise comes back too (newer base libraries without callbacks, H5), its rejection is the callback's.
    if (returned && typeof (returned as Promise<unknown>).then === 'function')
      (returned as Promise<unknown>).then(undefined, () => undefined)
  })
}

/** WeChat mini-program: `wx.requestPayment` with the JSAPI parameters (the app id is the mini-program's own). */
export async function payInWeChatMiniProgram(params: WxPayJsApiParams): Promise<PayOutcome> {
  try {
    await requestPayment(params)
    return { kind: 'succeeded' }
  } catch (error) {
    const errMsg = (error as { errMsg?: string } | null)?.errMsg ?? ''
    if (/cancel/i.test(errMsg)) return { kind: 'cancelled' }
    return { kind: 'failed', message: errMsg || undefined }
  }
}
