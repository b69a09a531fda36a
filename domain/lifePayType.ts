import type { Labels } from './locale'

/** How an order is paid. */
export enum LifePayType {
  WxPay = 10,
  AliPay = 20,
}

export const lifePayTypeValues: readonly LifePayType[] = [LifePayType.WxPay, LifePayType.AliPay]

export const lifePayTypeLabels: Labels<LifePayType> = {
  'zh-CN': { [LifePayType.WxPay]: '微信支付', [LifePayType.AliPay]: '支付宝' },
  // The products' own names, which is what a payer recognises (SPEC's WxPay/AliPay are identifiers).
  'en-US': { [LifePayType.WxPay]: 'WeChat Pay', [LifePayType.AliPay]: 'Alipay' },
}
