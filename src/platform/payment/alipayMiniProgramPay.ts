import Taro from '@tarojs/taro'
import { alipayOutcome } from './alipayResultCode'
import type { PayOutcome } from './payOutcome'

/**
 * What `my.tradePay` reports, through success or fail alike. Taro passes it on unchanged; its typing nests resultCode
 * under `response`, but Alipay's documented result (and the JS bridge's) has it at the top.
 */
interface TradePayReport {
  resultCode?: string | number
  memo?: string
  error?: number
  errorMessage?: string
  errMsg?: string
}

/** Alipay mini-program: `Taro.tradePay({ tradeNO })` (@tarojs/plugin-platform-alipay promisifies `my.tradePay`). */
export async function payInAlipayMiniProgram(tradeNO: string): Promise<PayOutcome> {
  // Taro defines tradePay only where the host has it (every Alipay client; never WeChat).
  if (typeof Taro.tradePay !== 'function') return { kind: 'failed', message: 'tradePay is not available' }
  try {
    const report = (await Taro.tradePay({ tradeNO })) as unknown as TradePayReport | undefined
    return alipayOutcome(report?.resultCode, report?.memo)
  } catch (error) {
    const report = (error ?? {}) as TradePayReport
    // Older clients report 6001 (cancel) through fail, newer ones through success.
    if (report.resultCode !== undefined) return alipayOutcome(report.resultCode, report.memo)
    return { kind: 'failed', message: report.errorMessage || report.errMsg || undefined }
  }
}
