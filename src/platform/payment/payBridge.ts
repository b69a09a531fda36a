import type { PayOrderForJsApi } from '../../../types/api/lifePay'
import { LifePayType } from '../../domain/lifePayType'
import type { RuntimeHost } from '../../domain/runtimeHost'
import { currentRuntimeHost } from '../platform'
import { payInAlipayBrowser } from './alipayJsBridgePay'
import { payInAlipayMiniProgram } from './alipayMiniProgramPay'
import type { PayOutcome } from './payOutcome'
import { openSandboxCashier } from './sandboxCashierStore'
import { payInWeChatBrowser } from './wechatJsBridgePay'
import { payInWeChatMiniProgram } from './wxMiniProgramPay'

export type PayBridgeName =
  'sandboxCashier' | 'wxMiniProgram' | 'alipayMiniProgram' | 'wechatJsBridge' | 'alipayJsBridge'

/**
 * Which wallet takes this payment here: every sandbox order and every ordinary phone browser use the sandbox cashier.
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
      return 'sandboxCashier'
  }
}

function missing(what: string): PayOutcome {
  return { kind: 'failed', message: `${what} missing from the payment order` }
}

/** Hands the payment order from GetPayOrderForJsAPI to the chosen wallet and reports what the wallet said. */
export function startPayment(
  payOrder: PayOrderForJsApi,
  host: RuntimeHost = currentRuntimeHost(),
): Promise<PayOutcome> {
  const bridge = choosePayBridge(host, payOrder)
  switch (bridge) {
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
