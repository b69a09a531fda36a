import { View } from '@tarojs/components'
import { LifePayOrderType } from '@domain/lifePayOrderType'
import electricIcon from '../assets/lifePayOrderType/electric.svg'
import gasIcon from '../assets/lifePayOrderType/gas.svg'
import phoneIcon from '../assets/lifePayOrderType/phone.svg'
import DecorativeImage from './DecorativeImage'
import './LifePayOrderTypeIcon.scss'

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

/** A coloured tile per utility, the same on the order and the account pages. */
export default function LifePayOrderTypeIcon({
  type,
  size = 'normal',
}: {
  type: LifePayOrderType
  size?: 'normal' | 'large'
}) {
  const modifier = MODIFIERS[type] ?? 'phone'
  return (
    <View className={`lp-type-icon lp-type-icon--${modifier} lp-type-icon--${size}`} aria-hidden>
      <DecorativeImage className='lp-type-icon__glyph' src={ICONS[type] ?? phoneIcon} mode='aspectFit' />
    </View>
  )
}
