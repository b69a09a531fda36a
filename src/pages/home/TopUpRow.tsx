import { Text, View } from '@tarojs/components'
import type { LifePayOrderType } from '@domain/lifePayOrderType'
import UtilityIcon from './UtilityIcon'
import './TopUpRow.scss'

interface TopUpRowProps {
  type: LifePayOrderType
  title: string
  subtitle: string
  /** A third line, whole (an order's status): rows with one are all one taller height, their skeleton's. */
  status?: { text: string; className: string }
  actionText: string
  onClick: () => void
}

/**
 * One tap to top up: the whole row is the target, the pill says what it does. Each line keeps to one line (cut short
 * with an ellipsis), so a row is the same height in every language as the skeleton it replaces: the sections below
 * never move when a list arrives. An order's status has a line of its own, where an English status once wrapped the
 * subtitle to a second line and pushed the saved accounts down (a layout shift on home).
 */
export default function TopUpRow({ type, title, subtitle, status, actionText, onClick }: TopUpRowProps) {
  return (
    <View
      className={status ? 'lp-topup-row lp-topup-row--with-status' : 'lp-topup-row'}
      role='button'
      tabIndex={0}
      aria-label={`${actionText} ${title}`}
      onClick={onClick}
    >
      <UtilityIcon type={type} size='small' />
      <View className='lp-topup-row__body'>
        <Text className='lp-topup-row__title'>{title}</Text>
        <Text className='lp-topup-row__subtitle'>{subtitle}</Text>
        {status && <Text className={`lp-topup-row__line ${status.className}`}>{status.text}</Text>}
      </View>
      <Text className='lp-topup-row__action'>{actionText}</Text>
    </View>
  )
}
