import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import DecorativeImage from '../../components/DecorativeImage'
import './MenuItem.scss'

interface MenuItemProps {
  icon: string
  title: string
  /** Replaces the chevron, e.g. the language switch. */
  extra?: ReactNode
  onClick?: () => void
}

/** A row of the Mine menu. */
export default function MenuItem({ icon, title, extra, onClick }: MenuItemProps) {
  return (
    <View
      className='lp-menu-item'
      role={onClick ? 'button' : undefined}
      tabIndex={onClick ? 0 : undefined}
      onClick={onClick}
    >
      {/* Decorative: the title says it all. */}
      <DecorativeImage className='lp-menu-item__icon' src={icon} mode='aspectFit' />
      <Text className='lp-menu-item__title'>{title}</Text>
      {extra ?? <View className='lp-menu-item__chevron' />}
    </View>
  )
}
