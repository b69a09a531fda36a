import { alipayOutcome } from './alipayResultCode'
import { whenBridgeReady } from './jsBridge'
import type { PayOutcome } from './payOutcome'

interface AlipayJSBridge {
  call(
    api: 'tradePay',
    params: { tradeNO: string },
    callback: (result: { resultCode?: string | number; memo?: string }) => void,
  ): void
}

const readBridge = () => (globalThis as { AlipayJSBridge?: AlipayJSBridge }).AlipayJSBridge

/** H5 inside the Alipay app: `AlipayJSBridge.call('tradePay', { tradeNO })`. */
export async function payInAlipayBrowser(tradeNO: string): Promise<PayOutcome> {
  const bridge = await whenBridgeReady(readBridge, 'AlipayJSBridgeReady')
  if (!bridge) return { kind: 'failed', message: 'AlipayJSBridge is not available' }
  return new Promise((resolve) => {
    bridge.call('tradePay', { tradeNO }, (result) => resolve(alipayOutcome(result?.resultCode, result?.memo)))
  })
}
