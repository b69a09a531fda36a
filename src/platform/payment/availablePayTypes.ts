import { LifePayType } from '@domain/lifePayType'
import type { RuntimeHost } from '@domain/runtimeHost'

/**
 * Pay types that can work where the app runs: the WeChat mini-program and WeChat's browser pay with WeChat Pay only,
 * Alipay's with Alipay only, an ordinary phone browser offers both (through each provider's web payment).
 */
export function availablePayTypes(host: RuntimeHost): LifePayType[] {
  switch (host) {
    case 'weapp':
    case 'h5-wechat':
      return [LifePayType.WxPay]
    case 'alipay':
    case 'h5-alipay':
      return [LifePayType.AliPay]
    default:
      return [LifePayType.WxPay, LifePayType.AliPay]
  }
}
