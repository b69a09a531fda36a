import Taro from '@tarojs/taro'
import type { WxPayJsApiParams } from '../../../types/api/lifePay'
import type { PayOutcome } from './payOutcome'

/** WeChat mini-program: `Taro.requestPayment` with the JSAPI parameters (the app id is the mini-program's own). */
export async function payInWeChatMiniProgram(params: WxPayJsApiParams): Promise<PayOutcome> {
  try {
    await Taro.requestPayment({
      timeStamp: params.timeStamp,
      nonceStr: params.nonceStr,
      package: params.package,
      signType: params.signType,
      paySign: params.paySign,
    })
    return { kind: 'succeeded' }
  } catch (error) {
    const errMsg = (error as { errMsg?: string } | null)?.errMsg ?? ''
    if (/cancel/i.test(errMsg)) return { kind: 'cancelled' }
    return { kind: 'failed', message: errMsg || undefined }
  }
}
