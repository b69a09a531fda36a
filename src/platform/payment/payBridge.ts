import type { PayOrderForJsApi } from '@contract/lifePay'
import { LifePayType } from '@domain/lifePayType'
import type { RuntimeHost } from '@domain/runtimeHost'
import { currentRuntimeHost } from '../platform'
import { payInAlipayBrowser } from './alipayJsBridgePay'
import { payInAlipayMiniProgram } from './alipayMiniProgramPay'
import type { PayOutcome } from './payOutcome'
import { openSandboxCashier } from './sandboxCashierStore'
import { payOnTheWeb } from './webPay'
import { payInWeChatBrowser } from './wechatJsBridgePay'
import { payInWeChatMiniProgram } from './wxMiniProgramPay'

export type PayBridgeName =
  'sandboxCashier' | 'wxMiniProgram' | 'alipayMiniProgram' | 'wechatJsBridge' | 'alipayJsBridge' | 'webPay'

/**
 * Which wallet takes this payment here: every sandbox order uses the sandbox cashier; an ordinary phone browser pays
 * through the provider's web payment (WeChat Pay H5, Alipay mobile web).
 */
export function choosePayBridge(
  host: RuntimeHost,
  payOrder: Pick<PayOrderForJsApi, 'sandbox' | 'lifePayType'>,
): PayBridgeName {
  if (payOrder.sandbox) return 'sandboxCashier'
  const wx = payOrder.lifePayType === LifePayType.WxPay
  switch (host) {
    case 'weapp':
      return 'wxMiniProgram'
    case 'alipay':
      return 'alipayMiniProgram'
    case 'h5-wechat':
      return wx ? 'wechatJsBridge' : 'sandboxCashier'
    case 'h5-alipay':
      return wx ? 'sandboxCashier' : 'alipayJsBridge'
    default:
      return 'webPay'
  }
}

function missing(what: string): PayOutcome {
  return { kind: 'failed', message: `${what} missing from the payment order` }
}

/**
 * Hands the payment order from GetPayOrderForJsAPI to the chosen wallet and reports what the wallet said.
 * `resultPage` is the order's result page, where a web payment comes back.
 */
export function startPayment(
  payOrder: PayOrderForJsApi,
  host: RuntimeHost = currentRuntimeHost(),
  resultPage = '',
): Promise<PayOutcome> {
  const bridge = choosePayBridge(host, payOrder)
  switch (bridge) {
    case 'webPay':
      // Only a phone browser pays on the web: the mini-programs drop the call and its module.
      return process.env.TARO_ENV === 'h5' && payOrder.webPayUrl
        ? payOnTheWeb(payOrder.orderNo, payOrder.webPayUrl, resultPage)
        : Promise.resolve(missing('webPayUrl'))
    case 'wxMiniProgram':
      return payOrder.wxPay ? payInWeChatMiniProgram(payOrder.wxPay) : Promise.resolve(missing('wxPay'))
    case 'wechatJsBridge':
      return payOrder.wxPay ? payInWeChatBrowser(payOrder.wxPay) : Promise.resolve(missing('wxPay'))
    case 'alipayMiniProgram':
      return payOrder.aliPayTradeNo
        ? payInAlipayMiniProgram(payOrder.aliPayTradeNo)
        : Promise.resolve(missing('aliPayTradeNo'))
    case 'alipayJsBridge':
      return payOrder.aliPayTradeNo
        ? payInAlipayBrowser(payOrder.aliPayTradeNo)
        : Promise.resolve(missing('aliPayTradeNo'))
    default:
      return openSandboxCashier({
        orderNo: payOrder.orderNo,
        payAmount: payOrder.payAmount,
        lifePayType: payOrder.lifePayType,
      })
  }
}
