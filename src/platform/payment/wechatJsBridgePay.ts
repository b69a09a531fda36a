import type { WxPayJsApiParams } from '@contract/lifePay'
import { whenBridgeReady } from './jsBridge'
import type { PayOutcome } from './payOutcome'

interface WeixinJSBridge {
  invoke(api: 'getBrandWCPayRequest', params: WxPayJsApiParams, callback: (result: { err_msg?: string }) => void): void
}

const readBridge = () => (globalThis as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge

/** H5 inside WeChat: `WeixinJSBridge.invoke('getBrandWCPayRequest', jsapiParams)`. */
export async function payInWeChatBrowser(params: WxPayJsApiParams): Promise<PayOutcome> {
  const bridge = await whenBridgeReady(readBridge, 'WeixinJSBridgeReady')
  if (!bridge) return { kind: 'failed', message: 'WeixinJSBridge is not available' }
  return new Promise((resolve) => {
    bridge.invoke(
      'getBrandWCPayRequest',
      {
        appId: params.appId,
        timeStamp: params.timeStamp,
        nonceStr: params.nonceStr,
        package: params.package,
        signType: params.signType,
        paySign: params.paySign,
      },
      (result) => {
        const message = result?.err_msg ?? ''
        if (message === 'get_brand_wcpay_request:ok') resolve({ kind: 'succeeded' })
        else if (message === 'get_brand_wcpay_request:cancel') resolve({ kind: 'cancelled' })
        else resolve({ kind: 'failed', message: message || undefined })
      },
    )
  })
}
