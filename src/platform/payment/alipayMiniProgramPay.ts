import { alipayOutcome } from './alipayResultCode'
import type { PayOutcome } from './payOutcome'

interface TradePayResult {
  resultCode?: string | number
  memo?: string
}

/** The Alipay mini-program's global API (only tradePay is used). */
interface AlipayMy {
  tradePay(options: {
    tradeNO: string
    success?: (result: TradePayResult) => void
    fail?: (result: TradePayResult & { error?: number; errorMessage?: string }) => void
  }): void
}

// The Alipay runtime's own global, read as a free name: older clients have no globalThis to find it on.
declare const my: AlipayMy | undefined

/** Alipay mini-program: `my.tradePay({ tradeNO })`. */
export function payInAlipayMiniProgram(tradeNO: string): Promise<PayOutcome> {
  const alipay = typeof my === 'undefined' ? undefined : my
  if (!alipay?.tradePay) return Promise.resolve({ kind: 'failed', message: 'my.tradePay is not available' })
  return new Promise((resolve) => {
    alipay.tradePay({
      tradeNO,
      success: (result) => resolve(alipayOutcome(result.resultCode, result.memo)),
      // Older clients report 6001 (cancel) through fail, newer ones through success.
      fail: (result) =>
        resolve(result.resultCode !== undefined ? alipayOutcome(result.resultCode, result.memo) : { kind: 'failed', message: result.errorMessage }),
    })
  })
}
