import { Image, View } from '@tarojs/components'
import { LifePayOrderType } from '../../../domain/lifePayOrderType'
import electricIcon from '../assets/electric.svg'
import gasIcon from '../assets/gas.svg'
import phoneIcon from '../assets/phone.svg'
import './OrderTypeIcon.scss'

const ICONS: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: phoneIcon,
  [LifePayOrderType.Electric]: electricIcon,
  [LifePayOrderType.Gas]: gasIcon,
}

const MODIFIERS: Record<LifePayOrderType, string> = {
  [LifePayOrderType.Phone]: 'phone',
  [LifePayOrderType.Electric]: 'electric',
  [LifePayOrderType.Gas]: 'gas',
}

/** A coloured tile per utility, the same on the list, the detail and the refund pages. */
export default function OrderTypeIcon({ type, size = 'normal' }: { type: LifePayOrderType; size?: 'normal' | 'large' }) {
  const modifier = MODIFIERS[type] ?? 'phone'
  return (
    <View className={`lp-order-icon lp-order-icon--${modifier} lp-order-icon--${size}`} aria-hidden>
      <Image className='lp-order-icon__glyph' src={ICONS[type] ?? phoneIcon} mode='aspectFit' />
    </View>
  )
}
