import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { LifePayOrderType } from '../../domain/lifePayOrderType'
import UtilityIcon from './UtilityIcon'
import './TopUpRow.scss'

interface TopUpRowProps {
  type: LifePayOrderType
  title: string
  subtitle: ReactNode
  actionText: string
  onClick: () => void
}

/** One tap to top up: the whole row is the target, the pill says what it does. */
export default function TopUpRow({ type, title, subtitle, actionText, onClick }: TopUpRowProps) {
  return (
    <View className='lp-topup-row' role='button' tabIndex={0} aria-label={`${actionText} ${title}`} onClick={onClick}>
      <UtilityIcon type={type} size='small' />
      <View className='lp-topup-row__body'>
        <Text className='lp-topup-row__title'>{title}</Text>
        <View className='lp-topup-row__subtitle'>{subtitle}</View>
      </View>
      <Text className='lp-topup-row__action'>{actionText}</Text>
    </View>
  )
}
