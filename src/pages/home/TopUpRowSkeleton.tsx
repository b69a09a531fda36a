import { View } from '@tarojs/components'
import './TopUpRow.scss'

/**
 * A TopUpRow's placeholder while its list loads: the same row box (min-height) and lines, so nothing moves when rows
 * arrive. `withStatus` for rows with a status line.
 */
export default function TopUpRowSkeleton({ withStatus }: { withStatus: boolean }) {
  return (
    <View className={`lp-topup-row lp-topup-row--skeleton${withStatus ? ' lp-topup-row--with-status' : ''}`}>
      <View className='lp-skeleton lp-topup-row__icon-skeleton' />
      <View className='lp-topup-row__body'>
        <View className='lp-skeleton lp-topup-row__title-skeleton' />
        <View className='lp-skeleton lp-topup-row__subtitle-skeleton' />
        {withStatus && <View className='lp-skeleton lp-topup-row__line-skeleton' />}
      </View>
    </View>
  )
}
