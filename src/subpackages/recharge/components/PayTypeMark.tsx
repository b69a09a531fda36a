import DecorativeImage from '../../../components/DecorativeImage'
import { LifePayType } from '@domain/lifePayType'
import aliPayMark from '../../../assets/payType/aliPay.svg'
import wxPayMark from '../../../assets/payType/wxPay.svg'
import './payType.scss'

const MARKS: Record<LifePayType, string> = {
  [LifePayType.WxPay]: wxPayMark,
  [LifePayType.AliPay]: aliPayMark,
}

const MODIFIERS: Record<LifePayType, string> = {
  [LifePayType.WxPay]: 'wx',
  [LifePayType.AliPay]: 'ali',
}

/**
 * The payment brand's own mark (WeChat Pay's speech bubbles, Alipay's 支), as payers know them from the wallets'
 * cashiers. Decorative: the brand's name is always written beside it.
 */
export default function PayTypeMark({ type, size = 'normal' }: { type: LifePayType; size?: 'normal' | 'small' }) {
  const modifier = MODIFIERS[type] ?? 'wx'
  return (
    <DecorativeImage
      className={`lp-paytype-mark lp-paytype-mark--${modifier} lp-paytype-mark--${size}`}
      src={MARKS[type] ?? wxPayMark}
      mode='aspectFit'
    />
  )
}
